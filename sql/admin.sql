-- name: ListAdminDailyCounts :many
-- The overview's daily series: one row per kind and day that had any.
-- day is the 1-based bucket of @bounds, the shop's midnights oldest first
-- and the coming one last, worked out by the caller in the shop's time
-- zone (so a day is a local day, daylight saving included); each part is
-- a range scan of its table's created_at index (00025). Revenue (total)
-- is the succeeded payments' prices in whole Tk: the amount charged, in
-- the card's minor units, was checked equal to the price when recorded.
SELECT 'listings'::text AS kind, width_bucket(p.created_at, @bounds::timestamptz[])::int AS day,
       count(*)::bigint AS n, 0::bigint AS total
FROM products p
-- the UTC reading of the same range: the products' index is on that expression (00025)
WHERE timezone('UTC', p.created_at) >= timezone('UTC', @from_at::timestamptz)
  AND timezone('UTC', p.created_at) < timezone('UTC', @to_at::timestamptz) GROUP BY 2
UNION ALL
SELECT 'bookings', width_bucket(b.created_at, @bounds::timestamptz[])::int, count(*)::bigint, 0::bigint
FROM bookings b WHERE b.created_at >= @from_at AND b.created_at < @to_at GROUP BY 2
UNION ALL
SELECT 'payments', width_bucket(y.created_at, @bounds::timestamptz[])::int, count(*)::bigint, sum(y.price)::bigint
FROM payments y WHERE y.status = 'succeeded' AND y.created_at >= @from_at AND y.created_at < @to_at GROUP BY 2
UNION ALL
SELECT 'reports', width_bucket(r.created_at, @bounds::timestamptz[])::int, count(*)::bigint, 0::bigint
FROM product_reports r WHERE r.created_at >= @from_at AND r.created_at < @to_at GROUP BY 2;

-- name: GetAdminTotals :one
-- The shop as it stands: listed products (the kept per-brand counts the
-- category pages show), live sellers and buyers, sellers without the
-- badge, and the reported products waiting on Reported Products.
SELECT
    (SELECT COALESCE(sum(available), 0) FROM category_counts)::bigint AS available_listings,
    (SELECT count(*) FROM users WHERE role = 'Seller' AND deleted_at IS NULL)::bigint AS sellers,
    (SELECT count(*) FROM users WHERE role = 'Buyer' AND deleted_at IS NULL)::bigint AS buyers,
    (SELECT count(*) FROM users WHERE role = 'Seller' AND NOT verified AND deleted_at IS NULL)::bigint AS unverified_sellers,
    (SELECT count(*) FROM product_listings WHERE id IN (SELECT product_id FROM product_reports))::bigint AS open_reports;
