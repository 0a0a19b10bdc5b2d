-- name: LockProductForBooking :one
-- The live product with what a booking copies from it, locked so it cannot
-- be sold or deleted while the booking is made.
SELECT p.id, p.seller_id, p.product_name, p.sell_price, p.sold_at
FROM products p JOIN users u ON u.id = p.seller_id
WHERE p.id = @id AND p.deleted_at IS NULL AND u.deleted_at IS NULL
FOR SHARE OF p;

-- name: CreateBooking :one
INSERT INTO bookings (product_id, buyer_id, buyer_name, buyer_email, product_name, price, phone, meet_location)
VALUES (@product_id, @buyer_id, @buyer_name, @buyer_email, @product_name, @price, @phone, @meet_location)
RETURNING *;

-- name: GetBooking :one
SELECT * FROM bookings WHERE id = @id AND cancelled_at IS NULL;

-- name: ListBuyerBookings :many
SELECT * FROM bookings
WHERE buyer_id = @buyer_id AND cancelled_at IS NULL
  AND id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @page_size;

-- name: CancelBooking :one
-- Only an unpaid booking can go; a paid one keeps its payment record.
UPDATE bookings SET cancelled_at = now()
WHERE id = @id AND buyer_id = @buyer_id AND cancelled_at IS NULL AND paid_at IS NULL
RETURNING id;

-- name: GetBookingAnyState :one
-- Cancelled ones too: a payment may land after its booking was deleted.
SELECT * FROM bookings WHERE id = @id;
