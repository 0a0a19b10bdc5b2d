-- #34 the ledger: a payout an admin records is in the audit log too.

-- +goose Up
ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
    'seller_verified', 'seller_unverified', 'user_deleted', 'product_deleted', 'reported_product_deleted',
    'reports_dismissed', 'advertising_stopped', 'category_created', 'category_deleted', 'review_removed',
    'product_hidden', 'user_warned', 'user_suspended', 'payout_recorded'));

-- +goose Down
DELETE FROM admin_audit WHERE action = 'payout_recorded';
ALTER TABLE admin_audit DROP CONSTRAINT admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
    'seller_verified', 'seller_unverified', 'user_deleted', 'product_deleted', 'reported_product_deleted',
    'reports_dismissed', 'advertising_stopped', 'category_created', 'category_deleted', 'review_removed',
    'product_hidden', 'user_warned', 'user_suspended'));
