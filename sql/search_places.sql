-- name: ListSearchMatchPlaces :many
-- ListSearchMatches with each match's place in the orders a page is read
-- in, its price, when it was listed and its rank (BrowseRelevance's), read
-- on the row its words are checked on anyway: a page in any order is then
-- picked from them in the store, and only its own listings are read (#36).
-- Walking the order's index for them, checking each product's id, passed
-- 82,000 products for the 993 matches of 'i7 16gb 512ssd' cheapest first
-- at 100,000 (530 ms): the planner takes matches for spread evenly along
-- an order, and several spec words' matches are dear; ranking them all
-- for each page read each of them again.
-- Its cell comes too (brand, condition, RAM and storage type; 0 and '' for
-- none): a page with such filters is picked among the matches in them
-- alone ('i7 16gb 512ssd' in HP: none of its 10,027 matches at a million,
-- each checked by its id until they ran out, 60 ms).
SELECT id, sell_price, created_at, ts_rank(search, to_tsquery('simple', @query))::real AS rank,
       category_id, condition, coalesce(ram_gb, 0)::integer AS ram_gb, coalesce(storage_type, '')::text AS storage_type
FROM products
WHERE search @@ to_tsquery('simple', @index_query) AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
  AND ts_match_vq(search, to_tsquery('simple', @query))
LIMIT @up_to;

-- name: WordsStarting :many
-- The listings' words (search_words, every one they have had) starting
-- with each of @starts, at most @most of each, in order: what a search's
-- lookup asks the index for by name (store.expandPrefixes).
SELECT s.start::text AS start, w.word
FROM unnest(@starts::text[]) AS s(start)
CROSS JOIN LATERAL (
    SELECT k.word FROM search_words k
    WHERE k.word >= s.start COLLATE "C" AND k.word < (s.start || chr(1114111)) COLLATE "C"
    ORDER BY k.word
    LIMIT @most) w
ORDER BY s.start, w.word;
