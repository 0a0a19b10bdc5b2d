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
-- by condition and the specs' pickers: RAM, storage and its type, screen,
-- battery in steps of ten) come from product_facet_counts: how many
-- available products each combination of those has. Laptops come in few
-- configurations, so it is a few hundred rows where the catalogue has a
-- million, and every facet of such a page is a sum over it in memory
-- (store/facets.go). It is kept like category_counts (00004):
-- statement-level triggers with transition tables, so a COPY of a million
-- rows changes each combination once; an UPDATE changes only the
-- combinations it moved products between (a price change or an advert
-- changes none), in one statement taking the rows in key order, so two
-- updates cannot deadlock on them.
CREATE TABLE product_facet_counts (
    category_id   bigint  NOT NULL CONSTRAINT product_facet_counts_category_fkey REFERENCES categories (id) ON DELETE CASCADE,
    condition     text    NOT NULL,
    -- each spec as its kept: 0, '' or -1 when not given
    ram_gb        integer NOT NULL,
    storage_type  text    NOT NULL,
    storage_gb    integer NOT NULL,
    screen_inches real    NOT NULL,
    battery_tens  integer NOT NULL, -- battery_health / 10: 0 to 10
    -- products neither sold nor deleted
    available     bigint  NOT NULL,
    CONSTRAINT product_facet_counts_pkey PRIMARY KEY (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens)
);
INSERT INTO product_facet_counts (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
       coalesce(battery_health / 10, -1), count(*)
FROM products WHERE sold_at IS NULL AND deleted_at IS NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7;

-- +goose StatementBegin
CREATE FUNCTION count_product_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
        SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
               coalesce(battery_health / 10, -1), count(*)
        FROM new_rows WHERE sold_at IS NULL AND deleted_at IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT product_facet_counts_pkey DO UPDATE SET available = f.available + EXCLUDED.available;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
        SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
               coalesce(battery_health / 10, -1), -count(*)
        FROM old_rows WHERE sold_at IS NULL AND deleted_at IS NULL
        GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT product_facet_counts_pkey DO UPDATE SET available = f.available + EXCLUDED.available;
    ELSE
        INSERT INTO product_facet_counts AS f (category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, available)
        SELECT category_id, condition, ram_gb, storage_type, storage_gb, screen_inches, battery_tens, sum(n)
        FROM (SELECT category_id, condition, coalesce(ram_gb, 0) AS ram_gb, coalesce(storage_type, '') AS storage_type,
                     coalesce(storage_gb, 0) AS storage_gb, coalesce(screen_inches, 0) AS screen_inches,
                     coalesce(battery_health / 10, -1) AS battery_tens, -1 AS n
              FROM old_rows WHERE sold_at IS NULL AND deleted_at IS NULL
              UNION ALL
              SELECT category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), coalesce(storage_gb, 0), coalesce(screen_inches, 0),
                     coalesce(battery_health / 10, -1), 1
              FROM new_rows WHERE sold_at IS NULL AND deleted_at IS NULL) moved
        GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT ON CONSTRAINT product_facet_counts_pkey DO UPDATE SET available = f.available + EXCLUDED.available;
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
