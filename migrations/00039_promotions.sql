-- +goose Up
-- Paid promotion (#34): with ADVERTISE_PRICE set, a seller pays the shop
-- to advertise a laptop (Urgent Sell), by card (Stripe) or through
-- SSLCommerz. Each press of Pay is one row: its price and days as the
-- shop set them at that moment, and the provider's attempt id. Once the
-- provider confirms it, one transaction marks it paid, advertises the
-- laptop and writes the ledger's promotion row; a payment for a laptop
-- that can no longer be advertised is kept for refund.
CREATE TABLE promotions (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id     bigint      NOT NULL CONSTRAINT promotions_product_fkey REFERENCES products (id),
    seller_id      bigint      NOT NULL CONSTRAINT promotions_seller_fkey REFERENCES users (id),
    -- whole Tk, the price asked
    amount         bigint      NOT NULL CONSTRAINT promotions_amount_check CHECK (amount > 0),
    days           int         NOT NULL CONSTRAINT promotions_days_check CHECK (days BETWEEN 1 AND 365),
    method         text        NOT NULL CONSTRAINT promotions_method_check CHECK (method IN ('card', 'sslcommerz')),
    -- the provider's attempt: a PaymentIntent, an SSLCommerz tran_id
    -- (sslp_...); NULL until the provider made it
    transaction_id text        CONSTRAINT promotions_transaction_key UNIQUE,
    status         text        NOT NULL DEFAULT 'pending' CONSTRAINT promotions_status_check
                               CHECK (status IN ('pending', 'paid', 'failed', 'refund_required', 'refunded')),
    -- what the provider took, in the currency's minor unit (paisa)
    paid_amount    bigint,
    currency       text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    paid_at        timestamptz,
    refunded_at    timestamptz,
    CONSTRAINT promotions_paid_check CHECK ((status IN ('pending', 'failed')) = (paid_at IS NULL))
);
CREATE INDEX promotions_product_idx ON promotions (product_id);
CREATE INDEX promotions_open_idx ON promotions (created_at) WHERE status IN ('pending', 'refund_required');

-- the ledger's rows of a promotion: its payment (kind promotion) and, when
-- it was refunded, the refund; once each
ALTER TABLE ledger ADD COLUMN promotion_id bigint CONSTRAINT ledger_promotion_fkey REFERENCES promotions (id);
CREATE UNIQUE INDEX ledger_promotion_key ON ledger (promotion_id, kind) WHERE promotion_id IS NOT NULL;
ALTER TABLE ledger ADD CONSTRAINT ledger_promotion_check CHECK (kind <> 'promotion' OR promotion_id IS NOT NULL);

-- +goose Down
ALTER TABLE ledger DROP COLUMN promotion_id;
DROP TABLE promotions;
