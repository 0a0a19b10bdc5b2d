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

-- name: AddImageUploader :exec
-- Everyone who uploaded the image (the same bytes are one image).
INSERT INTO image_uploaders (image_id, user_id) VALUES (@image_id, @user_id) ON CONFLICT DO NOTHING;

-- name: CountOwnImages :one
-- How many of the keys the user uploaded.
SELECT count(*) FROM images i JOIN image_uploaders u ON u.image_id = i.id AND u.user_id = @user_id
WHERE i.key = ANY(@keys::text[]);
