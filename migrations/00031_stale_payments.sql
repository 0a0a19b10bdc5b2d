-- +goose Up
-- Money that arrives for a booking as it no longer is (#31, F5 and F6).
--
-- A booking's price can change after its PaymentIntent was made (a seller
-- accepts the buyer's offer): the change retires the PaymentIntent in its
-- own transaction, and the retired id is kept here, so that a payment of
-- it that still arrives (the buyer's open tab, Stripe's webhook, the
-- reconciliation) is known as ours and refunded, and so that the
-- reconciliation can ask Stripe about each one until it is settled
-- (cancelled at Stripe, or paid and recorded for refund).
CREATE TABLE retired_payment_intents (
    payment_intent_id text        PRIMARY KEY,
    booking_id        bigint      NOT NULL CONSTRAINT retired_payment_intents_booking_fkey REFERENCES bookings (id),
    retired_at        timestamptz NOT NULL DEFAULT now(),
    -- Stripe said it is cancelled, or its payment is recorded (for refund)
    settled_at        timestamptz
);
CREATE INDEX retired_payment_intents_unsettled_idx ON retired_payment_intents (retired_at) WHERE settled_at IS NULL;
CREATE INDEX retired_payment_intents_booking_idx ON retired_payment_intents (booking_id);

-- A booking may now have several payments: one that stands (succeeded)
-- and any number kept for refund (a retired PaymentIntent paid in an old
-- tab, a second payment of a paid booking). Still one that stands.
ALTER TABLE payments DROP CONSTRAINT payments_booking_key;
CREATE UNIQUE INDEX payments_booking_succeeded_key ON payments (booking_id) WHERE status = 'succeeded';
CREATE INDEX payments_booking_idx ON payments (booking_id);

-- An admin removing a listing its buyer paid for ends that booking:
-- declined with the code removed (and the admin's reason), its payment
-- refunded. A declined booking is not paid, so paid_at goes back to NULL
-- then (bookings_status_paid); the payment row keeps when it was paid.
ALTER TABLE bookings DROP CONSTRAINT bookings_decline_code_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_decline_code_check
    CHECK (decline_code IN ('seller', 'reserved', 'expired', 'sold', 'removed'));

-- +goose Down
UPDATE bookings SET decline_code = 'seller' WHERE decline_code = 'removed';
ALTER TABLE bookings DROP CONSTRAINT bookings_decline_code_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_decline_code_check
    CHECK (decline_code IN ('seller', 'reserved', 'expired', 'sold'));
DROP INDEX payments_booking_idx;
DROP INDEX payments_booking_succeeded_key;
-- a booking with two payments (one kept for refund) cannot go back under
-- the old rule: the constraint fails then, and no payment is ever dropped
ALTER TABLE payments ADD CONSTRAINT payments_booking_key UNIQUE (booking_id);
DROP TABLE retired_payment_intents;
