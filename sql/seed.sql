-- name: InsertSeedProduct :one
-- Demo and benchmark data only: a product with its own timestamps.
INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone, description, created_at, advertised_at, advertised_until, sold_at,
                      processor, ram_gb, storage_gb, storage_type, screen_inches, gpu, battery_health, charger, warranty_months)
VALUES (@seller_id, @category_id, @product_name, (@photos::text[])[1], @photos::text[], @sell_price, @original_price, @condition, @location, @used, @phone, @description, @created_at, @advertised_at, sqlc.narg(advertised_until), @sold_at,
        @processor, sqlc.narg(ram_gb), sqlc.narg(storage_gb), sqlc.narg(storage_type), sqlc.narg(screen_inches), @gpu, sqlc.narg(battery_health), sqlc.narg(charger), sqlc.narg(warranty_months))
RETURNING id;
