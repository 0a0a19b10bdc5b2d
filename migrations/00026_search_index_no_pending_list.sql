-- +goose Up
-- The search index without a pending list. With GIN's fast update (the
-- default) new listings' words wait in an unsorted list of up to 4 MB
-- until a vacuum merges them, and every search reads that whole list: at a
-- million products, 12,000 waiting rows cost each search 45 ms, whatever
-- it looked for. Without it each new listing puts its words straight into
-- the index (a few milliseconds more for the seller, once) and a search
-- reads only the words it asks for. The words waiting now go in at once.
ALTER INDEX products_search_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('products_search_idx');

-- +goose Down
ALTER INDEX products_search_idx RESET (fastupdate);
