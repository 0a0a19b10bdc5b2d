-- +goose Up
-- Folded email (#31, F7, F8, I-1): a person gets at most one email per
-- kind and subject (a thread, a product) in a window; the events of the
-- window are folded into it (store/mail_folds.go). Every event still
-- writes its own notification for the app.

-- One row per recipient, kind and subject that was ever mailed folded:
-- lead is the notification whose email is waiting to go (the events
-- that come while it waits are folded into it); next_at is the earliest
-- the next email of the key may go (its window's end). The row is the
-- lock two events of one key take turns on.
CREATE TABLE mail_folds (
    user_id bigint      NOT NULL CONSTRAINT mail_folds_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    kind    text        NOT NULL CONSTRAINT mail_folds_kind_check CHECK (kind ~ '^[a-z_]{1,40}$'),
    subject text        NOT NULL CONSTRAINT mail_folds_subject_check CHECK (length(subject) BETWEEN 1 AND 100),
    lead_id bigint      CONSTRAINT mail_folds_lead_id_fkey REFERENCES notifications (id) ON DELETE SET NULL,
    next_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT mail_folds_pkey PRIMARY KEY (user_id, kind, subject)
);
-- the hourly pruning of keys whose window is long over
CREATE INDEX mail_folds_next_at_idx ON mail_folds (next_at) WHERE lead_id IS NULL;

-- The email a notification went out in: its own (folded_into = id), a
-- later one's it was folded into, or none (NULL: a kind mailed one by
-- one, or a notification written before this migration).
ALTER TABLE notifications ADD COLUMN folded_into bigint
    CONSTRAINT notifications_folded_into_fkey REFERENCES notifications (id) ON DELETE SET NULL;
CREATE INDEX notifications_folded_into_idx ON notifications (folded_into) WHERE folded_into IS NOT NULL;

-- The lowest price a favouriter knows of the product: its price when they
-- saved it, lowered by each price drop they were told of. A drop is told
-- only when it goes clearly below it (store.PriceDropMin), so a price
-- moved up and down again, or by a taka, tells nobody.
ALTER TABLE favourites ADD COLUMN price_known bigint;
UPDATE favourites f SET price_known = p.sell_price FROM products p WHERE p.id = f.product_id;

-- A buyer's bookings of the last hour, cancelled ones too, for the
-- per-buyer budget (store.BookingsPerWindow, I-1).
CREATE INDEX bookings_buyer_created_idx ON bookings (buyer_id, created_at);

-- A user's live-update tickets, counted against store.MaxEventTickets
-- (F15).
CREATE INDEX event_tickets_user_id_idx ON event_tickets (user_id);

-- +goose Down
DROP INDEX event_tickets_user_id_idx;
DROP INDEX bookings_buyer_created_idx;
ALTER TABLE favourites DROP COLUMN price_known;
DROP INDEX notifications_folded_into_idx;
ALTER TABLE notifications DROP COLUMN folded_into;
DROP TABLE mail_folds;
