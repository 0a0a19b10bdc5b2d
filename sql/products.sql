-- name: CreateProduct :one
-- A listing is listed for @listing_days (LISTING_DAYS) from now.
INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone, description,
                      processor, ram_gb, storage_gb, storage_type, screen_inches, gpu, battery_health, charger, warranty_months, expires_at,
                      spec_words, spec_words_version, area_id, negotiable, price_verdict, price_judged_at)
VALUES (@seller_id, @category_id, @product_name, (@photos::text[])[1], @photos::text[], @sell_price, @original_price, @condition, @location, @used, @phone, @description,
        @processor, sqlc.narg(ram_gb), sqlc.narg(storage_gb), sqlc.narg(storage_type), sqlc.narg(screen_inches), @gpu, sqlc.narg(battery_health), sqlc.narg(charger), sqlc.narg(warranty_months),
        now() + make_interval(days => @listing_days::int), @spec_words, @spec_words_version,
        -- the area the seller chose, else the one the location names clearly (#36)
        COALESCE(sqlc.narg(area_id)::text, match_area(@location)),
        -- the price guide's verdict, judged before the insert (#39)
        @negotiable, sqlc.narg(price_verdict), now())
RETURNING id;

-- name: GetProduct :one
SELECT * FROM product_listings WHERE id = @id;

-- name: ListAdvertisedProducts :many
-- Urgent Sell: the most recently advertised first, a page at a time. An
-- advertisement that ran out is ended by a periodic job
-- (EndAdvertisements), which also tells the kept catalogue answers.
SELECT * FROM product_listings
WHERE advertised_at IS NOT NULL AND sold_at IS NULL AND expired_at IS NULL
  AND (advertised_at, id) < (COALESCE(sqlc.narg(after_time)::timestamptz, 'infinity'), COALESCE(sqlc.narg(after_id)::bigint, 9223372036854775807))
ORDER BY advertised_at DESC, id DESC
LIMIT @page_size;

-- name: ListSellerProducts :many
-- Everything a seller listed and has not deleted, sold ones included.
-- A page at a time, newest first, continuing before before_id.
SELECT * FROM product_listings
WHERE seller_id = @seller_id
  AND id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @page_size;

-- name: ListReportedProducts :many
-- Driven by the reports, which are few: walking the products to test each
-- for a report would read the whole catalogue. Listings hidden as stolen
-- (#40) are here too, found along products_stolen_idx.
SELECT * FROM product_listings
WHERE (id IN (SELECT product_id FROM product_reports) OR id IN (SELECT p.id FROM products p WHERE p.stolen_at IS NOT NULL))
  AND id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @page_size;

-- name: LockProduct :one
-- The live product's state, locked until the transaction ends.
SELECT id, seller_id, advertised_at, advertised_until, sold_at, expired_at FROM products
WHERE id = @id AND deleted_at IS NULL
FOR UPDATE;

-- name: LockSellerForAds :exec
-- Serialises one seller's advertising, so two at once cannot both pass
-- the limit.
SELECT id FROM users WHERE id = @id FOR NO KEY UPDATE;

-- name: CountCurrentAds :one
SELECT count(*) FROM products
WHERE seller_id = @seller_id AND advertised_at IS NOT NULL AND sold_at IS NULL AND deleted_at IS NULL
  AND advertised_until > now();

-- name: AdvertiseProduct :execrows
UPDATE products SET advertised_at = now(), advertised_until = now() + make_interval(days => @days::int)
WHERE id = @id AND sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;

-- name: StopAdvertising :execrows
UPDATE products SET advertised_at = NULL, advertised_until = NULL
WHERE id = @id AND advertised_at IS NOT NULL AND deleted_at IS NULL;

-- name: DeleteOwnProduct :execrows
-- A seller takes out a product of their own; anyone else's matches nothing.
UPDATE products SET deleted_at = now()
WHERE id = @id AND seller_id = @seller_id AND deleted_at IS NULL;

-- name: DeleteProductAsAdmin :execrows
UPDATE products SET deleted_at = now() WHERE id = @id AND deleted_at IS NULL;

-- name: DeleteReportedProduct :execrows
-- Only a product somebody reported matches.
UPDATE products SET deleted_at = now()
WHERE id = @id AND deleted_at IS NULL
  AND EXISTS (SELECT 1 FROM product_reports WHERE product_id = @id);

-- name: CancelOpenBookingsOfProduct :many
-- The product is gone: its open bookings (those in @statuses, the ones
-- the state table lets a cancel end) are cancelled with it, and with them
-- its reservation. Answers the bookings cancelled, whose buyers are told.
WITH closed AS (
    UPDATE bookings SET status = 'cancelled', cancelled_at = now()
    WHERE product_id = @product_id AND status = ANY(@statuses::text[])
    RETURNING id
), freed AS (
    -- the product by its id: reserved_by has no index of its own
    UPDATE products SET reserved_by = NULL WHERE id = @product_id AND reserved_by IN (SELECT id FROM closed)
)
SELECT id FROM closed ORDER BY id;

-- name: ReportProduct :execrows
-- One report per person and product; reporting again changes nothing,
-- whatever reason it gives.
INSERT INTO product_reports (product_id, reporter_id, reason, note) VALUES (@product_id, @reporter_id, @reason, @note)
ON CONFLICT DO NOTHING;

-- name: LockProductForEdit :one
-- The live product as stored, locked while its seller's edit is applied.
SELECT id, seller_id, category_id, product_name, photos, sell_price, original_price, condition, location, used, phone, description,
       processor, ram_gb, storage_gb, storage_type, screen_inches, gpu, battery_health, charger, warranty_months,
       price_dropped_from, price_dropped_at, sold_at, area_id, negotiable
FROM products WHERE id = @id AND deleted_at IS NULL FOR UPDATE;

-- name: UpdateProduct :exec
-- Writes a whole edited listing (the store merged the seller's changes
-- into what was stored); picture follows the first photo.
UPDATE products SET
    product_name = @product_name, picture = (@photos::text[])[1], photos = @photos::text[],
    sell_price = @sell_price, original_price = @original_price, category_id = @category_id,
    condition = @condition, location = @location, used = @used, phone = @phone, description = @description,
    processor = @processor, ram_gb = sqlc.narg(ram_gb), storage_gb = sqlc.narg(storage_gb), storage_type = sqlc.narg(storage_type),
    screen_inches = sqlc.narg(screen_inches), gpu = @gpu, battery_health = sqlc.narg(battery_health), charger = sqlc.narg(charger),
    warranty_months = sqlc.narg(warranty_months),
    price_dropped_from = sqlc.narg(price_dropped_from), price_dropped_at = sqlc.narg(price_dropped_at),
    spec_words = @spec_words, spec_words_version = @spec_words_version, area_id = sqlc.narg(area_id),
    negotiable = @negotiable, updated_at = now()
WHERE id = @id;

-- name: ListFavouritersOf :many
-- Who saved the product as a favourite, the seller aside.
SELECT f.user_id FROM favourites f JOIN users u ON u.id = f.user_id
WHERE f.product_id = @product_id AND u.deleted_at IS NULL AND f.user_id <> @seller_id
ORDER BY f.user_id;

-- name: EndAdvertisements :execrows
-- Advertisements whose days are over leave Urgent Sell.
UPDATE products SET advertised_at = NULL, advertised_until = NULL
WHERE advertised_at IS NOT NULL AND advertised_until <= now();

-- name: RenewProduct :one
-- The seller's own live listing is listed for another @listing_days from
-- now (never shortened), back in the catalogue if it had expired, and its
-- seller will be told again before this period ends. A sold one is
-- returned unchanged, so the store can say why. relisted: it had expired
-- and is back (saved searches are matched against it again). A listing an
-- admin hid gets its period but stays hidden until its seller edits it.
WITH old AS (
    SELECT o.id, o.expired_at FROM products o WHERE o.id = @id FOR UPDATE
)
UPDATE products p SET
    expires_at = CASE WHEN p.sold_at IS NULL THEN greatest(p.expires_at, now() + make_interval(days => @listing_days::int)) ELSE p.expires_at END,
    expired_at = CASE WHEN p.sold_at IS NULL AND p.hidden_at IS NULL THEN NULL ELSE p.expired_at END,
    expiry_warned_at = CASE WHEN p.sold_at IS NULL THEN NULL ELSE p.expiry_warned_at END
FROM old
WHERE p.id = old.id AND p.seller_id = @seller_id AND p.deleted_at IS NULL
RETURNING p.expires_at, p.sold_at, (p.sold_at IS NULL AND p.hidden_at IS NULL AND old.expired_at IS NOT NULL)::boolean AS relisted;

-- name: WarnExpiringListings :many
-- Listings ending before @before whose sellers were not yet told, at most
-- @up_to of them, marked told; one whose end has already passed (after an
-- outage) is not told it "will" end. The store writes each seller's
-- listing_expiring notice in the same transaction. SKIP LOCKED: a listing
-- being edited or sold now is told on the next pass.
WITH due AS (
    SELECT p.id FROM products p
    WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL
      AND p.expires_at < @before AND p.expires_at > now() AND p.expiry_warned_at IS NULL
    ORDER BY p.expires_at
    LIMIT @up_to
    FOR UPDATE SKIP LOCKED
)
UPDATE products p SET expiry_warned_at = now()
FROM due WHERE p.id = due.id
RETURNING p.id, p.seller_id, p.product_name, p.expires_at;

-- name: ExpireListings :execrows
-- Listings whose period is over leave the catalogue (and Urgent Sell), at
-- most @up_to at a time. A reserved one waits: its hand-over or payment
-- is under way, and the reservation ends by itself within 72 hours.
WITH due AS (
    SELECT p.id FROM products p
    WHERE p.sold_at IS NULL AND p.deleted_at IS NULL AND p.expired_at IS NULL
      AND p.expires_at <= now() AND p.reserved_by IS NULL
    ORDER BY p.expires_at
    LIMIT @up_to
    FOR UPDATE SKIP LOCKED
)
UPDATE products p SET expired_at = now(), advertised_at = NULL, advertised_until = NULL
FROM due WHERE p.id = due.id;

-- name: UnhideProduct :execrows
-- Its seller edited a listing an admin hid: it is back in the catalogue,
-- unless its listing period ran out meanwhile (a renewal brings it back
-- then, as any expired listing).
UPDATE products SET hidden_at = NULL, hidden_reason = '',
    expired_at = CASE WHEN expires_at > now() THEN NULL ELSE expired_at END
WHERE id = @id AND hidden_at IS NOT NULL AND stolen_at IS NULL;

-- name: ListStaleSpecWords :many
-- Listings whose spec words an older parser made (#36), a batch at a time
-- through products_spec_words_version_idx.
SELECT id, product_name, description, processor, ram_gb, storage_gb, storage_type, screen_inches
FROM products WHERE spec_words_version < @version
ORDER BY spec_words_version, id LIMIT @batch;

-- name: SetSpecWords :execrows
-- A listing's spec words as the current parser makes them, unless its
-- seller's edit wrote them meanwhile (which made them at this version).
UPDATE products SET spec_words = @spec_words, spec_words_version = @version
WHERE id = @id AND spec_words_version < @version;
