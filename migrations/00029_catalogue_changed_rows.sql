-- +goose Up
-- A statement on products that changed no row announced a change all the
-- same (its trigger ran once a statement): the jobs that run every minute
-- (reservations run out, advertisements and listings ended) had every
-- instance drop its kept answers and the searches it remembered each
-- minute, whether anything ended or not, and the next requests of a
-- popular search found its matches afresh at once. Products now announce a
-- change only when a row was inserted, updated or deleted; one trigger an
-- event, as a trigger with the rows it changed (a transition table) takes
-- one event only.
DROP TRIGGER products_catalogue_changed ON products;

-- +goose StatementBegin
CREATE FUNCTION notify_catalogue_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM changed) THEN
        PERFORM pg_notify('catalogue_changed', '');
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER products_catalogue_inserted AFTER INSERT ON products
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed();
CREATE TRIGGER products_catalogue_updated AFTER UPDATE ON products
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed();
CREATE TRIGGER products_catalogue_deleted AFTER DELETE ON products
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed();
CREATE TRIGGER products_catalogue_truncated AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();

-- +goose Down
DROP TRIGGER products_catalogue_truncated ON products;
DROP TRIGGER products_catalogue_deleted ON products;
DROP TRIGGER products_catalogue_updated ON products;
DROP TRIGGER products_catalogue_inserted ON products;
DROP FUNCTION notify_catalogue_rows_changed();
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
