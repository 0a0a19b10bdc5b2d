-- name: ListReportsOfProducts :many
-- The reports of a page of reported products, each with its reporter's
-- name as it is now, oldest first within a product.
SELECT r.product_id, r.reason, r.note, r.created_at, u.user_name AS reporter_name
FROM product_reports r JOIN users u ON u.id = r.reporter_id
WHERE r.product_id = ANY(@product_ids::bigint[])
ORDER BY r.product_id, r.created_at, r.reporter_id;

-- name: DismissReports :execrows
DELETE FROM product_reports WHERE product_id = @product_id;

-- name: GetProductLabel :one
-- A live product's name, for the audit log.
SELECT product_name FROM products WHERE id = @id AND deleted_at IS NULL;

-- name: GetCategoryLabel :one
SELECT name FROM categories WHERE id = @id;

-- name: LockSellerByEmail :one
-- The live account with that email, locked against another change while an
-- admin verifies or un-verifies it.
SELECT id, user_name, email, role, verified FROM users
WHERE lower(email) = lower(@email) AND deleted_at IS NULL FOR NO KEY UPDATE;

-- name: UnverifySeller :execrows
UPDATE users SET verified = false WHERE id = @id AND role = 'Seller' AND verified;

-- name: AddAudit :execrows
-- The admin's name is copied as it is now: the row outlives the account.
INSERT INTO admin_audit (admin_id, admin_name, action, target_kind, target_id, target_label, detail)
SELECT u.id, u.user_name, @action, @target_kind, @target_id, @target_label, @detail::jsonb FROM users u WHERE u.id = @admin_id;

-- name: ListAudit :many
-- A page of the log, newest first, continuing before before_id.
SELECT * FROM admin_audit
WHERE id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @page_size;

-- name: HideProduct :one
-- An admin hides a live, unsold listing until its seller edits it: it
-- leaves the catalogue and Urgent Sell as an expired listing does. The
-- UPDATE locks the row, so a booking under way (which holds it FOR SHARE)
-- commits first and one starting later finds it gone from the catalogue.
UPDATE products SET hidden_at = now(), hidden_reason = @reason,
    expired_at = COALESCE(expired_at, now()), advertised_at = NULL, advertised_until = NULL
WHERE id = @id AND deleted_at IS NULL AND sold_at IS NULL AND hidden_at IS NULL
RETURNING seller_id, product_name;

-- name: SuspendUser :execrows
-- One statement: the account is suspended until @until and every token
-- of it stops working, so a log-in or a request racing the suspension
-- holds a token of the old version, refused at its next request.
UPDATE users SET suspended_until = @until, suspension_reason = @reason, token_version = token_version + 1
WHERE id = @id AND deleted_at IS NULL AND role <> 'Admin';

-- name: CountProductsByCategory :many
-- Every category with how many products still name it (sold ones count,
-- deleted ones do not): such a category cannot be deleted.
SELECT c.id, c.name, c.image, (SELECT count(*) FROM products p WHERE p.category_id = c.id AND p.deleted_at IS NULL)::bigint AS products
FROM categories c
ORDER BY c.id;
