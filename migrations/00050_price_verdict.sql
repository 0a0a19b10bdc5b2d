-- +goose Up
-- A fair price, shown (#39). negotiable is the seller's word that the
-- price can move. price_verdict is the price guide's judgement of the
-- asking price against the used range of comparable listings (good, fair
-- or high; NULL when the guide knows too little), with price_judged_at,
-- when it was judged: on create, on every change of price, title,
-- condition or years of use, and again by a periodic job (comparables
-- change). The view carries both, appended, so every list and page shows
-- them. A saved search keeps the negotiable filter like verified_only.
ALTER TABLE products
    ADD COLUMN negotiable boolean NOT NULL DEFAULT false,
    ADD COLUMN price_verdict text CONSTRAINT products_price_verdict_check CHECK (price_verdict IN ('good', 'fair', 'high')),
    ADD COLUMN price_judged_at timestamptz;
ALTER TABLE saved_searches ADD COLUMN negotiable_only boolean NOT NULL DEFAULT false;

CREATE OR REPLACE VIEW product_listings AS
SELECT
    p.id,
    p.seller_id,
    p.category_id,
    c.name          AS category,
    p.product_name,
    p.picture,
    p.sell_price,
    p.original_price,
    p.condition,
    p.location,
    p.used,
    p.phone,
    p.description,
    u.user_name     AS seller_name,
    u.email         AS seller_email,
    u.verified      AS seller_verified,
    p.advertised_at,
    p.sold_at,
    p.created_at,
    EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
    (p.reserved_by IS NOT NULL)::boolean AS reserved,
    p.photos,
    p.processor,
    p.ram_gb,
    p.storage_gb,
    p.storage_type,
    p.screen_inches,
    p.gpu,
    p.battery_health,
    p.charger,
    p.warranty_months,
    (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
          THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
    p.advertised_until,
    p.expires_at,
    p.expired_at,
    u.review_count  AS seller_review_count,
    u.review_sum    AS seller_review_sum,
    p.hidden_at,
    p.hidden_reason,
    p.area_id,
    p.negotiable,
    p.price_verdict
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;

-- +goose Down
DROP VIEW product_listings;
CREATE VIEW product_listings AS
SELECT
    p.id,
    p.seller_id,
    p.category_id,
    c.name          AS category,
    p.product_name,
    p.picture,
    p.sell_price,
    p.original_price,
    p.condition,
    p.location,
    p.used,
    p.phone,
    p.description,
    u.user_name     AS seller_name,
    u.email         AS seller_email,
    u.verified      AS seller_verified,
    p.advertised_at,
    p.sold_at,
    p.created_at,
    EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
    (p.reserved_by IS NOT NULL)::boolean AS reserved,
    p.photos,
    p.processor,
    p.ram_gb,
    p.storage_gb,
    p.storage_type,
    p.screen_inches,
    p.gpu,
    p.battery_health,
    p.charger,
    p.warranty_months,
    (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
          THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
    p.advertised_until,
    p.expires_at,
    p.expired_at,
    u.review_count  AS seller_review_count,
    u.review_sum    AS seller_review_sum,
    p.hidden_at,
    p.hidden_reason,
    p.area_id
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;
ALTER TABLE saved_searches DROP COLUMN negotiable_only;
ALTER TABLE products DROP COLUMN price_judged_at, DROP COLUMN price_verdict, DROP COLUMN negotiable;
