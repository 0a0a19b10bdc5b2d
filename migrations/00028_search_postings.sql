-- +goose Up
-- A broad search in price order (#22). The GIN index tells which products
-- have a word, but not in price order; the price index lists products in
-- price order, but a search's matches may all lie at one end of it
-- ("laptop" cheapest first: 23,000 cheaper products have no such word, at
-- a million; "core i5" dearest first, 114,000). So each available
-- listing's words are kept here with its price, one row a word, and a
-- word's listings are read in price order from this table's key: a page
-- of "laptop" cheapest first is its first 25 rows. A search walks its
-- rarest word's rows (a prefix's words merged) and checks each listing it
-- names for its other words and filters.
--
-- Only listings on sale (not sold, deleted or expired) are kept: about 15
-- rows a listing, 1.4 GB at a million listings, beside the products
-- table's 1 GB.
CREATE TABLE search_postings (
    word       text COLLATE "C" NOT NULL,
    sell_price bigint NOT NULL,
    product_id bigint NOT NULL
);

-- A listing's words are its tsvector's lexemes, each once, so a prefix
-- matches here what it matches through the GIN index.
-- +goose StatementBegin
CREATE FUNCTION post_new_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_postings (word, sell_price, product_id)
    SELECT w, n.sell_price, n.id FROM new_rows n, unnest(tsvector_to_array(n.search)) AS w
    WHERE n.sold_at IS NULL AND n.deleted_at IS NULL AND n.expired_at IS NULL
    ORDER BY 1, 2, 3;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- once per statement, so a COPY of a million listings is one insert, in
-- the key's order (each page of the key written once, not once a row)
CREATE TRIGGER products_postings_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION post_new_products();

-- A listing whose words, price or sale changed: its old rows go, and its
-- new ones come while it is on sale. Row by row: the change takes the
-- listing's row lock, so two changes of one listing come one after the
-- other here too.
-- +goose StatementBegin
CREATE FUNCTION repost_changed_product() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER products_postings_update AFTER UPDATE ON products FOR EACH ROW
    WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.sell_price IS DISTINCT FROM NEW.sell_price
          OR (OLD.sold_at IS NULL) <> (NEW.sold_at IS NULL) OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
          OR (OLD.expired_at IS NULL) <> (NEW.expired_at IS NULL))
    EXECUTE FUNCTION repost_changed_product();
CREATE TRIGGER products_postings_delete AFTER DELETE ON products
    FOR EACH ROW EXECUTE FUNCTION repost_changed_product();

-- +goose StatementBegin
CREATE FUNCTION unpost_all_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE search_postings;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER products_postings_truncate AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION unpost_all_products();

-- The listings on sale now, then the key, built by one sort: 30 s at a
-- million listings, in which listings can be read but not written (the
-- triggers above hold their lock to the end), past the server's usual
-- statement timeout.
SET LOCAL statement_timeout = 0;
INSERT INTO search_postings (word, sell_price, product_id)
SELECT w, p.sell_price, p.id FROM products p, unnest(tsvector_to_array(p.search)) AS w
WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL;
ALTER TABLE search_postings ADD PRIMARY KEY (word, sell_price, product_id);

-- +goose Down
DROP TRIGGER products_postings_truncate ON products;
DROP TRIGGER products_postings_delete ON products;
DROP TRIGGER products_postings_update ON products;
DROP TRIGGER products_postings_insert ON products;
DROP FUNCTION unpost_all_products();
DROP FUNCTION repost_changed_product();
DROP FUNCTION post_new_products();
DROP TABLE search_postings;
