-- name: GetShop :one
-- A seller's shop page fields; no row until they fill it in.
SELECT * FROM shops WHERE seller_id = @seller_id;

-- name: SaveShop :one
-- The seller's shop page, all of it at once (the form sends every field).
INSERT INTO shops (seller_id, logo_url, banner_url, address, about, hours, lat, lon)
VALUES (@seller_id, @logo_url, @banner_url, @address, @about, @hours, sqlc.narg(lat), sqlc.narg(lon))
ON CONFLICT (seller_id) DO UPDATE SET
    logo_url = EXCLUDED.logo_url, banner_url = EXCLUDED.banner_url, address = EXCLUDED.address,
    about = EXCLUDED.about, hours = EXCLUDED.hours, lat = EXCLUDED.lat, lon = EXCLUDED.lon, updated_at = now()
RETURNING *;

-- name: GetListingDefaults :one
-- What a seller's new listing starts with: the profile's phone and the
-- shop's address, and the phone and location of their latest listing
-- not deleted (products_seller_idx: one row read), '' where there is none.
SELECT u.phone AS profile_phone,
       COALESCE((SELECT s.address FROM shops s WHERE s.seller_id = u.id), '')::text AS shop_address,
       COALESCE(last.phone, '')::text AS last_phone,
       COALESCE(last.location, '')::text AS last_location
FROM users u
LEFT JOIN LATERAL (
    SELECT p.phone, p.location FROM products p
    WHERE p.seller_id = u.id AND p.deleted_at IS NULL
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT 1
) last ON true
WHERE u.id = @seller_id AND u.deleted_at IS NULL;
