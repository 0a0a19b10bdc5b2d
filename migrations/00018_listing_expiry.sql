-- +goose Up
-- Listings expire: a listing leaves the catalogue LISTING_DAYS (60 by
-- default) after it was listed or last renewed. expires_at is when;
-- expired_at is set by a periodic job once that time has passed
-- (store.ExpireListings), and from then on the listing is out of every
-- public list and count, like a sold one, but stays in its seller's My
-- Products, who may renew it. A time cannot be part of an index's
-- predicate (now() moves); a column the job sets can, so every partial
-- index of "available" products below gains expired_at IS NULL, and the
-- counts kept by triggers count only those.
--
-- Listings that exist now get a full period from today, not from the day
-- they were listed: a shop upgrading must not see its catalogue vanish.
-- The default is computed once here (now() is stable), so the column is
-- added without rewriting the table; new listings get their own period
-- from the app (CreateProduct), and the default after that is only a
-- fallback.
ALTER TABLE products ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '60 days';
ALTER TABLE products ADD COLUMN expired_at timestamptz;
-- when the seller was told it is about to expire (listing_expiring), once
-- per period: a renewal clears it
ALTER TABLE products ADD COLUMN expiry_warned_at timestamptz;

-- the job's own walk: live listings by when they end
CREATE INDEX products_expires_idx ON products (expires_at)
    WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;

DROP INDEX products_category_available_idx;
CREATE INDEX products_category_available_idx ON products (category_id, created_at DESC, id DESC)
    WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_advertised_idx;
CREATE INDEX products_advertised_idx ON products (advertised_at DESC, id DESC)
    WHERE advertised_at IS NOT NULL AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_search_idx;
CREATE INDEX products_search_idx ON products USING gin (search) WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_available_idx;
CREATE INDEX products_available_idx ON products (created_at DESC, id DESC) WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_category_price_idx;
CREATE INDEX products_category_price_idx ON products (category_id, sell_price, id) WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_price_idx;
CREATE INDEX products_price_idx ON products (sell_price, id) WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_ram_idx;
CREATE INDEX products_ram_idx ON products (ram_gb) WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_storage_idx;
CREATE INDEX products_storage_idx ON products (storage_gb) WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_storage_type_idx;
CREATE INDEX products_storage_type_idx ON products (storage_type) WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_battery_idx;
CREATE INDEX products_battery_idx ON products (battery_health) WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_screen_idx;
CREATE INDEX products_screen_idx ON products (screen_inches) WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
DROP INDEX products_processor_idx;
CREATE INDEX products_processor_idx ON products USING gin (to_tsvector('simple', processor)) WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;

-- the kept counts (00004, 00016) count listed products only
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION count_available_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO category_counts AS cc (category_id, available)
        SELECT category_id, -count(*) FROM old_rows
        WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL GROUP BY category_id
        ON CONFLICT (category_id) DO UPDATE SET available = cc.available + EXCLUDED.available;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO category_counts AS cc (category_id, available)
        SELECT category_id, count(*) FROM new_rows
        WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL GROUP BY category_id
        ON CONFLICT (category_id) DO UPDATE SET available = cc.available + EXCLUDED.available;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION count_product_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
        SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
               coalesce(battery_health / 10, -1), count(*)
        FROM new_rows WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT product_facet_counts_pkey DO UPDATE SET available = f.available + EXCLUDED.available;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
        SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
               coalesce(battery_health / 10, -1), -count(*)
        FROM old_rows WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT product_facet_counts_pkey DO UPDATE SET available = f.available + EXCLUDED.available;
    ELSE
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
        SELECT category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, sum(n)
        FROM (SELECT category_id, condition, coalesce(ram_gb, 0) AS ram_gb, coalesce(storage_type, '') AS storage_type,
                     coalesce(storage_gb, 0) AS storage_gb, coalesce(screen_inches, 0) AS screen_inches,
                     coalesce(battery_health / 10, -1) AS battery_tens, -1 AS n
              FROM old_rows WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
              UNION ALL
              SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
                     coalesce(battery_health / 10, -1), 1
              FROM new_rows WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL) moved
        GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT product_facet_counts_pkey DO UPDATE SET available = f.available + EXCLUDED.available;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

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
          THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
    p.advertised_until,
    p.expires_at,
    p.expired_at
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;

-- a buyer whose booked laptop was taken off the shop is told
-- (listing_withdrawn)
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
    'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
    'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
    'offer_answered', 'saved_search_match', 'price_drop',
    'reservation_released', 'handover_completed', 'listing_withdrawn'));

-- +goose Down
DELETE FROM notifications WHERE kind = 'listing_withdrawn';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
    'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
    'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
    'offer_answered', 'saved_search_match', 'price_drop',
    'reservation_released', 'handover_completed'));
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
    p.advertised_until
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION count_available_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO category_counts AS cc (category_id, available)
        SELECT category_id, -count(*) FROM old_rows
        WHERE sold_at IS NULL AND deleted_at IS NULL GROUP BY category_id
        ON CONFLICT (category_id) DO UPDATE SET available = cc.available + EXCLUDED.available;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO category_counts AS cc (category_id, available)
        SELECT category_id, count(*) FROM new_rows
        WHERE sold_at IS NULL AND deleted_at IS NULL GROUP BY category_id
        ON CONFLICT (category_id) DO UPDATE SET available = cc.available + EXCLUDED.available;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION count_product_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
        SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
               coalesce(battery_health / 10, -1), count(*)
        FROM new_rows WHERE sold_at IS NULL AND deleted_at IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT product_facet_counts_pkey DO UPDATE SET available = f.available + EXCLUDED.available;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
        SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
               coalesce(battery_health / 10, -1), -count(*)
        FROM old_rows WHERE sold_at IS NULL AND deleted_at IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT product_facet_counts_pkey DO UPDATE SET available = f.available + EXCLUDED.available;
    ELSE
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
        SELECT category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, sum(n)
        FROM (SELECT category_id, condition, coalesce(ram_gb, 0) AS ram_gb, coalesce(storage_type, '') AS storage_type,
                     coalesce(storage_gb, 0) AS storage_gb, coalesce(screen_inches, 0) AS screen_inches,
                     coalesce(battery_health / 10, -1) AS battery_tens, -1 AS n
              FROM old_rows WHERE sold_at IS NULL AND deleted_at IS NULL
              UNION ALL
              SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
                     coalesce(battery_health / 10, -1), 1
              FROM new_rows WHERE sold_at IS NULL AND deleted_at IS NULL) moved
        GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT product_facet_counts_pkey DO UPDATE SET available = f.available + EXCLUDED.available;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

DROP INDEX products_category_available_idx;
CREATE INDEX products_category_available_idx ON products (category_id, created_at DESC, id DESC)
    WHERE sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_advertised_idx;
CREATE INDEX products_advertised_idx ON products (advertised_at DESC, id DESC)
    WHERE advertised_at IS NOT NULL AND sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_search_idx;
CREATE INDEX products_search_idx ON products USING gin (search) WHERE sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_available_idx;
CREATE INDEX products_available_idx ON products (created_at DESC, id DESC) WHERE sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_category_price_idx;
CREATE INDEX products_category_price_idx ON products (category_id, sell_price, id) WHERE sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_price_idx;
CREATE INDEX products_price_idx ON products (sell_price, id) WHERE sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_ram_idx;
CREATE INDEX products_ram_idx ON products (ram_gb) WHERE sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_storage_idx;
CREATE INDEX products_storage_idx ON products (storage_gb) WHERE sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_storage_type_idx;
CREATE INDEX products_storage_type_idx ON products (storage_type) WHERE sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_battery_idx;
CREATE INDEX products_battery_idx ON products (battery_health) WHERE sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_screen_idx;
CREATE INDEX products_screen_idx ON products (screen_inches) WHERE sold_at IS NULL AND deleted_at IS NULL;
DROP INDEX products_processor_idx;
CREATE INDEX products_processor_idx ON products USING gin (to_tsvector('simple', processor)) WHERE sold_at IS NULL AND deleted_at IS NULL;

-- the expired listings are available again: count them back
UPDATE category_counts cc SET available = (SELECT count(*) FROM products p
    WHERE p.category_id = cc.category_id AND p.sold_at IS NULL AND p.deleted_at IS NULL);
DELETE FROM product_facet_counts;
INSERT INTO product_facet_counts (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
       coalesce(battery_health / 10, -1), count(*)
FROM products WHERE sold_at IS NULL AND deleted_at IS NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7;

DROP INDEX products_expires_idx;
ALTER TABLE products DROP COLUMN expiry_warned_at;
ALTER TABLE products DROP COLUMN expired_at;
ALTER TABLE products DROP COLUMN expires_at;
