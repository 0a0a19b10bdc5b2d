-- Browsing the catalogue: available products with optional filters, in
-- pages. Each sort has its own query so each can use its own index, and
-- pages continue from a keyset cursor (the last row's sort key and id),
-- never an offset. A NULL filter means "any". The store runs these queries
-- (all but BrowseCategoryNewest) as unnamed statements, planned for each
-- execution's own values: a generic plan made for a common category would
-- be slow for a rare one. The category comes as its id, which the planner's
-- statistics know (a name behind a join they do not).
--
-- A search comes in one of two forms, chosen by the caller after looking
-- up at most 2,000 matches through the GIN index (ListSearchMatches): few
-- matches arrive as match_ids and are fetched by id and sorted; many come
-- as query, and the sort's index is walked with each product checked,
-- which stops after a page. The planner cannot tell the two apart from a
-- prefix query's estimate. The LEFT JOIN is folded away when query is NULL.
--
-- The specs' filters: processor is a prefix query like a search's, matched
-- against the processor's own words through products_processor_idx (every
-- typed word starts a word of it: "i5" finds "Core i5-1135G7", "ryzen 7"
-- finds "Ryzen 7 5700U" but not "Core i7").

-- name: BrowseNewest :many
SELECT pl.* FROM product_listings pl LEFT JOIN products s ON s.id = pl.id
WHERE pl.sold_at IS NULL AND pl.expired_at IS NULL
  AND (sqlc.narg(category_id)::bigint IS NULL OR pl.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(query)::text IS NULL OR s.search @@ to_tsquery('simple', sqlc.narg(query)))
  AND (sqlc.narg(match_ids)::bigint[] IS NULL OR pl.id = ANY(sqlc.narg(match_ids)::bigint[]))
  AND (sqlc.narg(min_price)::bigint IS NULL OR pl.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR pl.sell_price <= sqlc.narg(max_price))
  AND (sqlc.narg(condition)::text IS NULL OR pl.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR pl.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR pl.area_id = ANY(sqlc.narg(area_ids)::text[]))
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

-- name: BrowsePriceAsc :many
SELECT pl.* FROM product_listings pl LEFT JOIN products s ON s.id = pl.id
WHERE pl.sold_at IS NULL AND pl.expired_at IS NULL
  AND (sqlc.narg(category_id)::bigint IS NULL OR pl.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(query)::text IS NULL OR s.search @@ to_tsquery('simple', sqlc.narg(query)))
  AND (sqlc.narg(match_ids)::bigint[] IS NULL OR pl.id = ANY(sqlc.narg(match_ids)::bigint[]))
  AND (sqlc.narg(min_price)::bigint IS NULL OR pl.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR pl.sell_price <= sqlc.narg(max_price))
  AND (sqlc.narg(condition)::text IS NULL OR pl.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR pl.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR pl.area_id = ANY(sqlc.narg(area_ids)::text[]))
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
  AND (sqlc.narg(after_price)::bigint IS NULL OR (pl.sell_price, pl.id) > (sqlc.narg(after_price), sqlc.narg(after_id)::bigint))
ORDER BY pl.sell_price, pl.id
LIMIT sqlc.arg(page_size);

-- name: BrowsePriceDesc :many
SELECT pl.* FROM product_listings pl LEFT JOIN products s ON s.id = pl.id
WHERE pl.sold_at IS NULL AND pl.expired_at IS NULL
  AND (sqlc.narg(category_id)::bigint IS NULL OR pl.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(query)::text IS NULL OR s.search @@ to_tsquery('simple', sqlc.narg(query)))
  AND (sqlc.narg(match_ids)::bigint[] IS NULL OR pl.id = ANY(sqlc.narg(match_ids)::bigint[]))
  AND (sqlc.narg(min_price)::bigint IS NULL OR pl.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR pl.sell_price <= sqlc.narg(max_price))
  AND (sqlc.narg(condition)::text IS NULL OR pl.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR pl.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR pl.area_id = ANY(sqlc.narg(area_ids)::text[]))
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
  AND (sqlc.narg(after_price)::bigint IS NULL OR (pl.sell_price, pl.id) < (sqlc.narg(after_price), sqlc.narg(after_id)::bigint))
ORDER BY pl.sell_price DESC, pl.id DESC
LIMIT sqlc.arg(page_size);

-- name: BrowseRelevance :many
-- Best matches first: ts_rank of the search, then newest id. Ranks only
-- the matches found first (match_ids): ranking every match of a broad
-- search would cost a read of each. They are ranked on products alone,
-- and only the page's rows are read through the view: a thousand matches
-- ranked through the view's joins took 90 ms.
SELECT pl.*, r.rank
FROM (
  SELECT p.id, ts_rank(p.search, to_tsquery('simple', sqlc.arg(query)))::real AS rank
  FROM products p JOIN users u ON u.id = p.seller_id
  WHERE p.id = ANY(sqlc.arg(match_ids)::bigint[]) AND p.sold_at IS NULL AND p.expired_at IS NULL
    AND p.deleted_at IS NULL AND u.deleted_at IS NULL
    AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
    AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
    AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
    AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))
    AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
    AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
    AND (NOT sqlc.arg(verified_only)::boolean OR u.verified)
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
    AND (sqlc.narg(after_rank)::real IS NULL
         OR (ts_rank(p.search, to_tsquery('simple', sqlc.arg(query)))::real, p.id) < (sqlc.narg(after_rank)::real, sqlc.narg(after_id)::bigint))
  ORDER BY rank DESC, p.id DESC
  LIMIT sqlc.arg(page_size)
) r
JOIN product_listings pl ON pl.id = r.id
ORDER BY r.rank DESC, r.id DESC;

-- name: BrowseCategoryNewest :many
-- The commonest page of all, a brand's newest products without filters,
-- written so that one generic plan serves every brand: the category and the
-- cursor are both conditions of products_category_available_idx (a missing
-- cursor compares below infinity), so the prepared statement's cached plan
-- is right for a brand with five products and one with fifty thousand.
SELECT * FROM product_listings
WHERE sold_at IS NULL AND expired_at IS NULL AND category_id = @category_id
  AND (created_at, id) < (COALESCE(sqlc.narg(after_time)::timestamptz, 'infinity'), COALESCE(sqlc.narg(after_id)::bigint, 9223372036854775807))
ORDER BY created_at DESC, id DESC
LIMIT @page_size;

-- name: GetCategoryCount :one
SELECT available FROM category_counts WHERE category_id = @category_id;

-- name: ListSearchMatches :many
-- The ids of available products that match @query, no more than @up_to of
-- them, found through the GIN index by @index_query (the search's rarest
-- word and the words nearly as rare, or all of it) and checked for the
-- whole search on their own rows: ts_match_vq is @@ in a form the planner
-- does not give the index, which would otherwise gather every row with a
-- common word first (store/terms.go).
SELECT id FROM products
WHERE search @@ to_tsquery('simple', @index_query) AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
  AND ts_match_vq(search, to_tsquery('simple', @query))
LIMIT @up_to;

-- name: BrowseSearchNewest :many
-- A broad search, newest first: walks the newest-first index and checks
-- each product's own words on the row it has read. Through the
-- product_listings view each product would be read a second time to reach
-- its words; so this query spells out the view (same columns, same rows).
-- Its matches found first instead (the store's matchesFirst), the GIN
-- index is asked for @index_query only, the search's rarest word and the
-- words nearly as rare, and the other words are checked on each row found, as in ListSearchMatches.
-- Walked, it has no @index_query: it runs prepared, its plan made once
-- and kept, with every other plan but the walk turned off for it (the
-- store's walkWithin); the planner, which cannot tell from "NULL or"
-- filters how many rows they keep, would otherwise choose a plan that
-- reads every product for a page. Planned afresh for each request, as
-- the other lists are, it spent more time planning than walking. In a
-- kept plan a query's text is a parameter, and to_tsquery of it would be
-- parsed again for each row the walk reads: (SELECT to_tsquery(...)) is
-- parsed once (an InitPlan); 0.64 ms became 0.25 ms for a page of
-- 'macbook' at 10,000 products.
SELECT p.id, p.seller_id, p.category_id, c.name AS category, p.product_name, p.picture, p.sell_price,
       p.original_price, p.condition, p.location, p.used, p.phone, p.description,
       u.user_name AS seller_name, u.email AS seller_email, u.verified AS seller_verified,
       p.advertised_at, p.sold_at, p.created_at,
       EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
       (p.reserved_by IS NOT NULL)::boolean AS reserved,
       p.photos, p.processor, p.ram_gb, p.storage_gb, p.storage_type, p.screen_inches, p.gpu, p.battery_health, p.charger, p.warranty_months,
       (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
             THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
       p.advertised_until, p.expires_at, p.expired_at,
       u.review_count AS seller_review_count, u.review_sum AS seller_review_sum, p.hidden_at, p.hidden_reason, p.area_id, p.negotiable, p.price_verdict, p.checked_at, p.stolen_at,
       CASE WHEN u.phone_verified THEN u.phone ELSE '' END AS seller_phone
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL AND p.sold_at IS NULL AND p.expired_at IS NULL
  AND (sqlc.narg(index_query)::text IS NULL OR p.search @@ to_tsquery('simple', sqlc.narg(index_query)))
  AND ts_match_vq(p.search, (SELECT to_tsquery('simple', sqlc.arg(query))))
  AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
  AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
  AND (NOT sqlc.arg(verified_only)::boolean OR u.verified)
  AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
  AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
  AND (sqlc.narg(ram_min)::integer IS NULL OR p.ram_gb >= sqlc.narg(ram_min))
  AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
  AND (sqlc.narg(storage_type)::text IS NULL OR p.storage_type = sqlc.narg(storage_type))
  AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
  AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
  AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
  AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ (SELECT to_tsquery('simple', sqlc.narg(processor))))
  AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
  AND (sqlc.narg(after_time)::timestamptz IS NULL OR (p.created_at, p.id) < (sqlc.narg(after_time), sqlc.narg(after_id)::bigint))
ORDER BY p.created_at DESC, p.id DESC
LIMIT sqlc.arg(page_size);

-- name: BrowseSearchNewestInCategory :many
-- BrowseSearchNewest in one brand: walks the brand's newest-first index
-- (products_category_available_idx), so that the brand's products alone
-- are read and checked ("core i7" in HP, excellent: 440 products for a
-- page at a million, where the walk of every brand read 1,140).
SELECT p.id, p.seller_id, p.category_id, c.name AS category, p.product_name, p.picture, p.sell_price,
       p.original_price, p.condition, p.location, p.used, p.phone, p.description,
       u.user_name AS seller_name, u.email AS seller_email, u.verified AS seller_verified,
       p.advertised_at, p.sold_at, p.created_at,
       EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
       (p.reserved_by IS NOT NULL)::boolean AS reserved,
       p.photos, p.processor, p.ram_gb, p.storage_gb, p.storage_type, p.screen_inches, p.gpu, p.battery_health, p.charger, p.warranty_months,
       (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
             THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
       p.advertised_until, p.expires_at, p.expired_at,
       u.review_count AS seller_review_count, u.review_sum AS seller_review_sum, p.hidden_at, p.hidden_reason, p.area_id, p.negotiable, p.price_verdict, p.checked_at, p.stolen_at,
       CASE WHEN u.phone_verified THEN u.phone ELSE '' END AS seller_phone
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL AND p.sold_at IS NULL AND p.expired_at IS NULL
  AND (sqlc.narg(index_query)::text IS NULL OR p.search @@ to_tsquery('simple', sqlc.narg(index_query)))
  AND ts_match_vq(p.search, (SELECT to_tsquery('simple', sqlc.arg(query))))
  AND p.category_id = sqlc.arg(category_id)
  AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
  AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
  AND (NOT sqlc.arg(verified_only)::boolean OR u.verified)
  AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
  AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
  AND (sqlc.narg(ram_min)::integer IS NULL OR p.ram_gb >= sqlc.narg(ram_min))
  AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
  AND (sqlc.narg(storage_type)::text IS NULL OR p.storage_type = sqlc.narg(storage_type))
  AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
  AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
  AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
  AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ (SELECT to_tsquery('simple', sqlc.narg(processor))))
  AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
  AND (sqlc.narg(after_time)::timestamptz IS NULL OR (p.created_at, p.id) < (sqlc.narg(after_time), sqlc.narg(after_id)::bigint))
ORDER BY p.created_at DESC, p.id DESC
LIMIT sqlc.arg(page_size);

-- name: BrowseSearchNewestInCategoryCondition :many
-- BrowseSearchNewestInCategory in one condition: walks the brand's
-- listings in that condition alone (products_category_condition_idx).
SELECT p.id, p.seller_id, p.category_id, c.name AS category, p.product_name, p.picture, p.sell_price,
       p.original_price, p.condition, p.location, p.used, p.phone, p.description,
       u.user_name AS seller_name, u.email AS seller_email, u.verified AS seller_verified,
       p.advertised_at, p.sold_at, p.created_at,
       EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
       (p.reserved_by IS NOT NULL)::boolean AS reserved,
       p.photos, p.processor, p.ram_gb, p.storage_gb, p.storage_type, p.screen_inches, p.gpu, p.battery_health, p.charger, p.warranty_months,
       (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
             THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
       p.advertised_until, p.expires_at, p.expired_at,
       u.review_count AS seller_review_count, u.review_sum AS seller_review_sum, p.hidden_at, p.hidden_reason, p.area_id, p.negotiable, p.price_verdict, p.checked_at, p.stolen_at,
       CASE WHEN u.phone_verified THEN u.phone ELSE '' END AS seller_phone
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL AND p.sold_at IS NULL AND p.expired_at IS NULL
  AND (sqlc.narg(index_query)::text IS NULL OR p.search @@ to_tsquery('simple', sqlc.narg(index_query)))
  AND ts_match_vq(p.search, (SELECT to_tsquery('simple', sqlc.arg(query))))
  AND p.category_id = sqlc.arg(category_id)
  AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
  AND p.condition = sqlc.arg(condition)
  AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
  AND (NOT sqlc.arg(verified_only)::boolean OR u.verified)
  AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
  AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
  AND (sqlc.narg(ram_min)::integer IS NULL OR p.ram_gb >= sqlc.narg(ram_min))
  AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
  AND (sqlc.narg(storage_type)::text IS NULL OR p.storage_type = sqlc.narg(storage_type))
  AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
  AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
  AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
  AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ (SELECT to_tsquery('simple', sqlc.narg(processor))))
  AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
  AND (sqlc.narg(after_time)::timestamptz IS NULL OR (p.created_at, p.id) < (sqlc.narg(after_time), sqlc.narg(after_id)::bigint))
ORDER BY p.created_at DESC, p.id DESC
LIMIT sqlc.arg(page_size);

-- name: BrowseSearchPriceAsc :many
-- A broad search, cheapest first: BrowseSearchNewest's columns and rows
-- in price order. Walked along products_price_idx it checks each
-- product's words on the row it has read; found first (the store's
-- matchesFirst), its matches come from the GIN index and are sorted.
-- Through the view with a join back to products for the words, as
-- BrowsePriceAsc has them, that second plan joined every row before
-- sorting (8 s for 'apple' at a million; 0.14 s this way).
SELECT p.id, p.seller_id, p.category_id, c.name AS category, p.product_name, p.picture, p.sell_price,
       p.original_price, p.condition, p.location, p.used, p.phone, p.description,
       u.user_name AS seller_name, u.email AS seller_email, u.verified AS seller_verified,
       p.advertised_at, p.sold_at, p.created_at,
       EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
       (p.reserved_by IS NOT NULL)::boolean AS reserved,
       p.photos, p.processor, p.ram_gb, p.storage_gb, p.storage_type, p.screen_inches, p.gpu, p.battery_health, p.charger, p.warranty_months,
       (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
             THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
       p.advertised_until, p.expires_at, p.expired_at,
       u.review_count AS seller_review_count, u.review_sum AS seller_review_sum, p.hidden_at, p.hidden_reason, p.area_id, p.negotiable, p.price_verdict, p.checked_at, p.stolen_at,
       CASE WHEN u.phone_verified THEN u.phone ELSE '' END AS seller_phone
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL AND p.sold_at IS NULL AND p.expired_at IS NULL
  AND (sqlc.narg(index_query)::text IS NULL OR p.search @@ to_tsquery('simple', sqlc.narg(index_query)))
  AND ts_match_vq(p.search, (SELECT to_tsquery('simple', sqlc.arg(query))))
  AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
  AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
  AND (NOT sqlc.arg(verified_only)::boolean OR u.verified)
  AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
  AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
  AND (sqlc.narg(ram_min)::integer IS NULL OR p.ram_gb >= sqlc.narg(ram_min))
  AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
  AND (sqlc.narg(storage_type)::text IS NULL OR p.storage_type = sqlc.narg(storage_type))
  AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
  AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
  AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
  AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ (SELECT to_tsquery('simple', sqlc.narg(processor))))
  AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
  AND (sqlc.narg(after_price)::bigint IS NULL OR (p.sell_price, p.id) > (sqlc.narg(after_price), sqlc.narg(after_id)::bigint))
ORDER BY p.sell_price, p.id
LIMIT sqlc.arg(page_size);

-- name: BrowseSearchPriceDesc :many
-- BrowseSearchPriceAsc, dearest first.
SELECT p.id, p.seller_id, p.category_id, c.name AS category, p.product_name, p.picture, p.sell_price,
       p.original_price, p.condition, p.location, p.used, p.phone, p.description,
       u.user_name AS seller_name, u.email AS seller_email, u.verified AS seller_verified,
       p.advertised_at, p.sold_at, p.created_at,
       EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
       (p.reserved_by IS NOT NULL)::boolean AS reserved,
       p.photos, p.processor, p.ram_gb, p.storage_gb, p.storage_type, p.screen_inches, p.gpu, p.battery_health, p.charger, p.warranty_months,
       (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
             THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
       p.advertised_until, p.expires_at, p.expired_at,
       u.review_count AS seller_review_count, u.review_sum AS seller_review_sum, p.hidden_at, p.hidden_reason, p.area_id, p.negotiable, p.price_verdict, p.checked_at, p.stolen_at,
       CASE WHEN u.phone_verified THEN u.phone ELSE '' END AS seller_phone
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.deleted_at IS NULL AND u.deleted_at IS NULL AND p.sold_at IS NULL AND p.expired_at IS NULL
  AND (sqlc.narg(index_query)::text IS NULL OR p.search @@ to_tsquery('simple', sqlc.narg(index_query)))
  AND ts_match_vq(p.search, (SELECT to_tsquery('simple', sqlc.arg(query))))
  AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
  AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
  AND (NOT sqlc.arg(verified_only)::boolean OR u.verified)
  AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
  AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
  AND (sqlc.narg(ram_min)::integer IS NULL OR p.ram_gb >= sqlc.narg(ram_min))
  AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
  AND (sqlc.narg(storage_type)::text IS NULL OR p.storage_type = sqlc.narg(storage_type))
  AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
  AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
  AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
  AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ (SELECT to_tsquery('simple', sqlc.narg(processor))))
  AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
  AND (sqlc.narg(after_price)::bigint IS NULL OR (p.sell_price, p.id) < (sqlc.narg(after_price), sqlc.narg(after_id)::bigint))
ORDER BY p.sell_price DESC, p.id DESC
LIMIT sqlc.arg(page_size);

-- name: ListFacetCounts :many
-- How many available products each combination of category, condition and
-- the specs' pickers has (0, '' and -1: not given), kept by triggers
-- (migration 00016): a few hundred rows at any catalogue size, summed into
-- the facets by the store.
SELECT f.category_id, c.name AS category, f.condition, f.ram_gb, f.storage_type, f.storage_gb, f.screen_inches, f.battery_tens, f.available
FROM product_facet_counts f JOIN categories c ON c.id = f.category_id
WHERE f.available > 0;

-- name: CountFacetsLive :many
-- The facets' combinations counted among the available products a filter
-- the kept counts know nothing of picks (a search, prices, place, verified
-- sellers, processor words, a seller, a battery not in steps of ten).
-- Category, condition, RAM and storage type are grouped, not filtered: each
-- facet leaves out its own filter, so the store applies them as it sums.
-- A search comes as its few match_ids or, when broad, as query.
SELECT g.category_id, c.name AS category, g.condition, g.ram_gb, g.storage_type, g.available
FROM (
    SELECT p.category_id, p.condition, coalesce(p.ram_gb, 0)::integer AS ram_gb,
           coalesce(p.storage_type, '')::text AS storage_type, count(*) AS available
    FROM products p
    WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL
      AND (sqlc.narg(query)::text IS NULL OR p.search @@ to_tsquery('simple', sqlc.narg(query)))
      AND (sqlc.narg(match_ids)::bigint[] IS NULL OR p.id = ANY(sqlc.narg(match_ids)::bigint[]))
      AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
      AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
      AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
      AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
      AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = p.seller_id AND u.verified))
      AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
      AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
      AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
      AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
      AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
      AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
      AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
      AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
    GROUP BY 1, 2, 3, 4
) g JOIN categories c ON c.id = g.category_id;

-- name: CountFacetsNewest :many
-- A broad search's facets, counted among its newest @up_to matches only,
-- so each count is a lower bound: a walk of products_available_idx that
-- checks each product's words on its row (ts_match_vq, which the planner
-- does not give the GIN index) and stops there, whatever the catalogue's
-- size. The filters are CountFacetsLive's, with the search required.
SELECT g.category_id, c.name AS category, g.condition, g.ram_gb, g.storage_type, g.available
FROM (
    SELECT m.category_id, m.condition, coalesce(m.ram_gb, 0)::integer AS ram_gb,
           coalesce(m.storage_type, '')::text AS storage_type, count(*) AS available
    FROM (
        SELECT p.category_id, p.condition, p.ram_gb, p.storage_type
        FROM products p
        WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL
          AND ts_match_vq(p.search, (SELECT to_tsquery('simple', @query)))
          AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
          AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = p.seller_id AND u.verified))
          AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
          AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ (SELECT to_tsquery('simple', sqlc.narg(processor))))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT @up_to
    ) m
    GROUP BY 1, 2, 3, 4
) g JOIN categories c ON c.id = g.category_id;

-- name: ListFilteredSearchMatches :many
-- The ids of available products matching @query and the filters but prices
-- and verified sellers (the page's query applies those), at most @up_to, in
-- no order: for a search whose other filters are seldom with its words,
-- found first through the indexes (store/browse.go filteredMatches).
SELECT p.id FROM products p
WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL
  AND p.search @@ to_tsquery('simple', @query)
  AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
  AND (sqlc.narg(ram_min)::integer IS NULL OR p.ram_gb >= sqlc.narg(ram_min))
  AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
  AND (sqlc.narg(storage_type)::text IS NULL OR p.storage_type = sqlc.narg(storage_type))
  AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
  AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
  AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
  AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
  AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
LIMIT @up_to;

-- name: ListProcessorMatches :many
-- The ids of available products whose processor has the words, no more
-- than @up_to of them, through products_processor_idx. Like a search's
-- matches: a list filtered by a processor few laptops have (an Apple M3
-- among HP's) fetches those by id rather than walk its sort's index
-- looking for them, which the planner cannot foresee.
SELECT id FROM products
WHERE to_tsvector('simple', processor) @@ to_tsquery('simple', @processor) AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
  AND (sqlc.narg(category_id)::bigint IS NULL OR category_id = sqlc.narg(category_id))
LIMIT @up_to;

-- name: ListSimilarAbove :many
-- Laptops like one (its page's "Similar laptops"): available, of the same
-- brand, priced from @price up to @max_price, nearest first. A walk of
-- products_category_price_idx that stops after a page, however big the
-- brand; ListSimilarBelow walks down from the same price and the store
-- keeps the nearest of both.
SELECT * FROM product_listings
WHERE sold_at IS NULL AND expired_at IS NULL AND category_id = @category_id
  AND sell_price >= @price AND sell_price <= @max_price AND id <> @id
ORDER BY sell_price, id
LIMIT @page_size;

-- name: ListSimilarBelow :many
-- Below the product's price, down to @min_price, nearest first.
SELECT * FROM product_listings
WHERE sold_at IS NULL AND expired_at IS NULL AND category_id = @category_id
  AND sell_price < @price AND sell_price >= @min_price AND id <> @id
ORDER BY sell_price DESC, id DESC
LIMIT @page_size;

-- name: ListPostingsPriceAsc :many
-- The next listings, cheapest first, after a price and id and up to a
-- price, of each word starting with prefix (search_postings): at most
-- per_word of each of the first max_words such words, read from the
-- table's key. The words are found one key lookup each, the next after
-- the last (a loose index scan); word_count says how many there are, up
-- to max_words + 1. prefix_end is prefix followed by the last code point,
-- past every word that starts with prefix. A brand or a condition, when
-- given, keeps the postings of its listings alone, each checked by its
-- product's key as the word's postings are read in order: 'core i5' in
-- HP cheapest first at a million passed 11,550 cheaper Core i5s of other
-- brands, read a few at a time and checked here, and gave way.
WITH RECURSIVE words AS (
    SELECT (SELECT min(s.word) FROM search_postings s WHERE s.word >= sqlc.arg(prefix)::text AND s.word < sqlc.arg(prefix_end)::text) AS word, 1 AS n
    UNION ALL
    SELECT (SELECT min(s.word) FROM search_postings s WHERE s.word > w.word AND s.word < sqlc.arg(prefix_end)::text), w.n + 1
    FROM words w WHERE w.word IS NOT NULL AND w.n <= sqlc.arg(max_words)::integer
), found AS (
    SELECT word, n FROM words WHERE word IS NOT NULL
)
SELECT f.word::text AS word, x.sell_price, x.product_id, (SELECT max(n) FROM found)::integer AS word_count
FROM found f
CROSS JOIN LATERAL (
    SELECT s.sell_price, s.product_id FROM search_postings s
    WHERE s.word = f.word AND (s.sell_price, s.product_id) > (sqlc.arg(after_price)::bigint, sqlc.arg(after_id)::bigint)
      AND s.sell_price <= sqlc.arg(up_to_price)::bigint
      AND (sqlc.narg(category_id)::bigint IS NULL AND sqlc.narg(condition)::text IS NULL OR EXISTS (
          SELECT 1 FROM products p WHERE p.id = s.product_id
            AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
            AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))))
    ORDER BY s.sell_price, s.product_id
    LIMIT sqlc.arg(per_word)::integer
) x
WHERE f.n <= sqlc.arg(max_words)::integer;

-- name: ListPostingsPriceDesc :many
-- ListPostingsPriceAsc, dearest first: before a price and id, down to a
-- price.
WITH RECURSIVE words AS (
    SELECT (SELECT min(s.word) FROM search_postings s WHERE s.word >= sqlc.arg(prefix)::text AND s.word < sqlc.arg(prefix_end)::text) AS word, 1 AS n
    UNION ALL
    SELECT (SELECT min(s.word) FROM search_postings s WHERE s.word > w.word AND s.word < sqlc.arg(prefix_end)::text), w.n + 1
    FROM words w WHERE w.word IS NOT NULL AND w.n <= sqlc.arg(max_words)::integer
), found AS (
    SELECT word, n FROM words WHERE word IS NOT NULL
)
SELECT f.word::text AS word, x.sell_price, x.product_id, (SELECT max(n) FROM found)::integer AS word_count
FROM found f
CROSS JOIN LATERAL (
    SELECT s.sell_price, s.product_id FROM search_postings s
    WHERE s.word = f.word AND (s.sell_price, s.product_id) < (sqlc.arg(after_price)::bigint, sqlc.arg(after_id)::bigint)
      AND s.sell_price >= sqlc.arg(down_to_price)::bigint
      AND (sqlc.narg(category_id)::bigint IS NULL AND sqlc.narg(condition)::text IS NULL OR EXISTS (
          SELECT 1 FROM products p WHERE p.id = s.product_id
            AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
            AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))))
    ORDER BY s.sell_price DESC, s.product_id DESC
    LIMIT sqlc.arg(per_word)::integer
) x
WHERE f.n <= sqlc.arg(max_words)::integer;

-- name: ListPlacesMatching :many
-- ListListingsMatching's listings at any price, each with its place in the
-- orders a page is read in alone (ListSearchMatchPlaces's columns): what a
-- broad search found in its cells remembers (store.findInCells). Its whole
-- rows, read for the 1,951 Apple laptops in excellent condition that say
-- 8gb at 100,000 products, took 23-80 ms, these 12.
SELECT p.id, p.sell_price, p.created_at, ts_rank(p.search, (SELECT to_tsquery('simple', sqlc.arg(query))))::real AS rank,
       p.category_id, p.condition, coalesce(p.ram_gb, 0)::integer AS ram_gb, coalesce(p.storage_type, '')::text AS storage_type
FROM products p
JOIN users u ON u.id = p.seller_id
WHERE p.id = ANY(sqlc.arg(ids)::bigint[]) AND p.deleted_at IS NULL AND u.deleted_at IS NULL AND p.sold_at IS NULL AND p.expired_at IS NULL
  AND ts_match_vq(p.search, (SELECT to_tsquery('simple', sqlc.arg(query))))
  AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
  AND (NOT sqlc.arg(verified_only)::boolean OR u.verified)
  AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
  AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
  AND (sqlc.narg(ram_min)::integer IS NULL OR p.ram_gb >= sqlc.narg(ram_min))
  AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
  AND (sqlc.narg(storage_type)::text IS NULL OR p.storage_type = sqlc.narg(storage_type))
  AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
  AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
  AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
  AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ (SELECT to_tsquery('simple', sqlc.narg(processor))))
  AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id));

-- name: ListListingsMatching :many
-- The listings among ids, on sale, that have the search's words and pass
-- its filters, in no order, with their ranks (BrowseRelevance's): a broad
-- search in price order checks the listings its word's postings name
-- (ListPostingsPriceAsc), and a search of few matches sorts them in the
-- store. One key lookup each; planned once, kept for any ids.
SELECT p.id, p.seller_id, p.category_id, c.name AS category, p.product_name, p.picture, p.sell_price,
       p.original_price, p.condition, p.location, p.used, p.phone, p.description,
       u.user_name AS seller_name, u.email AS seller_email, u.verified AS seller_verified,
       p.advertised_at, p.sold_at, p.created_at,
       EXISTS (SELECT 1 FROM product_reports r WHERE r.product_id = p.id) AS reported,
       (p.reserved_by IS NOT NULL)::boolean AS reserved,
       p.photos, p.processor, p.ram_gb, p.storage_gb, p.storage_type, p.screen_inches, p.gpu, p.battery_health, p.charger, p.warranty_months,
       (CASE WHEN p.price_dropped_at > now() - interval '30 days' AND p.price_dropped_from > p.sell_price
             THEN p.price_dropped_from ELSE 0 END)::bigint AS price_dropped_from,
       p.advertised_until, p.expires_at, p.expired_at,
       u.review_count AS seller_review_count, u.review_sum AS seller_review_sum, p.hidden_at, p.hidden_reason, p.area_id, p.negotiable, p.price_verdict, p.checked_at, p.stolen_at,
       CASE WHEN u.phone_verified THEN u.phone ELSE '' END AS seller_phone,
       ts_rank(p.search, (SELECT to_tsquery('simple', sqlc.arg(query))))::real AS rank
FROM products p
JOIN users u ON u.id = p.seller_id
JOIN categories c ON c.id = p.category_id
WHERE p.id = ANY(sqlc.arg(ids)::bigint[]) AND p.deleted_at IS NULL AND u.deleted_at IS NULL AND p.sold_at IS NULL AND p.expired_at IS NULL
  AND ts_match_vq(p.search, (SELECT to_tsquery('simple', sqlc.arg(query))))
  AND (sqlc.narg(category_id)::bigint IS NULL OR p.category_id = sqlc.narg(category_id))
  AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
  AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
  AND (sqlc.narg(condition)::text IS NULL OR p.condition = sqlc.narg(condition))
  AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
  AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
  AND (NOT sqlc.arg(verified_only)::boolean OR u.verified)
  AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
  AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
  AND (sqlc.narg(ram_min)::integer IS NULL OR p.ram_gb >= sqlc.narg(ram_min))
  AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
  AND (sqlc.narg(storage_type)::text IS NULL OR p.storage_type = sqlc.narg(storage_type))
  AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
  AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
  AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
  AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ (SELECT to_tsquery('simple', sqlc.narg(processor))))
  AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id));

-- name: CountFacetsAmong :many
-- The facets' combinations counted among the first @up_to, cheapest first,
-- of the listings among ids on sale that have the search's words and pass
-- the filters no facet shows (CountFacetsLive's): a broad search's facets
-- are counted among the cheapest of its matches its rarest word's
-- postings name (ListPostingsPriceAsc). No query: the search is that word
-- alone, which each of them has. One key lookup each; planned once, kept.
SELECT g.category_id, c.name AS category, g.condition, g.ram_gb, g.storage_type, g.available
FROM (
    SELECT m.category_id, m.condition, coalesce(m.ram_gb, 0)::integer AS ram_gb,
           coalesce(m.storage_type, '')::text AS storage_type, count(*) AS available
    FROM (
        SELECT p.category_id, p.condition, p.ram_gb, p.storage_type
        FROM products p
        WHERE p.id = ANY(sqlc.arg(ids)::bigint[]) AND p.deleted_at IS NULL AND p.sold_at IS NULL AND p.expired_at IS NULL
          AND (sqlc.narg(query)::text IS NULL OR ts_match_vq(p.search, (SELECT to_tsquery('simple', sqlc.narg(query)))))
          AND (sqlc.narg(min_price)::bigint IS NULL OR p.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR p.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(location)::text IS NULL OR p.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (sqlc.narg(area_ids)::text[] IS NULL OR p.area_id = ANY(sqlc.narg(area_ids)::text[]))
          AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = p.seller_id AND u.verified))
          AND (NOT sqlc.arg(negotiable_only)::boolean OR p.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR p.checked_at IS NOT NULL)
          AND (sqlc.narg(storage_min)::integer IS NULL OR p.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(battery_min)::integer IS NULL OR p.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR p.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR p.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', p.processor) @@ (SELECT to_tsquery('simple', sqlc.narg(processor))))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR p.seller_id = sqlc.narg(seller_id))
        ORDER BY p.sell_price, p.id
        LIMIT sqlc.arg(up_to)
    ) m
    GROUP BY 1, 2, 3, 4
) g JOIN categories c ON c.id = g.category_id;

-- name: BrowseCellsPriceAsc :many
-- A page in price order of a list filtered by RAM or storage type, no
-- search (migration 00057): the combinations of brand, condition, RAM and
-- storage type the kept counts say hold products meeting the filters are
-- the cells; each cell's cheapest product passing every filter is found
-- along products_cell_price_idx, the page's worth of cells with the
-- cheapest are kept (no other can hold one of the page's products), and
-- their first products merged: of the cell whose first is the k-th
-- cheapest, page_size - k + 1 at most, as the k - 1 before it each hold
-- a cheaper one (325 reads for a page of 25, not 625).
WITH cells AS (
    SELECT l.category_id, l.condition, l.ram_gb, l.storage_type FROM live_cells(sqlc.narg(category_id)::bigint, sqlc.narg(condition)::text, sqlc.narg(ram_min)::integer,
        sqlc.narg(storage_type)::text, sqlc.narg(storage_min)::integer, sqlc.narg(screen_min)::real,
        sqlc.narg(screen_max)::real, sqlc.narg(battery_min)::integer) AS l(category_id, condition, ram_gb, storage_type)
), firsts AS (
    SELECT c.category_id, c.condition, c.ram_gb, c.storage_type, x.sell_price, x.id,
           row_number() OVER (ORDER BY x.sell_price, x.id) AS k
    FROM cells c CROSS JOIN LATERAL (
        SELECT q.sell_price, q.id FROM products q
        WHERE q.category_id = c.category_id AND q.condition = c.condition AND coalesce(q.ram_gb, 0) = c.ram_gb
          AND coalesce(q.storage_type, '') = c.storage_type
          AND q.sold_at IS NULL AND q.deleted_at IS NULL AND q.expired_at IS NULL
          AND (sqlc.narg(min_price)::bigint IS NULL OR q.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR q.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(location)::text IS NULL OR q.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (sqlc.narg(area_ids)::text[] IS NULL OR q.area_id = ANY(sqlc.narg(area_ids)::text[]))
          AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = q.seller_id AND u.verified))
          AND (NOT sqlc.arg(negotiable_only)::boolean OR q.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR q.checked_at IS NOT NULL)
          AND (sqlc.narg(storage_min)::integer IS NULL OR q.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(battery_min)::integer IS NULL OR q.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR q.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR q.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', q.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR q.seller_id = sqlc.narg(seller_id))
          AND (sqlc.narg(after_price)::bigint IS NULL OR (q.sell_price, q.id) > (sqlc.narg(after_price), sqlc.narg(after_id)::bigint))
        ORDER BY q.sell_price, q.id
        LIMIT 1) x
    ORDER BY x.sell_price, x.id
    LIMIT sqlc.arg(page_size)
), found AS (
    SELECT x.id, x.sell_price
    FROM firsts c CROSS JOIN LATERAL (
        SELECT q.sell_price, q.id FROM products q
        WHERE q.category_id = c.category_id AND q.condition = c.condition AND coalesce(q.ram_gb, 0) = c.ram_gb
          AND coalesce(q.storage_type, '') = c.storage_type
          AND q.sold_at IS NULL AND q.deleted_at IS NULL AND q.expired_at IS NULL
          AND (q.sell_price, q.id) >= (c.sell_price, c.id)
          AND (sqlc.narg(min_price)::bigint IS NULL OR q.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR q.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(location)::text IS NULL OR q.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (sqlc.narg(area_ids)::text[] IS NULL OR q.area_id = ANY(sqlc.narg(area_ids)::text[]))
          AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = q.seller_id AND u.verified))
          AND (NOT sqlc.arg(negotiable_only)::boolean OR q.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR q.checked_at IS NOT NULL)
          AND (sqlc.narg(storage_min)::integer IS NULL OR q.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(battery_min)::integer IS NULL OR q.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR q.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR q.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', q.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR q.seller_id = sqlc.narg(seller_id))
        ORDER BY q.sell_price, q.id
        LIMIT sqlc.arg(page_size) - c.k + 1) x
    ORDER BY x.sell_price, x.id
    LIMIT sqlc.arg(page_size)
)
SELECT pl.* FROM found JOIN product_listings pl ON pl.id = found.id
ORDER BY pl.sell_price, pl.id;

-- name: BrowseCellsPriceDesc :many
-- BrowseCellsPriceAsc, dearest first: each cell walked from its dearest.
WITH cells AS (
    SELECT l.category_id, l.condition, l.ram_gb, l.storage_type FROM live_cells(sqlc.narg(category_id)::bigint, sqlc.narg(condition)::text, sqlc.narg(ram_min)::integer,
        sqlc.narg(storage_type)::text, sqlc.narg(storage_min)::integer, sqlc.narg(screen_min)::real,
        sqlc.narg(screen_max)::real, sqlc.narg(battery_min)::integer) AS l(category_id, condition, ram_gb, storage_type)
), firsts AS (
    SELECT c.category_id, c.condition, c.ram_gb, c.storage_type, x.sell_price, x.id,
           row_number() OVER (ORDER BY x.sell_price DESC, x.id DESC) AS k
    FROM cells c CROSS JOIN LATERAL (
        SELECT q.sell_price, q.id FROM products q
        WHERE q.category_id = c.category_id AND q.condition = c.condition AND coalesce(q.ram_gb, 0) = c.ram_gb
          AND coalesce(q.storage_type, '') = c.storage_type
          AND q.sold_at IS NULL AND q.deleted_at IS NULL AND q.expired_at IS NULL
          AND (sqlc.narg(min_price)::bigint IS NULL OR q.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR q.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(location)::text IS NULL OR q.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (sqlc.narg(area_ids)::text[] IS NULL OR q.area_id = ANY(sqlc.narg(area_ids)::text[]))
          AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = q.seller_id AND u.verified))
          AND (NOT sqlc.arg(negotiable_only)::boolean OR q.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR q.checked_at IS NOT NULL)
          AND (sqlc.narg(storage_min)::integer IS NULL OR q.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(battery_min)::integer IS NULL OR q.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR q.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR q.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', q.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR q.seller_id = sqlc.narg(seller_id))
          AND (sqlc.narg(after_price)::bigint IS NULL OR (q.sell_price, q.id) < (sqlc.narg(after_price), sqlc.narg(after_id)::bigint))
        ORDER BY q.sell_price DESC, q.id DESC
        LIMIT 1) x
    ORDER BY x.sell_price DESC, x.id DESC
    LIMIT sqlc.arg(page_size)
), found AS (
    SELECT x.id, x.sell_price
    FROM firsts c CROSS JOIN LATERAL (
        SELECT q.sell_price, q.id FROM products q
        WHERE q.category_id = c.category_id AND q.condition = c.condition AND coalesce(q.ram_gb, 0) = c.ram_gb
          AND coalesce(q.storage_type, '') = c.storage_type
          AND q.sold_at IS NULL AND q.deleted_at IS NULL AND q.expired_at IS NULL
          AND (q.sell_price, q.id) <= (c.sell_price, c.id)
          AND (sqlc.narg(min_price)::bigint IS NULL OR q.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR q.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(location)::text IS NULL OR q.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (sqlc.narg(area_ids)::text[] IS NULL OR q.area_id = ANY(sqlc.narg(area_ids)::text[]))
          AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = q.seller_id AND u.verified))
          AND (NOT sqlc.arg(negotiable_only)::boolean OR q.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR q.checked_at IS NOT NULL)
          AND (sqlc.narg(storage_min)::integer IS NULL OR q.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(battery_min)::integer IS NULL OR q.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR q.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR q.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', q.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR q.seller_id = sqlc.narg(seller_id))
        ORDER BY q.sell_price DESC, q.id DESC
        LIMIT sqlc.arg(page_size) - c.k + 1) x
    ORDER BY x.sell_price DESC, x.id DESC
    LIMIT sqlc.arg(page_size)
)
SELECT pl.* FROM found JOIN product_listings pl ON pl.id = found.id
ORDER BY pl.sell_price DESC, pl.id DESC;

-- name: BrowseCellPostingsAsc :many
-- A broad search's page in price order with a brand, a condition, a RAM
-- or a storage type (migration 00058): the words are its rarest word's
-- (a prefix's, each; a spec word's, itself). Each word's postings of each
-- cell the kept counts name (as BrowseCellsPriceAsc's) are read in price
-- order along search_postings_cell_idx, each checked for the search's
-- words and other filters through its product's row; the first of each is
-- found, the cells and words with the cheapest kept (a page's worth for
-- each word, as one listing is in a word's postings once: no other holds
-- one of the page's listings), and theirs merged, each listing once: of
-- one word's k-th cheapest first, page_size - k + 1 at most, as
-- BrowseCellsPriceAsc's (of several words a listing may come under more
-- than one, and each reads page_size).
WITH cells AS (
    SELECT l.category_id, l.condition, l.ram_gb, l.storage_type FROM live_cells(sqlc.narg(category_id)::bigint, sqlc.narg(condition)::text, sqlc.narg(ram_min)::integer,
        sqlc.narg(storage_type)::text, sqlc.narg(storage_min)::integer, sqlc.narg(screen_min)::real,
        sqlc.narg(screen_max)::real, sqlc.narg(battery_min)::integer) AS l(category_id, condition, ram_gb, storage_type)
), firsts AS (
    SELECT c.category_id, c.condition, c.ram_gb, c.storage_type, w.word, x.sell_price, x.product_id,
           row_number() OVER (ORDER BY x.sell_price, x.product_id) AS k
    FROM cells c CROSS JOIN unnest(sqlc.arg(words)::text[]) AS w(word) CROSS JOIN LATERAL (
        SELECT s.sell_price, s.product_id FROM search_postings s JOIN products q ON q.id = s.product_id
        WHERE s.word = w.word AND s.category_id = c.category_id AND s.condition = c.condition AND s.ram_gb = c.ram_gb
          AND s.storage_type = c.storage_type
          AND (sqlc.narg(after_price)::bigint IS NULL OR (s.sell_price, s.product_id) > (sqlc.narg(after_price), sqlc.narg(after_id)::bigint))
          AND ts_match_vq(q.search, to_tsquery('simple', sqlc.arg(query)))
          AND (sqlc.narg(min_price)::bigint IS NULL OR s.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR s.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(location)::text IS NULL OR q.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (sqlc.narg(area_ids)::text[] IS NULL OR q.area_id = ANY(sqlc.narg(area_ids)::text[]))
          AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = q.seller_id AND u.verified))
          AND (NOT sqlc.arg(negotiable_only)::boolean OR q.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR q.checked_at IS NOT NULL)
          AND (sqlc.narg(storage_min)::integer IS NULL OR q.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(battery_min)::integer IS NULL OR q.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR q.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR q.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', q.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR q.seller_id = sqlc.narg(seller_id))
        ORDER BY s.sell_price, s.product_id
        LIMIT 1) x
    ORDER BY x.sell_price, x.product_id
    LIMIT sqlc.arg(page_size)::integer * cardinality(sqlc.arg(words)::text[])
), found AS (
    SELECT DISTINCT x.product_id, x.sell_price
    FROM firsts w CROSS JOIN LATERAL (
        SELECT s.sell_price, s.product_id FROM search_postings s JOIN products q ON q.id = s.product_id
        WHERE s.word = w.word AND s.category_id = w.category_id AND s.condition = w.condition AND s.ram_gb = w.ram_gb
          AND s.storage_type = w.storage_type
          AND (s.sell_price, s.product_id) >= (w.sell_price, w.product_id)
          AND ts_match_vq(q.search, to_tsquery('simple', sqlc.arg(query)))
          AND (sqlc.narg(min_price)::bigint IS NULL OR s.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR s.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(location)::text IS NULL OR q.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (sqlc.narg(area_ids)::text[] IS NULL OR q.area_id = ANY(sqlc.narg(area_ids)::text[]))
          AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = q.seller_id AND u.verified))
          AND (NOT sqlc.arg(negotiable_only)::boolean OR q.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR q.checked_at IS NOT NULL)
          AND (sqlc.narg(storage_min)::integer IS NULL OR q.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(battery_min)::integer IS NULL OR q.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR q.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR q.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', q.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR q.seller_id = sqlc.narg(seller_id))
        ORDER BY s.sell_price, s.product_id
        LIMIT CASE WHEN cardinality(sqlc.arg(words)::text[]) = 1 THEN sqlc.arg(page_size) - w.k + 1 ELSE sqlc.arg(page_size) END) x
    ORDER BY x.sell_price, x.product_id
    LIMIT sqlc.arg(page_size)
)
SELECT pl.* FROM found JOIN product_listings pl ON pl.id = found.product_id
ORDER BY pl.sell_price, pl.id;

-- name: BrowseCellPostingsDesc :many
-- BrowseCellPostingsAsc, dearest first.
WITH cells AS (
    SELECT l.category_id, l.condition, l.ram_gb, l.storage_type FROM live_cells(sqlc.narg(category_id)::bigint, sqlc.narg(condition)::text, sqlc.narg(ram_min)::integer,
        sqlc.narg(storage_type)::text, sqlc.narg(storage_min)::integer, sqlc.narg(screen_min)::real,
        sqlc.narg(screen_max)::real, sqlc.narg(battery_min)::integer) AS l(category_id, condition, ram_gb, storage_type)
), firsts AS (
    SELECT c.category_id, c.condition, c.ram_gb, c.storage_type, w.word, x.sell_price, x.product_id,
           row_number() OVER (ORDER BY x.sell_price DESC, x.product_id DESC) AS k
    FROM cells c CROSS JOIN unnest(sqlc.arg(words)::text[]) AS w(word) CROSS JOIN LATERAL (
        SELECT s.sell_price, s.product_id FROM search_postings s JOIN products q ON q.id = s.product_id
        WHERE s.word = w.word AND s.category_id = c.category_id AND s.condition = c.condition AND s.ram_gb = c.ram_gb
          AND s.storage_type = c.storage_type
          AND (sqlc.narg(after_price)::bigint IS NULL OR (s.sell_price, s.product_id) < (sqlc.narg(after_price), sqlc.narg(after_id)::bigint))
          AND ts_match_vq(q.search, to_tsquery('simple', sqlc.arg(query)))
          AND (sqlc.narg(min_price)::bigint IS NULL OR s.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR s.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(location)::text IS NULL OR q.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (sqlc.narg(area_ids)::text[] IS NULL OR q.area_id = ANY(sqlc.narg(area_ids)::text[]))
          AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = q.seller_id AND u.verified))
          AND (NOT sqlc.arg(negotiable_only)::boolean OR q.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR q.checked_at IS NOT NULL)
          AND (sqlc.narg(storage_min)::integer IS NULL OR q.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(battery_min)::integer IS NULL OR q.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR q.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR q.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', q.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR q.seller_id = sqlc.narg(seller_id))
        ORDER BY s.sell_price DESC, s.product_id DESC
        LIMIT 1) x
    ORDER BY x.sell_price DESC, x.product_id DESC
    LIMIT sqlc.arg(page_size)::integer * cardinality(sqlc.arg(words)::text[])
), found AS (
    SELECT DISTINCT x.product_id, x.sell_price
    FROM firsts w CROSS JOIN LATERAL (
        SELECT s.sell_price, s.product_id FROM search_postings s JOIN products q ON q.id = s.product_id
        WHERE s.word = w.word AND s.category_id = w.category_id AND s.condition = w.condition AND s.ram_gb = w.ram_gb
          AND s.storage_type = w.storage_type
          AND (s.sell_price, s.product_id) <= (w.sell_price, w.product_id)
          AND ts_match_vq(q.search, to_tsquery('simple', sqlc.arg(query)))
          AND (sqlc.narg(min_price)::bigint IS NULL OR s.sell_price >= sqlc.narg(min_price))
          AND (sqlc.narg(max_price)::bigint IS NULL OR s.sell_price <= sqlc.narg(max_price))
          AND (sqlc.narg(location)::text IS NULL OR q.location ILIKE '%' || sqlc.narg(location) || '%')
          AND (sqlc.narg(area_ids)::text[] IS NULL OR q.area_id = ANY(sqlc.narg(area_ids)::text[]))
          AND (NOT sqlc.arg(verified_only)::boolean OR EXISTS (SELECT 1 FROM users u WHERE u.id = q.seller_id AND u.verified))
          AND (NOT sqlc.arg(negotiable_only)::boolean OR q.negotiable)
          AND (NOT sqlc.arg(checked_only)::boolean OR q.checked_at IS NOT NULL)
          AND (sqlc.narg(storage_min)::integer IS NULL OR q.storage_gb >= sqlc.narg(storage_min))
          AND (sqlc.narg(battery_min)::integer IS NULL OR q.battery_health >= sqlc.narg(battery_min))
          AND (sqlc.narg(screen_min)::real IS NULL OR q.screen_inches >= sqlc.narg(screen_min))
          AND (sqlc.narg(screen_max)::real IS NULL OR q.screen_inches <= sqlc.narg(screen_max))
          AND (sqlc.narg(processor)::text IS NULL OR to_tsvector('simple', q.processor) @@ to_tsquery('simple', sqlc.narg(processor)))
          AND (sqlc.narg(seller_id)::bigint IS NULL OR q.seller_id = sqlc.narg(seller_id))
        ORDER BY s.sell_price DESC, s.product_id DESC
        LIMIT CASE WHEN cardinality(sqlc.arg(words)::text[]) = 1 THEN sqlc.arg(page_size) - w.k + 1 ELSE sqlc.arg(page_size) END) x
    ORDER BY x.sell_price DESC, x.product_id DESC
    LIMIT sqlc.arg(page_size)
)
SELECT pl.* FROM found JOIN product_listings pl ON pl.id = found.product_id
ORDER BY pl.sell_price DESC, pl.id DESC;

-- name: ListPrefixWords :many
-- The words starting with prefix that listings on sale have (prefix_end:
-- prefix followed by the last code point), the first up_to of them, from
-- search_postings' key one lookup each (a loose index scan), as
-- ListPostingsPriceAsc finds them.
WITH RECURSIVE words AS (
    SELECT (SELECT min(s.word) FROM search_postings s WHERE s.word >= sqlc.arg(prefix)::text AND s.word < sqlc.arg(prefix_end)::text) AS word, 1 AS n
    UNION ALL
    SELECT (SELECT min(s.word) FROM search_postings s WHERE s.word > w.word AND s.word < sqlc.arg(prefix_end)::text), w.n + 1
    FROM words w WHERE w.word IS NOT NULL AND w.n < sqlc.arg(up_to)::integer
)
SELECT word::text FROM words WHERE word IS NOT NULL;

-- name: ListCellPostingIDs :many
-- The listings with one of words in a cell the kept counts say holds
-- products meeting the filters (BrowseCellsPriceAsc's cells), up_to of
-- them, from search_postings_cell_idx alone: a broad search with a brand,
-- condition, RAM or storage type whose word has few listings in its cells
-- ('8gb' with 16 GB: 445,000 listings say 8gb, a handful of them have 16
-- GB) finds them so before walking for them. A listing with two of the
-- words comes twice.
WITH cells AS (
    SELECT l.category_id, l.condition, l.ram_gb, l.storage_type FROM live_cells(sqlc.narg(category_id)::bigint, sqlc.narg(condition)::text, sqlc.narg(ram_min)::integer,
        sqlc.narg(storage_type)::text, sqlc.narg(storage_min)::integer, sqlc.narg(screen_min)::real,
        sqlc.narg(screen_max)::real, sqlc.narg(battery_min)::integer) AS l(category_id, condition, ram_gb, storage_type)
)
SELECT s.product_id FROM cells c CROSS JOIN unnest(sqlc.arg(words)::text[]) AS w(word)
JOIN search_postings s ON s.word = w.word AND s.category_id = c.category_id AND s.condition = c.condition AND s.ram_gb = c.ram_gb
    AND s.storage_type = c.storage_type
LIMIT sqlc.arg(up_to);
