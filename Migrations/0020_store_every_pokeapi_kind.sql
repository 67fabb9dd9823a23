-- Every PokeAPI kind beyond the five with tables of their own, and each Pokémon's encounters,
-- kept as bodies in two shared tables keyed by (kind, id): PokeAPI adds kinds, and a kind
-- pokedex has not learnt is still synced, served and read with `get`. Typed tables come from
-- these bodies (later migrations); the bodies stay, so a new typed table needs no download.

-- The kinds PokeAPI's root index (`/api/v2/`) listed at the last sync, with the list URL it gave.
CREATE TABLE pokeapi_kind (
    name      TEXT PRIMARY KEY NOT NULL REFERENCES sync_resource (name),
    url       TEXT NOT NULL,
    listed_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- One row per entry of a kind's list (or, for encounters, per Pokémon whose body links them;
-- `id` is then the Pokémon's). `name` is NULL for nameless kinds (machine, characteristic, …).
CREATE TABLE pokeapi_resource (
    kind              TEXT    NOT NULL REFERENCES sync_resource (name),
    id                INTEGER NOT NULL,
    name              TEXT,
    url               TEXT    NOT NULL,
    listed_at         TEXT,
    details_synced_at TEXT,
    PRIMARY KEY (kind, id),
    UNIQUE (kind, name)
) STRICT, WITHOUT ROWID;

-- Each body as received, stored as the other kinds' are (see 0016): in sqlite3,
--   SELECT sqlar_uncompress(body, body_size) FROM pokeapi_resource_json WHERE kind = 'move' AND id = 85
CREATE TABLE pokeapi_resource_json (
    kind          TEXT    NOT NULL,
    id            INTEGER NOT NULL,
    etag          TEXT,
    fetched_at    TEXT    NOT NULL,
    body_encoding TEXT    NOT NULL CHECK (body_encoding IN ('identity', 'zlib')),
    body_size     INTEGER NOT NULL,
    body          BLOB    NOT NULL,
    PRIMARY KEY (kind, id),
    FOREIGN KEY (kind, id) REFERENCES pokeapi_resource (kind, id) ON DELETE CASCADE,
    CHECK ((body_encoding = 'identity') = (body_size = length(body)))
) STRICT;

INSERT INTO sync_resource (name) VALUES
    ('pokemon-encounters'),
    ('berry'), ('berry-firmness'), ('berry-flavor'), ('characteristic'), ('contest-effect'),
    ('contest-type'), ('egg-group'), ('encounter-condition'), ('encounter-condition-value'),
    ('encounter-method'), ('evolution-trigger'), ('gender'), ('generation'), ('growth-rate'),
    ('item'), ('item-attribute'), ('item-category'), ('item-fling-effect'), ('item-pocket'),
    ('language'), ('location'), ('location-area'), ('machine'), ('move'), ('move-ailment'),
    ('move-battle-style'), ('move-category'), ('move-damage-class'), ('move-learn-method'),
    ('move-target'), ('nature'), ('pal-park-area'), ('pokeathlon-stat'), ('pokedex'),
    ('pokemon-color'), ('pokemon-form'), ('pokemon-habitat'), ('pokemon-shape'), ('region'),
    ('stat'), ('super-contest-effect'), ('version'), ('version-group');

-- Computed fields for sqlite3 and Datasette users: how many entries of each kind are listed
-- and how many bodies are stored.
CREATE VIEW pokeapi_kind_summary AS
SELECT kind, count(*) AS entries, count(details_synced_at) AS bodies,
       max(details_synced_at) AS last_body_at
FROM pokeapi_resource GROUP BY kind;
