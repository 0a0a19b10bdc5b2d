-- name: ListCategories :many
SELECT id, name, image FROM categories WHERE deleted_at IS NULL ORDER BY id;

-- name: GetCategory :one
SELECT id, name, image FROM categories WHERE id = @id AND deleted_at IS NULL;

-- name: GetCategoryByName :one
SELECT id, name, image FROM categories WHERE name = @name AND deleted_at IS NULL;

-- name: CreateCategory :one
-- with its row of category_counts, so its count is there from the start
WITH c AS (
    INSERT INTO categories (name, image) VALUES (@name, @image) RETURNING id, name, image
), counted AS (
    INSERT INTO category_counts (category_id, available) SELECT id, 0 FROM c
)
SELECT id, name, image FROM c;

-- name: LockCategory :one
-- FOR UPDATE (not the NO KEY UPDATE an UPDATE takes): it conflicts with the
-- KEY SHARE lock a product's foreign key check holds, so a product being
-- added to this category is waited for, and a new one waits for us.
SELECT id FROM categories WHERE id = @id AND deleted_at IS NULL FOR UPDATE;

-- name: CategoryHasProducts :one
-- products sold or for sale (not deleted). Those for sale are found
-- through products_category_available_idx; only a category with none for
-- sale is scanned for sold ones.
SELECT EXISTS (
    SELECT 1 FROM products p WHERE p.category_id = @category_id AND p.sold_at IS NULL AND p.deleted_at IS NULL
    UNION ALL
    SELECT 1 FROM products p WHERE p.category_id = @category_id AND p.sold_at IS NOT NULL AND p.deleted_at IS NULL
);

-- name: DeleteCategory :exec
UPDATE categories SET deleted_at = now() WHERE id = @id AND deleted_at IS NULL;
