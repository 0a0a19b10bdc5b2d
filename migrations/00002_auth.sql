-- +goose Up
-- Sign-in support kept in the database, so several instances of the binary
-- share it: failed log-in counters and the one-time codes that hand a
-- Google sign-in over to the app.

CREATE TABLE login_throttle (
    -- "account:<email>" or "address:<client ip>"
    key          text        PRIMARY KEY,
    failures     integer     NOT NULL CONSTRAINT login_throttle_failures_check CHECK (failures > 0),
    last_failure timestamptz NOT NULL,
    locked_until timestamptz NOT NULL
);

CREATE TABLE login_codes (
    -- SHA-256 of the code, so a leaked table row cannot be exchanged
    code_hash  text        PRIMARY KEY,
    user_id    bigint      NOT NULL CONSTRAINT login_codes_user_fkey REFERENCES users (id),
    expires_at timestamptz NOT NULL
);

-- +goose Down
DROP TABLE login_codes;
DROP TABLE login_throttle;
