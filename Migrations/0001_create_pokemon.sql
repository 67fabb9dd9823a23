-- The Pokémon catalog: one row per entry of PokeAPI's /pokemon list, keyed by the id in
-- the entry's resource URL. A list entry whose details are not fetched yet is still a
-- row; its detail columns stay NULL until then.
CREATE TABLE pokemon (
    id                   INTEGER PRIMARY KEY,
    name                 TEXT    NOT NULL UNIQUE,
    url                  TEXT    NOT NULL,
    height               INTEGER,          -- decimetres
    weight               INTEGER,          -- hectograms
    base_experience      INTEGER,
    sort_order           INTEGER,          -- PokeAPI's "order"
    species_name         TEXT,
    official_artwork_url TEXT,             -- sprites.other["official-artwork"].front_default
    listed_at            TEXT    NOT NULL, -- last seen in the list (UTC, ISO 8601)
    details_synced_at    TEXT              -- NULL until the detail body is stored
) STRICT;

CREATE TABLE pokemon_type (
    pokemon_id INTEGER NOT NULL REFERENCES pokemon (id) ON DELETE CASCADE,
    slot       INTEGER NOT NULL,
    type_name  TEXT    NOT NULL,
    PRIMARY KEY (pokemon_id, slot)
) STRICT, WITHOUT ROWID;

CREATE INDEX pokemon_type_by_name ON pokemon_type (type_name, pokemon_id);

CREATE TABLE pokemon_ability (
    pokemon_id   INTEGER NOT NULL REFERENCES pokemon (id) ON DELETE CASCADE,
    slot         INTEGER NOT NULL,
    ability_name TEXT    NOT NULL,
    is_hidden    INTEGER NOT NULL CHECK (is_hidden IN (0, 1)),
    PRIMARY KEY (pokemon_id, slot)
) STRICT, WITHOUT ROWID;

CREATE TABLE pokemon_stat (
    pokemon_id INTEGER NOT NULL REFERENCES pokemon (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,           -- the API's order: hp, attack, defense, ...
    stat_name  TEXT    NOT NULL,
    base_stat  INTEGER NOT NULL,
    effort     INTEGER NOT NULL,
    PRIMARY KEY (pokemon_id, position)
) STRICT, WITHOUT ROWID;

-- Each detail body exactly as received, so a later migration can extract more fields
-- without downloading again. A table of its own keeps scans of `pokemon` small; the
-- ETag makes refreshes conditional. The body comes last: reading a column stored after
-- a 100 KB value would walk its overflow pages.
CREATE TABLE pokemon_detail_json (
    pokemon_id INTEGER PRIMARY KEY REFERENCES pokemon (id) ON DELETE CASCADE,
    etag       TEXT,
    fetched_at TEXT    NOT NULL,
    body       TEXT    NOT NULL
) STRICT;

-- Computed fields for sqlite3 and Datasette users; pokedex computes the same in Swift.
--   id:              the last non-empty path segment of the resource URL, query removed
--   types:           JSON array of type names in slot order
--   artwork_url:     the API's official artwork, else the link PokeAPI's pattern gives
--   artwork_derived: 1 when artwork_url was built from the id rather than given by the API
CREATE VIEW pokemon_summary AS
WITH resource AS (
    SELECT p.*,
           rtrim(CASE WHEN instr(p.url, '?') > 0 THEN substr(p.url, 1, instr(p.url, '?') - 1)
                      ELSE p.url END, '/') AS trimmed_url
    FROM pokemon AS p
)
SELECT CAST(substr(trimmed_url, length(rtrim(trimmed_url, replace(trimmed_url, '/', ''))) + 1)
            AS INTEGER) AS id,
       name,
       url,
       (SELECT json_group_array(type_name)
          FROM (SELECT type_name FROM pokemon_type AS t WHERE t.pokemon_id = resource.id
                ORDER BY slot)) AS types,
       coalesce(official_artwork_url,
                'https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/'
                || resource.id || '.png') AS artwork_url,
       official_artwork_url IS NULL AS artwork_derived,
       height,
       weight,
       base_experience,
       sort_order,
       species_name,
       details_synced_at IS NOT NULL AS has_details
FROM resource;
