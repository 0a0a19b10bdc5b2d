-- name: InsertSeedProduct :one
-- Demo and benchmark data only: a product with its own timestamps.
INSERT INTO products (seller_id, category_id, product_name, picture, sell_price, original_price, condition, location, used, phone, description, created_at, advertised_at, sold_at)
VALUES (@seller_id, @category_id, @product_name, @picture, @sell_price, @original_price, @condition, @location, @used, @phone, @description, @created_at, @advertised_at, @sold_at)
RETURNING id;
