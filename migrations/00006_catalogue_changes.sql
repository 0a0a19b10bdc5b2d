-- Every change to what the public catalogue shows (products, their reports,
-- their sellers' names and badges, the categories) is announced on the
-- channel catalogue_changed when its transaction commits, so each running
-- instance can drop the catalogue answers it keeps (api/cache.go).
-- Statement-level: one notice per statement, and PostgreSQL folds repeats
-- within a transaction into one.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER product_reports_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_reports
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
-- a user's sign-ins, sign-outs and new accounts change no listing
CREATE TRIGGER users_catalogue_changed AFTER UPDATE OF user_name, email, verified, deleted_at OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();

-- +goose Down
DROP TRIGGER users_catalogue_changed ON users;
DROP TRIGGER categories_catalogue_changed ON categories;
DROP TRIGGER product_reports_catalogue_changed ON product_reports;
DROP TRIGGER products_catalogue_changed ON products;
DROP FUNCTION notify_catalogue_changed();
