-- +goose Up
-- search_words keeps every word of three characters or more that has a
-- character other than a digit, however long: a search's lookup asks the
-- GIN index for the words starting with a typed word by their names
-- (store.expandPrefixes), which it intersects cheaply, instead of for
-- every word with that start, which it gathers whole first ('walton
-- macbook' at a million products: 14 ms against 75 ms). Only a complete
-- list of the words with that start finds every listing, so the words
-- past 40 characters, left out until now as no word a person types, are
-- kept too; spelling correction (store/typos.go) only looks at those it
-- may correct to.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION keep_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search)) AS w
    WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
    ORDER BY w
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION keep_changed_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW.search)) AS w
    WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
    ORDER BY w
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- the long words of the listings there are (6 s at a million)
SET LOCAL statement_timeout = 0;
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products, unnest(tsvector_to_array(products.search)) AS w
WHERE length(w) > 40 AND w !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION keep_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search)) AS w
    WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
    ORDER BY w
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION keep_changed_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW.search)) AS w
    WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
    ORDER BY w
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
-- +goose StatementEnd
