-- name: GetLoginLocks :many
-- The throttle rows of the given keys that are locked right now.
SELECT key, locked_until FROM login_throttle
WHERE key = ANY(@keys::text[]) AND locked_until > now();

-- name: RecordLoginFailure :exec
-- Counts a failure against a key. A key quiet for an hour starts over;
-- from the fifth failure on, the key is locked for a time that doubles
-- with each failure, up to fifteen minutes, so the rightful owner is never
-- locked out for long.
INSERT INTO login_throttle AS t (key, failures, last_failure, locked_until)
VALUES (@key, 1, now(), now())
ON CONFLICT (key) DO UPDATE SET
    failures = CASE WHEN t.last_failure < now() - interval '1 hour' THEN 1 ELSE t.failures + 1 END,
    last_failure = now(),
    locked_until = CASE
        WHEN t.last_failure < now() - interval '1 hour' OR t.failures + 1 < @threshold::int THEN now()
        ELSE now() + least(interval '15 minutes', interval '1 second' * power(2, least(t.failures + 1 - @threshold::int, 12)))
    END;

-- name: ClearLoginFailures :exec
DELETE FROM login_throttle WHERE key = @key;

-- name: CreateLoginCode :exec
INSERT INTO login_codes (code_hash, user_id, expires_at) VALUES (@code_hash, @user_id, @expires_at);

-- name: TakeLoginCode :one
-- A code works once: it is deleted as it is read.
DELETE FROM login_codes WHERE code_hash = @code_hash RETURNING user_id, expires_at;

-- name: DeleteExpiredLoginCodes :exec
DELETE FROM login_codes WHERE expires_at < now();
