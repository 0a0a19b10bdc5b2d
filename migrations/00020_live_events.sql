-- +goose Up
-- Live updates (GET /api/events): what happened to a user, kept a day so a
-- stream that reconnects (to any instance) can be sent what it missed.
-- Rows are written by the triggers below, in the transaction of the change
-- itself, so an event exists exactly when its change committed; each one is
-- announced on the channel user_events as '<user id>:<event id>' (sent at
-- commit), which every instance hears on one connection of its own.
CREATE TABLE user_events (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    bigint      NOT NULL CONSTRAINT user_events_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    kind       text        NOT NULL CONSTRAINT user_events_kind_check CHECK (kind IN ('message', 'notification', 'booking')),
    -- what the app needs to know which of its lists to refresh; ids as
    -- strings, as everywhere on the wire
    data       jsonb       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
-- a stream's replay: one user's events after an id
CREATE INDEX user_events_user_id_idx ON user_events (user_id, id);
-- the hourly pruning of events older than a day
CREATE INDEX user_events_created_at_idx ON user_events (created_at);

-- The single-use tickets that open a stream: an EventSource cannot send an
-- Authorization header, and no long-lived token may travel in a URL. Only
-- the ticket's SHA-256 is kept; using one deletes it (one DELETE ...
-- RETURNING, so two instances cannot both accept it).
CREATE TABLE event_tickets (
    token_hash    bytea       NOT NULL CONSTRAINT event_tickets_pkey PRIMARY KEY
                              CONSTRAINT event_tickets_token_hash_check CHECK (length(token_hash) = 32),
    user_id       bigint      NOT NULL CONSTRAINT event_tickets_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    -- the session's token version when the ticket was made: a logout
    -- since then ends the stream too
    token_version integer     NOT NULL,
    expires_at    timestamptz NOT NULL
);
CREATE INDEX event_tickets_expires_at_idx ON event_tickets (expires_at);

-- +goose StatementBegin
CREATE FUNCTION add_user_event(p_user_id bigint, p_kind text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
BEGIN
  INSERT INTO user_events (user_id, kind, data) VALUES (p_user_id, p_kind, p_data) RETURNING id INTO event_id;
  PERFORM pg_notify('user_events', p_user_id || ':' || event_id);
END
$$;
-- +goose StatementEnd

-- a notification for its user: the bell's count and list
-- +goose StatementBegin
CREATE FUNCTION notifications_user_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_user_event(NEW.user_id, 'notification', jsonb_build_object('id', NEW.id::text, 'kind', NEW.kind));
  RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER notifications_user_event AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_user_event();

-- a booking made or moved to another status: its buyer's bookings and
-- its seller's leads
-- +goose StatementBegin
CREATE FUNCTION bookings_user_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  data jsonb := jsonb_build_object('id', NEW.id::text, 'status', NEW.status);
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  PERFORM add_user_event(NEW.buyer_id, 'booking', data);
  IF NEW.seller_id <> NEW.buyer_id THEN
    PERFORM add_user_event(NEW.seller_id, 'booking', data);
  END IF;
  RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER bookings_user_event AFTER INSERT OR UPDATE OF status ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_user_event();

-- a message, for both people of its conversation (the sender's other tabs
-- too)
-- +goose StatementBegin
CREATE FUNCTION messages_user_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
  data jsonb := jsonb_build_object('conversationId', NEW.conversation_id::text, 'id', NEW.id::text);
BEGIN
  SELECT buyer_id, seller_id INTO c FROM conversations WHERE id = NEW.conversation_id;
  IF FOUND THEN
    PERFORM add_user_event(c.buyer_id, 'message', data);
    PERFORM add_user_event(c.seller_id, 'message', data);
  END IF;
  RETURN NULL;
END
$$;
-- +goose StatementEnd

-- an offer accepted, declined or superseded: its message's status changed
-- +goose StatementBegin
CREATE FUNCTION offers_user_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
  data jsonb := jsonb_build_object('conversationId', NEW.conversation_id::text, 'offerId', NEW.id::text);
BEGIN
  IF OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  SELECT buyer_id, seller_id INTO c FROM conversations WHERE id = NEW.conversation_id;
  IF FOUND THEN
    PERFORM add_user_event(c.buyer_id, 'message', data);
    PERFORM add_user_event(c.seller_id, 'message', data);
  END IF;
  RETURN NULL;
END
$$;
-- +goose StatementEnd

-- The conversations, messages and offers tables come with migration
-- 00019; the triggers on them are made only where those tables exist, so
-- this migration also applies to a schema without them.
-- +goose StatementBegin
DO $$
BEGIN
  IF to_regclass('messages') IS NOT NULL THEN
    CREATE TRIGGER messages_user_event AFTER INSERT ON messages
      FOR EACH ROW EXECUTE FUNCTION messages_user_event();
  END IF;
  IF to_regclass('offers') IS NOT NULL THEN
    CREATE TRIGGER offers_user_event AFTER UPDATE OF status ON offers
      FOR EACH ROW EXECUTE FUNCTION offers_user_event();
  END IF;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DO $$
BEGIN
  IF to_regclass('offers') IS NOT NULL THEN
    DROP TRIGGER IF EXISTS offers_user_event ON offers;
  END IF;
  IF to_regclass('messages') IS NOT NULL THEN
    DROP TRIGGER IF EXISTS messages_user_event ON messages;
  END IF;
END
$$;
-- +goose StatementEnd
DROP TRIGGER bookings_user_event ON bookings;
DROP TRIGGER notifications_user_event ON notifications;
DROP FUNCTION offers_user_event();
DROP FUNCTION messages_user_event();
DROP FUNCTION bookings_user_event();
DROP FUNCTION notifications_user_event();
DROP FUNCTION add_user_event(bigint, text, jsonb);
DROP TABLE event_tickets;
DROP TABLE user_events;
