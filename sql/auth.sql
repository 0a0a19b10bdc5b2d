-- name: EnsureThrottles :exec
-- Makes the rows of the keys that have none, so that they can be locked.
INSERT INTO login_throttle (key, failures, last_failure, locked_until)
SELECT k, 0, 'epoch', 'epoch' FROM unnest(@keys::text[]) AS k
ON CONFLICT (key) DO NOTHING;

-- name: LockThrottles :many
-- Locks the rows of the keys, always in the same order so that two
-- attempts on the same keys queue instead of deadlocking; now is the
-- transaction's clock, which every decision uses.
SELECT key, failures, last_failure, locked_until, last_success, now()::timestamptz AS now
FROM login_throttle
WHERE key = ANY(@keys::text[])
ORDER BY key
FOR UPDATE;

-- name: SetThrottle :exec
UPDATE login_throttle
SET failures = @failures, last_failure = @last_failure, locked_until = @locked_until, last_success = @last_success
WHERE key = @key;

-- name: DeleteStaleThrottles :exec
-- Forgets keys with neither a failure nor a sign-in since the cut-off.
DELETE FROM login_throttle
WHERE last_failure < @cutoff AND (last_success IS NULL OR last_success < @cutoff);

-- name: CreateLoginCode :exec
INSERT INTO login_codes (code_hash, user_id, expires_at) VALUES (@code_hash, @user_id, @expires_at);

-- name: TakeLoginCode :one
-- A code works once: it is deleted as it is read.
DELETE FROM login_codes WHERE code_hash = @code_hash RETURNING user_id, expires_at;

-- name: DeleteExpiredLoginCodes :exec
DELETE FROM login_codes WHERE expires_at < now();

-- name: GetLiveAccountTokenUser :one
-- The account of an unused, unexpired token of the purpose, without
-- spending it (UseAccountToken does that, in the transaction that acts):
-- one indexed look-up, so that a reset checks its token before hashing.
SELECT sqlc.embed(u)
FROM account_tokens t
JOIN users u ON u.id = t.user_id
WHERE t.token_hash = @token_hash AND t.purpose = @purpose AND t.used_at IS NULL AND t.expires_at > now()
  AND u.deleted_at IS NULL AND lower(u.email) = lower(t.email);

-- name: SignedInSince :one
-- Whether a log-in's account and address pair had a right password since
-- the time: that address is the account owner's.
SELECT EXISTS (
    SELECT 1 FROM login_throttle WHERE key = @key AND last_success > @since
)::boolean;

-- name: TakeQuietKey :execrows
-- Takes the key for a spell of seconds: one row when it was free (never
-- taken, or its spell is over), none when it is held. One statement, so
-- two at once cannot both take it; the row is swept with the throttles'
-- after a month.
INSERT INTO login_throttle (key, failures, last_failure, locked_until)
VALUES (@key, 0, now(), now() + make_interval(secs => @seconds::double precision))
ON CONFLICT (key) DO UPDATE
SET last_failure = now(), locked_until = now() + make_interval(secs => @seconds::double precision)
WHERE login_throttle.locked_until <= now();
