-- +goose Up
-- A broad search in price order with a brand, a condition, a RAM or a
-- storage type (#38): its rarest word's postings, read in price order and
-- checked one by one, may hold its matches only far along ('core i5' with
-- 16 GB cheapest first at a million products: 52,000 cheaper Core i5s
-- first, over a second). Each posting now carries its listing's cell, the
-- combination of brand, condition, RAM and storage type the kept counts
-- use (0 and '' for a RAM or storage type not given), and
-- search_postings_cell_idx has a word's postings of each cell in price
-- order: such a search merges the first postings of its word's cells
-- (BrowseCellPostingsAsc), every one of them a listing with its word and
-- its cell. The table is made again with them, as migration 00028 made
-- it (about a minute at a million listings, in which listings can be read
-- but not written).
SET LOCAL statement_timeout = 0;
DROP TRIGGER products_postings_update ON products;
TRUNCATE search_postings;
ALTER TABLE search_postings DROP CONSTRAINT search_postings_pkey,
    ADD COLUMN category_id bigint NOT NULL,
    ADD COLUMN condition text NOT NULL,
    ADD COLUMN ram_gb integer NOT NULL,
    ADD COLUMN storage_type text NOT NULL;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION post_new_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_postings (word, sell_price, product_id, category_id, condition, ram_gb, storage_type)
    SELECT w, n.sell_price, n.id, n.category_id, n.condition, coalesce(n.ram_gb, 0), coalesce(n.storage_type, '')
    FROM new_rows n, unnest(tsvector_to_array(n.search)) AS w
    WHERE n.sold_at IS NULL AND n.deleted_at IS NULL AND n.expired_at IS NULL
    ORDER BY 1, 2, 3;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION repost_changed_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.sold_at IS NULL AND OLD.deleted_at IS NULL AND OLD.expired_at IS NULL THEN
        DELETE FROM search_postings s USING unnest(tsvector_to_array(OLD.search)) AS w
        WHERE s.word = w AND s.sell_price = OLD.sell_price AND s.product_id = OLD.id;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.sold_at IS NULL AND NEW.deleted_at IS NULL AND NEW.expired_at IS NULL THEN
        INSERT INTO search_postings (word, sell_price, product_id, category_id, condition, ram_gb, storage_type)
        SELECT w, NEW.sell_price, NEW.id, NEW.category_id, NEW.condition, coalesce(NEW.ram_gb, 0), coalesce(NEW.storage_type, '')
        FROM unnest(tsvector_to_array(NEW.search)) AS w
        ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- a change of a listing's cell moves its postings too
CREATE TRIGGER products_postings_update AFTER UPDATE ON products FOR EACH ROW
    WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.sell_price IS DISTINCT FROM NEW.sell_price
          OR (OLD.sold_at IS NULL) <> (NEW.sold_at IS NULL) OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
          OR (OLD.expired_at IS NULL) <> (NEW.expired_at IS NULL)
          OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.condition IS DISTINCT FROM NEW.condition
          OR OLD.ram_gb IS DISTINCT FROM NEW.ram_gb OR OLD.storage_type IS DISTINCT FROM NEW.storage_type)
    EXECUTE FUNCTION repost_changed_product();

INSERT INTO search_postings (word, sell_price, product_id, category_id, condition, ram_gb, storage_type)
SELECT w, p.sell_price, p.id, p.category_id, p.condition, coalesce(p.ram_gb, 0), coalesce(p.storage_type, '')
FROM products p, unnest(tsvector_to_array(p.search)) AS w
WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL;
ALTER TABLE search_postings ADD PRIMARY KEY (word, sell_price, product_id);
CREATE INDEX search_postings_cell_idx ON search_postings (word, category_id, condition, ram_gb, storage_type, sell_price, product_id);

-- +goose Down
SET LOCAL statement_timeout = 0;
DROP INDEX search_postings_cell_idx;
DROP TRIGGER products_postings_update ON products;
CREATE TRIGGER products_postings_update AFTER UPDATE ON products FOR EACH ROW
    WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.sell_price IS DISTINCT FROM NEW.sell_price
          OR (OLD.sold_at IS NULL) <> (NEW.sold_at IS NULL) OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
          OR (OLD.expired_at IS NULL) <> (NEW.expired_at IS NULL))
    EXECUTE FUNCTION repost_changed_product();
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION repost_changed_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.sold_at IS NULL AND OLD.deleted_at IS NULL AND OLD.expired_at IS NULL THEN
        DELETE FROM search_postings s USING unnest(tsvector_to_array(OLD.search)) AS w
        WHERE s.word = w AND s.sell_price = OLD.sell_price AND s.product_id = OLD.id;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.sold_at IS NULL AND NEW.deleted_at IS NULL AND NEW.expired_at IS NULL THEN
        INSERT INTO search_postings (word, sell_price, product_id)
        SELECT w, NEW.sell_price, NEW.id FROM unnest(tsvector_to_array(NEW.search)) AS w
        ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION post_new_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_postings (word, sell_price, product_id)
    SELECT w, n.sell_price, n.id FROM new_rows n, unnest(tsvector_to_array(n.search)) AS w
    WHERE n.sold_at IS NULL AND n.deleted_at IS NULL AND n.expired_at IS NULL
    ORDER BY 1, 2, 3;
    RETURN NULL;
END $$;
-- +goose StatementEnd
ALTER TABLE search_postings DROP COLUMN category_id, DROP COLUMN condition, DROP COLUMN ram_gb, DROP COLUMN storage_type;
