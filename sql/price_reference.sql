-- name: LockPriceReferences :exec
-- Uploads and removals of the reference catalogue wait for each other:
-- one in use at a time (00051), readers not held up.
LOCK TABLE price_references IN SHARE ROW EXCLUSIVE MODE;

-- name: DeletePriceReferences :execrows
DELETE FROM price_references;

-- name: CreatePriceReference :one
INSERT INTO price_references (mode, uploaded_by, row_count)
VALUES (@mode, @uploaded_by, @row_count)
RETURNING id, uploaded_at;

-- name: GetPriceReference :one
-- The upload in use, with its uploader's name and email as they are now.
SELECT r.id, r.mode, r.uploaded_by, r.uploaded_at, r.row_count,
       COALESCE(u.user_name, '')::text AS uploader_name, COALESCE(u.email, '')::text AS uploader_email
FROM price_references r LEFT JOIN users u ON u.id = r.uploaded_by
ORDER BY r.id DESC
LIMIT 1;

-- name: ListPriceReferenceRows :many
SELECT line, title, brand, model, processor, ram, graphics, os, weight, price_tk
FROM price_reference_rows
WHERE reference_id = @reference_id
ORDER BY line;
