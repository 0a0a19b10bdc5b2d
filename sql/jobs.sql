-- name: ClaimJobPass :execrows
-- Takes the job's next pass when no instance started one in the last
-- @every_seconds; one row changed means this caller runs it. Two callers at
-- once queue on the row: the second sees the first's start and gets none.
INSERT INTO job_runs AS j (name, last_started_at) VALUES (@name, now())
ON CONFLICT (name) DO UPDATE SET last_started_at = now(), passes = j.passes + 1
WHERE j.last_started_at <= now() - make_interval(secs => @every_seconds::float8);

-- name: CountJobSkip :exec
UPDATE job_runs SET skips = skips + 1 WHERE name = @name;

-- name: GetJobRun :one
SELECT name, last_started_at, passes, skips FROM job_runs WHERE name = @name;
