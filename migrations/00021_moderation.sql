-- +goose Up
-- Moderation with reasons: a report says why (one of a checked list) and
-- may carry a note; the reports made before reasons existed said nothing,
-- so they are 'other'.
ALTER TABLE product_reports
    ADD COLUMN reason text NOT NULL DEFAULT 'other'
        CONSTRAINT product_reports_reason_check CHECK (reason IN ('spam', 'sold', 'wrong_price', 'fake', 'stolen', 'offensive', 'other')),
    ADD COLUMN note text NOT NULL DEFAULT ''
        CONSTRAINT product_reports_note_check CHECK (char_length(note) <= 500);

-- The audit log: one row per admin action, written in the action's own
-- transaction. It outlives the people it names: the admin's and the
-- target's names are copied as they were at the time, and no foreign key
-- can delete a row (admin_id is only cleared if an account row is ever
-- really deleted; accounts are soft-deleted today).
CREATE TABLE admin_audit (
    id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    admin_id     bigint      CONSTRAINT admin_audit_admin_id_fkey REFERENCES users (id) ON DELETE SET NULL,
    admin_name   text        NOT NULL,
    action       text        NOT NULL CONSTRAINT admin_audit_action_check CHECK (action IN (
                     'seller_verified', 'seller_unverified', 'user_deleted', 'product_deleted', 'reported_product_deleted',
                     'reports_dismissed', 'advertising_stopped', 'category_created', 'category_deleted')),
    target_kind  text        NOT NULL CONSTRAINT admin_audit_target_kind_check CHECK (target_kind IN ('user', 'product', 'category')),
    target_id    bigint      NOT NULL,
    target_label text        NOT NULL,
    -- what else the action said: a removal's reason, how many reports a
    -- dismissal cleared
    detail       jsonb       NOT NULL DEFAULT '{}',
    created_at   timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE admin_audit;
ALTER TABLE product_reports DROP COLUMN note, DROP COLUMN reason;
