-- Categories the shop owner shapes (issue #18): admins add categories and
-- delete empty ones.
--
-- A deleted category keeps its row, marked deleted_at: products deleted
-- earlier still point at it (their bookings and payments stay readable).
-- Names are unique among the live categories whatever their case, so "dell"
-- cannot sit beside "Dell", and a deleted name can be used again.

-- +goose Up
ALTER TABLE categories ADD COLUMN deleted_at timestamptz;
ALTER TABLE categories DROP CONSTRAINT categories_name_key;
CREATE UNIQUE INDEX categories_name_key ON categories (lower(name)) WHERE deleted_at IS NULL;

-- No product may be added to, or moved into, a deleted category. The
-- store deletes a category under FOR UPDATE, which waits for a product being
-- added to it (the foreign key check holds KEY SHARE on the category) and
-- holds back a new one until the deletion commits; this check, run after
-- that wait with a fresh snapshot, then refuses it. Statement-level, so a
-- COPY of a million products checks once.
-- +goose StatementBegin
CREATE FUNCTION products_in_live_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM new_rows n JOIN categories c ON c.id = n.category_id
               WHERE c.deleted_at IS NOT NULL AND n.deleted_at IS NULL) THEN
        RAISE EXCEPTION 'the category was deleted'
            USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'products_category_fkey';
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER products_live_category_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_in_live_category();
CREATE TRIGGER products_live_category_update AFTER UPDATE ON products
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_in_live_category();

-- +goose Down
DROP TRIGGER products_live_category_update ON products;
DROP TRIGGER products_live_category_insert ON products;
DROP FUNCTION products_in_live_category();
-- deleted categories nothing points at go for good; a name used again
-- after a deletion would stop the old unique rule from coming back
DELETE FROM category_counts cc USING categories c
WHERE cc.category_id = c.id AND c.deleted_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id);
DELETE FROM categories c WHERE c.deleted_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id);
DROP INDEX categories_name_key;
ALTER TABLE categories ADD CONSTRAINT categories_name_key UNIQUE (name);
ALTER TABLE categories DROP COLUMN deleted_at;
