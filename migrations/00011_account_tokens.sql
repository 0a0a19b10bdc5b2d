-- +goose Up
-- Accounts you can recover: a proven email, a phone kept for bookings,
-- and the one-use tokens of password resets and email verification.

-- when the owner proved the email (its link, or Google vouching for it);
-- accounts made by Google sign-in are proven at birth
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
UPDATE users SET email_verified_at = created_at WHERE oidc_subject IS NOT NULL;
ALTER TABLE users ADD COLUMN phone text NOT NULL DEFAULT ''
    CONSTRAINT users_phone_check CHECK (length(phone) <= 20);

-- A token is never stored: the row keeps a random salt, the token is an
-- HMAC of the salt under a key derived from JWT_SECRET (so the email job
-- can make it again on a retry, and a copy of the database alone cannot),
-- and the row keeps the token's SHA-256, by which it is looked up.
CREATE TABLE account_tokens (
    id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id         bigint      NOT NULL CONSTRAINT account_tokens_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    purpose         text        NOT NULL CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('reset_password', 'verify_email')),
    -- the address the link is sent to: verifying proves this address only
    email           text        NOT NULL,
    salt            bytea       NOT NULL CONSTRAINT account_tokens_salt_check CHECK (length(salt) = 32),
    token_hash      bytea       NOT NULL CONSTRAINT account_tokens_token_hash_key UNIQUE,
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    used_at         timestamptz,
    -- its email, as for notifications: sent, or failing (for the admins)
    emailed_at      timestamptz,
    email_attempts  integer     NOT NULL DEFAULT 0,
    email_error     text,
    email_failed_at timestamptz
);
CREATE INDEX account_tokens_user_id_idx ON account_tokens (user_id, purpose) WHERE used_at IS NULL;
CREATE INDEX account_tokens_email_error_idx ON account_tokens (id DESC) WHERE email_error IS NOT NULL AND emailed_at IS NULL;

-- +goose Down
DROP TABLE account_tokens;
ALTER TABLE users DROP COLUMN phone;
ALTER TABLE users DROP COLUMN email_verified_at;
