-- A seller's products and a buyer's bookings are listed newest id first,
-- a page at a time before a cursor id; their indexes now follow that order
-- so every page is read straight from the index (the created_at order they
-- had made the planner walk the primary key and filter by owner, which
-- reads a whole large table for a seller with a handful of products).

-- +goose Up
CREATE INDEX products_seller_id_idx ON products (seller_id, id DESC) WHERE deleted_at IS NULL;
DROP INDEX products_seller_idx;
CREATE INDEX bookings_buyer_id_idx ON bookings (buyer_id, id DESC) WHERE cancelled_at IS NULL;
DROP INDEX bookings_buyer_idx;

-- +goose Down
CREATE INDEX bookings_buyer_idx ON bookings (buyer_id, created_at DESC, id DESC) WHERE cancelled_at IS NULL;
DROP INDEX bookings_buyer_id_idx;
CREATE INDEX products_seller_idx ON products (seller_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
DROP INDEX products_seller_id_idx;
