-- +goose Up
-- A list filtered by RAM or storage type in price order (#38): its
-- products may all come after most others in price (16 GB laptops,
-- cheapest first, after 300,000 cheaper ones at a million products: the
-- price index walked for them took over a second). The kept counts
-- (product_facet_counts) name the combinations of brand, condition, RAM
-- and storage type that hold products; this index has each combination's
-- products in price order, so a page is the cheapest of each combination
-- merged (BrowseCellsPriceAsc), a few index reads each. 0 and '' stand for
-- a RAM or storage type not given, as in the kept counts.
SET LOCAL statement_timeout = 0;
CREATE INDEX products_cell_price_idx
    ON products (category_id, condition, coalesce(ram_gb, 0), coalesce(storage_type, ''), sell_price, id)
    WHERE sold_at IS NULL AND deleted_at IS NULL AND expired_at IS NULL;

-- +goose Down
DROP INDEX products_cell_price_idx;
