-- A listing's area (NULL: none given or matched). The listings of an area,
-- newest first: a filter by place, and the nearest-first walk that reads
-- the areas in order of distance (store/browse_near.go).
ALTER TABLE products ADD COLUMN area_id text CONSTRAINT products_area_fkey REFERENCES areas (id);
CREATE INDEX products_area_idx ON products (area_id, created_at DESC, id DESC)
    WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;

-- Existing free-text locations matched where the match is clear: the
-- newest 50,000 listings at most, so the migration stays short on a large
-- catalogue (about 0.2 ms a listing); a listing saved again is matched then.
UPDATE products p SET area_id = match_area(p.location)
WHERE p.id IN (SELECT id FROM products WHERE deleted_at IS NULL AND location <> '' ORDER BY id DESC LIMIT 50000)
  AND match_area(p.location) IS NOT NULL;

-- How many available listings each area has, by brand and condition, kept
-- by statement-level triggers as product_facet_counts is (migration
-- 00016): the facets of places for a list filtered by brand and condition
-- at most are summed from a few thousand rows at any catalogue size.
CREATE TABLE product_area_counts (
    area_id     text   NOT NULL CONSTRAINT product_area_counts_area_fkey REFERENCES areas (id),
    category_id bigint NOT NULL CONSTRAINT product_area_counts_category_fkey REFERENCES categories (id) ON DELETE CASCADE,
    condition   text   NOT NULL,
    available   bigint NOT NULL DEFAULT 0,
    CONSTRAINT product_area_counts_pkey PRIMARY KEY (area_id, category_id, condition)
);
INSERT INTO product_area_counts (area_id, category_id, condition, available)
SELECT area_id, category_id, condition, count(*) FROM products
WHERE area_id IS NOT NULL AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
GROUP BY 1, 2, 3;

-- +goose StatementBegin
CREATE FUNCTION count_area_products_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO product_area_counts AS a (area_id, category_id, condition, available)
    SELECT area_id, category_id, condition, sum(n)
    FROM (SELECT area_id, category_id, condition, -1 AS n FROM old_rows
          WHERE area_id IS NOT NULL AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
          UNION ALL
          SELECT area_id, category_id, condition, 1 FROM new_rows
          WHERE area_id IS NOT NULL AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL) moved
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT product_area_counts_pkey DO UPDATE SET available = a.available + EXCLUDED.available;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- a transition table exists only where its trigger names it: one
-- function for each kind of statement
-- +goose StatementBegin
CREATE FUNCTION count_area_products_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO product_area_counts AS a (area_id, category_id, condition, available)
    SELECT area_id, category_id, condition, count(*) FROM new_rows
    WHERE area_id IS NOT NULL AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT product_area_counts_pkey DO UPDATE SET available = a.available + EXCLUDED.available;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION count_area_products_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO product_area_counts AS a (area_id, category_id, condition, available)
    SELECT area_id, category_id, condition, -count(*) FROM old_rows
    WHERE area_id IS NOT NULL AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT product_area_counts_pkey DO UPDATE SET available = a.available + EXCLUDED.available;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER products_area_counts_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_area_products_insert();
CREATE TRIGGER products_area_counts_update AFTER UPDATE ON products
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_area_products_update();
CREATE TRIGGER products_area_counts_delete AFTER DELETE ON products
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_area_products_delete();

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
    p.area_id
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
    p.hidden_reason
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;
DROP TRIGGER products_area_counts_delete ON products;
DROP TRIGGER products_area_counts_update ON products;
DROP TRIGGER products_area_counts_insert ON products;
DROP FUNCTION count_area_products_delete();
DROP FUNCTION count_area_products_insert();
DROP FUNCTION count_area_products_update();
DROP TABLE product_area_counts;
ALTER TABLE products DROP COLUMN area_id;
DROP FUNCTION match_area(text);
DROP FUNCTION place_words(text);
DROP TABLE areas;
DROP TABLE districts;
DROP TABLE divisions;
