-- +goose Up
-- Notifications: what the shop tells a user (the bell, the list) and the
-- email that goes with each. A notification is written in the same
-- transaction as the event that causes it, together with the River job
-- that emails it (see store/notifications.go), so neither is ever lost.

-- the language the shop speaks to the user in: the app and the emails
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en'
    CONSTRAINT users_language_check CHECK (language IN ('en', 'bn'));

CREATE TABLE notifications (
    id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id         bigint      NOT NULL CONSTRAINT notifications_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    kind            text        NOT NULL CONSTRAINT notifications_kind_check CHECK (kind IN (
        'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
        'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
        'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
        'offer_answered', 'saved_search_match', 'price_drop')),
    -- the words shown in the app, in the user's language when it was written
    title           text        NOT NULL CONSTRAINT notifications_title_check CHECK (length(title) BETWEEN 1 AND 300),
    body            text        NOT NULL CONSTRAINT notifications_body_check CHECK (length(body) <= 2000),
    -- a path inside the shop, e.g. /dashboard/myorders
    link            text        NOT NULL DEFAULT '' CONSTRAINT notifications_link_check CHECK (link = '' OR (link LIKE '/%' AND link NOT LIKE '//%')),
    -- what the words were made from, so the email renders at send time in
    -- the user's language then
    data            jsonb       NOT NULL DEFAULT '{}',
    created_at      timestamptz NOT NULL DEFAULT now(),
    read_at         timestamptz,
    -- the email: sent, or given up on (with the last error, kept while
    -- retrying too, for the admins' list of mail failures)
    emailed_at      timestamptz,
    email_attempts  integer     NOT NULL DEFAULT 0,
    email_error     text,
    email_failed_at timestamptz
);
-- a user's list, newest first, and the bell's unread count
CREATE INDEX notifications_user_id_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
-- the admins' list of mail that failed or is failing
CREATE INDEX notifications_email_error_idx ON notifications (id DESC) WHERE email_error IS NOT NULL AND emailed_at IS NULL;

-- Which kinds a user wants by email. A kind with no row is on: only a
-- user's choices are stored.
CREATE TABLE notification_settings (
    user_id bigint  NOT NULL CONSTRAINT notification_settings_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    kind    text    NOT NULL CONSTRAINT notification_settings_kind_check CHECK (kind ~ '^[a-z_]{1,40}$'),
    email   boolean NOT NULL,
    CONSTRAINT notification_settings_pkey PRIMARY KEY (user_id, kind)
);

-- +goose Down
DROP TABLE notification_settings;
DROP TABLE notifications;
ALTER TABLE users DROP COLUMN language;
