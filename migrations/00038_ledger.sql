-- +goose Up
-- The ledger (#34): every payment, refund, commission and payout is a
-- row, written in the same transaction as the event it records, exactly
-- once (the unique indexes below), so the totals reconcile to the Tk.
--
-- amount is whole Tk, signed by what the row does to the seller's money:
--   payment    + the buyer paid for the seller's laptop (card, cash, ...)
--   refund     - that payment went back to the buyer
--   commission - the shop's share of a payment (COMMISSION_PERCENT);
--              + a commission given back when its payment is refunded
--                (reversal = true)
--   payout     - money the shop paid out to the seller
--   promotion  + money a seller paid the shop to advertise: the shop's
--                revenue, outside the seller's balance
-- A payment that never paid its booking (it came after the laptop went
-- elsewhere, or for a stale price) has no seller: its payment and refund
-- rows only show the shop's money in and back out.
CREATE TABLE ledger (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind       text        NOT NULL CONSTRAINT ledger_kind_check CHECK (kind IN ('payment', 'refund', 'commission', 'payout', 'promotion')),
    amount     bigint      NOT NULL,
    method     text        NOT NULL CONSTRAINT ledger_method_check CHECK (method ~ '^[a-z]{2,20}$'),
    reversal   boolean     NOT NULL DEFAULT false,
    booking_id bigint      CONSTRAINT ledger_booking_fkey REFERENCES bookings (id),
    seller_id  bigint      CONSTRAINT ledger_seller_fkey REFERENCES users (id),
    payment_id bigint      CONSTRAINT ledger_payment_fkey REFERENCES payments (id),
    reference  text        NOT NULL DEFAULT '' CONSTRAINT ledger_reference_check CHECK (char_length(reference) <= 200),
    -- the admin who recorded a payout
    created_by bigint      CONSTRAINT ledger_created_by_fkey REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ledger_sign_check CHECK (
        (kind = 'payment' AND amount > 0 AND NOT reversal) OR
        (kind = 'refund' AND amount < 0 AND NOT reversal) OR
        (kind = 'commission' AND ((amount < 0 AND NOT reversal) OR (amount > 0 AND reversal))) OR
        (kind = 'payout' AND amount < 0 AND NOT reversal) OR
        (kind = 'promotion' AND amount > 0 AND NOT reversal)),
    CONSTRAINT ledger_payout_check CHECK (kind <> 'payout' OR (seller_id IS NOT NULL AND created_by IS NOT NULL AND reference <> '')),
    CONSTRAINT ledger_commission_seller_check CHECK (kind <> 'commission' OR seller_id IS NOT NULL)
);
-- exactly once: one row of each kind (and reversal) per recorded payment,
-- and per booking for what has no payment record (cash at the hand-over)
CREATE UNIQUE INDEX ledger_payment_key ON ledger (payment_id, kind, reversal) WHERE payment_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_cash_key ON ledger (booking_id, kind, reversal) WHERE payment_id IS NULL AND booking_id IS NOT NULL;
CREATE INDEX ledger_seller_idx ON ledger (seller_id, id DESC) WHERE seller_id IS NOT NULL;
CREATE INDEX ledger_created_idx ON ledger (created_at);

-- What happened before the ledger, written as it would have been (no
-- commission then): each payment received, with its seller when it paid
-- its booking (the booking's own PaymentIntent, and the booking paid, or
-- removed by an admin after the payment, which refunded it); each refund;
-- each booking completed by hand-over with no payment, as cash.
INSERT INTO ledger (kind, amount, method, booking_id, seller_id, payment_id, created_at)
SELECT 'payment', pay.price, 'card', pay.booking_id,
       CASE WHEN b.payment_intent_id = pay.transaction_id
                 AND (b.paid_at IS NOT NULL OR (b.decline_code = 'removed' AND b.declined_at > pay.created_at))
            THEN pr.seller_id END,
       pay.id, pay.created_at
FROM payments pay JOIN bookings b ON b.id = pay.booking_id JOIN products pr ON pr.id = pay.product_id;
INSERT INTO ledger (kind, amount, method, booking_id, seller_id, payment_id, created_at)
SELECT 'refund', -l.amount, l.method, l.booking_id, l.seller_id, l.payment_id, l.created_at
FROM ledger l JOIN payments pay ON pay.id = l.payment_id
WHERE l.kind = 'payment' AND pay.status = 'refunded';
INSERT INTO ledger (kind, amount, method, booking_id, seller_id, created_at)
SELECT 'payment', b.price, 'cash', b.id, pr.seller_id, COALESCE(b.completed_at, b.created_at)
FROM bookings b JOIN products pr ON pr.id = b.product_id
WHERE b.status = 'completed' AND b.paid_at IS NULL;

-- +goose Down
DROP TABLE ledger;
