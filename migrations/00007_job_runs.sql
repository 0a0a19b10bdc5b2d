-- +goose Up
-- Background jobs shared by every instance of the binary: each instance
-- asks for a job's next pass, and only one gets it per interval.
CREATE TABLE job_runs (
    -- the job, e.g. "reconcile-payments"
    name            text        PRIMARY KEY,
    -- when the latest pass started, on whichever instance ran it
    last_started_at timestamptz NOT NULL,
    passes          bigint      NOT NULL DEFAULT 1 CONSTRAINT job_runs_passes_check CHECK (passes > 0),
    -- times an instance asked and found the pass already taken
    skips           bigint      NOT NULL DEFAULT 0 CONSTRAINT job_runs_skips_check CHECK (skips >= 0)
);

-- +goose Down
DROP TABLE job_runs;
