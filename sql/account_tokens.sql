-- name: CreateAccountToken :one
INSERT INTO account_tokens (user_id, purpose, email, salt, token_hash, expires_at)
VALUES (@user_id, @purpose, @email, @salt, @token_hash, @expires_at)
RETURNING id;

-- name: UseAccountToken :one
-- A token works once and until it expires: the row is marked used as it is
-- read, and only an unused, unexpired one of the purpose matches.
UPDATE account_tokens SET used_at = now()
WHERE token_hash = @token_hash AND purpose = @purpose AND used_at IS NULL AND expires_at > now()
RETURNING id, user_id, email;

-- name: RetireAccountTokens :exec
-- The user's other open tokens of the purpose stop working (a reset ends
-- every other reset link).
UPDATE account_tokens SET used_at = now()
WHERE user_id = @user_id AND purpose = @purpose AND used_at IS NULL;

-- name: GetAccountTokenEmail :one
SELECT t.id, t.user_id, t.purpose, t.email, t.salt, t.created_at, t.expires_at,
       t.used_at, t.emailed_at, t.email_failed_at,
       u.user_name, u.language, (u.deleted_at IS NOT NULL)::boolean AS user_deleted
FROM account_tokens t
JOIN users u ON u.id = t.user_id
WHERE t.id = @id;

-- name: MarkAccountTokenEmailed :execrows
UPDATE account_tokens SET emailed_at = now(), email_attempts = email_attempts + 1
WHERE id = @id AND emailed_at IS NULL;

-- name: RecordAccountTokenEmailError :exec
UPDATE account_tokens
SET email_attempts = email_attempts + 1, email_error = @email_error,
    email_failed_at = CASE WHEN @gave_up::boolean THEN now() END
WHERE id = @id;

-- name: MarkEmailVerified :one
-- The owner proved the address. When the account had a password and had
-- not proved the address before, whoever chose that password may not be
-- the owner (anyone can sign up with any address): when the caller says
-- the proof takes the account over (clear_password: Google vouched for
-- the address), the password goes and every session ends (took_over
-- tells).
WITH before AS (
    SELECT id, email_verified_at IS NULL AND password_hash IS NOT NULL AS took_over
    FROM users WHERE users.id = @id AND deleted_at IS NULL AND lower(email) = lower(@email)
    FOR UPDATE
)
UPDATE users u
SET email_verified_at = COALESCE(u.email_verified_at, now()),
    password_hash = CASE WHEN b.took_over AND @clear_password::boolean THEN NULL ELSE u.password_hash END,
    token_version = CASE WHEN b.took_over AND @clear_password::boolean THEN u.token_version + 1 ELSE u.token_version END
FROM before b
WHERE u.id = b.id
RETURNING u.id, (b.took_over AND @clear_password::boolean)::boolean AS took_over;

-- name: GetEmailProofLink :one
-- A usable verification link and the state of its account, read before
-- any proof is checked: nothing is spent. A link whose account is gone or
-- changed its email matches nothing.
SELECT t.user_id, u.email, (u.email_verified_at IS NOT NULL)::boolean AS email_verified, u.password_hash
FROM account_tokens t
JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL AND lower(u.email) = lower(t.email)
WHERE t.token_hash = @token_hash AND t.purpose = @purpose AND t.used_at IS NULL AND t.expires_at > now();

-- name: LockEmailProofLink :one
-- The same, holding the token's and the account's rows until the proof is
-- recorded: two openings of one link queue, and the account cannot change
-- between the check and the proof.
SELECT t.id, t.user_id, t.email, u.email_verified_at, u.password_hash
FROM account_tokens t
JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL AND lower(u.email) = lower(t.email)
WHERE t.token_hash = @token_hash AND t.purpose = @purpose AND t.used_at IS NULL AND t.expires_at > now()
FOR UPDATE OF t, u;

-- name: SpendAccountToken :exec
UPDATE account_tokens SET used_at = now() WHERE id = @id AND used_at IS NULL;

-- name: ResetTakenOverAccount :one
-- The owner took the account over from whoever registered their address:
-- what was chosen before goes back to how a new account starts. Email
-- settings (no row is "on"), saved searches, favourites and blocks go;
-- the phone and photo are emptied; a Seller is a Buyer again and loses
-- the admins' verification (an Admin is made only from the command line,
-- so that role was never the impostor's choice). One statement: the
-- deletes are data-modifying CTEs, all run whether or not they are read.
WITH settings AS (DELETE FROM notification_settings WHERE user_id = @user_id),
     searches AS (DELETE FROM saved_searches WHERE user_id = @user_id),
     favourites AS (DELETE FROM favourites WHERE user_id = @user_id),
     blocks AS (DELETE FROM user_blocks WHERE blocker_id = @user_id)
UPDATE users
SET phone = '', phone_verified = false, photo_url = '', verified = false,
    role = CASE WHEN role = 'Seller' THEN 'Buyer' ELSE role END
WHERE users.id = @user_id AND users.deleted_at IS NULL
RETURNING *;

-- name: SetPasswordAndRevoke :one
-- A new password (a reset, or a change): every token issued so far stops
-- working; the caller issues a new one.
UPDATE users SET password_hash = @password_hash, token_version = token_version + 1
WHERE id = @id AND deleted_at IS NULL
RETURNING *;

-- name: UpdateProfile :one
-- NULL leaves a field as it is. Another number is not proved (#35): its
-- phone_verified goes (the right side reads the row as it was).
UPDATE users
SET user_name = COALESCE(sqlc.narg(user_name), user_name),
    language  = COALESCE(sqlc.narg(language), language),
    phone     = COALESCE(sqlc.narg(phone), phone),
    phone_verified = phone_verified AND COALESCE(sqlc.narg(phone) = phone, true)
WHERE id = @id AND deleted_at IS NULL
RETURNING *;

-- name: ListAccountMailFailures :many
-- Account emails that failed for good or are failing still, newest first:
-- the admins' list of mail failures, beside the notifications'. Never the
-- salt or the hash: the admins see whom and why, not the link.
SELECT id, purpose, email, created_at, email_attempts, email_error, email_failed_at
FROM account_tokens
WHERE email_error IS NOT NULL AND emailed_at IS NULL
  AND id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @page_size;

-- name: GetAccountTokenState :one
-- What became of a link, read without spending it, for the page it opens
-- to say so before anyone types: used (or ended by another link's use),
-- expired, or still working. A link whose account is gone or changed its
-- email works no more: account_current is false. One indexed look-up by
-- the token's hash.
SELECT (t.used_at IS NOT NULL)::boolean AS used,
       (t.expires_at <= now())::boolean AS expired,
       (u.deleted_at IS NULL AND lower(u.email) = lower(t.email))::boolean AS account_current,
       (u.email_verified_at IS NOT NULL)::boolean AS email_verified
FROM account_tokens t
JOIN users u ON u.id = t.user_id
WHERE t.token_hash = @token_hash AND t.purpose = @purpose;
