-- +goose Up
-- The used range of the price guide (#39): comparable listings are those
-- of one processor family, generation and RAM, read from the listing's
-- spec words (00042: "ram8gb cpucorei5 gen12th ..."). price_guide_key is
-- that key ("cpucorei5 gen12th ram8gb"); the guide reads a key's newest
-- listings along products_price_guide_idx and each one's sale (a paid or
-- handed-over booking) along bookings_sale_product_idx, so its cost is
-- bounded by its LIMIT, not by the catalogue's size.
CREATE FUNCTION price_guide_key(spec_words text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN coalesce(substring(spec_words FROM '(?:^| )(cpu\S+)'), '') || ' ' ||
           coalesce(substring(spec_words FROM '(?:^| )(gen\S+)'), '') || ' ' ||
           coalesce(substring(spec_words FROM '(?:^| )(ram\S+)'), '');
SET LOCAL statement_timeout = 0;
CREATE INDEX products_price_guide_idx ON products (price_guide_key(spec_words), created_at DESC)
    WHERE deleted_at IS NULL AND spec_words LIKE '%cpu%';
CREATE INDEX bookings_sale_product_idx ON bookings (product_id) INCLUDE (price)
    WHERE status IN ('paid', 'completed');

-- +goose Down
DROP INDEX bookings_sale_product_idx;
DROP INDEX products_price_guide_idx;
DROP FUNCTION price_guide_key(text);
