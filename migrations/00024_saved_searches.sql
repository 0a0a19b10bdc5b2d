-- +goose Up
-- Saved searches (#20 item 4): a user keeps the filters of a catalogue
-- search and hears of new listings that match, at once (instant) or in a
-- daily digest. Each filter of GET /api/products is a column, NULL for
-- "any", so matching ONE new listing against every saved search is one
-- query over this table, reversed: the listing's values are the
-- parameters and each row's bounds are checked against them.
--
-- The typed words are kept as the catalogue's prefix tsquery (query,
-- every word must start a word of the listing's name or description) and
-- as that query's lexemes (lexemes). A listing can only match a saved
-- search whose lexemes are all prefixes of its own words, so the matching
-- query asks the GIN index for the rows whose lexemes are contained in the
-- set of the listing's word prefixes (rows without words have an empty
-- array, which is contained in anything) and then checks query exactly.
CREATE TABLE saved_searches (
    id            bigserial   PRIMARY KEY,
    user_id       bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    frequency     text        NOT NULL CHECK (frequency IN ('instant', 'daily')),
    -- the filters, as GET /api/products reads them (NULL or false: any)
    words         text,
    query         tsquery,
    lexemes       text[]      NOT NULL DEFAULT '{}',
    category_id   bigint      REFERENCES categories (id) ON DELETE CASCADE,
    min_price     bigint      CHECK (min_price >= 0),
    max_price     bigint      CHECK (max_price >= 0),
    condition     text,
    location      text,
    verified_only boolean     NOT NULL DEFAULT false,
    ram_min       integer,
    storage_min   integer,
    storage_type  text,
    battery_min   integer,
    screen_min    real,
    screen_max    real,
    processor     text,
    processor_query tsquery,
    seller_id     bigint      REFERENCES users (id) ON DELETE CASCADE,
    -- the order the search page showed (kept for the link, not matched)
    sort          text,
    -- the filters in a canonical form: one saved search per filter set
    filter_key    text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, filter_key)
);
CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, id);
-- fastupdate off: new rows go into the index at once, not into its pending
-- list, which every match would otherwise read through (at 10,000 saved
-- searches that list made one match take ~100 ms instead of ~1 ms). A
-- saved search is written rarely; it is read on every new listing.
CREATE INDEX saved_searches_lexemes_idx ON saved_searches USING gin (lexemes) WITH (fastupdate = off);
CREATE INDEX saved_searches_seller_idx ON saved_searches (seller_id) WHERE seller_id IS NOT NULL;

-- A listing that matched a saved search, once: the primary key makes a
-- retried or repeated matching job (and a relisted product) tell nobody
-- twice. notified_at: when its user was told (an instant search's at
-- once, a daily one's by the digest); NULL is waiting for the digest.
CREATE TABLE saved_search_matches (
    saved_search_id bigint      NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
    product_id      bigint      NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    created_at      timestamptz NOT NULL DEFAULT now(),
    notified_at     timestamptz,
    PRIMARY KEY (saved_search_id, product_id)
);
CREATE INDEX saved_search_matches_product_idx ON saved_search_matches (product_id);
CREATE INDEX saved_search_matches_pending_idx ON saved_search_matches (saved_search_id) WHERE notified_at IS NULL;

-- +goose Down
DROP TABLE saved_search_matches;
DROP TABLE saved_searches;
