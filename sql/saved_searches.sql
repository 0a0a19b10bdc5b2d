-- Saved searches (migration 00024): a user's kept catalogue filters, and
-- the new listings that matched them.

-- name: CreateSavedSearch :one
-- Saves the user's search unless they keep one with the same filters
-- (existing_id: that one) or hold @max_searches already (both ids NULL).
-- The typed words become the catalogue's prefix tsquery and its lexemes.
WITH existing AS (
    SELECT s.id FROM saved_searches s WHERE s.user_id = @user_id AND s.filter_key = @filter_key
), parsed AS (
    SELECT to_tsquery('simple', sqlc.narg(query)::text) AS q
), added AS (
    INSERT INTO saved_searches (user_id, frequency, words, query, lexemes, category_id, min_price, max_price, condition, location,
                                verified_only, negotiable_only, ram_min, storage_min, storage_type, battery_min, screen_min, screen_max,
                                processor, processor_query, seller_id, sort, filter_key)
    SELECT @user_id, @frequency, sqlc.narg(words), parsed.q,
           coalesce((SELECT array_agg(DISTINCT m[1]) FROM regexp_matches(parsed.q::text, '''([^'']*)''', 'g') m), '{}')::text[],
           sqlc.narg(category_id), sqlc.narg(min_price), sqlc.narg(max_price), sqlc.narg(condition), sqlc.narg(location),
           @verified_only, @negotiable_only, sqlc.narg(ram_min), sqlc.narg(storage_min), sqlc.narg(storage_type), sqlc.narg(battery_min),
           sqlc.narg(screen_min), sqlc.narg(screen_max), sqlc.narg(processor), to_tsquery('simple', sqlc.narg(processor_query)::text),
           sqlc.narg(seller_id), sqlc.narg(sort), @filter_key
    FROM parsed
    WHERE NOT EXISTS (SELECT 1 FROM existing)
      AND (SELECT count(*) FROM saved_searches s WHERE s.user_id = @user_id) < @max_searches::int
    ON CONFLICT (user_id, filter_key) DO NOTHING
    RETURNING id
)
SELECT coalesce((SELECT id FROM existing), 0)::bigint AS existing_id, coalesce((SELECT id FROM added), 0)::bigint AS added_id;

-- name: ListSavedSearches :many
-- The user's saved searches, newest first, with their category's name.
SELECT s.id, s.frequency, s.words, s.category_id, c.name AS category, s.min_price, s.max_price, s.condition, s.location,
       s.verified_only, s.negotiable_only, s.ram_min, s.storage_min, s.storage_type, s.battery_min, s.screen_min, s.screen_max,
       s.processor, s.seller_id, s.sort, s.created_at
FROM saved_searches s LEFT JOIN categories c ON c.id = s.category_id
WHERE s.user_id = @user_id
ORDER BY s.id DESC;

-- name: GetSavedSearchesByID :many
SELECT s.id, s.user_id, s.frequency, s.words, s.category_id, c.name AS category, s.min_price, s.max_price, s.condition, s.location,
       s.verified_only, s.negotiable_only, s.ram_min, s.storage_min, s.storage_type, s.battery_min, s.screen_min, s.screen_max,
       s.processor, s.seller_id, s.sort, s.created_at
FROM saved_searches s LEFT JOIN categories c ON c.id = s.category_id
WHERE s.id = ANY(@ids::bigint[]);

-- name: DeleteSavedSearch :execrows
DELETE FROM saved_searches WHERE id = @id AND user_id = @user_id;

-- name: MatchSavedSearches :many
-- The saved searches an available listing matches, its seller's own left
-- out (a deleted user's are told nothing: NotifyTx): the catalogue's filters reversed, the listing's
-- values against each row's bounds. The GIN index on lexemes finds the
-- rows whose words could match (each is a prefix of one of the listing's
-- words; rows without words match any listing); query then checks them
-- exactly, as a search of the catalogue would.
WITH p AS (
    SELECT pr.id, pr.seller_id, pr.category_id, pr.sell_price, pr.condition, pr.location, u.verified, pr.negotiable, pr.ram_gb, pr.storage_gb,
           pr.storage_type, pr.battery_health, pr.screen_inches, pr.processor, pr.search
    FROM products pr JOIN users u ON u.id = pr.seller_id
    WHERE pr.id = @product_id AND pr.sold_at IS NULL AND pr.deleted_at IS NULL AND pr.expired_at IS NULL AND u.deleted_at IS NULL
), prefixes AS (
    SELECT coalesce(array_agg(DISTINCT left(l, n)), '{}')::text[] AS words
    FROM p, unnest(tsvector_to_array(p.search)) l, generate_series(1, length(l)) n
)
SELECT s.id, s.user_id, s.frequency
FROM p, saved_searches s
WHERE s.lexemes <@ (SELECT words FROM prefixes)
  AND s.user_id <> p.seller_id
  AND (s.query IS NULL OR p.search @@ s.query)
  AND (s.category_id IS NULL OR s.category_id = p.category_id)
  AND (s.min_price IS NULL OR p.sell_price >= s.min_price)
  AND (s.max_price IS NULL OR p.sell_price <= s.max_price)
  AND (s.condition IS NULL OR s.condition = p.condition)
  AND (s.location IS NULL OR p.location ILIKE '%' || s.location || '%')
  AND (NOT s.verified_only OR p.verified)
  AND (NOT s.negotiable_only OR p.negotiable)
  AND (s.ram_min IS NULL OR p.ram_gb >= s.ram_min)
  AND (s.storage_min IS NULL OR p.storage_gb >= s.storage_min)
  AND (s.storage_type IS NULL OR s.storage_type = p.storage_type)
  AND (s.battery_min IS NULL OR p.battery_health >= s.battery_min)
  AND (s.screen_min IS NULL OR p.screen_inches >= s.screen_min)
  AND (s.screen_max IS NULL OR p.screen_inches <= s.screen_max)
  AND (s.processor_query IS NULL OR to_tsvector('simple', p.processor) @@ s.processor_query)
  AND (s.seller_id IS NULL OR s.seller_id = p.seller_id)
ORDER BY s.id;

-- name: RecordSavedSearchMatches :many
-- Records that the product matched these saved searches, once each: the
-- ones returned are new (a retried job finds them recorded and tells no
-- one again). Instant searches' matches are told now, in this
-- transaction; daily ones wait for the digest.
INSERT INTO saved_search_matches (saved_search_id, product_id, notified_at)
SELECT m.id, @product_id::bigint, CASE WHEN m.id = ANY(@instant_ids::bigint[]) THEN now() END
FROM unnest(@ids::bigint[]) AS m(id)
ON CONFLICT DO NOTHING
RETURNING saved_search_id;

-- name: ClaimSavedSearchDigests :many
-- Marks told the waiting matches of up to @up_to daily saved searches and
-- returns, per search, how many of them are still available. The digest's
-- notices are written in the same transaction, so a pass that fails tells
-- no one and one that runs twice finds nothing waiting.
WITH due AS (
    SELECT DISTINCT m.saved_search_id FROM saved_search_matches m
    WHERE m.notified_at IS NULL
    ORDER BY m.saved_search_id
    LIMIT @up_to
), claimed AS (
    UPDATE saved_search_matches m SET notified_at = now()
    FROM due WHERE m.saved_search_id = due.saved_search_id AND m.notified_at IS NULL
    RETURNING m.saved_search_id, m.product_id
)
SELECT c.saved_search_id, count(*) FILTER (WHERE pr.id IS NOT NULL)::bigint AS available
FROM claimed c
LEFT JOIN products pr ON pr.id = c.product_id AND pr.sold_at IS NULL AND pr.deleted_at IS NULL AND pr.expired_at IS NULL
GROUP BY c.saved_search_id
ORDER BY c.saved_search_id;
