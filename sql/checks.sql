-- name: GetCheckProductOwner :one
-- A live listing's seller, to issue a check code or delete its report.
SELECT seller_id, sold_at FROM products WHERE id = @id AND deleted_at IS NULL;

-- name: CreateCheckCode :one
INSERT INTO check_codes (product_id, code_hash, expires_at)
VALUES (@product_id, @code_hash, @expires_at)
RETURNING id;

-- name: UseCheckCode :one
-- Spends a live code: single use, and only before it expires, and only
-- for a live, unsold listing. The UPDATE locks the code, so two posts of
-- one code store one report.
UPDATE check_codes c SET used_at = now()
FROM products p
WHERE c.code_hash = @code_hash AND c.used_at IS NULL AND c.expires_at > now()
  AND p.id = c.product_id AND p.deleted_at IS NULL AND p.sold_at IS NULL
RETURNING c.product_id;

-- name: CreateCheckReport :one
-- created_at is the time the signed statement names.
INSERT INTO check_reports (product_id, report, signature, serial_hash, serial_last4, created_at)
VALUES (@product_id, @report, @signature, sqlc.narg(serial_hash), @serial_last4, @created_at)
RETURNING id;

-- name: MarkProductChecked :exec
UPDATE products SET checked_at = @checked_at WHERE id = @id;

-- name: GetLatestCheckReport :one
SELECT id, product_id, report, signature, serial_last4, created_at
FROM check_reports WHERE product_id = @product_id
ORDER BY id DESC LIMIT 1;

-- name: DeleteCheckReports :execrows
-- The seller's delete: every report of the listing goes (a hand-over
-- check keeps its own copy of what it read).
DELETE FROM check_reports WHERE product_id = @product_id;

-- name: ClearProductChecked :exec
UPDATE products SET checked_at = NULL WHERE id = @id;

-- name: HideStolenProducts :many
-- Hides every live, unsold listing whose newest report's serial is
-- @serial_hash, as an admin's hide does, and marks it stolen so its
-- seller's edit does not bring it back.
UPDATE products p SET stolen_at = now(), hidden_at = COALESCE(p.hidden_at, now()),
    hidden_reason = 'Registered as stolen', expired_at = COALESCE(p.expired_at, now()),
    advertised_at = NULL, advertised_until = NULL
WHERE p.deleted_at IS NULL AND p.sold_at IS NULL AND p.stolen_at IS NULL
  AND p.id IN (SELECT r.product_id FROM check_reports r WHERE r.serial_hash = @serial_hash)
RETURNING p.id;

-- name: IsSerialStolen :one
SELECT EXISTS (
    SELECT 1 FROM stolen_serials WHERE serial_hash = @serial_hash AND status = 'confirmed'
)::boolean AS stolen;

-- name: CreateStolenSerial :one
INSERT INTO stolen_serials (serial_hash, serial_last4, police_report, reporter_id)
VALUES (@serial_hash, @serial_last4, @police_report, @reporter_id)
RETURNING id, status, created_at;

-- name: ListPendingStolen :many
SELECT s.id, s.serial_last4, s.police_report, s.reporter_id, COALESCE(u.user_name, '')::text AS reporter_name, s.status, s.created_at,
       (SELECT count(DISTINCT r.product_id) FROM check_reports r WHERE r.serial_hash = s.serial_hash)::bigint AS listings
FROM stolen_serials s LEFT JOIN users u ON u.id = s.reporter_id
WHERE s.status = 'pending'
ORDER BY s.id
LIMIT 200;

-- name: DecideStolen :one
-- An admin's confirm or reject of a pending registration.
UPDATE stolen_serials SET status = @status, decided_by = @admin_id, decided_at = now()
WHERE id = @id AND status = 'pending'
RETURNING id, serial_hash, serial_last4, status;

-- name: ListOpenHandoverBookings :many
-- The bookings whose buyer holds a hand-over code now (accepted or paid,
-- with a nonce): the code of resale-check --handover is one of theirs.
SELECT b.id, b.product_id, b.handover_nonce FROM bookings b
WHERE b.status IN ('accepted', 'paid') AND b.handover_nonce IS NOT NULL;

-- name: GetCheckReportForCompare :one
SELECT id, report, serial_hash, serial_last4 FROM check_reports WHERE product_id = @product_id
ORDER BY id DESC LIMIT 1;

-- name: CreateHandoverCheck :one
INSERT INTO handover_checks (booking_id, check_report_id, report, signature, serial_hash, serial_last4,
    serial_matches, hardware_matches, differences, battery_before, battery_now, created_at)
VALUES (@booking_id, sqlc.narg(check_report_id), @report, @signature, sqlc.narg(serial_hash), @serial_last4,
    sqlc.narg(serial_matches), sqlc.narg(hardware_matches), @differences::text[], sqlc.narg(battery_before), sqlc.narg(battery_now), @created_at)
RETURNING id;

-- name: ListLatestHandoverChecks :many
-- The newest hand-over check of each of a page of bookings.
SELECT DISTINCT ON (booking_id) id, booking_id, check_report_id, serial_last4, serial_matches, hardware_matches,
    differences, battery_before, battery_now, created_at
FROM handover_checks WHERE booking_id = ANY(@booking_ids::bigint[])
ORDER BY booking_id, id DESC;
