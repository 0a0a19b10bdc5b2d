-- +goose Up
-- Listings worth browsing: up to eight photos (the first is the cover, kept
-- in picture as the spec's field), the laptop's specs, and the price the
-- seller lowered from. And the favourites a price drop is told to (their
-- API comes with the trust issue; the price-drop notice uses them now).

ALTER TABLE products
    ADD COLUMN photos          text[],
    ADD COLUMN processor       text NOT NULL DEFAULT '' CONSTRAINT products_processor_check CHECK (length(processor) <= 100),
    ADD COLUMN ram_gb          integer CONSTRAINT products_ram_gb_check CHECK (ram_gb BETWEEN 1 AND 128),
    ADD COLUMN storage_gb      integer CONSTRAINT products_storage_gb_check CHECK (storage_gb BETWEEN 16 AND 8192),
    ADD COLUMN storage_type    text CONSTRAINT products_storage_type_check CHECK (storage_type IN ('SSD', 'HDD', 'eMMC')),
    ADD COLUMN screen_inches   real CONSTRAINT products_screen_inches_check CHECK (screen_inches BETWEEN 10 AND 18.4),
    ADD COLUMN gpu             text NOT NULL DEFAULT '' CONSTRAINT products_gpu_check CHECK (length(gpu) <= 100),
    ADD COLUMN battery_health  integer CONSTRAINT products_battery_health_check CHECK (battery_health BETWEEN 0 AND 100),
    ADD COLUMN charger         boolean,
    ADD COLUMN warranty_months integer CONSTRAINT products_warranty_months_check CHECK (warranty_months BETWEEN 0 AND 36),
    -- the price before the seller lowered it, and when: a card says "was"
    -- for 30 days
    ADD COLUMN price_dropped_from bigint CONSTRAINT products_price_dropped_from_check CHECK (price_dropped_from > 0),
    ADD COLUMN price_dropped_at   timestamptz,
    ADD COLUMN updated_at         timestamptz;

-- a listing's one picture is its first photo
UPDATE products SET photos = ARRAY[picture];
ALTER TABLE products ALTER COLUMN photos SET NOT NULL;
ALTER TABLE products ADD CONSTRAINT products_photos_check
    CHECK (cardinality(photos) BETWEEN 1 AND 8 AND photos[1] = picture AND array_position(photos, NULL) IS NULL);

CREATE TABLE favourites (
    user_id    bigint      NOT NULL CONSTRAINT favourites_user_fkey REFERENCES users (id) ON DELETE CASCADE,
    product_id bigint      NOT NULL CONSTRAINT favourites_product_fkey REFERENCES products (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT favourites_pkey PRIMARY KEY (user_id, product_id)
);
CREATE INDEX favourites_product_idx ON favourites (product_id);

CREATE OR REPLACE VIEW product_listings AS
SELECT
    p.id,
    p.seller_id,
    p.category_id,
    c.name          AS category,
    p.product_name,
    p.picture,
    p.sell_price,
    p.original_price,
    p.condition,
    p.location,
    p.used,
    p.phone,
    p.description,
    u.user_name     AS seller_name,
    u.email         AS seller_email,
    u.verified      AS seller_verified,
    p.advertised_at,
    p.sold_at,
    p.created_at,
    EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
    (p.reserved_by IS NOT NULL)::boolean AS reserved,
    p.photos,
    p.processor,
    p.ram_gb,
    p.storage_gb,
    p.storage_type,
    p.screen_inches,
    p.gpu,
    p.battery_health,
    p.charger,
    p.warranty_months,
    -- "was": only for 30 days, and only while it is still a drop (0: none)
    (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
          THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;

-- +goose Down
DROP VIEW product_listings;
CREATE VIEW product_listings AS
SELECT
    p.id, p.seller_id, p.category_id, c.name AS category, p.product_name, p.picture, p.sell_price,
    p.original_price, p.condition, p.location, p.used, p.phone, p.description,
    u.user_name AS seller_name, u.email AS seller_email, u.verified AS seller_verified,
    p.advertised_at, p.sold_at, p.created_at,
    EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
    (p.reserved_by IS NOT NULL)::boolean AS reserved
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;
DROP TABLE favourites;
ALTER TABLE products
    DROP CONSTRAINT products_photos_check,
    DROP COLUMN updated_at,
    DROP COLUMN price_dropped_at,
    DROP COLUMN price_dropped_from,
    DROP COLUMN warranty_months,
    DROP COLUMN charger,
    DROP COLUMN battery_health,
    DROP COLUMN gpu,
    DROP COLUMN screen_inches,
    DROP COLUMN storage_type,
    DROP COLUMN storage_gb,
    DROP COLUMN ram_gb,
    DROP COLUMN processor,
    DROP COLUMN photos;
