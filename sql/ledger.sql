-- name: AddLedgerRow :execrows
-- One row of the ledger; a row the ledger already holds (the same kind
-- for the same payment, or for the same booking without one) is not
-- written twice: answers 0 then.
INSERT INTO ledger (kind, amount, method, reversal, booking_id, seller_id, payment_id, reference, created_by)
VALUES (@kind, @amount, @method, @reversal, sqlc.narg(booking_id), sqlc.narg(seller_id), sqlc.narg(payment_id), @reference, sqlc.narg(created_by))
ON CONFLICT DO NOTHING;

-- name: ListLedgerOfPayment :many
SELECT * FROM ledger WHERE payment_id = @payment_id AND NOT reversal AND kind IN ('payment', 'commission') ORDER BY id;

-- name: GetSellerBalance :one
-- A seller's balance (docs/payments.md, "The ledger"): earned is what
-- the seller's sales brought after refunds and commission; paid_out what
-- the shop paid out; owed what the shop holds for the seller: online
-- payments less their refunds, less every commission (cash included: the
-- seller holds that money) and the payouts. Negative: the seller owes
-- the shop. A promotion's rows (what the seller paid the shop to
-- advertise, and its refund) are the shop's, outside the balance.
SELECT
    COALESCE(sum(amount) FILTER (WHERE kind IN ('payment', 'refund', 'commission')), 0)::bigint AS earned,
    COALESCE(-sum(amount) FILTER (WHERE kind = 'payout'), 0)::bigint AS paid_out,
    COALESCE(sum(amount) FILTER (WHERE kind IN ('commission', 'payout')
        OR (kind IN ('payment', 'refund') AND method <> 'cash')), 0)::bigint AS owed
FROM ledger WHERE seller_id = @seller_id AND promotion_id IS NULL;

-- name: LockSellerForPayout :one
-- The seller's row, locked so that two payouts to one seller are decided
-- one after the other.
SELECT id, role, user_name FROM users WHERE id = @id FOR NO KEY UPDATE;

-- name: ListLedger :many
-- The ledger newest first, of one seller or of everyone.
SELECT l.*, COALESCE(u.user_name, '')::text AS seller_name
FROM ledger l LEFT JOIN users u ON u.id = l.seller_id
WHERE l.id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
  AND (sqlc.narg(seller_id)::bigint IS NULL OR l.seller_id = sqlc.narg(seller_id)::bigint)
ORDER BY l.id DESC
LIMIT @page_size;

-- name: AddPayout :one
INSERT INTO ledger (kind, amount, method, seller_id, reference, created_by)
VALUES ('payout', -1 * sqlc.arg(amount)::bigint, @method, @seller_id, @reference, @created_by)
RETURNING *;
