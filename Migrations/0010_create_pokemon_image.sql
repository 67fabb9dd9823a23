-- Artwork offline (issue 13): each Pokémon's images stored with the data, so the one file is
-- the whole offline Pokédex.
--
-- The sprite URLs a detail body gives, beside official_artwork_url (0001): the artwork phase
-- of a sync reads them from these columns, never by parsing the bodies again. Bodies stored
-- before this migration fill them once here.
ALTER TABLE pokemon ADD COLUMN sprite_url TEXT;       -- sprites.front_default
ALTER TABLE pokemon ADD COLUMN shiny_sprite_url TEXT; -- sprites.front_shiny

UPDATE pokemon SET
    sprite_url = (SELECT CASE WHEN json_type(d.body, '$.sprites.front_default') = 'text'
                              THEN json_extract(d.body, '$.sprites.front_default') END
                  FROM pokemon_detail_json AS d WHERE d.pokemon_id = pokemon.id AND json_valid(d.body)),
    shiny_sprite_url = (SELECT CASE WHEN json_type(d.body, '$.sprites.front_shiny') = 'text'
                                    THEN json_extract(d.body, '$.sprites.front_shiny') END
                        FROM pokemon_detail_json AS d WHERE d.pokemon_id = pokemon.id AND json_valid(d.body));

-- One row per image a sync asked the image host for: the PNG as received (status 'stored'),
-- or the host's 404 remembered as "no image" (status 'missing', no body) until --max-age has
-- passed. kind: 'sprite' (sprites.front_default), 'shiny' (sprites.front_shiny), 'official'
-- (sprites.other["official-artwork"].front_default). url is the one fetched: when the body
-- later names another, the image is fetched again. The body comes last, as in
-- pokemon_detail_json, so that reading the other columns does not walk its pages.
CREATE TABLE pokemon_image (
    pokemon_id   INTEGER NOT NULL REFERENCES pokemon (id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL CHECK (kind IN ('sprite', 'shiny', 'official')),
    url          TEXT    NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('stored', 'missing')),
    etag         TEXT,
    content_type TEXT,
    byte_size    INTEGER,
    fetched_at   TEXT    NOT NULL, -- downloaded, confirmed current (304) or found missing; UTC, ISO 8601
    body         BLOB,
    PRIMARY KEY (pokemon_id, kind),
    CHECK ((status = 'stored') = (body IS NOT NULL)),
    CHECK (body IS NULL OR byte_size = length(body))
) STRICT;

-- What a refresh reads of every image before it asks anything: answered from this index
-- alone, never the images' pages.
CREATE INDEX pokemon_image_freshness ON pokemon_image (pokemon_id, kind, url, status, etag, fetched_at, byte_size);

-- The stored images per Pokémon, for sqlite3 and Datasette users:
--   SELECT name, kind, byte_size FROM pokemon_image_stored WHERE name = 'pikachu';
--   sqlite3 pokedex.db "SELECT writefile('pikachu.png', body) FROM pokemon_image_stored
--                       WHERE name = 'pikachu' AND kind = 'sprite'"
CREATE VIEW pokemon_image_stored AS
SELECT p.id AS pokemon_id, p.name, i.kind, i.url, i.content_type, i.byte_size, i.etag, i.fetched_at, i.body
FROM pokemon_image AS i JOIN pokemon AS p ON p.id = i.pokemon_id
WHERE i.status = 'stored';

-- The artwork phase is a run of its own ('artwork'). `notice` says what a run that succeeded
-- left undone ("image host unreachable: 120 images skipped"), for `status`. SQLite cannot
-- change a CHECK in place, so sync_run is rebuilt with the wider one (rows, ids and index kept).
CREATE TABLE sync_run_0010 (
    id                   INTEGER PRIMARY KEY,
    resource             TEXT    NOT NULL CHECK (resource IN ('pokemon', 'issues', 'type', 'ability',
                                                             'pokemon-species', 'evolution-chain', 'artwork')),
    repository_name      TEXT,
    repository_id        INTEGER REFERENCES github_repository (id) ON DELETE SET NULL,
    pid                  INTEGER NOT NULL,
    started_at           TEXT    NOT NULL,
    finished_at          TEXT,
    outcome              TEXT    NOT NULL DEFAULT 'running'
                         CHECK (outcome IN ('running', 'succeeded', 'failed', 'interrupted', 'abandoned')),
    error                TEXT,
    items_changed        INTEGER,
    requests             INTEGER,
    rate_limit_remaining INTEGER,
    rate_limit_limit     INTEGER,
    rate_limit_reset_at  TEXT,
    partial_scope        TEXT,
    notice               TEXT,
    CHECK ((resource = 'issues') = (repository_name IS NOT NULL))
) STRICT;

INSERT INTO sync_run_0010 SELECT id, resource, repository_name, repository_id, pid, started_at, finished_at,
    outcome, error, items_changed, requests, rate_limit_remaining, rate_limit_limit, rate_limit_reset_at,
    partial_scope, NULL
FROM sync_run;
DROP TABLE sync_run;
ALTER TABLE sync_run_0010 RENAME TO sync_run;
CREATE INDEX sync_run_by_resource ON sync_run (resource, repository_id, outcome, finished_at);
