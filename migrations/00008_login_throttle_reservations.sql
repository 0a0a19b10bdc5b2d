-- +goose Up
-- The log-in throttle now reserves an attempt before the password is
-- checked and gives it back when the password was right, so a row may hold
-- no failure at all; and it remembers when an account last signed in from
-- an address, so its owner gets in from there while strangers elsewhere
-- are held back.
ALTER TABLE login_throttle DROP CONSTRAINT login_throttle_failures_check;
ALTER TABLE login_throttle ADD CONSTRAINT login_throttle_failures_check CHECK (failures >= 0);
-- only on "pair:<email> <client ip>" rows
ALTER TABLE login_throttle ADD COLUMN last_success timestamptz;
-- for sweeping rows nobody has used for a month
CREATE INDEX login_throttle_last_failure_idx ON login_throttle (last_failure);

-- +goose Down
DROP INDEX login_throttle_last_failure_idx;
ALTER TABLE login_throttle DROP COLUMN last_success;
DELETE FROM login_throttle WHERE failures = 0;
ALTER TABLE login_throttle DROP CONSTRAINT login_throttle_failures_check;
ALTER TABLE login_throttle ADD CONSTRAINT login_throttle_failures_check CHECK (failures > 0);
