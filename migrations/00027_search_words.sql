-- +goose Up
-- Typo tolerance (#22): every word any listing's name or description has
-- had, so a search that finds nothing can be retried with the nearest
-- known word for each typed word no listing has ("macbok" for "macbook").
-- Nearness is pg_trgm's trigram similarity, through a trigram index on
-- this small table. pg_trgm ships with PostgreSQL (contrib, a trusted
-- extension since 13, offered by the managed services); where it cannot
-- be created the table is still kept and search runs without corrections.
-- The "C" collation lets the primary key answer "some word starts with".
CREATE TABLE search_words (
    word text COLLATE "C" PRIMARY KEY
);

-- +goose StatementBegin
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXECUTE 'CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)';
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): search will not correct misspelt words', SQLERRM;
END $$;
-- +goose StatementEnd

-- The words kept are a listing's search words that have a letter (model
-- numbers and sizes are not corrected) and are 3 to 40 characters long.
-- +goose StatementBegin
CREATE FUNCTION keep_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search)) AS w
    WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
    ORDER BY w
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- once per statement on insert, so a COPY of a million listings adds its
-- words once; an update, whose trigger cannot take a column list with a
-- transition table, goes row by row and only when the words changed
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_search_words();

-- +goose StatementBegin
CREATE FUNCTION keep_changed_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW.search)) AS w
    WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
    ORDER BY w
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER products_search_words_update AFTER UPDATE OF product_name, description ON products
    FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION keep_changed_search_words();

INSERT INTO search_words (word)
SELECT DISTINCT w FROM products, unnest(tsvector_to_array(products.search)) AS w
WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;

-- +goose Down
DROP TRIGGER products_search_words_update ON products;
DROP TRIGGER products_search_words_insert ON products;
DROP FUNCTION keep_changed_search_words();
DROP FUNCTION keep_search_words();
DROP TABLE search_words;
