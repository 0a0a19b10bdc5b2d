-- name: CreatePromotion :one
INSERT INTO promotions (product_id, seller_id, amount, days, method)
VALUES (@product_id, @seller_id, @amount, @days, @method)
RETURNING *;

-- name: SetPromotionTransaction :execrows
-- The provider's attempt, once made; only while the promotion has none.
UPDATE promotions SET transaction_id = @transaction_id
WHERE id = @id AND transaction_id IS NULL AND status = 'pending';

-- name: GetPromotion :one
SELECT * FROM promotions WHERE id = @id;

-- name: LockPromotion :one
SELECT * FROM promotions WHERE id = @id FOR UPDATE;

-- name: LockProductForPromotion :one
-- The product a promotion pays for, in any state, locked.
SELECT id, seller_id, product_name, advertised_until, sold_at, expired_at, deleted_at FROM products
WHERE id = @id
FOR UPDATE;

-- name: ExtendAdvertisement :execrows
-- Advertises a live product for @days more: from the end of a running
-- advertisement, or from now.
UPDATE products SET
    advertised_at = CASE WHEN advertised_until > now() THEN advertised_at ELSE now() END,
    advertised_until = GREATEST(COALESCE(advertised_until, now()), now()) + make_interval(days => @days::int)
WHERE id = @id AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;

-- name: SettlePromotion :one
-- A confirmed payment: paid, or kept for refund (@status).
UPDATE promotions SET status = @status, paid_amount = @paid_amount, currency = @currency, paid_at = now()
WHERE id = @id AND status IN ('pending', 'failed')
RETURNING *;

-- name: FailPromotion :execrows
-- The provider says the attempt can never take money.
UPDATE promotions SET status = 'failed' WHERE id = @id AND status = 'pending';

-- name: MarkPromotionRefunded :one
UPDATE promotions SET status = 'refunded', refunded_at = now()
WHERE id = @id AND status = 'refund_required'
RETURNING *;

-- name: ListQuietPromotions :many
-- Attempts made a while ago (but not days ago) whose payment was never
-- heard of: the tab closed, the IPN or the webhook was lost.
SELECT * FROM promotions
WHERE status = 'pending' AND transaction_id IS NOT NULL
  AND created_at < now() - sqlc.arg(min_age_seconds)::int * interval '1 second'
  AND created_at > now() - interval '3 days'
ORDER BY id
LIMIT 100;

-- name: ListPromotionsToRefund :many
SELECT * FROM promotions WHERE status = 'refund_required' ORDER BY id LIMIT 100;

-- name: AddPromotionLedgerRow :execrows
-- A promotion's row of the ledger (its payment, or its refund), once.
INSERT INTO ledger (kind, amount, method, seller_id, promotion_id, reference)
VALUES (@kind, @amount, @method, @seller_id, @promotion_id, @reference)
ON CONFLICT DO NOTHING;

-- name: GetLatestPromotion :one
-- The newest promotion of a product.
SELECT * FROM promotions WHERE product_id = @product_id ORDER BY id DESC LIMIT 1;

-- name: GetPromotionLedgerRow :one
SELECT * FROM ledger WHERE promotion_id = @promotion_id AND kind = 'promotion';

-- name: GetProductSeller :one
-- Whose a product is (not deleted), sold or not.
SELECT seller_id FROM products WHERE id = @id AND deleted_at IS NULL;
