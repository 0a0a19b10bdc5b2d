-- name: ListPriceComparables :many
-- The newest listings of one comparable key (price_guide_key, 00049),
-- live or sold, along products_price_guide_idx, each with the price of
-- its sale when a booking of it was paid or handed over (the only sales
-- the guide counts; an unsold listing's price is an ask).
-- A laptop is sold at most once, so the join adds no row.
SELECT p.seller_id, p.sell_price, p.condition, p.used, b.price AS sale_price
FROM products p
LEFT JOIN bookings b ON b.product_id = p.id AND b.status IN ('paid', 'completed')
WHERE price_guide_key(p.spec_words) = @key::text AND p.deleted_at IS NULL AND p.spec_words LIKE '%cpu%'
  AND (p.sold_at IS NOT NULL OR p.expired_at IS NULL) AND p.created_at > @since::timestamptz
ORDER BY price_guide_key(p.spec_words), p.created_at DESC
LIMIT @max_rows::int;

-- name: ListRecentSales :many
-- The newest sales (paid or handed-over bookings) with what the listing
-- said it cost new and its years of use: what the depreciation curve is
-- learned from.
SELECT b.price, p.original_price, p.used, p.condition
FROM bookings b JOIN products p ON p.id = b.product_id
WHERE b.status IN ('paid', 'completed')
ORDER BY b.id DESC
LIMIT @max_rows::int;

-- name: ListListingsToJudge :many
-- The live listings after @after_id, in id order, a batch at a time: what
-- the periodic pass of price verdicts (#39) judges again, one short
-- statement per batch along products_sitemap_idx (the available ids).
SELECT id, seller_id, product_name, condition, used, sell_price
FROM products
WHERE id > @after_id AND deleted_at IS NULL AND sold_at IS NULL AND expired_at IS NULL
ORDER BY id
LIMIT @max_rows::int;

-- name: SetPriceVerdicts :execrows
-- Writes a batch of price verdicts ('' is none: NULL), touching only the
-- listings whose verdict changed, so a pass that changes nothing writes
-- nothing and drops no kept catalogue answers.
UPDATE products p SET price_verdict = NULLIF(v.verdict, ''), price_judged_at = now()
FROM (SELECT unnest(@ids::bigint[]) AS id, unnest(@verdicts::text[]) AS verdict) v
WHERE p.id = v.id AND p.price_verdict IS DISTINCT FROM NULLIF(v.verdict, '');
