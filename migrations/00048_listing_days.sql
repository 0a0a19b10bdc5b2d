-- +goose Up
-- Per-listing numbers (#37): how often a listing was viewed, its seller's
-- phone number tapped (Call or WhatsApp), a chat about it started, it was
-- saved as a favourite and booked, one row per listing and local day (the
-- shop's time zone), for its seller's charts. Nothing here says who: a
-- count goes up by one in place (INSERT ... ON CONFLICT DO UPDATE).
-- Rows older than 90 days are deleted by a periodic job
-- (jobs.PruneListingDaysArgs).
CREATE TABLE listing_days (
    product_id bigint NOT NULL CONSTRAINT listing_days_product_fkey REFERENCES products (id) ON DELETE CASCADE,
    day        date   NOT NULL,
    views      integer NOT NULL DEFAULT 0 CONSTRAINT listing_days_views_check CHECK (views >= 0),
    reveals    integer NOT NULL DEFAULT 0 CONSTRAINT listing_days_reveals_check CHECK (reveals >= 0),
    chats      integer NOT NULL DEFAULT 0 CONSTRAINT listing_days_chats_check CHECK (chats >= 0),
    favourites integer NOT NULL DEFAULT 0 CONSTRAINT listing_days_favourites_check CHECK (favourites >= 0),
    bookings   integer NOT NULL DEFAULT 0 CONSTRAINT listing_days_bookings_check CHECK (bookings >= 0),
    CONSTRAINT listing_days_pkey PRIMARY KEY (product_id, day)
);
-- the prune job's walk by age
CREATE INDEX listing_days_day_idx ON listing_days (day);

-- What was counted today, so a reload (or the same person coming back
-- the same day, on either instance) is not counted again: a key per
-- count, the first 16 bytes of an HMAC of (what, listing, the visitor:
-- an account, or the address, browser and languages of an anonymous one)
-- under a salt of the day that is derived from the server's secret and
-- never stored. The key cannot be turned back into a visitor, and keys of
-- the same visitor on two days, or about two listings, do not match.
-- Yesterday's keys are useless today; the job deletes them.
CREATE TABLE listing_seen (
    day date  NOT NULL,
    key bytea NOT NULL CONSTRAINT listing_seen_key_check CHECK (length(key) = 16),
    CONSTRAINT listing_seen_pkey PRIMARY KEY (day, key)
);

-- +goose Down
DROP TABLE listing_seen;
DROP TABLE listing_days;
