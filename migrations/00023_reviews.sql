-- +goose Up
-- Reviews (issue 20): the buyer of a completed hand-over or a paid
-- booking rates its seller 1 to 5 with a text, once per booking (the
-- unique booking_id holds that under concurrent posts); the seller
-- replies once. An admin's removal keeps the row (removed_at, with the
-- reason), so the booking cannot be reviewed again and the audit log's
-- target stays meaningful; a removed review is out of every list and
-- count.
CREATE TABLE reviews (
    id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    booking_id     bigint      NOT NULL CONSTRAINT reviews_booking_key UNIQUE CONSTRAINT reviews_booking_fkey REFERENCES bookings (id),
    seller_id      bigint      NOT NULL CONSTRAINT reviews_seller_fkey REFERENCES users (id),
    buyer_id       bigint      NOT NULL CONSTRAINT reviews_buyer_fkey REFERENCES users (id),
    rating         smallint    NOT NULL CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5),
    body           text        NOT NULL CONSTRAINT reviews_body_check CHECK (length(body) BETWEEN 1 AND 1000),
    reply          text        CONSTRAINT reviews_reply_check CHECK (length(reply) BETWEEN 1 AND 1000),
    replied_at     timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    removed_at     timestamptz,
    removed_reason text        CONSTRAINT reviews_removed_reason_check CHECK (length(removed_reason) BETWEEN 1 AND 500),
    CONSTRAINT reviews_reply_at_check CHECK ((reply IS NULL) = (replied_at IS NULL)),
    CONSTRAINT reviews_removed_check CHECK ((removed_at IS NULL) = (removed_reason IS NULL))
);
-- a seller's page: their reviews, newest first
CREATE INDEX reviews_seller_idx ON reviews (seller_id, id DESC) WHERE removed_at IS NULL;

-- A seller's rating, kept on their row by a trigger so the catalogue's
-- product_listings reads it from the users row it joins anyway (no
-- aggregate per card). Counted: reviews not removed.
ALTER TABLE users
    ADD COLUMN review_count integer NOT NULL DEFAULT 0,
    ADD COLUMN review_sum   integer NOT NULL DEFAULT 0;

-- +goose StatementBegin
CREATE FUNCTION count_seller_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.removed_at IS NULL THEN
        UPDATE users SET review_count = review_count - 1, review_sum = review_sum - OLD.rating WHERE id = OLD.seller_id;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.removed_at IS NULL THEN
        UPDATE users SET review_count = review_count + 1, review_sum = review_sum + NEW.rating WHERE id = NEW.seller_id;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER reviews_count AFTER INSERT OR DELETE OR UPDATE OF rating, removed_at, seller_id ON reviews
    FOR EACH ROW EXECUTE FUNCTION count_seller_reviews();
-- the cards carry the rating: a change drops the kept catalogue answers
-- on every instance (00006)
CREATE TRIGGER users_rating_catalogue_changed AFTER UPDATE OF review_count, review_sum ON users
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();

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
    u.review_sum    AS seller_review_sum
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;

-- the buyer is asked to review; the seller hears of a review to reply to
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
    'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
    'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
    'offer_answered', 'saved_search_match', 'price_drop',
    'reservation_released', 'handover_completed', 'listing_withdrawn',
    'review_request', 'review_received'));

ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
    'seller_verified', 'seller_unverified', 'user_deleted', 'product_deleted', 'reported_product_deleted',
    'reports_dismissed', 'advertising_stopped', 'category_created', 'category_deleted', 'review_removed'));
ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_target_kind_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_target_kind_check CHECK (target_kind IN ('user', 'product', 'category', 'review'));

-- +goose Down
DELETE FROM admin_audit WHERE action = 'review_removed' OR target_kind = 'review';
ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_target_kind_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_target_kind_check CHECK (target_kind IN ('user', 'product', 'category'));
ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
    'seller_verified', 'seller_unverified', 'user_deleted', 'product_deleted', 'reported_product_deleted',
    'reports_dismissed', 'advertising_stopped', 'category_created', 'category_deleted'));

DELETE FROM notifications WHERE kind IN ('review_request', 'review_received');
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
    'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
    'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
    'offer_answered', 'saved_search_match', 'price_drop',
    'reservation_released', 'handover_completed', 'listing_withdrawn'));

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
    p.expired_at
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;

DROP TRIGGER users_rating_catalogue_changed ON users;
DROP TRIGGER reviews_count ON reviews;
DROP FUNCTION count_seller_reviews();
ALTER TABLE users DROP COLUMN review_sum, DROP COLUMN review_count;
DROP TABLE reviews;
