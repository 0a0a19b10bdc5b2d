-- +goose Up
-- The sitemap (GET /sitemaps/products-N.xml) lists the available products
-- in ranges of ids, one file per range: a file's query is a range scan of
-- this index, and the sitemap index finds the ranges that have any
-- product by one probe of it each, however many sold products lie between
-- them. The primary key alone would read every sold row of a range.
CREATE INDEX products_sitemap_idx ON products (id)
    WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;

-- +goose Down
DROP INDEX products_sitemap_idx;
