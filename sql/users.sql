-- name: CreateUser :one
INSERT INTO users (user_name, email, photo_url, password_hash, role, oidc_subject)
VALUES (@user_name, lower(@email), @photo_url, @password_hash, @role, @oidc_subject)
RETURNING *;

-- name: GetUser :one
SELECT * FROM users WHERE id = @id AND deleted_at IS NULL;

-- name: GetUserByEmail :one
SELECT * FROM users WHERE lower(email) = lower(@email) AND deleted_at IS NULL;

-- name: GetUserByOIDCSubject :one
SELECT * FROM users WHERE oidc_subject = @oidc_subject AND deleted_at IS NULL;

-- name: LinkOIDCSubject :one
UPDATE users SET oidc_subject = @oidc_subject
WHERE id = @id AND deleted_at IS NULL AND oidc_subject IS NULL
RETURNING *;

-- name: Logout :execrows
-- Every token issued so far for this user stops working, on every device.
UPDATE users SET token_version = token_version + 1 WHERE id = @id AND deleted_at IS NULL;

-- name: SetPasswordHash :execrows
-- Used to upgrade a hash to current parameters after a successful log-in.
UPDATE users SET password_hash = @password_hash WHERE id = @id AND deleted_at IS NULL;

-- name: GrantAdmin :one
UPDATE users SET role = 'Admin' WHERE lower(email) = lower(@email) AND deleted_at IS NULL
RETURNING *;

-- name: CreateAdmin :one
-- An admin account made from the command line or ADMIN_EMAIL: no photo,
-- no password (its owner sets one with a one-time reset link), the email
-- counted as proven. An address a live account has already inserts
-- nothing and returns no row, so two instances starting together with
-- the same ADMIN_EMAIL make one account: the second waits on the unique
-- index until the first commits.
INSERT INTO users (user_name, email, role, email_verified_at)
VALUES (@user_name, lower(@email), 'Admin', now())
ON CONFLICT (lower(email)) WHERE deleted_at IS NULL DO NOTHING
RETURNING *;

-- name: BecomeSeller :one
-- Only a buyer's row matches, so a second call, or one racing another
-- change of role, changes nothing.
UPDATE users SET role = 'Seller' WHERE id = @id AND role = 'Buyer' AND deleted_at IS NULL
RETURNING *;

-- name: SetPhotoURL :execrows
UPDATE users SET photo_url = @photo_url WHERE id = @id AND deleted_at IS NULL;

-- name: VerifySeller :execrows
UPDATE users SET verified = true
WHERE lower(email) = lower(@email) AND role = 'Seller' AND deleted_at IS NULL AND NOT verified;

-- name: ListUsers :many
-- A page at a time, oldest account first, continuing after after_id; a
-- NULL role means every role.
SELECT * FROM users
WHERE deleted_at IS NULL AND (sqlc.narg(role)::text IS NULL OR role = sqlc.narg(role))
  AND id > COALESCE(sqlc.narg(after_id)::bigint, 0)
ORDER BY id
LIMIT @page_size;

-- name: LockUser :one
-- NO KEY: locked against another change of the account, not against rows
-- that refer to it (a payment, a notification), whose foreign key checks
-- take KEY SHARE while their transaction holds a product the deletion
-- then waits for.
SELECT * FROM users WHERE id = @id AND deleted_at IS NULL FOR NO KEY UPDATE;

-- name: SoftDeleteUser :exec
-- The account is gone and every token of it stops working. Its email may
-- sign up again as a new account.
UPDATE users SET deleted_at = now(), token_version = token_version + 1 WHERE id = @id;

-- name: DeleteProductsOfSeller :exec
UPDATE products SET deleted_at = now() WHERE seller_id = @seller_id AND deleted_at IS NULL;

-- name: LockProductsOfUser :many
-- The products whose bookings deleting the user ends (its own live ones and
-- those it holds an open booking of), locked in id order before any of
-- their bookings: the order every booking change takes (store/bookings.go
-- lockBooking), so a deletion never waits in a circle with a payment or an
-- accept.
SELECT p.id FROM products p
WHERE (p.seller_id = @user_id AND p.deleted_at IS NULL)
   OR p.id IN (SELECT b.product_id FROM bookings b WHERE b.buyer_id = @user_id AND b.status = ANY(@statuses::text[]))
ORDER BY p.id
FOR UPDATE;

-- name: LockPaidBookingsOfSeller :many
-- The paid bookings of the seller's laptops, not yet handed over (their
-- products are locked already), locked, oldest first.
SELECT * FROM bookings WHERE seller_id = @seller_id AND status = 'paid' ORDER BY id FOR UPDATE;

-- name: CancelOpenBookingsOfUser :many
-- The open bookings (those in @statuses, the ones the state table lets a
-- cancel end) the user made or the user's products have, and the
-- reservations they held; paid ones stay, with their payments. Answers
-- the bookings cancelled, whose other side is told.
WITH closed AS (
    UPDATE bookings SET status = 'cancelled', cancelled_at = now()
    WHERE status = ANY(@statuses::text[]) AND (buyer_id = @user_id OR seller_id = @user_id)
    RETURNING id, buyer_id, product_id
), freed AS (
    -- the products by their ids: reserved_by has no index of its own
    UPDATE products SET reserved_by = NULL
    WHERE id IN (SELECT product_id FROM closed) AND reserved_by IN (SELECT id FROM closed)
)
SELECT id, buyer_id FROM closed ORDER BY id;
