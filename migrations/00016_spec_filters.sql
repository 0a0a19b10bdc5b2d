-- +goose Up
-- Filters by the laptop's specs, and the counts beside each choice of a
-- browse (GET /api/products/facets).
--
-- A filter by a spec most products have walks the list's own index and
-- stops after a page; a rare one (64 GB, eMMC, an Apple M3 within HP) would
-- walk it to the end. Their indexes let the planner, which sees each value
-- (store.customPlans), fetch the few instead. Small: equal keys are
-- deduplicated. The processor's words are matched as a search's are.
CREATE INDEX products_ram_idx ON products (ram_gb) WHERE sold_at IS NULL AND deleted_at IS NULL;
CREATE INDEX products_storage_idx ON products (storage_gb) WHERE sold_at IS NULL AND deleted_at IS NULL;
CREATE INDEX products_storage_type_idx ON products (storage_type) WHERE sold_at IS NULL AND deleted_at IS NULL;
CREATE INDEX products_battery_idx ON products (battery_health) WHERE sold_at IS NULL AND deleted_at IS NULL;
CREATE INDEX products_screen_idx ON products (screen_inches) WHERE sold_at IS NULL AND deleted_at IS NULL;
CREATE INDEX products_processor_idx ON products USING gin (to_tsvector('simple', processor)) WHERE sold_at IS NULL AND deleted_at IS NULL;

-- The counts of the commonest pages (a brand, everything, or those narrowed
-- by condition, RAM and storage type only) come from product_facet_counts:
-- how many available products each combination of category, condition, RAM
-- and storage type has. It is a few hundred rows where the catalogue has a
-- million, so every facet of such a page is a sum over it in memory
-- (store/facets.go). It is kept like category_counts (00004): statement-level
-- triggers with transition tables, so a COPY of a million rows changes each
-- combination once; an UPDATE changes only the combinations it moved
-- products between (a price change or an advert changes none), in one
-- statement taking the rows in key order, so two updates cannot deadlock
-- on them.
CREATE TABLE product_facet_counts (
    category_id  bigint  NOT NULL CONSTRAINT product_facet_counts_category_fkey REFERENCES categories (id) ON DELETE CASCADE,
    condition    text    NOT NULL,
    ram_gb       integer NOT NULL, -- 0: not given
    storage_type text    NOT NULL, -- '': not given
    -- products neither sold nor deleted
    available    bigint  NOT NULL,
    CONSTRAINT product_facet_counts_pkey PRIMARY KEY (category_id, condition, ram_gb, storage_type)
);
INSERT INTO product_facet_counts (category_id, condition, ram_gb, storage_type, available)
SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), count(*)
FROM products WHERE sold_at IS NULL AND deleted_at IS NULL
GROUP BY 1, 2, 3, 4;

-- +goose StatementBegin
CREATE FUNCTION count_product_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, available)
        SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), count(*)
        FROM new_rows WHERE sold_at IS NULL AND deleted_at IS NULL
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (category_id, condition, ram_gb, storage_type) DO UPDATE SET available = f.available + EXCLUDED.available;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, available)
        SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), -count(*)
        FROM old_rows WHERE sold_at IS NULL AND deleted_at IS NULL
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (category_id, condition, ram_gb, storage_type) DO UPDATE SET available = f.available + EXCLUDED.available;
    ELSE
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, available)
        SELECT category_id, condition, ram_gb, storage_type, sum(n)
        FROM (SELECT category_id, condition, coalesce(ram_gb, 0) AS ram_gb, coalesce(storage_type, '') AS storage_type, -1 AS n
              FROM old_rows WHERE sold_at IS NULL AND deleted_at IS NULL
              UNION ALL
              SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), 1
              FROM new_rows WHERE sold_at IS NULL AND deleted_at IS NULL) moved
        GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
        ON CONFLICT (category_id, condition, ram_gb, storage_type) DO UPDATE SET available = f.available + EXCLUDED.available;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER products_facets_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_product_facets();
CREATE TRIGGER products_facets_update AFTER UPDATE ON products
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_product_facets();
CREATE TRIGGER products_facets_delete AFTER DELETE ON products
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_product_facets();

-- +goose Down
DROP TRIGGER products_facets_delete ON products;
DROP TRIGGER products_facets_update ON products;
DROP TRIGGER products_facets_insert ON products;
DROP FUNCTION count_product_facets();
DROP TABLE product_facet_counts;
DROP INDEX products_processor_idx;
DROP INDEX products_screen_idx;
DROP INDEX products_battery_idx;
DROP INDEX products_storage_type_idx;
DROP INDEX products_storage_idx;
DROP INDEX products_ram_idx;
