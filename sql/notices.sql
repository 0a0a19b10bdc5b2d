-- name: GetBookingNoticeFacts :one
-- What the notifications of a booking's events say: the product's seller
-- and name, even for a product deleted since.
SELECT b.id, b.buyer_id, b.buyer_name, b.product_name, b.price, b.phone, b.meet_location, p.seller_id, b.payment_method, b.paid_at
FROM bookings b
JOIN products p ON p.id = b.product_id
WHERE b.id = @id;

-- name: GetSellerByEmail :one
SELECT id FROM users WHERE lower(email) = lower(@email) AND deleted_at IS NULL;

-- name: GetProductNoticeFacts :one
SELECT seller_id, product_name FROM products WHERE id = @id;
