-- name: CreateImage :one
-- The same bytes uploaded twice are one image.
INSERT INTO images (key, content_type, width, height, size_bytes, uploader_id)
VALUES (@key, @content_type, @width, @height, @size_bytes, @uploader_id)
ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key
RETURNING *;

-- name: GetImageByKey :one
SELECT * FROM images WHERE key = @key;

-- name: CountImages :one
-- How many of the keys are images of this shop.
SELECT count(*) FROM images WHERE key = ANY(@keys::text[]);
