-- +goose Up
-- Conversations between a buyer and a product's seller, the messages and
-- price offers in them, and the blocks people put on each other (issue
-- 19). A thread is one per (product, buyer); nothing here is ever
-- hard-deleted, so a thread stays readable for one person when the other
-- account or the product is deleted (both are soft deletes).

CREATE TABLE conversations (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id      bigint      NOT NULL CONSTRAINT conversations_product_fkey REFERENCES products (id),
    buyer_id        bigint      NOT NULL CONSTRAINT conversations_buyer_fkey REFERENCES users (id),
    -- the product's seller, copied so a seller's threads are one index walk
    seller_id       bigint      NOT NULL CONSTRAINT conversations_seller_fkey REFERENCES users (id),
    created_at      timestamptz NOT NULL DEFAULT now(),
    -- the newest message's created_at; strictly increasing per thread
    -- (messages are added with the thread's row locked), so a read mark
    -- set to it covers exactly the messages committed before it
    last_message_at timestamptz NOT NULL DEFAULT now(),
    -- each side has read every message up to this time; sending one's own
    -- message moves one's own mark too. A thread is unread for a side
    -- while last_message_at is past that side's mark.
    buyer_read_at   timestamptz NOT NULL DEFAULT now(),
    seller_read_at  timestamptz NOT NULL DEFAULT now(),
    -- a report to the admins, who may then read the thread
    reported_at     timestamptz,
    reported_by     bigint      CONSTRAINT conversations_reported_by_fkey REFERENCES users (id),
    report_reason   text        CONSTRAINT conversations_report_reason_check CHECK (report_reason IN ('spam', 'scam', 'offensive', 'other')),
    report_note     text        NOT NULL DEFAULT '' CONSTRAINT conversations_report_note_check CHECK (length(report_note) <= 500),
    CONSTRAINT conversations_product_buyer_key UNIQUE (product_id, buyer_id),
    CONSTRAINT conversations_people_check CHECK (buyer_id <> seller_id),
    CONSTRAINT conversations_report_check CHECK ((reported_at IS NULL) = (report_reason IS NULL) AND (reported_at IS NULL) = (reported_by IS NULL))
);
-- each side's inbox, newest activity first (and a new account's threads
-- of the last day, for its daily cap)
CREATE INDEX conversations_buyer_idx ON conversations (buyer_id, last_message_at DESC, id DESC);
CREATE INDEX conversations_seller_idx ON conversations (seller_id, last_message_at DESC, id DESC);
-- the header's badge: only the unread threads are in these
CREATE INDEX conversations_buyer_unread_idx ON conversations (buyer_id) WHERE last_message_at > buyer_read_at;
CREATE INDEX conversations_seller_unread_idx ON conversations (seller_id) WHERE last_message_at > seller_read_at;
-- the admins' list of reported threads
CREATE INDEX conversations_reported_idx ON conversations (reported_at DESC, id DESC) WHERE reported_at IS NOT NULL;

CREATE TABLE offers (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    conversation_id bigint      NOT NULL CONSTRAINT offers_conversation_fkey REFERENCES conversations (id),
    product_id      bigint      NOT NULL CONSTRAINT offers_product_fkey REFERENCES products (id),
    buyer_id        bigint      NOT NULL CONSTRAINT offers_buyer_fkey REFERENCES users (id),
    -- whole Tk, like products.sell_price
    amount          integer     NOT NULL CONSTRAINT offers_amount_check CHECK (amount BETWEEN 1 AND 999999),
    -- superseded: the buyer offered again, or another offer was accepted
    -- later; an accepted offer past valid_until is shown as expired
    status          text        NOT NULL DEFAULT 'pending' CONSTRAINT offers_status_check
        CHECK (status IN ('pending', 'accepted', 'declined', 'superseded', 'expired')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    answered_at     timestamptz,
    valid_until     timestamptz,
    CONSTRAINT offers_answered_check CHECK ((status = 'pending') = (answered_at IS NULL)),
    CONSTRAINT offers_valid_until_check CHECK (status <> 'accepted' OR valid_until IS NOT NULL)
);
-- one pending and one accepted offer per thread at most
CREATE UNIQUE INDEX offers_pending_key ON offers (conversation_id) WHERE status = 'pending';
CREATE UNIQUE INDEX offers_accepted_key ON offers (conversation_id) WHERE status = 'accepted';
-- a thread's latest offer
CREATE INDEX offers_conversation_idx ON offers (conversation_id, id DESC);
-- the price a booking takes: the buyer's accepted offer on the product
CREATE INDEX offers_accepted_idx ON offers (product_id, buyer_id) WHERE status = 'accepted';

CREATE TABLE messages (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    conversation_id bigint      NOT NULL CONSTRAINT messages_conversation_fkey REFERENCES conversations (id),
    sender_id       bigint      NOT NULL CONSTRAINT messages_sender_fkey REFERENCES users (id),
    -- plain text as typed (trimmed); empty for an offer
    body            text        NOT NULL DEFAULT '' CONSTRAINT messages_body_check CHECK (length(body) <= 2000),
    offer_id        bigint      CONSTRAINT messages_offer_fkey REFERENCES offers (id),
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT messages_text_or_offer CHECK ((body <> '') <> (offer_id IS NOT NULL))
);
-- a thread's messages newest first (pages), and its unread ones
CREATE INDEX messages_conversation_idx ON messages (conversation_id, id DESC);
CREATE INDEX messages_conversation_time_idx ON messages (conversation_id, created_at);
-- the per-sender throttle
CREATE INDEX messages_sender_idx ON messages (sender_id, created_at);

CREATE TABLE user_blocks (
    blocker_id bigint      NOT NULL CONSTRAINT user_blocks_blocker_fkey REFERENCES users (id),
    blocked_id bigint      NOT NULL CONSTRAINT user_blocks_blocked_fkey REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT user_blocks_pkey PRIMARY KEY (blocker_id, blocked_id),
    CONSTRAINT user_blocks_self_check CHECK (blocker_id <> blocked_id)
);

-- A thread with what its lists show: the product as it is (deleted and
-- sold ones too), both people (deleted ones too), its newest message, its
-- latest offer, each side's unread count and blocks. The viewer picks
-- their side.
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

-- +goose Down
DROP VIEW conversation_summaries;
DROP TABLE user_blocks;
DROP TABLE messages;
DROP TABLE offers;
DROP TABLE conversations;
