-- name: LockSender :one
-- The writer's account, locked: one person's new threads and messages
-- take turns, so the daily cap and the throttle count what the others
-- wrote (two requests, even on two instances, cannot both pass a count
-- that lets one through). Locks go user, product, thread, offer, booking.
SELECT id, created_at FROM users WHERE id = @id AND deleted_at IS NULL FOR NO KEY UPDATE;

-- name: CountRecentMessages :one
-- A sender's messages of the last window, and when the oldest of them
-- leaves it.
SELECT count(*)::bigint AS n, coalesce(min(created_at), now())::timestamptz AS oldest
FROM messages
WHERE sender_id = @sender_id AND created_at > now() - make_interval(secs => @window_seconds::float8);

-- name: CountConversationsOpenedSince :one
SELECT count(*) FROM conversations WHERE buyer_id = @buyer_id AND created_at > @since;

-- name: LockProductForConversation :one
-- The product a thread is about, with its seller, locked against a sale
-- or an accept of an offer while a thread is opened or an offer made.
SELECT p.id, p.seller_id, p.product_name, p.sell_price, p.sold_at, p.reserved_by, p.deleted_at, p.expired_at,
       (u.deleted_at IS NOT NULL)::boolean AS seller_deleted
FROM products p JOIN users u ON u.id = p.seller_id
WHERE p.id = @id
FOR SHARE OF p;

-- name: GetConversationByProductBuyer :one
SELECT * FROM conversations WHERE product_id = @product_id AND buyer_id = @buyer_id FOR UPDATE;

-- name: OpenConversation :one
-- Opens the one thread of a buyer about a product, or takes the one a
-- concurrent request opened first; either way the row comes back locked.
INSERT INTO conversations (product_id, buyer_id, seller_id) VALUES (@product_id, @buyer_id, @seller_id)
ON CONFLICT (product_id, buyer_id) DO UPDATE SET last_message_at = conversations.last_message_at
RETURNING *;

-- name: GetConversation :one
SELECT * FROM conversations WHERE id = @id;

-- name: LockConversation :one
SELECT * FROM conversations WHERE id = @id FOR UPDATE;

-- name: GetBlocks :one
-- Whether a blocked b, and whether b blocked a.
SELECT EXISTS (SELECT 1 FROM user_blocks k1 WHERE k1.blocker_id = @a AND k1.blocked_id = @b) AS a_blocked_b,
       EXISTS (SELECT 1 FROM user_blocks k2 WHERE k2.blocker_id = @b AND k2.blocked_id = @a) AS b_blocked_a;

-- name: TouchConversation :one
-- A new message's time: after every earlier one of the thread (the row is
-- locked), and the sender's read mark moves with it.
UPDATE conversations c SET
    last_message_at = t.at,
    buyer_read_at = CASE WHEN c.buyer_id = @sender_id THEN t.at ELSE c.buyer_read_at END,
    seller_read_at = CASE WHEN c.seller_id = @sender_id THEN t.at ELSE c.seller_read_at END
FROM (SELECT greatest(clock_timestamp(), last_message_at + interval '1 microsecond') AS at FROM conversations WHERE id = @id) t
WHERE c.id = @id
RETURNING c.last_message_at;

-- name: CreateMessage :one
INSERT INTO messages (conversation_id, sender_id, body, offer_id, created_at, photos)
VALUES (@conversation_id, @sender_id, @body, sqlc.narg(offer_id), @created_at, @photos::text[])
RETURNING *;

-- name: SupersedePendingOffers :exec
UPDATE offers SET status = 'superseded', answered_at = now() WHERE conversation_id = @conversation_id AND status = 'pending';

-- name: CreateOffer :one
-- by_seller: the seller's counter offer, which the buyer answers.
INSERT INTO offers (conversation_id, product_id, buyer_id, amount, by_seller)
VALUES (@conversation_id, @product_id, @buyer_id, @amount, @by_seller)
RETURNING *;

-- name: GetOfferConversationID :one
-- Which thread an offer is in (it never changes), so an answer locks the
-- product before the offer.
SELECT o.conversation_id, o.product_id FROM offers o WHERE o.id = @id;

-- name: LockProductForOffer :one
SELECT id, seller_id, product_name, sell_price, sold_at, reserved_by, deleted_at, expired_at FROM products WHERE id = @id FOR UPDATE;

-- name: LockOffer :one
SELECT * FROM offers WHERE id = @id FOR UPDATE;

-- name: AnswerOffer :one
UPDATE offers SET status = @status, answered_at = now(),
    valid_until = CASE WHEN @status = 'accepted' THEN now() + make_interval(secs => @valid_seconds::float8) ELSE valid_until END
WHERE id = @id
RETURNING *;

-- name: EndOtherAcceptedOffers :exec
-- Another offer of the thread is accepted: the one accepted before ends
-- (expired when its time had run out anyway).
UPDATE offers SET status = CASE WHEN valid_until <= now() THEN 'expired' ELSE 'superseded' END
WHERE conversation_id = @conversation_id AND status = 'accepted' AND id <> @except_id;

-- name: GetValidOffer :one
-- The buyer's accepted offer on the product that still holds.
SELECT * FROM offers
WHERE product_id = @product_id AND buyer_id = @buyer_id AND status = 'accepted' AND valid_until > now()
ORDER BY id DESC LIMIT 1;

-- name: LockOpenBookingOfBuyer :one
-- The buyer's open booking of the (locked) product, if any, locked.
SELECT * FROM bookings
WHERE product_id = @product_id AND buyer_id = @buyer_id AND status IN ('pending', 'accepted') AND paid_at IS NULL
FOR UPDATE;

-- name: MarkConversationRead :one
-- The caller has read everything up to the thread's newest message.
UPDATE conversations SET
    buyer_read_at = CASE WHEN buyer_id = @user_id THEN last_message_at ELSE buyer_read_at END,
    seller_read_at = CASE WHEN seller_id = @user_id THEN last_message_at ELSE seller_read_at END
WHERE id = @id
RETURNING id;

-- name: MarkThreadNotificationsRead :exec
-- Reading a thread reads the notifications that point at it.
UPDATE notifications SET read_at = now()
WHERE user_id = @user_id AND read_at IS NULL AND link = @link
  AND kind IN ('message_received', 'offer_received', 'offer_answered');

-- name: ReportConversation :execrows
-- The first report stands; a second one changes nothing.
UPDATE conversations SET reported_at = now(), reported_by = @reported_by, report_reason = @reason, report_note = @note
WHERE id = @id AND reported_at IS NULL;

-- name: GetConversationSummary :one
SELECT * FROM conversation_summaries WHERE id = @id;

-- name: ListConversationSummaries :many
-- A person's threads, as buyer or seller, newest activity first.
SELECT * FROM conversation_summaries
WHERE (buyer_id = @user_id OR seller_id = @user_id)
  AND (last_message_at, id) < (@before_time::timestamptz, @before_id::bigint)
ORDER BY last_message_at DESC, id DESC
LIMIT @page_size;

-- name: ListReportedConversations :many
-- Reported threads, newest report first, for admins.
SELECT * FROM conversation_summaries
WHERE reported_at IS NOT NULL
  AND (reported_at, id) < (@before_time::timestamptz, @before_id::bigint)
ORDER BY reported_at DESC, id DESC
LIMIT @page_size;

-- name: CountUnreadConversations :one
-- Threads with a message the person has not read (the partial indexes
-- hold only those).
SELECT ((SELECT count(*) FROM conversations cb WHERE cb.buyer_id = @user_id AND cb.last_message_at > cb.buyer_read_at)
     + (SELECT count(*) FROM conversations cs WHERE cs.seller_id = @user_id AND cs.last_message_at > cs.seller_read_at))::bigint AS n;

-- name: ListMessages :many
-- A thread's messages, newest first, with their offers.
SELECT m.id, m.sender_id, m.body, m.created_at, m.photos,
       coalesce(o.id, 0)::bigint AS offer_id, coalesce(o.amount, 0)::integer AS offer_amount,
       coalesce(o.status, '')::text AS offer_status, o.valid_until AS offer_valid_until,
       coalesce(o.by_seller, false)::boolean AS offer_by_seller
FROM messages m LEFT JOIN offers o ON o.id = m.offer_id
WHERE m.conversation_id = @conversation_id
  AND m.id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY m.id DESC
LIMIT @page_size;

-- name: BlockUser :exec
INSERT INTO user_blocks (blocker_id, blocked_id) VALUES (@blocker_id, @blocked_id) ON CONFLICT DO NOTHING;

-- name: UnblockUser :exec
DELETE FROM user_blocks WHERE blocker_id = @blocker_id AND blocked_id = @blocked_id;

-- name: UserExists :one
SELECT EXISTS (SELECT 1 FROM users WHERE id = @id AND deleted_at IS NULL);

-- name: GetMessageNoticeFacts :one
-- Who writes and about what, for the notifications of a thread.
SELECT p.product_name, u.user_name AS sender_name
FROM conversations c JOIN products p ON p.id = c.product_id JOIN users u ON u.id = @sender_id
WHERE c.id = @id;

-- name: GetThreadTrade :one
-- Where the trade of a thread stands: the product's reservation and
-- listing, and the thread's buyer's newest booking of it (0 and '' when
-- none).
SELECT (p.reserved_by IS NOT NULL)::boolean AS reserved,
       (p.expired_at IS NOT NULL)::boolean AS expired,
       coalesce(b.id, 0)::bigint AS booking_id,
       coalesce(b.status, '')::text AS booking_status,
       coalesce(b.payment_method, '')::text AS booking_payment_method
FROM products p
LEFT JOIN LATERAL (
    SELECT id, status, payment_method FROM bookings
    WHERE product_id = p.id AND buyer_id = @buyer_id
    ORDER BY id DESC LIMIT 1
) b ON true
WHERE p.id = @product_id;
