-- +goose Up
-- Web Push (#37): a user's browsers that agreed to be told of
-- notifications with the app closed. One row per browser (its push
-- service's endpoint, unique: a browser that another account enables
-- next belongs to that account), with the keys the browser made for it
-- (RFC 8291: p256dh, its ECDH public key, 65 bytes; auth, its 16-byte
-- secret), both base64url as the browser gives them.
CREATE TABLE push_subscriptions (
    id         bigint      GENERATED ALWAYS AS IDENTITY CONSTRAINT push_subscriptions_pkey PRIMARY KEY,
    user_id    bigint      NOT NULL CONSTRAINT push_subscriptions_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    endpoint   text        NOT NULL CONSTRAINT push_subscriptions_endpoint_check CHECK (length(endpoint) BETWEEN 12 AND 1000),
    p256dh     text        NOT NULL CONSTRAINT push_subscriptions_p256dh_check CHECK (length(p256dh) BETWEEN 86 AND 88),
    auth       text        NOT NULL CONSTRAINT push_subscriptions_auth_check CHECK (length(auth) BETWEEN 22 AND 24),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT push_subscriptions_endpoint_key UNIQUE (endpoint)
);
CREATE INDEX push_subscriptions_user_id_idx ON push_subscriptions (user_id);

-- A notification pushed to a browser (jobs/push.go), written once the push
-- service took it, so a job run again never pushes it twice.
CREATE TABLE push_sends (
    notification_id bigint      NOT NULL CONSTRAINT push_sends_notification_id_fkey REFERENCES notifications (id) ON DELETE CASCADE,
    subscription_id bigint      NOT NULL CONSTRAINT push_sends_subscription_id_fkey REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    sent_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT push_sends_pkey PRIMARY KEY (notification_id, subscription_id)
);
CREATE INDEX push_sends_subscription_id_idx ON push_sends (subscription_id);

-- Each kind of notify.PushKinds can be turned off for push; no row, or a
-- row from before, means on.
ALTER TABLE notification_settings ADD COLUMN push boolean NOT NULL DEFAULT true;

-- +goose Down
ALTER TABLE notification_settings DROP COLUMN push;
DROP TABLE push_sends;
DROP TABLE push_subscriptions;
