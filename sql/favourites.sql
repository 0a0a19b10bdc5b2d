-- name: AddFavourite :one
-- Saves a live product (not deleted, its seller's account open) as the
-- user's favourite, unless they hold @max_favourites already. found: the
-- product is there; had: it was a favourite before (the statement sees
-- the table as it was before its insert); added: this call saved it. The
-- price it is saved at is the first the user knows (TellPriceDrop).
WITH product AS (
    SELECT p.id, p.sell_price FROM products p JOIN users u ON u.id = p.seller_id
    WHERE p.id = @product_id AND p.deleted_at IS NULL AND u.deleted_at IS NULL
), added AS (
    INSERT INTO favourites (user_id, product_id, price_known)
    SELECT @user_id, id, sell_price FROM product
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

-- name: TellPriceDrop :many
-- The favouriters of the product (the seller aside) to tell that its price
-- is now @price, @was before the edit: those for whom it is at least
-- @min_drop_percent percent and @min_drop taka below the lowest price they
-- know (price_known; @was for a favourite saved before it was kept). The
-- price they know becomes @price. In user order, the order their
-- notifications lock their mail folds in.
WITH told AS (
    UPDATE favourites f SET price_known = sqlc.arg(price)::bigint
    FROM users u
    WHERE f.product_id = sqlc.arg(product_id) AND u.id = f.user_id AND u.deleted_at IS NULL AND f.user_id <> sqlc.arg(seller_id)
      AND sqlc.arg(price)::bigint <= COALESCE(f.price_known, sqlc.arg(was)::bigint)
          - GREATEST(sqlc.arg(min_drop)::bigint, COALESCE(f.price_known, sqlc.arg(was)::bigint) * sqlc.arg(min_drop_percent)::bigint / 100)
    RETURNING f.user_id
)
SELECT user_id FROM told ORDER BY user_id;
