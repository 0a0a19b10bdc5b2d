-- +goose Up
-- The admin overview (GET /api/admin/stats) counts the last 30 days of
-- new listings, bookings, payments and reports by day. Each count is a
-- range scan of its table's created_at: without these indexes every
-- dashboard visit would read the whole of each table (a million products,
-- every booking ever made). The products' available index covers only the
-- listed ones; a new listing counts however it ended (sold, deleted).
-- Products by the UTC clock reading of created_at, not by created_at
-- itself: a plain created_at index would serve the catalogue's newest-first
-- lists too, and on a small table their cached generic plan then walks it
-- and filters by brand (store/plans_test.go). No browsing query names this
-- expression, so only the overview uses it.
CREATE INDEX products_created_utc_idx ON products ((timezone('UTC', created_at)));
CREATE INDEX bookings_created_idx ON bookings (created_at);
-- revenue: the succeeded payments only, summed from the index's rows
CREATE INDEX payments_succeeded_created_idx ON payments (created_at) INCLUDE (price) WHERE status = 'succeeded';
CREATE INDEX product_reports_created_idx ON product_reports (created_at);

-- +goose Down
DROP INDEX product_reports_created_idx;
DROP INDEX payments_succeeded_created_idx;
DROP INDEX bookings_created_idx;
DROP INDEX products_created_utc_idx;
