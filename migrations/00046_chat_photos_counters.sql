-- +goose Up
-- A chat that keeps up (#37): photos in messages, the seller's counter
-- offer, and read marks the sender sees, live.

-- Everyone who uploaded an image. The same bytes uploaded twice are one
-- image (images.key is the content's hash) whose uploader_id is the first
-- uploader; a message may carry only its sender's own uploads, so every
-- uploader is remembered here.
CREATE TABLE image_uploaders (
    image_id   bigint      NOT NULL CONSTRAINT image_uploaders_image_fkey REFERENCES images (id),
    user_id    bigint      NOT NULL CONSTRAINT image_uploaders_user_fkey REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT image_uploaders_pkey PRIMARY KEY (user_id, image_id)
);
INSERT INTO image_uploaders (image_id, user_id, created_at)
SELECT id, uploader_id, created_at FROM images WHERE uploader_id IS NOT NULL;

-- A message is words, photos (with words if the sender likes), or an
-- offer; photos are upload urls ("/uploads/<key>"), like products.photos.
ALTER TABLE messages
    ADD COLUMN photos text[] NOT NULL DEFAULT '{}'
        CONSTRAINT messages_photos_check CHECK (cardinality(photos) <= 4 AND array_position(photos, NULL) IS NULL),
    DROP CONSTRAINT messages_text_or_offer,
    ADD CONSTRAINT messages_text_or_offer CHECK ((body <> '' OR cardinality(photos) > 0) <> (offer_id IS NOT NULL));

-- A counter offer is the seller's offer in the thread (by_seller), which
-- the buyer accepts or declines; the buyer's offer it answers is
-- countered. One pending offer per thread still (offers_pending_key).
ALTER TABLE offers
    ADD COLUMN by_seller boolean NOT NULL DEFAULT false,
    DROP CONSTRAINT offers_status_check,
    ADD CONSTRAINT offers_status_check CHECK (status IN ('pending', 'accepted', 'declined', 'superseded', 'expired', 'countered'));

-- The summaries gain what the app shows now: how many photos the newest
-- message has (the inbox says Photo), who made the latest offer, and both
-- read marks (the sender's seen marks).
CREATE OR REPLACE VIEW conversation_summaries AS
SELECT
    c.id,
    c.product_id,
    c.buyer_id,
    c.seller_id,
    c.created_at,
    c.last_message_at,
    c.reported_at,
    c.reported_by,
    c.report_reason,
    c.report_note,
    p.product_name,
    p.picture,
    p.sell_price,
    (p.sold_at IS NOT NULL)::boolean AS product_sold,
    (p.deleted_at IS NOT NULL)::boolean AS product_deleted,
    b.user_name     AS buyer_name,
    b.photo_url     AS buyer_photo,
    (b.deleted_at IS NOT NULL)::boolean AS buyer_deleted,
    s.user_name     AS seller_name,
    s.photo_url     AS seller_photo,
    (s.deleted_at IS NOT NULL)::boolean AS seller_deleted,
    coalesce(lm.body, '')::text AS last_body,
    coalesce(lmo.amount, 0)::integer AS last_offer_amount,
    coalesce(lm.created_at, c.last_message_at)::timestamptz AS last_created_at,
    (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.seller_id AND m.created_at > c.buyer_read_at)::bigint AS buyer_unread,
    (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.buyer_id AND m.created_at > c.seller_read_at)::bigint AS seller_unread,
    EXISTS (SELECT 1 FROM user_blocks k WHERE k.blocker_id = c.buyer_id AND k.blocked_id = c.seller_id) AS buyer_blocked_seller,
    EXISTS (SELECT 1 FROM user_blocks k WHERE k.blocker_id = c.seller_id AND k.blocked_id = c.buyer_id) AS seller_blocked_buyer,
    coalesce(lo.id, 0)::bigint AS offer_id,
    coalesce(lo.amount, 0)::integer AS offer_amount,
    coalesce(lo.status, '')::text AS offer_status,
    lo.valid_until AS offer_valid_until,
    coalesce(cardinality(lm.photos), 0)::integer AS last_photo_count,
    coalesce(lo.by_seller, false)::boolean AS offer_by_seller,
    c.buyer_read_at,
    c.seller_read_at
FROM conversations c
JOIN products p ON p.id = c.product_id
JOIN users b ON b.id = c.buyer_id
JOIN users s ON s.id = c.seller_id
LEFT JOIN LATERAL (SELECT m.body, m.offer_id, m.created_at, m.photos FROM messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) lm ON true
LEFT JOIN offers lmo ON lmo.id = lm.offer_id
LEFT JOIN LATERAL (SELECT o.id, o.amount, o.status, o.valid_until, o.by_seller FROM offers o WHERE o.conversation_id = c.id ORDER BY o.id DESC LIMIT 1) lo ON true;

-- A read mark moved without a new message (a person read the thread):
-- the other person's seen marks change, so their stream hears of it as
-- a message event (their app fetches the thread again). Sending moves the
-- sender's own mark with last_message_at; the message's event covers it.
-- +goose StatementBegin
CREATE FUNCTION conversations_read_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.last_message_at IS DISTINCT FROM OLD.last_message_at THEN
    RETURN NULL;
  END IF;
  IF NEW.buyer_read_at IS DISTINCT FROM OLD.buyer_read_at THEN
    PERFORM add_user_event(NEW.seller_id, 'message', jsonb_build_object('conversationId', NEW.id::text, 'read', 'buyer'));
  END IF;
  IF NEW.seller_read_at IS DISTINCT FROM OLD.seller_read_at THEN
    PERFORM add_user_event(NEW.buyer_id, 'message', jsonb_build_object('conversationId', NEW.id::text, 'read', 'seller'));
  END IF;
  RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER conversations_read_event AFTER UPDATE OF buyer_read_at, seller_read_at ON conversations
  FOR EACH ROW EXECUTE FUNCTION conversations_read_event();

-- +goose Down
DROP TRIGGER conversations_read_event ON conversations;
DROP FUNCTION conversations_read_event();
DROP VIEW conversation_summaries;
CREATE VIEW conversation_summaries AS
SELECT
    c.id,
    c.product_id,
    c.buyer_id,
    c.seller_id,
    c.created_at,
    c.last_message_at,
    c.reported_at,
    c.reported_by,
    c.report_reason,
    c.report_note,
    p.product_name,
    p.picture,
    p.sell_price,
    (p.sold_at IS NOT NULL)::boolean AS product_sold,
    (p.deleted_at IS NOT NULL)::boolean AS product_deleted,
    b.user_name     AS buyer_name,
    b.photo_url     AS buyer_photo,
    (b.deleted_at IS NOT NULL)::boolean AS buyer_deleted,
    s.user_name     AS seller_name,
    s.photo_url     AS seller_photo,
    (s.deleted_at IS NOT NULL)::boolean AS seller_deleted,
    coalesce(lm.body, '')::text AS last_body,
    coalesce(lmo.amount, 0)::integer AS last_offer_amount,
    coalesce(lm.created_at, c.last_message_at)::timestamptz AS last_created_at,
    (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.seller_id AND m.created_at > c.buyer_read_at)::bigint AS buyer_unread,
    (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.buyer_id AND m.created_at > c.seller_read_at)::bigint AS seller_unread,
    EXISTS (SELECT 1 FROM user_blocks k WHERE k.blocker_id = c.buyer_id AND k.blocked_id = c.seller_id) AS buyer_blocked_seller,
    EXISTS (SELECT 1 FROM user_blocks k WHERE k.blocker_id = c.seller_id AND k.blocked_id = c.buyer_id) AS seller_blocked_buyer,
    coalesce(lo.id, 0)::bigint AS offer_id,
    coalesce(lo.amount, 0)::integer AS offer_amount,
    coalesce(lo.status, '')::text AS offer_status,
    lo.valid_until AS offer_valid_until
FROM conversations c
JOIN products p ON p.id = c.product_id
JOIN users b ON b.id = c.buyer_id
JOIN users s ON s.id = c.seller_id
LEFT JOIN LATERAL (SELECT m.body, m.offer_id, m.created_at FROM messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) lm ON true
LEFT JOIN offers lmo ON lmo.id = lm.offer_id
LEFT JOIN LATERAL (SELECT o.id, o.amount, o.status, o.valid_until FROM offers o WHERE o.conversation_id = c.id ORDER BY o.id DESC LIMIT 1) lo ON true;
-- countered offers and seller's offers cannot stay under the old rules
UPDATE offers SET status = 'declined' WHERE status = 'countered';
DELETE FROM messages WHERE offer_id IN (SELECT id FROM offers WHERE by_seller);
DELETE FROM offers WHERE by_seller;
ALTER TABLE offers
    DROP CONSTRAINT offers_status_check,
    ADD CONSTRAINT offers_status_check CHECK (status IN ('pending', 'accepted', 'declined', 'superseded', 'expired')),
    DROP COLUMN by_seller;
DELETE FROM messages WHERE body = '' AND offer_id IS NULL;
ALTER TABLE messages
    DROP CONSTRAINT messages_text_or_offer,
    ADD CONSTRAINT messages_text_or_offer CHECK ((body <> '') <> (offer_id IS NOT NULL)),
    DROP COLUMN photos;
DROP TABLE image_uploaders;
