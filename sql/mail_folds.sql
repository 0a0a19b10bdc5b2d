-- name: LockMailFold :one
-- The fold of a recipient's kind and subject, made when new, locked until
-- the event's transaction ends: two events of one key take turns here, so
-- the second sees what the first did (lead, next_at as last committed).
INSERT INTO mail_folds (user_id, kind, subject) VALUES (@user_id, @kind, @subject)
ON CONFLICT (user_id, kind, subject) DO UPDATE SET lead_id = mail_folds.lead_id
RETURNING lead_id, next_at;

-- name: SetMailFoldLead :exec
-- The notification whose email the key's next events fold into.
UPDATE mail_folds SET lead_id = @lead_id::bigint
WHERE user_id = @user_id AND kind = @kind AND subject = @subject;

-- name: FoldNotification :exec
-- Which email a notification goes out in (its own, or a waiting one's).
UPDATE notifications SET folded_into = @lead_id::bigint WHERE id = @id;

-- name: ClaimMailFold :exec
-- The email of @lead_id goes now: the key's later events wait for another
-- one, not before @window_seconds from now. A second call changes nothing.
UPDATE mail_folds SET lead_id = NULL, next_at = now() + make_interval(secs => @window_seconds::double precision)
WHERE user_id = @user_id AND kind = @kind AND lead_id = @lead_id::bigint;

-- name: ListFoldedNotifications :many
-- The notifications an email carries, oldest first (after its claim, the
-- set no longer changes).
SELECT id, data, (read_at IS NOT NULL)::boolean AS read
FROM notifications WHERE folded_into = @lead_id::bigint ORDER BY id;

-- name: MarkFoldedEmailed :exec
-- The notifications an email carried went out with it.
UPDATE notifications SET emailed_at = now()
WHERE folded_into = @lead_id::bigint AND id <> @lead_id::bigint AND emailed_at IS NULL;

-- name: DeleteIdleMailFolds :execrows
-- Keys with no email waiting whose window ended before @before: nothing
-- of theirs is left to hold back.
DELETE FROM mail_folds WHERE lead_id IS NULL AND next_at < @before;
