-- name: CreateEventTicket :exec
INSERT INTO event_tickets (token_hash, user_id, token_version, expires_at)
VALUES (@token_hash, @user_id, @token_version, @expires_at);

-- name: CountLiveEventTickets :one
-- A user's unexpired tickets, and when the first of them expires.
SELECT count(*)::bigint AS n, coalesce(min(expires_at), now())::timestamptz AS first_expiry
FROM event_tickets WHERE user_id = @user_id AND expires_at > now();

-- name: UseEventTicket :one
-- A ticket works once: it is deleted as it is read, so of two requests
-- with it (on any instances) one gets the row. An expired one is deleted
-- too, and refused.
DELETE FROM event_tickets
WHERE token_hash = @token_hash
RETURNING user_id, token_version, (expires_at > now())::boolean AS fresh;

-- name: ListUserEventsAfter :many
-- A stream's replay: the newest @max_events of a user's events after
-- @after_id, returned oldest first.
SELECT * FROM (
    SELECT * FROM user_events
    WHERE user_id = @user_id AND id > @after_id
    ORDER BY id DESC
    LIMIT @max_events
) newest
ORDER BY id;

-- name: GetUserEvents :many
-- The events a stream was told of, of its own user only.
SELECT * FROM user_events
WHERE user_id = @user_id AND id = ANY(@ids::bigint[])
ORDER BY id;

-- name: DeleteUserEventsBefore :execrows
-- A batch of the events older than @before (the hourly pruning); the
-- caller repeats until a batch is short, so no one statement holds many
-- locks or a long transaction.
DELETE FROM user_events e
WHERE e.id IN (SELECT o.id FROM user_events o WHERE o.created_at < @before ORDER BY o.created_at LIMIT @batch);

-- name: DeleteExpiredEventTickets :execrows
DELETE FROM event_tickets WHERE expires_at < now();
