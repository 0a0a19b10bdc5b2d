-- name: CreateProduct :one
INSERT INTO products (seller_id, category_id, product_name, picture, sell_price, original_price, condition, location, used, phone, description)
VALUES (@seller_id, @category_id, @product_name, @picture, @sell_price, @original_price, @condition, @location, @used, @phone, @description)
RETURNING id;

-- name: GetProduct :one
SELECT * FROM product_listings WHERE id = @id;

-- name: ListAdvertisedProducts :many
-- Urgent Sell: the most recently advertised first, a page at a time.
SELECT * FROM product_listings
WHERE advertised_at IS NOT NULL AND sold_at IS NULL
  AND (advertised_at, id) < (COALESCE(sqlc.narg(after_time)::timestamptz, 'infinity'), COALESCE(sqlc.narg(after_id)::bigint, 9223372036854775807))
ORDER BY advertised_at DESC, id DESC
LIMIT @page_size;

-- name: ListSellerProducts :many
-- Everything a seller listed and has not deleted, sold ones included.
-- A page at a time, newest first, continuing before before_id.
SELECT * FROM product_listings
WHERE seller_id = @seller_id
  AND id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @page_size;

-- name: ListReportedProducts :many
-- Driven by the reports, which are few: walking the products to test each
-- for a report would read the whole catalogue.
SELECT * FROM product_listings
WHERE id IN (SELECT product_id FROM product_reports)
  AND id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @page_size;

-- name: LockProduct :one
-- The live product's state, locked until the transaction ends.
SELECT id, seller_id, advertised_at, sold_at FROM products
WHERE id = @id AND deleted_at IS NULL
FOR UPDATE;

-- name: AdvertiseProduct :execrows
UPDATE products SET advertised_at = now()
WHERE id = @id AND advertised_at IS NULL AND sold_at IS NULL AND deleted_at IS NULL;

-- name: DeleteOwnProduct :execrows
-- A seller takes out a product of their own; anyone else's matches nothing.
UPDATE products SET deleted_at = now()
WHERE id = @id AND seller_id = @seller_id AND deleted_at IS NULL;

-- name: DeleteProductAsAdmin :execrows
UPDATE products SET deleted_at = now() WHERE id = @id AND deleted_at IS NULL;

-- name: DeleteReportedProduct :execrows
-- Only a product somebody reported matches.
UPDATE products SET deleted_at = now()
WHERE id = @id AND deleted_at IS NULL
  AND EXISTS (SELECT 1 FROM product_reports WHERE product_id = @id);

-- name: CancelOpenBookingsOfProduct :exec
-- The product is gone: its open bookings (those in @statuses, the ones
-- the state table lets a cancel end) are cancelled with it, and with them
-- its reservation.
WITH closed AS (
    UPDATE bookings SET status = 'cancelled', cancelled_at = now()
    WHERE product_id = @product_id AND status = ANY(@statuses::text[])
    RETURNING id
)
UPDATE products SET reserved_by = NULL WHERE reserved_by IN (SELECT id FROM closed);

-- name: ReportProduct :execrows
-- One report per person and product; reporting again changes nothing.
INSERT INTO product_reports (product_id, reporter_id) VALUES (@product_id, @reporter_id)
ON CONFLICT DO NOTHING;
