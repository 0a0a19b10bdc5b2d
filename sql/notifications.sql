-- name: GetUserLanguage :one
-- The language a new notification is written in; a deleted account gets none.
SELECT language FROM users WHERE id = @id AND deleted_at IS NULL;

-- name: CreateNotification :one
INSERT INTO notifications (user_id, kind, title, body, link, data)
VALUES (@user_id, @kind, @title, @body, @link, @data)
RETURNING *;

-- name: ListNotifications :many
-- A page of a user's notifications, newest first, continuing below
-- before_id.
SELECT * FROM notifications
WHERE user_id = @user_id AND id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @page_size;

-- name: CountUnreadNotifications :one
SELECT count(*) FROM notifications WHERE user_id = @user_id AND read_at IS NULL;

-- name: MarkNotificationsRead :execrows
-- Only the caller's own, unread ones count: someone else's id changes
-- nothing.
UPDATE notifications SET read_at = now()
WHERE user_id = @user_id AND id = ANY(@ids::bigint[]) AND read_at IS NULL;

-- name: MarkAllNotificationsRead :execrows
UPDATE notifications SET read_at = now() WHERE user_id = @user_id AND read_at IS NULL;

-- name: ListNotificationSettings :many
SELECT kind, email, sms, push FROM notification_settings WHERE user_id = @user_id ORDER BY kind;

-- name: SetNotificationSettings :exec
-- kinds[i] gets emails[i], in one statement.
INSERT INTO notification_settings (user_id, kind, email)
SELECT @user_id::bigint, unnest(@kinds::text[]), unnest(@emails::boolean[])
ON CONFLICT (user_id, kind) DO UPDATE SET email = excluded.email;

-- name: GetNotificationEmail :one
-- Everything the email of a notification needs, at send time: the
-- recipient as they are now, and whether they still want this kind.
SELECT n.id, n.user_id, n.kind, n.link, n.data, n.created_at, n.emailed_at, n.email_failed_at,
       u.email, u.user_name, u.language, (u.deleted_at IS NOT NULL)::boolean AS user_deleted,
       COALESCE(s.email, true)::boolean AS email_on,
       (n.read_at IS NOT NULL)::boolean AS read, n.folded_into
FROM notifications n
JOIN users u ON u.id = n.user_id
LEFT JOIN notification_settings s ON s.user_id = n.user_id AND s.kind = n.kind
WHERE n.id = @id;

-- name: MarkNotificationEmailed :execrows
UPDATE notifications SET emailed_at = now(), email_attempts = email_attempts + 1, email_error = NULL, email_failed_at = NULL
WHERE id = @id AND emailed_at IS NULL;

-- name: RecordNotificationEmailError :exec
-- A failed attempt; gave_up marks the last one.
UPDATE notifications
SET email_attempts = email_attempts + 1, email_error = @email_error,
    email_failed_at = CASE WHEN @gave_up::boolean THEN now() END
WHERE id = @id AND emailed_at IS NULL;

-- name: ListMailFailures :many
-- Emails that failed for good or are failing still, newest first.
SELECT n.id, n.kind, n.created_at, n.email_attempts, n.email_error, n.email_failed_at, u.email
FROM notifications n
JOIN users u ON u.id = n.user_id
WHERE n.email_error IS NOT NULL AND n.emailed_at IS NULL
  AND n.id < COALESCE(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY n.id DESC
LIMIT @page_size;

-- name: SetNotificationSMSSettings :exec
-- kinds[i] gets sms[i] (#35), in one statement; a new row's email is on,
-- as no row means.
INSERT INTO notification_settings (user_id, kind, email, sms)
SELECT @user_id::bigint, unnest(@kinds::text[]), true, unnest(@sms::boolean[])
ON CONFLICT (user_id, kind) DO UPDATE SET sms = excluded.sms;

-- name: GetNotificationSMS :one
-- What the SMS of a notification needs, at send time (#35): the
-- recipient's proved number, whether their email reaches them (an
-- address, proved) and wants this kind, and whether they want it by SMS.
SELECT n.id, n.kind, n.link, n.data, (n.texted_at IS NOT NULL)::boolean AS texted,
       u.phone, u.phone_verified, u.language, (u.deleted_at IS NOT NULL)::boolean AS user_deleted,
       (u.email <> '' AND u.email_verified_at IS NOT NULL)::boolean AS email_proved,
       COALESCE(s.email, true)::boolean AS email_on, COALESCE(s.sms, true)::boolean AS sms_on
FROM notifications n
JOIN users u ON u.id = n.user_id
LEFT JOIN notification_settings s ON s.user_id = n.user_id AND s.kind = n.kind
WHERE n.id = @id;

-- name: ClaimNotificationSMS :execrows
UPDATE notifications SET texted_at = now() WHERE id = @id AND texted_at IS NULL;

-- name: UnclaimNotificationSMS :exec
UPDATE notifications SET texted_at = NULL WHERE id = @id;
