-- name: GetSellerProfile :one
-- A live seller's public page: who they are, what they list and sold,
-- and their rating as the reviews trigger keeps it (00023). An admin's or
-- a buyer's id is not a seller's.
SELECT u.id, u.user_name, u.photo_url, u.verified, u.created_at, u.review_count, u.review_sum, u.phone_verified,
       (SELECT count(*) FROM products p
        WHERE p.seller_id = u.id AND p.deleted_at IS NULL AND p.sold_at IS NULL AND p.expired_at IS NULL)::bigint AS active_listings,
       (SELECT count(*) FROM products p
        WHERE p.seller_id = u.id AND p.deleted_at IS NULL AND p.sold_at IS NOT NULL)::bigint AS sold_count
FROM users u
WHERE u.id = @id AND u.role = 'Seller' AND u.deleted_at IS NULL;

-- name: GetSellerReplyTimes :one
-- How quickly a seller answers: over the conversations with a buyer's
-- first message in the last 90 days, the minutes from that message to
-- the seller's first message after it (threads never answered are left
-- out), as the median and how many threads it is taken over.
WITH firsts AS (
    SELECT c.id,
           (SELECT min(m.created_at) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.buyer_id) AS asked_at
    FROM conversations c
    WHERE c.seller_id = @seller_id AND c.last_message_at > now() - interval '90 days'
), answered AS (
    SELECT f.asked_at,
           (SELECT min(m.created_at) FROM messages m
            WHERE m.conversation_id = f.id AND m.sender_id = @seller_id AND m.created_at >= f.asked_at) AS replied_at
    FROM firsts f
    WHERE f.asked_at > now() - interval '90 days'
)
SELECT count(*)::bigint AS threads,
       COALESCE(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM replied_at - asked_at) / 60), 0)::float8 AS median_minutes
FROM answered
WHERE replied_at IS NOT NULL;

-- name: ListSellerReviews :many
-- A page of a seller's reviews, newest first, continuing below before_id;
-- a buyer whose account was closed has no name.
SELECT r.id, r.rating, r.body, r.reply, r.replied_at, r.created_at,
       (CASE WHEN u.deleted_at IS NULL THEN u.user_name ELSE '' END)::text AS buyer_name
FROM reviews r JOIN users u ON u.id = r.buyer_id
WHERE r.seller_id = @seller_id AND r.removed_at IS NULL
  AND r.id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY r.id DESC
LIMIT @page_size;

-- name: LockReviewableBooking :one
-- The booking a review is for, locked against its own status changing
-- meanwhile, with the names its notice needs.
SELECT b.id, b.buyer_id, b.seller_id, b.status, b.paid_at, b.product_name,
       bu.user_name AS buyer_name, (s.deleted_at IS NOT NULL)::boolean AS seller_deleted
FROM bookings b
JOIN users bu ON bu.id = b.buyer_id
JOIN users s ON s.id = b.seller_id
WHERE b.id = @id
FOR NO KEY UPDATE OF b;

-- name: CreateReview :one
-- Once per booking: a second one, however concurrent, meets
-- reviews_booking_key and inserts nothing.
INSERT INTO reviews (booking_id, seller_id, buyer_id, rating, body)
VALUES (@booking_id, @seller_id, @buyer_id, @rating, @body)
ON CONFLICT ON CONSTRAINT reviews_booking_key DO NOTHING
RETURNING id, created_at;

-- name: ReplyToReview :one
-- The seller's one reply to a live review of theirs. found: the review is
-- theirs and live; replied: this call set it (false: it had one).
WITH target AS (
    SELECT v.id, v.reply FROM reviews v WHERE v.id = @review_id AND v.seller_id = @seller_id AND v.removed_at IS NULL
), answered AS (
    UPDATE reviews r SET reply = @reply, replied_at = now()
    -- reply IS NULL again on the row itself: a concurrent reply that
    -- committed first is seen here (re-checked on the newest row)
    WHERE r.id = (SELECT t.id FROM target t) AND r.reply IS NULL
    RETURNING r.id
)
SELECT EXISTS (SELECT 1 FROM target)::boolean AS found,
       EXISTS (SELECT 1 FROM answered)::boolean AS replied;

-- name: LockReview :one
-- A live review, locked while an admin removes it, with what the audit
-- log names it by.
SELECT r.id, r.seller_id, r.rating, s.user_name AS seller_name, b.product_name
FROM reviews r JOIN users s ON s.id = r.seller_id JOIN bookings b ON b.id = r.booking_id
WHERE r.id = @id AND r.removed_at IS NULL
FOR NO KEY UPDATE OF r;

-- name: RemoveReview :execrows
UPDATE reviews SET removed_at = now(), removed_reason = @reason WHERE id = @id AND removed_at IS NULL;

-- name: ListReviewsOfBookings :many
-- The reviews written for these bookings, live or removed: a booking
-- with one cannot be reviewed again.
SELECT booking_id, id, rating, removed_at FROM reviews WHERE booking_id = ANY(@booking_ids::bigint[]);
