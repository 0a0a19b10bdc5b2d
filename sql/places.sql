-- Places (#36, migration 00044): divisions, districts and areas, read once
-- by the store and kept (they change only with a migration).

-- name: ListDivisions :many
SELECT id, name, name_bn, lat, lon FROM divisions ORDER BY name;

-- name: ListDistricts :many
SELECT id, division_id, name, name_bn, lat, lon FROM districts ORDER BY name;

-- name: ListAreas :many
SELECT id, district_id, name, name_bn, lat, lon FROM areas ORDER BY name, id;

-- name: MatchArea :one
-- The area a free-text location names when that is clear (match_area,
-- migration 00044), else NULL.
SELECT coalesce(match_area(@location::text), '')::text AS area_id;

-- name: CountPlaceFacets :many
-- How many available products each area has among those the filters pick
-- but the places' own (a facet of places leaves them all out). A search
-- comes as its few match_ids or as query.
SELECT p.area_id::text AS area_id, count(*) AS available
FROM products p
WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL AND p.area_id IS NOT NULL
  AND (sqlc.narg(query)::text IS NULL OR p.search @@ to_tsquery('simple', sqlc.narg(query)))
  AND (sqlc.narg(match_ids)::bigint[] IS NULL OR p.id = ANY(sqlc.narg(match_ids)::bigint[]))
  AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))
  AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
  AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = p.seller_id AND u.verified))
  AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
  AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
  AND (sqlc.narg(ram_min)::integer IS NULL OR p.ram_gb >= sqlc.narg(ram_min))
  AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
  AND (sqlc.narg(storage_type)::text IS NULL OR p.storage_type = sqlc.narg(storage_type))
  AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
  AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
  AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
  AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
  AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
GROUP BY p.area_id;

-- name: BrowseNearest :many
-- Nearest first (store/browse_near.go): the areas come ordered by distance
-- from the asked point (@area_ids, a few at a time), and each area's
-- listings are read newest first along products_area_idx, a page at most
-- each; the first area continues after the cursor (@after_time, @after_id).
-- The filters are BrowseNewest's, checked on products alone: the listing's
-- whole row (product_listings, its seller's and brand's) is read for the
-- page's rows only, not for every row the walks pass (half the time of a
-- search's page at 10,000 listings).
SELECT pl.*, x.ord::integer AS ord
FROM (
    SELECT o.ord, y.id, y.created_at
    FROM unnest(sqlc.arg(area_ids)::text[]) WITH ORDINALITY AS o(area_id, ord)
    CROSS JOIN LATERAL (
        SELECT p.id, p.created_at FROM products p
        WHERE p.area_id = o.area_id AND p.sold_at IS NULL AND p.expired_at IS NULL AND p.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM users u WHERE u.id = p.seller_id AND u.deleted_at IS NULL AND (NOT sqlc.arg(verified_only)::boolean OR u.verified))
          AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
          AND (sqlc.narg(query)::text IS NULL OR p.search @@ to_tsquery('simple', sqlc.narg(query)))
          AND (sqlc.narg(match_ids)::bigint[] IS NULL OR p.id = ANY(sqlc.narg(match_ids)::bigint[]))
          AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))
          AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
          AND (sqlc.narg(ram_min)::integer IS NULL OR p.ram_gb >= sqlc.narg(ram_min))
          AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(storage_type)::text IS NULL OR p.storage_type = sqlc.narg(storage_type))
          AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
          AND (o.ord > 1 OR sqlc.narg(after_time)::timestamptz IS NULL OR (p.created_at, p.id) < (sqlc.narg(after_time), sqlc.narg(after_id)::bigint))
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT sqlc.arg(page_size)
    ) y
    ORDER BY o.ord, y.created_at DESC, y.id DESC
    LIMIT sqlc.arg(page_size)
) x
JOIN product_listings pl ON pl.id = x.id
ORDER BY x.ord, x.created_at DESC, x.id DESC;

-- name: BrowseUnplacedNewest :many
-- Nearest first, after every listing with an area: those without one,
-- newest first along products_area_idx (its NULL area). The filters are
-- BrowseNewest's.
SELECT pl.* FROM product_listings pl LEFT JOIN products s ON s.id = pl.id
WHERE pl.area_id IS NULL AND pl.sold_at IS NULL AND pl.expired_at IS NULL
  AND (sqlc.narg(category_id)::bigint IS NULL OR pl.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(query)::text IS NULL OR s.search @@ to_tsquery('simple', sqlc.narg(query)))
  AND (sqlc.narg(match_ids)::bigint[] IS NULL OR pl.id = ANY(sqlc.narg(match_ids)::bigint[]))
  AND (sqlc.narg(min_price)::bigint IS NULL OR pl.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR pl.sell_price <= sqlc.narg(max_price))
  AND (sqlc.narg(condition)::text IS NULL OR pl.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR pl.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (NOT sqlc.arg(verified_only)::boolean OR pl.seller_verified)
  AND (NOT sqlc.arg(negotiable_only)::boolean OR pl.negotiable)
  AND (NOT sqlc.arg(checked_only)::boolean OR pl.checked_at IS NOT NULL)
  AND (sqlc.narg(ram_min)::integer IS NULL OR pl.ram_gb >= sqlc.narg(ram_min))
  AND (sqlc.narg(storage_min)::integer IS NULL OR pl.storage_gb >= sqlc.narg(storage_min))
  AND (sqlc.narg(storage_type)::text IS NULL OR pl.storage_type = sqlc.narg(storage_type))
  AND (sqlc.narg(battery_min)::integer IS NULL OR pl.battery_health >= sqlc.narg(battery_min))
  AND (sqlc.narg(screen_min)::real IS NULL OR pl.screen_inches >= sqlc.narg(screen_min))
  AND (sqlc.narg(screen_max)::real IS NULL OR pl.screen_inches <= sqlc.narg(screen_max))
  AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', pl.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
  AND (sqlc.narg(seller_id)::bigint IS NULL OR pl.seller_id = sqlc.narg(seller_id))
  AND (sqlc.narg(after_time)::timestamptz IS NULL OR (pl.created_at, pl.id) < (sqlc.narg(after_time), sqlc.narg(after_id)::bigint))
ORDER BY pl.created_at DESC, pl.id DESC
LIMIT sqlc.arg(page_size);

-- name: ListAreaCounts :many
-- How many available listings each area has by brand and condition, kept
-- by triggers (migration 00044).
SELECT area_id, category_id, condition, available FROM product_area_counts WHERE available > 0;

