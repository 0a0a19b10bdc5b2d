-- +goose Up
-- Tools for a shop (#37): a seller's shop page. One row per seller who
-- filled theirs in; a seller without one has the page of their name,
-- photo, rating and listings, as before. Logo and banner are photos of
-- the upload pipeline (/uploads/<key>); hours are the week's opening
-- times, at most one span a day: [{"day": "sat", "open": "10:00",
-- "close": "20:00"}, ...] (api/shops.go checks them); coordinates come
-- both or neither.
CREATE TABLE shops (
    seller_id  bigint      NOT NULL CONSTRAINT shops_pkey PRIMARY KEY
                           CONSTRAINT shops_seller_fkey REFERENCES users (id) ON DELETE CASCADE,
    logo_url   text        NOT NULL DEFAULT '' CONSTRAINT shops_logo_url_check CHECK (logo_url = '' OR logo_url ~ '^/uploads/[0-9a-f]{32}\.jpg$'),
    banner_url text        NOT NULL DEFAULT '' CONSTRAINT shops_banner_url_check CHECK (banner_url = '' OR banner_url ~ '^/uploads/[0-9a-f]{32}\.jpg$'),
    address    text        NOT NULL DEFAULT '' CONSTRAINT shops_address_check CHECK (length(address) <= 200),
    about      text        NOT NULL DEFAULT '' CONSTRAINT shops_about_check CHECK (length(about) <= 2000),
    hours      jsonb       NOT NULL DEFAULT '[]' CONSTRAINT shops_hours_check CHECK (jsonb_typeof(hours) = 'array' AND jsonb_array_length(hours) <= 7),
    lat        double precision CONSTRAINT shops_lat_check CHECK (lat BETWEEN -90 AND 90),
    lon        double precision CONSTRAINT shops_lon_check CHECK (lon BETWEEN -180 AND 180),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT shops_coordinates_check CHECK ((lat IS NULL) = (lon IS NULL))
);

-- +goose Down
DROP TABLE shops;
