-- name: CreateImage :one
-- The same bytes uploaded twice are one image.
INSERT INTO images (key, content_type, width, height, size_bytes, uploader_id)
VALUES (@key, @content_type, @width, @height, @size_bytes, @uploader_id)
ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key
RETURNING *;

-- name: GetImageByKey :one
SELECT * FROM images WHERE key = @key;
