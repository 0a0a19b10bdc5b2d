-- name: SetBookingPaymentIntent :one
-- Compare-and-set: a booking's PaymentIntent changes only from the one the
-- caller saw (NULL for none), so two tabs cannot each attach their own,
-- and only while the booking still has the price it was made for (@price)
-- and can be paid, so a PaymentIntent for an old price never lands on a
-- repriced booking. The one it replaces is retired in the same statement,
-- and the booking is now to be paid by the attempt's method (the buyer
-- pressed Pay, or chose bKash or Nagad through SSLCommerz).
-- Answers how many bookings took it (0 or 1).
WITH attached AS (
    UPDATE bookings bk SET payment_intent_id = @new_id, payment_method = @method
    WHERE bk.id = @id AND bk.payment_intent_id IS NOT DISTINCT FROM sqlc.narg(old_id) AND bk.price = @price
      AND bk.paid_at IS NULL AND bk.status IN ('pending', 'accepted')
    RETURNING bk.id
), retired AS (
    INSERT INTO retired_payment_intents (payment_intent_id, booking_id)
    SELECT sqlc.narg(old_id)::text, a.id FROM attached a WHERE sqlc.narg(old_id)::text IS NOT NULL
    ON CONFLICT DO NOTHING
)
SELECT count(*) FROM attached;

-- name: RepriceBooking :one
-- A booking's new price retires its PaymentIntent (made for the old
-- price, maybe still open in the buyer's tab) in the same statement: the
-- booking forgets it, retired_payment_intents keeps it. Answers the
-- retired id (NULL: it had none). The caller holds the booking's lock.
WITH old AS (
    SELECT o.id, o.payment_intent_id FROM bookings o WHERE o.id = @id
), retired AS (
    INSERT INTO retired_payment_intents (payment_intent_id, booking_id)
    SELECT old.payment_intent_id, old.id FROM old WHERE old.payment_intent_id IS NOT NULL
    ON CONFLICT DO NOTHING
)
UPDATE bookings b SET price = @price, payment_intent_id = NULL
FROM old WHERE b.id = old.id
RETURNING old.payment_intent_id AS retired_id;

-- name: ListUnsettledRetiredIntents :many
-- Retired PaymentIntents Stripe has not yet said are cancelled and whose
-- payment is not recorded, oldest first, with their bookings.
SELECT sqlc.embed(b), r.payment_intent_id AS retired_id, r.retired_at
FROM retired_payment_intents r JOIN bookings b ON b.id = r.booking_id
WHERE r.settled_at IS NULL
ORDER BY r.retired_at
LIMIT 100;

-- name: SettleRetiredIntent :exec
UPDATE retired_payment_intents SET settled_at = now() WHERE payment_intent_id = @payment_intent_id AND settled_at IS NULL;

-- name: RequireRefundOfBooking :many
-- The booking's standing payment is to be refunded (its listing was
-- removed by an admin); answers it, if any.
UPDATE payments SET status = 'refund_required' WHERE booking_id = @booking_id AND status = 'succeeded'
RETURNING *;

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
-- Bookings whose payment attempt was made a while ago but whose payment
-- was never recorded: the browser may have closed after the card went
-- through. A page of them after the booking id after_id: the
-- reconciliation walks them all, a page a pass, so that attempts a buyer
-- abandoned cannot keep it from the newer ones.
SELECT b.* FROM bookings b
WHERE b.payment_intent_id IS NOT NULL AND b.paid_at IS NULL
  AND b.id > sqlc.arg(after_id)::bigint
  AND b.created_at < now() - sqlc.arg(min_age_seconds)::int * interval '1 second'
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.transaction_id = b.payment_intent_id)
ORDER BY b.id
LIMIT sqlc.arg(page_size)::int;

-- name: ListPaymentsToRefund :many
SELECT * FROM payments WHERE status = 'refund_required' ORDER BY id LIMIT 100;

-- name: MarkPaymentRefunded :execrows
UPDATE payments SET status = 'refunded' WHERE id = @id AND status = 'refund_required';
