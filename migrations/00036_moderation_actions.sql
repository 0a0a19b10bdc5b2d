-- +goose Up
-- Moderation beyond delete (#32, walkthrough #6): an admin hides a
-- listing until its seller edits it, warns a seller, or suspends an
-- account for a time; each with a reason the person is told and the audit
-- log keeps.

-- A suspended account cannot log in or act until suspended_until; the
-- suspension also bumps token_version in the same statement, so a token
-- issued before it (or by a log-in racing it) stops working at once.
ALTER TABLE users
    ADD COLUMN suspended_until   timestamptz,
    ADD COLUMN suspension_reason text NOT NULL DEFAULT ''
        CONSTRAINT users_suspension_reason_check CHECK (char_length(suspension_reason) <= 500);

-- A listing hidden pending an edit: hidden_at and the admin's reason. It
-- leaves the catalogue the way an expired listing does (expired_at is set
-- with it, so every public list, count and index already leaves it out)
-- and stays in its seller's My Products with the reason; the seller's
-- edit brings it back (store.EditProduct).
ALTER TABLE products
    ADD COLUMN hidden_at     timestamptz,
    ADD COLUMN hidden_reason text NOT NULL DEFAULT ''
        CONSTRAINT products_hidden_reason_check CHECK (char_length(hidden_reason) <= 500);

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
    (p.reserved_by IS NOT NULL)::boolean AS reserved,
    p.photos,
    p.processor,
    p.ram_gb,
    p.storage_gb,
    p.storage_type,
    p.screen_inches,
    p.gpu,
    p.battery_health,
    p.charger,
    p.warranty_months,
    (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
          THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
    p.advertised_until,
    p.expires_at,
    p.expired_at,
    u.review_count  AS seller_review_count,
    u.review_sum    AS seller_review_sum,
    p.hidden_at,
    p.hidden_reason
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;

ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
    'seller_verified', 'seller_unverified', 'user_deleted', 'product_deleted', 'reported_product_deleted',
    'reports_dismissed', 'advertising_stopped', 'category_created', 'category_deleted', 'review_removed',
    'product_hidden', 'user_warned', 'user_suspended'));

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
    'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
    'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
    'offer_answered', 'saved_search_match', 'price_drop',
    'reservation_released', 'handover_completed', 'listing_withdrawn',
    'review_request', 'review_received',
    'listing_hidden', 'account_warned', 'account_suspended', 'account_deleted'));

-- +goose Down
DELETE FROM notifications WHERE kind IN ('listing_hidden', 'account_warned', 'account_suspended', 'account_deleted');
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
    'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
    'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
    'offer_answered', 'saved_search_match', 'price_drop',
    'reservation_released', 'handover_completed', 'listing_withdrawn',
    'review_request', 'review_received'));

DELETE FROM admin_audit WHERE action IN ('product_hidden', 'user_warned', 'user_suspended');
ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
    'seller_verified', 'seller_unverified', 'user_deleted', 'product_deleted', 'reported_product_deleted',
    'reports_dismissed', 'advertising_stopped', 'category_created', 'category_deleted', 'review_removed'));

DROP VIEW product_listings;
CREATE VIEW product_listings AS
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
    (p.reserved_by IS NOT NULL)::boolean AS reserved,
    p.photos,
    p.processor,
    p.ram_gb,
    p.storage_gb,
    p.storage_type,
    p.screen_inches,
    p.gpu,
    p.battery_health,
    p.charger,
    p.warranty_months,
    (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
          THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
    p.advertised_until,
    p.expires_at,
    p.expired_at,
    u.review_count  AS seller_review_count,
    u.review_sum    AS seller_review_sum
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;

ALTER TABLE products DROP COLUMN hidden_reason, DROP COLUMN hidden_at;
ALTER TABLE users DROP COLUMN suspension_reason, DROP COLUMN suspended_until;
