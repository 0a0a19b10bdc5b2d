-- +goose Up
-- Suggestions while typing (#36): the brands, models and spec phrases a
-- search box offers, each with how many live listings it finds. Counting
-- them afresh for every keystroke would cost a scan of the catalogue, so
-- a periodic job (jobs.SuggestArgs) makes this small table again from the
-- live listings (store.RefreshSuggestions) and every instance keeps a copy
-- in memory, read again once a minute: a suggestion costs no query.
-- words: a spec suggestion's spec words, sorted, space separated
-- ("cpucorei5 ram8gb"), so a typed spec and the next one typed find the
-- pair's count.
CREATE TABLE search_suggestions (
    kind  text   NOT NULL CHECK (kind IN ('model', 'brand', 'spec', 'query')),
    text  text   NOT NULL CHECK (length(text) BETWEEN 1 AND 100),
    brand text   NOT NULL DEFAULT '' CHECK (length(brand) <= 100),
    words text   NOT NULL DEFAULT '' CHECK (length(words) <= 200),
    count bigint NOT NULL CHECK (count > 0),
    PRIMARY KEY (kind, text)
);

-- +goose Down
DROP TABLE search_suggestions;
