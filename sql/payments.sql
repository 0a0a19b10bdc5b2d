-- name: SetBookingPaymentIntent :execrows
-- Compare-and-set: a booking's PaymentIntent changes only from the one the
-- caller saw (NULL for none), so two tabs cannot each attach their own.
UPDATE bookings SET payment_intent_id = @new_id
WHERE id = @id AND payment_intent_id IS NOT DISTINCT FROM sqlc.narg(old_id);

-- name: GetPaymentByTransaction :one
SELECT * FROM payments WHERE transaction_id = @transaction_id;

-- name: CreatePayment :one
INSERT INTO payments (booking_id, product_id, buyer_id, buyer_email, price, amount, currency, transaction_id, status)
VALUES (@booking_id, @product_id, @buyer_id, @buyer_email, @price, @amount, @currency, @transaction_id, @status)
RETURNING *;

-- name: MarkProductSold :exec
UPDATE products SET sold_at = now(), reserved_by = NULL WHERE id = @id AND sold_at IS NULL;

-- name: RecordStripeEvent :execrows
INSERT INTO stripe_events (event_id, type) VALUES (@event_id, @type) ON CONFLICT DO NOTHING;

-- name: ListPayments :many
-- Every payment ever recorded, deleted buyers and products included.
SELECT pay.*, b.product_name, b.buyer_name
FROM payments pay JOIN bookings b ON b.id = pay.booking_id
WHERE pay.id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY pay.id DESC
LIMIT @page_size;

-- name: ListUnsettledBookings :many
-- Bookings whose PaymentIntent was made a while ago but whose payment was
-- never recorded: the browser may have closed after the card went through.
SELECT b.* FROM bookings b
WHERE b.payment_intent_id IS NOT NULL AND b.paid_at IS NULL
  AND b.created_at < now() - sqlc.arg(min_age_seconds)::int * interval '1 second'
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.transaction_id = b.payment_intent_id)
ORDER BY b.id
LIMIT 100;

-- name: ListPaymentsToRefund :many
SELECT * FROM payments WHERE status = 'refund_required' ORDER BY id LIMIT 100;

-- name: MarkPaymentRefunded :execrows
UPDATE payments SET status = 'refunded' WHERE id = @id AND status = 'refund_required';
