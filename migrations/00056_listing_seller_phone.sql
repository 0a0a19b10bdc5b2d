-- +goose Up
-- A listing carries its seller's proved number (#35) in the same row, so a
-- list is one round trip (#38): it was a second query after each page, a
-- look-up of the page's sellers' numbers by their ids.
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
    p.price_verdict,
    p.checked_at,
    p.stolen_at,
    CASE WHEN u.phone_verified THEN u.phone ELSE '' END AS seller_phone
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
    p.area_id,
    p.negotiable,
    p.price_verdict,
    p.checked_at,
    p.stolen_at
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL;
