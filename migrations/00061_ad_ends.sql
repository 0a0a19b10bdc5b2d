-- +goose Up
-- The advertisements whose days are over, found by the minute's job
-- (EndAdvertisements) without reading every product: it read all of them
-- once a minute, 100 to 350 ms at 300,000 products. Few products are
-- advertised at once, so the index is small.
CREATE INDEX products_ad_ends_idx ON products (advertised_until) WHERE advertised_at IS NOT NULL;

-- +goose Down
DROP INDEX products_ad_ends_idx;
