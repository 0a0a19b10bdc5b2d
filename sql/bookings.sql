-- name: LockProductForBooking :one
-- The live product with what a booking copies from it, locked so it cannot
-- be sold, reserved or deleted while the booking is made.
SELECT p.id, p.seller_id, p.product_name, p.sell_price, p.sold_at, p.reserved_by, p.expired_at
FROM products p JOIN users u ON u.id = p.seller_id
WHERE p.id = @id AND p.deleted_at IS NULL AND u.deleted_at IS NULL
FOR SHARE OF p;

-- name: CreateBooking :one
INSERT INTO bookings (product_id, seller_id, buyer_id, buyer_name, buyer_email, product_name, price, phone, meet_location, payment_method)
VALUES (@product_id, @seller_id, @buyer_id, @buyer_name, @buyer_email, @product_name, @price, @phone, @meet_location, @payment_method)
RETURNING *;

-- name: GetBooking :one
SELECT * FROM bookings WHERE id = @id AND cancelled_at IS NULL;

-- name: GetBookingView :one
-- A booking with its product as it is now, for its buyer's page.
SELECT sqlc.embed(b), p.picture AS product_picture, p.sold_at AS product_sold_at,
       p.deleted_at AS product_deleted_at, p.reserved_by AS product_reserved_by
FROM bookings b JOIN products p ON p.id = b.product_id
WHERE b.id = @id AND b.cancelled_at IS NULL;

-- name: GetLeadView :one
-- A booking with its product, whatever its status, for its seller.
SELECT sqlc.embed(b), p.picture AS product_picture, p.sold_at AS product_sold_at,
       p.deleted_at AS product_deleted_at, p.reserved_by AS product_reserved_by
FROM bookings b JOIN products p ON p.id = b.product_id
WHERE b.id = @id;

-- name: ListBuyerBookings :many
SELECT sqlc.embed(b), p.picture AS product_picture, p.sold_at AS product_sold_at,
       p.deleted_at AS product_deleted_at, p.reserved_by AS product_reserved_by
FROM bookings b JOIN products p ON p.id = b.product_id
WHERE b.buyer_id = @buyer_id AND b.cancelled_at IS NULL
  AND b.id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY b.id DESC
LIMIT @page_size;

-- name: ListSellerLeads :many
-- The bookings of a seller's products, newest first, cancelled ones too.
SELECT sqlc.embed(b), p.picture AS product_picture, p.sold_at AS product_sold_at,
       p.deleted_at AS product_deleted_at, p.reserved_by AS product_reserved_by
FROM bookings b JOIN products p ON p.id = b.product_id
WHERE b.seller_id = @seller_id
  AND b.id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY b.id DESC
LIMIT @page_size;

-- name: ListAllLeads :many
-- Every booking, newest first, for admins.
SELECT sqlc.embed(b), p.picture AS product_picture, p.sold_at AS product_sold_at,
       p.deleted_at AS product_deleted_at, p.reserved_by AS product_reserved_by
FROM bookings b JOIN products p ON p.id = b.product_id
WHERE b.id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY b.id DESC
LIMIT @page_size;

-- name: CountSellerPendingLeads :one
SELECT count(*) FROM bookings WHERE seller_id = @seller_id AND status = 'pending';

-- name: CountAllPendingLeads :one
SELECT count(*) FROM bookings WHERE status = 'pending';

-- name: GetBookingAnyState :one
-- Cancelled ones too: a payment may land after its booking was deleted.
SELECT * FROM bookings WHERE id = @id;

-- name: GetBookingProductID :one
-- Which product a booking is of (it never changes), so that a change locks
-- the product before the booking: every booking change takes its locks in
-- that order, and two changes never wait on each other in a circle.
SELECT product_id FROM bookings WHERE id = @id;

-- name: LockProductAnyState :one
-- The product in any state (it may have been deleted while the buyer paid).
SELECT id, seller_id, product_name, sold_at, deleted_at, reserved_by FROM products WHERE id = @id FOR UPDATE;

-- name: LockBooking :one
SELECT * FROM bookings WHERE id = @id FOR UPDATE;

-- name: SetBookingStatus :one
-- Moves a booking to the status the state table chose, with the time and
-- facts of that status; the fields of other statuses stay as they are.
UPDATE bookings SET
    status = @status,
    accepted_at = CASE WHEN @status = 'accepted' THEN now() ELSE accepted_at END,
    -- a booking handed over needs its code: made when it is accepted, or
    -- paid without being accepted first
    handover_nonce = CASE WHEN @status IN ('accepted', 'paid') THEN COALESCE(handover_nonce, sqlc.narg(handover_nonce)::bytea) ELSE handover_nonce END,
    declined_at = CASE WHEN @status = 'declined' THEN now() ELSE declined_at END,
    decline_code = CASE WHEN @status = 'declined' THEN sqlc.narg(decline_code)::text ELSE decline_code END,
    decline_reason = CASE WHEN @status = 'declined' THEN @decline_reason ELSE decline_reason END,
    cancelled_at = CASE WHEN @status = 'cancelled' THEN now() ELSE cancelled_at END,
    -- a declined booking is not paid (an admin removed the listing a
    -- buyer paid for: the payment row keeps it, marked for refund)
    paid_at = CASE WHEN @status = 'paid' THEN now() WHEN @status = 'declined' THEN NULL ELSE paid_at END,
    completed_at = CASE WHEN @status = 'completed' THEN now() ELSE completed_at END
WHERE id = @id
RETURNING *;

-- name: LockOpenBookingsOf :many
-- The product's bookings in the given statuses but one, locked, oldest
-- first (the product is locked already).
SELECT * FROM bookings
WHERE product_id = @product_id AND id <> @except_id AND status = ANY(@statuses::text[])
ORDER BY id
FOR UPDATE;

-- name: SetProductReservedBy :exec
UPDATE products SET reserved_by = sqlc.narg(booking_id) WHERE id = @id;

-- name: RecordHandoverFailure :one
-- One more wrong code; every fifth locks the hand-over for an hour.
UPDATE bookings SET
    handover_failures = handover_failures + 1,
    handover_locked_until = CASE WHEN (handover_failures + 1) % 5 = 0 THEN now() + interval '1 hour' END
WHERE id = @id
RETURNING handover_failures, handover_locked_until;

-- name: ListExpiredReservations :many
-- Accepted bookings whose reservation ran out, oldest first.
SELECT id FROM bookings
WHERE status = 'accepted' AND accepted_at < now() - make_interval(secs => sqlc.arg(max_age_seconds)::float8)
ORDER BY accepted_at
LIMIT 100;

-- name: LockHeldBookingsOf :many
-- The (locked) product's bookings that hold it for a buyer: accepted (the
-- laptop reserved) or paid (the buyer's money taken), locked, oldest first.
SELECT * FROM bookings
WHERE product_id = @product_id AND status IN ('accepted', 'paid')
ORDER BY id
FOR UPDATE;

-- name: ProductSoldInShop :one
-- Whether the product went through the shop: paid by card or handed over.
SELECT EXISTS (SELECT 1 FROM bookings WHERE product_id = @product_id AND status IN ('paid', 'completed'));

-- name: MarkProductSoldOutside :execrows
UPDATE products SET sold_at = now(), reserved_by = NULL WHERE id = @id AND sold_at IS NULL;

-- name: RelistProduct :execrows
-- Back on sale, with at least a listing period (@listing_days) ahead; one
-- an admin hid stays out of the catalogue until its seller edits it.
UPDATE products SET sold_at = NULL, expired_at = CASE WHEN hidden_at IS NULL THEN NULL ELSE expired_at END, expiry_warned_at = NULL,
    expires_at = greatest(expires_at, now() + make_interval(days => @listing_days::int))
WHERE id = @id AND sold_at IS NOT NULL;

-- name: CountRecentBookings :one
-- A buyer's bookings of the last window, cancelled ones too (booking and
-- cancelling again mails the seller each time), and when the oldest of
-- them leaves it.
SELECT count(*)::bigint AS n, coalesce(min(created_at), now())::timestamptz AS oldest
FROM bookings
WHERE buyer_id = @buyer_id AND created_at > now() - make_interval(secs => @window_seconds::float8);

-- name: ListBookedProductIDs :many
-- The products a buyer has an open booking of (pending, accepted or
-- paid), whatever page of their bookings it is on: the Booked marker.
SELECT DISTINCT product_id FROM bookings
WHERE buyer_id = @buyer_id AND status IN ('pending', 'accepted', 'paid')
ORDER BY product_id
LIMIT 1000;

-- name: ListProductsSoldInShop :many
-- Which of these products went through the shop (paid by card or handed
-- over): they cannot be listed again (ProductSoldInShop).
SELECT DISTINCT product_id FROM bookings
WHERE product_id = ANY(@ids::bigint[]) AND status IN ('paid', 'completed');

-- name: GetSaleOfProduct :one
-- The booking a sold product went through the shop by (paid by card or
-- handed over), with its buyer's name; none for a sale outside the shop.
SELECT b.id, b.buyer_id, b.status, u.user_name AS buyer_name
FROM bookings b JOIN users u ON u.id = b.buyer_id
WHERE b.product_id = @product_id AND b.status IN ('paid', 'completed')
ORDER BY b.id DESC LIMIT 1;

-- name: SetBookingPaymentMethod :one
-- The buyer changes how an open booking will be paid, in one statement:
-- only their own, only while nothing is paid (pending or accepted), and
-- so a payment landing at the same moment and this change never both
-- win (the row lock makes the later one see the other's status). Leaving
-- card retires the booking's PaymentIntent (a tab may still hold it) in
-- the same statement, as a new price does; the caller cancels it at
-- Stripe. Answers the retired id ("": none); no row: refused.
WITH old AS (
    SELECT o.id, o.payment_intent_id FROM bookings o
    WHERE o.id = @id AND o.buyer_id = @buyer_id AND o.paid_at IS NULL AND o.status IN ('pending', 'accepted')
    FOR UPDATE
), changed AS (
    UPDATE bookings b SET payment_method = @payment_method,
        payment_intent_id = CASE WHEN @payment_method::text = 'card' THEN b.payment_intent_id END
    FROM old WHERE b.id = old.id
    RETURNING b.id, CASE WHEN @payment_method::text = 'card' THEN NULL ELSE old.payment_intent_id END AS retired_id
), retired AS (
    INSERT INTO retired_payment_intents (payment_intent_id, booking_id)
    SELECT c.retired_id, c.id FROM changed c WHERE c.retired_id IS NOT NULL
    ON CONFLICT DO NOTHING
)
SELECT coalesce(c.retired_id, '')::text AS retired_id FROM changed c;

-- name: ListBookingsToRemind :many
-- Accepted bookings whose reservation ends within remind_seconds and
-- whose parties were not reminded yet (#35), oldest first.
SELECT id FROM bookings
WHERE status = 'accepted' AND reminded_at IS NULL
  AND accepted_at < now() - make_interval(secs => sqlc.arg(after_seconds)::float8)
ORDER BY accepted_at
LIMIT 100;

-- name: MarkBookingReminded :execrows
-- Once per booking: the reminder's notifications commit with this.
UPDATE bookings SET reminded_at = now()
WHERE id = @id AND status = 'accepted' AND reminded_at IS NULL;
