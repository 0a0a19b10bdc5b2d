-- +goose Up
-- A broad search in a brand with a condition ("core i7" in HP, excellent),
-- newest first, walks this index (BrowseSearchNewestInCategoryCondition):
-- the brand's listings in that condition alone, where the brand's own
-- index read the others too (440 listings for a page at a million, 280
-- here). About 40 MB at a million listings.
CREATE INDEX products_category_condition_idx ON products (category_id, condition, created_at DESC, id DESC)
    WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;

-- +goose Down
DROP INDEX products_category_condition_idx;
