-- +goose Up
-- The seller's side of a booking: a status each booking moves through
-- (store/booking_state.go holds which change is allowed from which), the
-- seller's answer, the reservation of the laptop for one buyer and the
-- hand-over code that completes the sale.

ALTER TABLE bookings
    -- the product's seller, copied so a seller's leads are one index walk
    ADD COLUMN seller_id bigint CONSTRAINT bookings_seller_fkey REFERENCES users (id),
    ADD COLUMN status text NOT NULL DEFAULT 'pending' CONSTRAINT bookings_status_check
        CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'paid', 'completed')),
    ADD COLUMN accepted_at timestamptz,
    ADD COLUMN declined_at timestamptz,
    -- why it was declined: the seller's choice, another buyer's booking
    -- accepted, the reservation ran out, or the laptop was sold
    ADD COLUMN decline_code text CONSTRAINT bookings_decline_code_check
        CHECK (decline_code IN ('seller', 'reserved', 'expired', 'sold')),
    ADD COLUMN decline_reason text NOT NULL DEFAULT '' CONSTRAINT bookings_decline_reason_check
        CHECK (length(decline_reason) <= 200),
    ADD COLUMN completed_at timestamptz,
    -- the hand-over code is never stored: it is an HMAC of this nonce
    -- under a key derived from JWT_SECRET, made again when the buyer looks
    ADD COLUMN handover_nonce bytea CONSTRAINT bookings_handover_nonce_check CHECK (length(handover_nonce) = 16),
    ADD COLUMN handover_failures integer NOT NULL DEFAULT 0,
    ADD COLUMN handover_locked_until timestamptz;

UPDATE bookings b SET seller_id = p.seller_id,
    status = CASE WHEN b.paid_at IS NOT NULL THEN 'paid'
                  WHEN b.cancelled_at IS NOT NULL THEN 'cancelled'
                  WHEN p.sold_at IS NOT NULL THEN 'declined'
                  ELSE 'pending' END,
    decline_code = CASE WHEN b.paid_at IS NULL AND b.cancelled_at IS NULL AND p.sold_at IS NOT NULL THEN 'sold' END,
    declined_at = CASE WHEN b.paid_at IS NULL AND b.cancelled_at IS NULL AND p.sold_at IS NOT NULL THEN p.sold_at END
FROM products p WHERE p.id = b.product_id;
ALTER TABLE bookings ALTER COLUMN seller_id SET NOT NULL;
-- a paid booking is still handed over: it gets its code's nonce too
UPDATE bookings SET handover_nonce = decode(replace(gen_random_uuid()::text, '-', ''), 'hex') WHERE status = 'paid';

ALTER TABLE bookings
    ADD CONSTRAINT bookings_status_paid CHECK (paid_at IS NULL OR status IN ('paid', 'completed')),
    ADD CONSTRAINT bookings_status_cancelled CHECK ((cancelled_at IS NOT NULL) = (status = 'cancelled')),
    ADD CONSTRAINT bookings_status_accepted CHECK (status <> 'accepted' OR (accepted_at IS NOT NULL AND handover_nonce IS NOT NULL)),
    ADD CONSTRAINT bookings_status_paid_nonce CHECK (status <> 'paid' OR handover_nonce IS NOT NULL),
    ADD CONSTRAINT bookings_status_declined CHECK ((status = 'declined') = (decline_code IS NOT NULL));

-- a buyer holds at most one open booking per product; a declined one does
-- not stop them booking it again (say, once a reservation ran out)
DROP INDEX bookings_open_key;
CREATE UNIQUE INDEX bookings_open_key ON bookings (product_id, buyer_id) WHERE status IN ('pending', 'accepted');
-- a laptop is reserved for one buyer at a time
CREATE UNIQUE INDEX bookings_accepted_product_key ON bookings (product_id) WHERE status = 'accepted';
-- a seller's leads, newest first, and how many wait for an answer
CREATE INDEX bookings_seller_idx ON bookings (seller_id, id DESC);
CREATE INDEX bookings_seller_pending_idx ON bookings (seller_id) WHERE status = 'pending';
-- the reservations that run out
CREATE INDEX bookings_accepted_at_idx ON bookings (accepted_at) WHERE status = 'accepted';

-- the accepted booking a laptop is reserved for; a product row of its
-- own, so cards say Booked and the catalogue's kept answers are dropped
-- when it changes (the products trigger of 00006)
ALTER TABLE products ADD COLUMN reserved_by bigint CONSTRAINT products_reserved_by_fkey REFERENCES bookings (id);

CREATE OR REPLACE VIEW product_listings AS
SELECT
    p.id,
    p.seller_id,
    p.category_id,
    c.name          AS category,
    p.product_name,
    p.picture,
    p.sell_price,
    p.original_price,
    p.condition,
    p.location,
    p.used,
    p.phone,
    p.description,
    u.user_name     AS seller_name,
    u.email         AS seller_email,
    u.verified      AS seller_verified,
    p.advertised_at,
    p.sold_at,
    p.created_at,
    EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
    (p.reserved_by IS NOT NULL)::boolean AS reserved
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
    'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
    'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
    'offer_answered', 'saved_search_match', 'price_drop',
    'reservation_released', 'handover_completed'));

-- +goose Down
DELETE FROM notifications WHERE kind IN ('reservation_released', 'handover_completed');
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
    'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
    'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
    'offer_answered', 'saved_search_match', 'price_drop'));
DROP VIEW product_listings;
CREATE VIEW product_listings AS
SELECT
    p.id, p.seller_id, p.category_id, c.name AS category, p.product_name, p.picture, p.sell_price,
    p.original_price, p.condition, p.location, p.used, p.phone, p.description,
    u.user_name AS seller_name, u.email AS seller_email, u.verified AS seller_verified,
    p.advertised_at, p.sold_at, p.created_at,
    EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;
ALTER TABLE products DROP COLUMN reserved_by;
DROP INDEX bookings_accepted_at_idx;
DROP INDEX bookings_seller_pending_idx;
DROP INDEX bookings_seller_idx;
DROP INDEX bookings_accepted_product_key;
DROP INDEX bookings_open_key;
CREATE UNIQUE INDEX bookings_open_key ON bookings (product_id, buyer_id) WHERE cancelled_at IS NULL;
ALTER TABLE bookings
    DROP CONSTRAINT bookings_status_declined,
    DROP CONSTRAINT bookings_status_paid_nonce,
    DROP CONSTRAINT bookings_status_accepted,
    DROP CONSTRAINT bookings_status_cancelled,
    DROP CONSTRAINT bookings_status_paid,
    DROP COLUMN handover_locked_until,
    DROP COLUMN handover_failures,
    DROP COLUMN handover_nonce,
    DROP COLUMN completed_at,
    DROP COLUMN decline_reason,
    DROP COLUMN decline_code,
    DROP COLUMN declined_at,
    DROP COLUMN accepted_at,
    DROP COLUMN status,
    DROP COLUMN seller_id;
