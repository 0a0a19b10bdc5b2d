-- The sitemap: the available products in files of ids (@range_size wide,
-- so no file holds more URLs than that), read by keyset (an id range),
-- never by an offset. A seller's deletion deletes their products in the
-- same transaction (DeleteProductsOfSeller), so deleted_at here also
-- leaves out the products of deleted users, without the join.

-- name: ListSitemapRanges :many
-- The product files that have any product: range n holds the ids in
-- (n * size, (n + 1) * size]. max(id) is the last entry of
-- products_sitemap_idx, and each EXISTS one descent of it, so a range of
-- nothing but sold laptops costs no more than a full one.
SELECT n::bigint AS range_no
FROM generate_series(0::bigint,
       (SELECT coalesce(max(id), 0) - 1 FROM products WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL) / @range_size::bigint) AS n
WHERE EXISTS (SELECT 1 FROM products p
              WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL
                AND p.id > n * @range_size::bigint AND p.id <= (n + 1) * @range_size::bigint)
ORDER BY n;

-- name: ListSitemapProducts :many
-- One file's products, ids in (@after_id, @up_to]: a range scan of
-- products_sitemap_idx, at most range_size rows wherever the range lies.
-- modified_at (<lastmod>) is when it was listed or its price last dropped,
-- both on the row the scan reads anyway.
SELECT id, GREATEST(created_at, price_dropped_at)::timestamptz AS modified_at
FROM products
WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL
  AND id > @after_id::bigint AND id <= @up_to::bigint
ORDER BY id;
