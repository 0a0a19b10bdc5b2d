-- name: CountListingEvent :one
-- Counts one @kind (views, reveals, chats, favourites or bookings) of a
-- listing on @day, unless @key was counted that day already or the
-- caller (@viewer_id, 0 for an anonymous one) is the listing's seller.
-- The key's row and the count are one statement: two instances counting
-- the same key at once count it once (the second insert of the key waits
-- for the first's commit, then does nothing). found: the listing is there
-- (not deleted); counted: this call counted it.
WITH product AS (
    SELECT p.id, p.seller_id FROM products p WHERE p.id = @product_id AND p.deleted_at IS NULL
), seen AS (
    INSERT INTO listing_seen (day, key)
    SELECT @day, @key FROM product WHERE seller_id <> @viewer_id
    ON CONFLICT DO NOTHING
    RETURNING 1
), counted AS (
    INSERT INTO listing_days AS d (product_id, day, views, reveals, chats, favourites, bookings)
    SELECT @product_id, @day, (sqlc.arg(kind)::text = 'views')::int, (sqlc.arg(kind)::text = 'reveals')::int,
           (sqlc.arg(kind)::text = 'chats')::int, (sqlc.arg(kind)::text = 'favourites')::int, (sqlc.arg(kind)::text = 'bookings')::int
    FROM seen
    ON CONFLICT (product_id, day) DO UPDATE SET
        views = d.views + excluded.views, reveals = d.reveals + excluded.reveals, chats = d.chats + excluded.chats,
        favourites = d.favourites + excluded.favourites, bookings = d.bookings + excluded.bookings
    RETURNING 1
)
SELECT EXISTS (SELECT 1 FROM product)::boolean AS found, EXISTS (SELECT 1 FROM counted)::boolean AS counted;

-- name: IsFirstMessage :one
-- The message is the first of its thread: the thread started with it.
SELECT NOT EXISTS (
    SELECT 1 FROM messages m WHERE m.conversation_id = @conversation_id AND m.id < @message_id
)::boolean AS first;

-- name: IsFirstBooking :one
-- The booking is its buyer's first of its product (a cancelled one
-- before it counts too: booking again is not a new booking to count).
SELECT NOT EXISTS (
    SELECT 1 FROM bookings o JOIN bookings b ON b.id = @booking_id
    WHERE o.product_id = b.product_id AND o.buyer_id = b.buyer_id AND o.id < b.id
)::boolean AS first;

-- name: GetListingSeller :one
-- Whose listing it is, for who may read its numbers, and its name.
SELECT seller_id, product_name FROM products WHERE id = @product_id AND deleted_at IS NULL;

-- name: ListListingDays :many
-- A listing's counted days from @from_day on, oldest first (days with
-- nothing counted have no row).
SELECT day, views, reveals, chats, favourites, bookings FROM listing_days
WHERE product_id = @product_id AND day >= @from_day
ORDER BY day;

-- name: ListSellerListingDays :many
-- A seller's listings (not deleted) summed by day from @from_day on:
-- their products by the seller index, each one's days by the key.
SELECT d.day, sum(d.views)::bigint AS views, sum(d.reveals)::bigint AS reveals, sum(d.chats)::bigint AS chats,
       sum(d.favourites)::bigint AS favourites, sum(d.bookings)::bigint AS bookings
FROM products p JOIN listing_days d ON d.product_id = p.id AND d.day >= @from_day
WHERE p.seller_id = @seller_id AND p.deleted_at IS NULL
GROUP BY d.day
ORDER BY d.day;

-- name: ListSellerTopListings :many
-- A seller's listings with the most views from @from_day on (then the
-- most interest: taps on the number, chats, favourites, bookings), with
-- their totals; at most @max_listings.
SELECT p.id, p.product_name, p.picture,
       sum(d.views)::bigint AS views, sum(d.reveals)::bigint AS reveals, sum(d.chats)::bigint AS chats,
       sum(d.favourites)::bigint AS favourites, sum(d.bookings)::bigint AS bookings
FROM products p JOIN listing_days d ON d.product_id = p.id AND d.day >= @from_day
WHERE p.seller_id = @seller_id AND p.deleted_at IS NULL
GROUP BY p.id
ORDER BY sum(d.views) DESC, sum(d.reveals + d.chats + d.favourites + d.bookings) DESC, p.id DESC
LIMIT @max_listings;

-- name: PruneListingSeen :execrows
-- Forgets the keys of the days before @before: they count nothing again.
DELETE FROM listing_seen WHERE day < @before;

-- name: PruneListingDays :execrows
-- Deletes the counted days before @before.
DELETE FROM listing_days WHERE day < @before;
