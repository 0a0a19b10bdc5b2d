-- +goose Up
-- Phone numbers people can trust (#35): a number proved by an SMS code,
-- sign-in by such a code, the caps that keep SMS pumping off, SMS
-- notifications and the hand-over reminder.

-- The profile's number is proved once a code sent to it comes back; it is
-- then in E.164 (+8801XXXXXXXXX) and no other live account has it proved.
-- Changing the number (PATCH /api/me) unproves it.
ALTER TABLE users ADD COLUMN phone_verified boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX users_verified_phone_key ON users (phone) WHERE phone_verified AND deleted_at IS NULL;

-- One live code per number and purpose: 'verify' proves the number for
-- user_id, 'login' signs its owner in (user_id is NULL when no account
-- has it proved: the code is made and never sent, so the answer and the
-- work are the same). Only the code's HMAC is kept; tries counts the wrong
-- ones under the row's lock; sent_at makes the send once.
CREATE TABLE phone_codes (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    phone      text        NOT NULL CONSTRAINT phone_codes_phone_check CHECK (phone ~ '^\+8801[3-9][0-9]{8}$'),
    purpose    text        NOT NULL CONSTRAINT phone_codes_purpose_check CHECK (purpose IN ('verify', 'login')),
    user_id    bigint      CONSTRAINT phone_codes_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    code_hash  bytea       NOT NULL CONSTRAINT phone_codes_code_hash_check CHECK (length(code_hash) = 32),
    tries      integer     NOT NULL DEFAULT 0 CONSTRAINT phone_codes_tries_check CHECK (tries BETWEEN 0 AND 5),
    expires_at timestamptz NOT NULL,
    sent_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT phone_codes_verify_user CHECK (purpose <> 'verify' OR user_id IS NOT NULL)
);
CREATE UNIQUE INDEX phone_codes_phone_purpose_key ON phone_codes (phone, purpose);
-- an account proves one number at a time: a new one replaces the last
CREATE UNIQUE INDEX phone_codes_verify_user_key ON phone_codes (user_id) WHERE purpose = 'verify';
CREATE INDEX phone_codes_expires_at_idx ON phone_codes (expires_at);

-- The SMS caps (store.ReserveSMS): each code asked for is one row per key
-- it counts against (the number, the account, the client address), read
-- in sliding windows under an advisory lock per key; swept after a day.
CREATE TABLE sms_requests (
    key text        NOT NULL CONSTRAINT sms_requests_key_check CHECK (length(key) BETWEEN 1 AND 200),
    at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_requests_key_at_idx ON sms_requests (key, at);

-- What the shop sent each day (SMS_DAILY_LIMIT), counted by one atomic
-- upsert per message, so every instance shares the cap.
CREATE TABLE sms_days (
    day  date    NOT NULL CONSTRAINT sms_days_pkey PRIMARY KEY,
    sent integer NOT NULL DEFAULT 0 CONSTRAINT sms_days_sent_check CHECK (sent >= 0)
);

-- The SMS switches of the notification settings (on unless turned off).
ALTER TABLE notification_settings ADD COLUMN sms boolean NOT NULL DEFAULT true;

-- The hand-over reminder goes once per accepted booking.
ALTER TABLE bookings ADD COLUMN reminded_at timestamptz;
CREATE INDEX bookings_to_remind_idx ON bookings (accepted_at) WHERE status = 'accepted' AND reminded_at IS NULL;

-- A notification's SMS went (once; jobs/sms.go): set before the gateway
-- is asked, cleared when it failed.
ALTER TABLE notifications ADD COLUMN texted_at timestamptz;

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
    'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
    'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
    'offer_answered', 'saved_search_match', 'price_drop',
    'reservation_released', 'handover_completed', 'listing_withdrawn',
    'review_request', 'review_received',
    'listing_hidden', 'account_warned', 'account_suspended', 'account_deleted',
    'handover_reminder'));

-- +goose Down
DELETE FROM notifications WHERE kind = 'handover_reminder';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'booking_received', 'booking_accepted', 'booking_declined', 'booking_cancelled',
    'payment_received', 'payment_receipt', 'sold_elsewhere', 'product_removed',
    'seller_verified', 'listing_expiring', 'message_received', 'offer_received',
    'offer_answered', 'saved_search_match', 'price_drop',
    'reservation_released', 'handover_completed', 'listing_withdrawn',
    'review_request', 'review_received',
    'listing_hidden', 'account_warned', 'account_suspended', 'account_deleted'));
ALTER TABLE notifications DROP COLUMN texted_at;
DROP INDEX bookings_to_remind_idx;
ALTER TABLE bookings DROP COLUMN reminded_at;
ALTER TABLE notification_settings DROP COLUMN sms;
DROP TABLE sms_days;
DROP TABLE sms_requests;
DROP TABLE phone_codes;
DROP INDEX users_verified_phone_key;
ALTER TABLE users DROP COLUMN phone_verified;
