-- name: SavePushSubscription :one
-- A browser's subscription (#37): its endpoint is the browser's, so one
-- seen before is given to this user with its new keys.
INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
VALUES (@user_id, @endpoint, @p256dh, @auth)
ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()
RETURNING *;

-- name: TrimPushSubscriptions :execrows
-- A user keeps their newest browsers only (store.MaxPushSubscriptions).
DELETE FROM push_subscriptions d
WHERE d.user_id = @user_id AND d.id NOT IN (
    SELECT k.id FROM push_subscriptions k WHERE k.user_id = @user_id ORDER BY k.created_at DESC, k.id DESC LIMIT @keep::int);

-- name: ListPushSubscriptionIDs :many
SELECT id FROM push_subscriptions WHERE user_id = @user_id ORDER BY id;

-- name: DeletePushSubscriptionByEndpoint :execrows
DELETE FROM push_subscriptions WHERE user_id = @user_id AND endpoint = @endpoint;

-- name: DeletePushSubscription :execrows
DELETE FROM push_subscriptions WHERE id = @id;

-- name: GetPushDelivery :one
-- What one push needs at send time: the notification, the browser (still
-- the notification user's), the user's language and setting, and whether
-- it went already.
SELECT n.id, n.kind, n.link, n.data, p.id AS subscription_id, p.endpoint, p.p256dh, p.auth,
       u.language, (u.deleted_at IS NOT NULL)::boolean AS user_deleted,
       COALESCE(s.push, true)::boolean AS push_on,
       EXISTS (SELECT 1 FROM push_sends ps WHERE ps.notification_id = n.id AND ps.subscription_id = p.id)::boolean AS sent
FROM notifications n
JOIN push_subscriptions p ON p.user_id = n.user_id
JOIN users u ON u.id = n.user_id
LEFT JOIN notification_settings s ON s.user_id = n.user_id AND s.kind = n.kind
WHERE n.id = @notification_id AND p.id = @subscription_id;

-- name: MarkPushSent :execrows
INSERT INTO push_sends (notification_id, subscription_id) VALUES (@notification_id, @subscription_id)
ON CONFLICT DO NOTHING;

-- name: SetNotificationPushSettings :exec
-- kinds[i] gets push[i] (#37), in one statement; a new row's email and
-- SMS are on, as no row means.
INSERT INTO notification_settings (user_id, kind, email, sms, push)
SELECT @user_id::bigint, unnest(@kinds::text[]), true, true, unnest(@push::boolean[])
ON CONFLICT (user_id, kind) DO UPDATE SET push = excluded.push;
