-- +goose Up
-- Payment reconciliation is a periodic River job now: River's elected
-- leader queues one pass per interval for every instance, so the table in
-- which instances claimed passes has no use.
DROP TABLE job_runs;

-- +goose Down
CREATE TABLE job_runs (
    name            text        PRIMARY KEY,
    last_started_at timestamptz NOT NULL,
    passes          bigint      NOT NULL DEFAULT 1 CONSTRAINT job_runs_passes_check CHECK (passes > 0),
    skips           bigint      NOT NULL DEFAULT 0 CONSTRAINT job_runs_skips_check CHECK (skips >= 0)
);
