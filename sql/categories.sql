-- name: ListCategories :many
SELECT id, name, image FROM categories ORDER BY id;

-- name: GetCategory :one
SELECT id, name, image FROM categories WHERE id = @id;

-- name: GetCategoryByName :one
SELECT id, name, image FROM categories WHERE name = @name;
