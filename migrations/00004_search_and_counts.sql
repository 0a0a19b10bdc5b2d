-- +goose Up
-- Browsing at scale: full-text search over names and descriptions, indexes
-- for every sort, and per-category counts kept up to date by triggers so
-- the category page's count stays cheap at a million products.

-- 'simple' lower-cases without stemming, so English and Bangla words
-- both match as written; prefix queries (mac:*) find MacBook.
ALTER TABLE products ADD COLUMN search tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', product_name || ' ' || description)) STORED;
CREATE INDEX products_search_idx ON products USING gin (search) WHERE sold_at IS NULL AND deleted_at IS NULL;

-- every available product, newest first, and by price within a category
CREATE INDEX products_available_idx ON products (created_at DESC, id DESC) WHERE sold_at IS NULL AND deleted_at IS NULL;
CREATE INDEX products_category_price_idx ON products (category_id, sell_price, id) WHERE sold_at IS NULL AND deleted_at IS NULL;
CREATE INDEX products_price_idx ON products (sell_price, id) WHERE sold_at IS NULL AND deleted_at IS NULL;

CREATE TABLE category_counts (
    category_id bigint PRIMARY KEY CONSTRAINT category_counts_category_fkey REFERENCES categories (id),
    -- products neither sold nor deleted
    available   bigint NOT NULL DEFAULT 0
);
INSERT INTO category_counts (category_id, available)
SELECT c.id, count(p.id) FILTER (WHERE p.sold_at IS NULL AND p.deleted_at IS NULL)
FROM categories c LEFT JOIN products p ON p.category_id = c.id
GROUP BY c.id;

-- Statement-level triggers with transition tables: a COPY of a million
-- rows updates each category's count once, not a million times.
-- +goose StatementBegin
CREATE FUNCTION count_available_products() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER products_count_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_available_products();
CREATE TRIGGER products_count_update AFTER UPDATE ON products
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_available_products();
CREATE TRIGGER products_count_delete AFTER DELETE ON products
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_available_products();

-- +goose Down
DROP TRIGGER products_count_delete ON products;
DROP TRIGGER products_count_update ON products;
DROP TRIGGER products_count_insert ON products;
DROP FUNCTION count_available_products();
DROP TABLE category_counts;
DROP INDEX products_price_idx;
DROP INDEX products_category_price_idx;
DROP INDEX products_available_idx;
DROP INDEX products_search_idx;
ALTER TABLE products DROP COLUMN search;
