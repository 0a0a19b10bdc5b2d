-- name: AddFavourite :one
-- Saves a live product (not deleted, its seller's account open) as the
-- user's favourite, unless they hold @max_favourites already. found: the
-- product is there; had: it was a favourite before (the statement sees
-- the table as it was before its insert); added: this call saved it.
WITH product AS (
    SELECT p.id FROM products p JOIN users u ON u.id = p.seller_id
    WHERE p.id = @product_id AND p.deleted_at IS NULL AND u.deleted_at IS NULL
), added AS (
    INSERT INTO favourites (user_id, product_id)
    SELECT @user_id, id FROM product
    WHERE (SELECT count(*) FROM favourites f WHERE f.user_id = @user_id) < @max_favourites::int
    ON CONFLICT DO NOTHING
    RETURNING product_id
)
SELECT EXISTS (SELECT 1 FROM product)::boolean AS found,
       EXISTS (SELECT 1 FROM favourites f WHERE f.user_id = @user_id AND f.product_id = @product_id)::boolean AS had,
       EXISTS (SELECT 1 FROM added)::boolean AS added;

-- name: DeleteFavourite :one
-- Forgets a favourite, if it is one; a deleted product's too. found: the
-- product ever existed.
WITH gone AS (
    DELETE FROM favourites WHERE user_id = @user_id AND product_id = @product_id
)
SELECT EXISTS (SELECT 1 FROM products WHERE id = @product_id)::boolean AS found;

-- name: ListFavourites :many
-- The user's favourites that are still listed or were sold or expired
-- (deleted ones drop out with the view), newest listing first, a page at
-- a time continuing before before_id. Driven by the user's favourites
-- (the primary key's user_id prefix), which are few.
SELECT * FROM product_listings
WHERE id IN (SELECT product_id FROM favourites WHERE user_id = @user_id)
  AND id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @page_size;

-- name: ListFavouriteIDs :many
-- The ids of every product the user saved (at most MaxFavourites), for
-- the hearts on cards; a deleted product's id does no harm.
SELECT product_id FROM favourites WHERE user_id = @user_id ORDER BY product_id DESC;
