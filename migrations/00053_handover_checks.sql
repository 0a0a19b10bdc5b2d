-- +goose Up
-- The check at the hand-over (#40): at the meeting resale-check runs with
-- the buyer's hand-over code, and the shop compares the laptop with the
-- listing's report: the same serial and hardware or not, and how much the
-- battery wore since. The answer is kept with the booking, for its buyer
-- and its seller.
CREATE TABLE handover_checks (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    booking_id        bigint      NOT NULL CONSTRAINT handover_checks_booking_fkey REFERENCES bookings (id) ON DELETE CASCADE,
    -- the listing's report it was compared with (null: the listing had none)
    check_report_id   bigint      CONSTRAINT handover_checks_report_fkey REFERENCES check_reports (id) ON DELETE SET NULL,
    report            text        NOT NULL CONSTRAINT handover_checks_report_check CHECK (octet_length(report) <= 65536),
    signature         bytea       NOT NULL,
    serial_hash       bytea,
    serial_last4      text        NOT NULL DEFAULT '' CONSTRAINT handover_checks_serial_last4_check CHECK (char_length(serial_last4) <= 4),
    -- null: nothing to compare with
    serial_matches    boolean,
    hardware_matches  boolean,
    -- what differs, in words ("memory: 16 GB then, 8 GB now")
    differences       text[]      NOT NULL DEFAULT '{}',
    -- battery health (full charge as a share of design) then and now, %
    battery_before    integer,
    battery_now       integer,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX handover_checks_booking_idx ON handover_checks (booking_id, id DESC);

-- +goose Down
DROP TABLE handover_checks;
