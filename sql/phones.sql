-- name: LockSMSKey :exec
-- Two requests counting against one key take turns (store.ReserveSMS);
-- the lock ends with the transaction.
SELECT pg_advisory_xact_lock(hashtextextended('sms:' || @key::text, 35));

-- name: CountSMSRequests :one
-- A key's requests within the window, and the oldest of them (when one
-- more may be asked: it leaves the window).
SELECT count(*)::integer AS n, COALESCE(min(at), now())::timestamptz AS oldest
FROM sms_requests
WHERE key = @key AND at > now() - make_interval(secs => @seconds::float8);

-- name: AddSMSRequests :exec
-- One request, counted against each key; their rows older than a day
-- (past every window) go.
WITH old AS (DELETE FROM sms_requests WHERE key = ANY(@keys::text[]) AND at < now() - interval '1 day')
INSERT INTO sms_requests (key) SELECT unnest(@keys::text[]);

-- name: TakeSMSDay :one
-- One more message today, unless daily_limit were sent: no row then.
INSERT INTO sms_days (day, sent) VALUES (@day, 1)
ON CONFLICT (day) DO UPDATE SET sent = sms_days.sent + 1 WHERE sms_days.sent < @daily_limit::integer
RETURNING sent;

-- name: GiveBackSMSDay :exec
-- A message the gateway did not take.
UPDATE sms_days SET sent = sent - 1 WHERE day = @day AND sent > 0;

-- name: GetSMSDay :one
SELECT COALESCE((SELECT sent FROM sms_days WHERE day = @day), 0)::integer AS sent;

-- name: GetVerifiedPhoneOwner :one
-- The live account that proved this number, or 0: one row either way,
-- so a known and an unknown number take the same path.
SELECT COALESCE((SELECT id FROM users WHERE phone = @phone AND phone_verified AND deleted_at IS NULL), 0)::bigint AS user_id;

-- name: PhoneVerifiedElsewhere :one
SELECT EXISTS (SELECT 1 FROM users WHERE phone = @phone AND phone_verified AND deleted_at IS NULL AND id <> @user_id)::boolean;

-- name: DeletePhoneCodes :exec
-- The codes a new one replaces: the number's of its purpose, and for
-- 'verify' the account's (one number at a time).
DELETE FROM phone_codes
WHERE purpose = @purpose AND (phone = @phone OR (@purpose = 'verify' AND user_id = sqlc.narg(user_id)::bigint));

-- name: CreatePhoneCode :one
INSERT INTO phone_codes (phone, purpose, user_id, code_hash, expires_at)
VALUES (@phone, @purpose, sqlc.narg(user_id), @code_hash, now() + make_interval(secs => @seconds::float8))
RETURNING id, expires_at;

-- name: ClaimPhoneCodeSend :one
-- The send of a code, once: the row is marked before the gateway is
-- asked (UnclaimPhoneCodeSend undoes it when the gateway fails). No row:
-- the code was replaced, used, expired, already sent, or belongs to no
-- account (a sign-in code to an unknown number is never sent).
UPDATE phone_codes c SET sent_at = now()
FROM users u
WHERE c.id = @id AND c.sent_at IS NULL AND u.id = c.user_id AND u.deleted_at IS NULL AND c.expires_at > now()
RETURNING c.phone, c.purpose, u.language;

-- name: UnclaimPhoneCodeSend :exec
UPDATE phone_codes SET sent_at = NULL WHERE id = @id;

-- name: LockLoginCode :one
-- The number's live sign-in code, locked: concurrent guesses take turns.
SELECT id, user_id, code_hash, tries FROM phone_codes
WHERE phone = @phone AND purpose = 'login' AND expires_at > now() AND tries < 5
FOR UPDATE;

-- name: LockVerifyCode :one
-- The account's live code proving a number, locked.
SELECT id, phone, code_hash, tries FROM phone_codes
WHERE user_id = @user_id::bigint AND purpose = 'verify' AND expires_at > now() AND tries < 5
FOR UPDATE;

-- name: CountPhoneCodeTry :one
UPDATE phone_codes SET tries = tries + 1 WHERE id = @id RETURNING tries;

-- name: DeletePhoneCode :exec
DELETE FROM phone_codes WHERE id = @id;

-- name: DeleteStalePhoneCodes :exec
DELETE FROM phone_codes WHERE expires_at < now() - interval '1 day';

-- name: SetVerifiedPhone :one
-- A number proved: the profile's number becomes it, in E.164.
UPDATE users SET phone = @phone, phone_verified = true
WHERE id = @id AND deleted_at IS NULL
RETURNING *;

