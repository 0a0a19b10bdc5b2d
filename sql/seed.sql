-- name: InsertSeedProduct :one
-- Demo and benchmark data only: a product with its own timestamps (no
-- expires_at: a listing period from now).
INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone, description, created_at, advertised_at, advertised_until, sold_at,
                      processor, ram_gb, storage_gb, storage_type, screen_inches, gpu, battery_health, charger, warranty_months, expires_at,
                      spec_words, spec_words_version, area_id)
VALUES (@seller_id, @category_id, @product_name, (@photos::text[])[1], @photos::text[], @sell_price, @original_price, @condition, @location, @used, @phone, @description, @created_at, @advertised_at, sqlc.narg(advertised_until), @sold_at,
        @processor, sqlc.narg(ram_gb), sqlc.narg(storage_gb), sqlc.narg(storage_type), sqlc.narg(screen_inches), @gpu, sqlc.narg(battery_health), sqlc.narg(charger), sqlc.narg(warranty_months),
        coalesce(sqlc.narg(expires_at)::timestamptz, now() + interval '60 days'), @spec_words, @spec_words_version, sqlc.narg(area_id))
RETURNING id;
