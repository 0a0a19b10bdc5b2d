-- +goose Up
-- A payment method per booking (#34): cash at the hand-over (the
-- hand-over code completes it, nothing is paid online), card (Stripe) or
-- sslcommerz (its hosted checkout: bKash, Nagad, cards ...). The buyer
-- chooses it when booking and may change it while nothing is paid;
-- attaching a PaymentIntent makes it card in the same statement.
ALTER TABLE bookings
    ADD COLUMN payment_method text NOT NULL DEFAULT 'cash'
        CONSTRAINT bookings_payment_method_check CHECK (payment_method IN ('cash', 'card', 'sslcommerz'));

-- Bookings from before: one with a PaymentIntent or a payment went the
-- card way; the others were always going to be paid at the meet-up.
UPDATE bookings b SET payment_method = 'card'
WHERE b.payment_intent_id IS NOT NULL
   OR EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id)
   OR EXISTS (SELECT 1 FROM retired_payment_intents r WHERE r.booking_id = b.id);

-- +goose Down
ALTER TABLE bookings DROP COLUMN payment_method;
