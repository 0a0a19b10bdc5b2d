-- name: ListSuggestions :many
-- Every suggestion, the commonest first.
SELECT kind, text, brand, words, count FROM search_suggestions ORDER BY count DESC, text;

-- name: DeleteSuggestions :exec
DELETE FROM search_suggestions;

-- name: InsertSuggestions :exec
INSERT INTO search_suggestions (kind, text, brand, words, count)
SELECT unnest(@kinds::text[]), unnest(@texts::text[]), unnest(@brands::text[]), unnest(@words::text[]), unnest(@counts::bigint[])
ON CONFLICT DO NOTHING;

-- name: CountBrandSuggestions :many
-- The brands (categories) with their live listings.
SELECT c.name::text AS text, count(*)::bigint AS count
FROM products p JOIN categories c ON c.id = p.category_id
WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL
GROUP BY c.name;

-- name: CountSpecWordSuggestions :many
-- The spec words of the live listings, alone and in pairs, with how many
-- listings have them: a ("ram8gb", "") row is one word's count, a
-- ("cpucorei5", "ram8gb") row the pair's.
SELECT a.w::text AS first, coalesce(b.w, '')::text AS second, count(*)::bigint AS count
FROM products p
CROSS JOIN LATERAL unnest(string_to_array(p.spec_words, ' ')) AS a(w)
CROSS JOIN LATERAL (SELECT NULL::text AS w UNION ALL
                    SELECT x FROM unnest(string_to_array(p.spec_words, ' ')) AS x WHERE x > a.w) AS b
WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL AND p.spec_words <> ''
GROUP BY 1, 2;

-- name: ListLiveTitles :many
-- The titles of the live listings after id, a batch at a time.
SELECT id, product_name FROM products
WHERE id > @after AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
ORDER BY id LIMIT @batch;

-- name: ListPopularQueries :many
-- The searches people saved most (#20), as typed, lower case.
SELECT lower(btrim(words))::text AS text, count(*)::bigint AS savers
FROM saved_searches
WHERE words IS NOT NULL AND btrim(words) <> '' AND length(words) <= 100
GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT @max;
