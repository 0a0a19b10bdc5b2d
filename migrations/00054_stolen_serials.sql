-- +goose Up
-- Laptops registered as stolen (#40): an owner gives the serial and their
-- police General Diary number; an admin confirms or rejects. The serial is
-- kept as a keyed hash (HMAC with the server's secret) so it matches a
-- checked listing's without being listable, and its last 4 characters for
-- the admin. A listing whose checked serial is confirmed stolen is hidden.
CREATE TABLE stolen_serials (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    serial_hash    bytea       NOT NULL,
    serial_last4   text        NOT NULL CONSTRAINT stolen_serials_serial_last4_check CHECK (char_length(serial_last4) BETWEEN 1 AND 4),
    police_report  text        NOT NULL CONSTRAINT stolen_serials_police_report_check CHECK (char_length(police_report) BETWEEN 1 AND 100),
    reporter_id    bigint      CONSTRAINT stolen_serials_reporter_fkey REFERENCES users (id) ON DELETE SET NULL,
    status         text        NOT NULL DEFAULT 'pending'
                               CONSTRAINT stolen_serials_status_check CHECK (status IN ('pending', 'confirmed', 'rejected')),
    decided_by     bigint      CONSTRAINT stolen_serials_decided_by_fkey REFERENCES users (id) ON DELETE SET NULL,
    decided_at     timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now()
);
-- one open registration (pending or confirmed) per serial
CREATE UNIQUE INDEX stolen_serials_open_key ON stolen_serials (serial_hash) WHERE status IN ('pending', 'confirmed');
CREATE INDEX stolen_serials_pending_idx ON stolen_serials (id) WHERE status = 'pending';

-- +goose Down
DROP TABLE stolen_serials;
