-- +goose Up
-- The price guide's reference catalogue as an admin uploaded it (#39):
-- the new price of a laptop in Bangladesh is taken from the catalogue the
-- binary ships with (priceguide/reference.csv) until an admin uploads a
-- CSV of the same shape, which either replaces it or extends it (its
-- laptops added to the shipped ones, a title both name priced as
-- uploaded). One upload is in use at a time: a new one takes the place of
-- the last, and removing it goes back to the shipped catalogue.
CREATE TABLE price_references (
    id          bigint      GENERATED ALWAYS AS IDENTITY CONSTRAINT price_references_pkey PRIMARY KEY,
    mode        text        NOT NULL CONSTRAINT price_references_mode_check CHECK (mode IN ('replace', 'extend')),
    -- who uploaded it; kept if the account row were ever really deleted
    uploaded_by bigint      CONSTRAINT price_references_uploaded_by_fkey REFERENCES users (id) ON DELETE SET NULL,
    uploaded_at timestamptz NOT NULL DEFAULT now(),
    row_count   int         NOT NULL CONSTRAINT price_references_row_count_check CHECK (row_count BETWEEN 1 AND 20000)
);
-- at most one upload in use
CREATE UNIQUE INDEX price_references_one_idx ON price_references ((true));

-- Its laptops, one a line of the file (line is the line the laptop's
-- record starts on, the header being line 1), every column kept so the
-- catalogue in use can be downloaded as it was uploaded. price_tk is
-- whole Tk, or NULL for a laptop without a price (out of stock: kept, not
-- priced from).
CREATE TABLE price_reference_rows (
    reference_id bigint  NOT NULL CONSTRAINT price_reference_rows_reference_fkey REFERENCES price_references (id) ON DELETE CASCADE,
    line         int     NOT NULL CONSTRAINT price_reference_rows_line_check CHECK (line >= 2),
    title        text    NOT NULL CONSTRAINT price_reference_rows_title_check CHECK (title <> '' AND char_length(title) <= 300),
    brand        text    NOT NULL DEFAULT '' CONSTRAINT price_reference_rows_brand_check CHECK (char_length(brand) <= 1000),
    model        text    NOT NULL DEFAULT '' CONSTRAINT price_reference_rows_model_check CHECK (char_length(model) <= 1000),
    processor    text    NOT NULL DEFAULT '' CONSTRAINT price_reference_rows_processor_check CHECK (char_length(processor) <= 1000),
    ram          text    NOT NULL DEFAULT '' CONSTRAINT price_reference_rows_ram_check CHECK (char_length(ram) <= 1000),
    graphics     text    NOT NULL DEFAULT '' CONSTRAINT price_reference_rows_graphics_check CHECK (char_length(graphics) <= 1000),
    os           text    NOT NULL DEFAULT '' CONSTRAINT price_reference_rows_os_check CHECK (char_length(os) <= 1000),
    weight       text    NOT NULL DEFAULT '' CONSTRAINT price_reference_rows_weight_check CHECK (char_length(weight) <= 1000),
    price_tk     int     CONSTRAINT price_reference_rows_price_check CHECK (price_tk BETWEEN 1000 AND 10000000),
    CONSTRAINT price_reference_rows_pkey PRIMARY KEY (reference_id, line)
);

-- An upload or its removal is announced on catalogue_changed (00006) with
-- the payload 'price_reference' when its transaction commits: every
-- instance drops its kept answers (the price guide's among them) and
-- builds its guide from the catalogue now in use (api/price_reference.go).
-- +goose StatementBegin
CREATE FUNCTION notify_price_reference_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', 'price_reference');
  RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER price_references_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_references
  FOR EACH STATEMENT EXECUTE FUNCTION notify_price_reference_changed();

-- +goose Down
DROP TRIGGER price_references_changed ON price_references;
DROP FUNCTION notify_price_reference_changed();
DROP TABLE price_reference_rows;
DROP TABLE price_references;
