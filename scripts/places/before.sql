-- +goose Up
-- Places (#36): Bangladesh's 8 divisions, 64 districts and their areas
-- (the upazilas, and the metropolitan thanas of Dhaka and Chattogram),
-- each with its names in English and Bangla and a point, so a listing can
-- say where it is and a shopper can filter by place or ask for the nearest.
-- The rows below are written by scripts/places/main.go from open datasets
-- (docs/places.md names them, their licences and how precise the points
-- are). Ids are the datasets' own ("district-47"), the same on every
-- install. words: every spelling the matcher accepts, as place_words
-- writes them (English, Bangla, an older spelling).
CREATE TABLE divisions (
    id      text PRIMARY KEY,
    name    text NOT NULL,
    name_bn text NOT NULL,
    lat     double precision NOT NULL,
    lon     double precision NOT NULL,
    words   text[] NOT NULL
);
CREATE TABLE districts (
    id          text PRIMARY KEY,
    division_id text NOT NULL CONSTRAINT districts_division_fkey REFERENCES divisions (id),
    name        text NOT NULL,
    name_bn     text NOT NULL,
    lat         double precision NOT NULL,
    lon         double precision NOT NULL,
    words       text[] NOT NULL
);
-- point: where lat, lon come from: 'geonames' (a GeoNames place of the
-- area's name near its district's point) or 'district' (its district's
-- point, when GeoNames has no such place)
CREATE TABLE areas (
    id          text PRIMARY KEY,
    district_id text NOT NULL CONSTRAINT areas_district_fkey REFERENCES districts (id),
    kind        text NOT NULL CHECK (kind IN ('upazila', 'thana')),
    name        text NOT NULL,
    name_bn     text NOT NULL,
    lat         double precision NOT NULL,
    lon         double precision NOT NULL,
    point       text NOT NULL CHECK (point IN ('geonames', 'district')),
    words       text[] NOT NULL
);
CREATE INDEX areas_district_idx ON areas (district_id);

-- place_words is a free text as the matcher reads it: lower case, each run
-- of anything but a-z, 0-9 and the Bengali block one space, padded with a
-- space each side so a place's words are found whole (" mirpur 10 dhaka ").
-- +goose StatementBegin
CREATE FUNCTION place_words(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ' ' || btrim(regexp_replace(lower(t), '[^a-z0-9\u0980-\u09ff]+', ' ', 'g')) || ' '
$$;
-- +goose StatementEnd

-- match_area is the area a free-text location names when that is clear,
-- else NULL: the areas one of whose words the text holds whole; of them,
-- those whose district the text names too, if any; then the one left, or
-- the one metropolitan thana among them ("Mirpur" is Dhaka's thana before
-- Kushtia's upazila; two thanas called Kotwali stay unclear). A district
-- alone ("Chittagong") names no area.
-- +goose StatementBegin
CREATE FUNCTION match_area(location text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
    WITH t AS (SELECT place_words(location) AS w),
    found AS (
        SELECT a.id, a.kind,
               EXISTS (SELECT 1 FROM districts d, unnest(d.words) x WHERE d.id = a.district_id AND t.w LIKE '% ' || x || ' %') AS district_named
        FROM areas a, t
        WHERE EXISTS (SELECT 1 FROM unnest(a.words) x WHERE t.w LIKE '% ' || x || ' %')
    ),
    kept AS (
        SELECT id, kind FROM found
        WHERE district_named OR NOT EXISTS (SELECT 1 FROM found WHERE district_named)
    )
    SELECT CASE
        WHEN (SELECT count(*) FROM kept) = 1 THEN (SELECT id FROM kept)
        WHEN (SELECT count(*) FROM kept WHERE kind = 'thana') = 1 THEN (SELECT id FROM kept WHERE kind = 'thana')
    END
$$;
-- +goose StatementEnd

