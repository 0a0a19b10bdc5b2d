-- +goose Up
-- The cells of a list (migration 00057): the combinations of brand,
-- condition, RAM and storage type the kept counts say hold products on
-- sale that may meet a list's filters. Five queries of sql/browse.sql go
-- by them (a list by RAM or storage type in price order, a broad search
-- so, and its count of postings in cells); this is their one copy. A SQL
-- function of one SELECT, STABLE: the planner inlines it into each query,
-- its arguments as the query's own parameters, as if written there.
-- +goose StatementBegin
CREATE FUNCTION live_cells(want_category_id bigint, want_condition text, ram_min integer, want_storage_type text,
                           storage_min integer, screen_min real, screen_max real, battery_min integer)
RETURNS TABLE (category_id bigint, condition text, ram_gb integer, storage_type text)
LANGUAGE sql STABLE AS $$
    SELECT DISTINCT f.category_id, f.condition, f.ram_gb, f.storage_type
    FROM product_facet_counts f
    WHERE f.available > 0
      AND (want_category_id IS NULL OR f.category_id = want_category_id)
      AND (want_condition IS NULL OR f.condition = want_condition)
      AND (ram_min IS NULL OR f.ram_gb >= ram_min)
      AND (want_storage_type IS NULL OR f.storage_type = want_storage_type)
      AND (storage_min IS NULL OR f.storage_gb >= storage_min)
      AND (screen_min IS NULL OR f.screen_inches <> 0 AND f.screen_inches >= screen_min)
      AND (screen_max IS NULL OR f.screen_inches <> 0 AND f.screen_inches <= screen_max)
      AND (battery_min IS NULL OR f.battery_tens >= battery_min / 10)
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION live_cells(bigint, text, integer, text, integer, real, real, integer);
