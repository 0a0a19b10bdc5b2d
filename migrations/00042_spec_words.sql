-- +goose Up
-- Typed specs become specs (#36). A listing is found by the words of its
-- specs as well as its text: spec_words holds them ("ram8gb cpucorei5
-- gen12th ssd512gb scr15p6in"), made by the laptopwords parser from its
-- spec fields where the seller gave them, else from its title and
-- description (store.specWords), written with the listing. A search's spec
-- words ("8gb", "corei5", "12th gen") become the same words, so they are
-- matched through the search index, its postings and its planner as any
-- word is, and a listing that only says "8GB" in its title is found too.
-- spec_words_version is the parser version that made them: the server
-- remakes the words of listings made by an older one (and of every
-- listing here, version 0) in small batches after it starts.
ALTER TABLE products
    ADD COLUMN spec_words text NOT NULL DEFAULT '' CONSTRAINT products_spec_words_check CHECK (length(spec_words) <= 500),
    ADD COLUMN spec_words_version smallint NOT NULL DEFAULT 0;

-- The search vector takes them: a generated column's expression cannot
-- change in PostgreSQL 15, so it is made again (the table is rewritten),
-- and the triggers that watch it with it.
SET LOCAL statement_timeout = 0;
DROP TRIGGER products_postings_update ON products;
DROP TRIGGER products_search_words_update ON products;
ALTER TABLE products DROP COLUMN search;
ALTER TABLE products ADD COLUMN search tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', product_name || ' ' || description || ' ' || spec_words)) STORED;
CREATE INDEX products_search_idx ON products USING gin (search) WITH (fastupdate = off)
    WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
CREATE TRIGGER products_postings_update AFTER UPDATE ON products FOR EACH ROW
    WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.sell_price IS DISTINCT FROM NEW.sell_price
          OR (OLD.sold_at IS NULL) <> (NEW.sold_at IS NULL) OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
          OR (OLD.expired_at IS NULL) <> (NEW.expired_at IS NULL))
    EXECUTE FUNCTION repost_changed_product();
CREATE TRIGGER products_search_words_update AFTER UPDATE OF product_name, description, spec_words ON products
    FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION keep_changed_search_words();
-- the listings still to have their words made, oldest version first
CREATE INDEX products_spec_words_version_idx ON products (spec_words_version, id);

-- +goose Down
SET LOCAL statement_timeout = 0;
DROP INDEX products_spec_words_version_idx;
DROP TRIGGER products_postings_update ON products;
DROP TRIGGER products_search_words_update ON products;
ALTER TABLE products DROP COLUMN search;
ALTER TABLE products ADD COLUMN search tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', product_name || ' ' || description)) STORED;
CREATE INDEX products_search_idx ON products USING gin (search) WITH (fastupdate = off)
    WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;
CREATE TRIGGER products_postings_update AFTER UPDATE ON products FOR EACH ROW
    WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.sell_price IS DISTINCT FROM NEW.sell_price
          OR (OLD.sold_at IS NULL) <> (NEW.sold_at IS NULL) OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
          OR (OLD.expired_at IS NULL) <> (NEW.expired_at IS NULL))
    EXECUTE FUNCTION repost_changed_product();
CREATE TRIGGER products_search_words_update AFTER UPDATE OF product_name, description ON products
    FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION keep_changed_search_words();
-- the words of specs leave the postings with the listings' words
DELETE FROM search_postings WHERE word ~ '^(ram|gen|stor|ssd|hdd|emmc|scr)[0-9]' OR word ~ '^cpu.';
DELETE FROM search_words WHERE word ~ '^(ram|gen|stor|ssd|hdd|emmc|scr)[0-9]' OR word ~ '^cpu.';
ALTER TABLE products DROP COLUMN spec_words_version, DROP COLUMN spec_words;
