-- +goose Up
-- A laptop's health, checked (#40): the seller asks for a one-time code,
-- resale-check reads the laptop and posts its report with the code, and
-- the shop keeps the report signed beside the listing.

-- A check code is single use and lives 24 hours; only its SHA-256 is kept,
-- so a copy of the database holds no code that works.
CREATE TABLE check_codes (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id  bigint      NOT NULL CONSTRAINT check_codes_product_fkey REFERENCES products (id) ON DELETE CASCADE,
    code_hash   bytea       NOT NULL CONSTRAINT check_codes_code_hash_key UNIQUE,
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX check_codes_product_idx ON check_codes (product_id);

-- A listing's reports, newest last. report is the JSON exactly as signed
-- (text, not jsonb, so the bytes the signature covers are the bytes
-- kept); the serial is kept only as a keyed hash (HMAC with the server's
-- secret), matched but never listed, and its last 4 characters for people.
CREATE TABLE check_reports (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id    bigint      NOT NULL CONSTRAINT check_reports_product_fkey REFERENCES products (id) ON DELETE CASCADE,
    report        text        NOT NULL CONSTRAINT check_reports_report_check CHECK (octet_length(report) <= 65536),
    signature     bytea       NOT NULL,
    serial_hash   bytea,
    serial_last4  text        NOT NULL DEFAULT '' CONSTRAINT check_reports_serial_last4_check CHECK (char_length(serial_last4) <= 4),
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX check_reports_product_idx ON check_reports (product_id, id DESC);
CREATE INDEX check_reports_serial_idx ON check_reports (serial_hash) WHERE serial_hash IS NOT NULL;

-- checked_at: when its newest report came (null: unchecked), for the cards
-- and the checked filter. stolen_at: its checked serial is registered
-- stolen (confirmed); it is hidden (hidden_at, expired_at) and its
-- seller's edit does not bring it back.
ALTER TABLE products ADD COLUMN checked_at timestamptz, ADD COLUMN stolen_at timestamptz;
CREATE INDEX products_stolen_idx ON products (id) WHERE stolen_at IS NOT NULL;

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
    (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
          THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
    p.advertised_until,
    p.expires_at,
    p.expired_at,
    u.review_count  AS seller_review_count,
    u.review_sum    AS seller_review_sum,
    p.hidden_at,
    p.hidden_reason,
    p.area_id,
    p.negotiable,
    p.price_verdict,
    p.checked_at,
    p.stolen_at
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;

-- +goose Down
DROP VIEW product_listings;
CREATE VIEW product_listings AS
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
    (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
          THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
    p.advertised_until,
    p.expires_at,
    p.expired_at,
    u.review_count  AS seller_review_count,
    u.review_sum    AS seller_review_sum,
    p.hidden_at,
    p.hidden_reason,
    p.area_id,
    p.negotiable,
    p.price_verdict
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;
DROP INDEX products_stolen_idx;
ALTER TABLE products DROP COLUMN stolen_at, DROP COLUMN checked_at;
DROP TABLE check_reports;
DROP TABLE check_codes;
