-- Raw bodies compressed. Each is kept as a zlib stream when that is smaller, else as it is:
-- the server's own deflate stream when it sent gzip (reframed, not compressed again), else
-- compressed by pokedex (zlib's fastest level). `body_encoding` says which ('zlib' or
-- 'identity'), `body_size` is the body's length decoded; the framing is that of sqlite3's
-- SQL archives, so in the sqlite3 shell
--   SELECT sqlar_uncompress(body, body_size) FROM pokemon_detail_json WHERE pokemon_id = 25
-- gives a body back as received, whatever its encoding (and json_extract reads the result).
-- A whole-dex database shrinks from ≈230 MB to ≈30 MB.
--
-- SQLite cannot change a STRICT column's type in place, so each table is rebuilt (rows,
-- ETags and freshness kept) with its bodies as they were, 'identity'. The tables listed in
-- body_compression_pending then have those bodies compressed by the next sync when it opens
-- the file (Swift: SQL has no zlib), which VACUUMs once afterwards so that the file shrinks,
-- then empties the list. Nothing is downloaded again.

CREATE TABLE body_compression_pending (
    table_name TEXT    PRIMARY KEY,
    compressed INTEGER NOT NULL DEFAULT 0 CHECK (compressed IN (0, 1))
) STRICT, WITHOUT ROWID;

INSERT INTO body_compression_pending (table_name) SELECT 'pokemon_detail_json' WHERE EXISTS (SELECT 1 FROM pokemon_detail_json);
CREATE TABLE pokemon_detail_json_0016 (
    pokemon_id    INTEGER PRIMARY KEY REFERENCES pokemon (id) ON DELETE CASCADE,
    etag          TEXT,
    fetched_at    TEXT    NOT NULL,
    body_encoding TEXT    NOT NULL CHECK (body_encoding IN ('identity', 'zlib')),
    body_size     INTEGER NOT NULL,
    body          BLOB    NOT NULL,
    CHECK ((body_encoding = 'identity') = (body_size = length(body)))
) STRICT;
INSERT INTO pokemon_detail_json_0016 (pokemon_id, etag, fetched_at, body_encoding, body_size, body)
SELECT pokemon_id, etag, fetched_at, 'identity', length(CAST(body AS BLOB)), CAST(body AS BLOB) FROM pokemon_detail_json;
DROP TABLE pokemon_detail_json;
ALTER TABLE pokemon_detail_json_0016 RENAME TO pokemon_detail_json;
CREATE INDEX pokemon_detail_freshness ON pokemon_detail_json (pokemon_id, etag, fetched_at);

INSERT INTO body_compression_pending (table_name) SELECT 'pokemon_species_json' WHERE EXISTS (SELECT 1 FROM pokemon_species_json);
CREATE TABLE pokemon_species_json_0016 (
    species_id    INTEGER PRIMARY KEY REFERENCES pokemon_species (id) ON DELETE CASCADE,
    etag          TEXT,
    fetched_at    TEXT    NOT NULL,
    body_encoding TEXT    NOT NULL CHECK (body_encoding IN ('identity', 'zlib')),
    body_size     INTEGER NOT NULL,
    body          BLOB    NOT NULL,
    CHECK ((body_encoding = 'identity') = (body_size = length(body)))
) STRICT;
INSERT INTO pokemon_species_json_0016 (species_id, etag, fetched_at, body_encoding, body_size, body)
SELECT species_id, etag, fetched_at, 'identity', length(CAST(body AS BLOB)), CAST(body AS BLOB) FROM pokemon_species_json;
DROP TABLE pokemon_species_json;
ALTER TABLE pokemon_species_json_0016 RENAME TO pokemon_species_json;
CREATE INDEX pokemon_species_freshness ON pokemon_species_json (species_id, etag, fetched_at);

INSERT INTO body_compression_pending (table_name) SELECT 'evolution_chain_json' WHERE EXISTS (SELECT 1 FROM evolution_chain_json);
CREATE TABLE evolution_chain_json_0016 (
    chain_id      INTEGER PRIMARY KEY REFERENCES evolution_chain (id) ON DELETE CASCADE,
    etag          TEXT,
    fetched_at    TEXT    NOT NULL,
    body_encoding TEXT    NOT NULL CHECK (body_encoding IN ('identity', 'zlib')),
    body_size     INTEGER NOT NULL,
    body          BLOB    NOT NULL,
    CHECK ((body_encoding = 'identity') = (body_size = length(body)))
) STRICT;
INSERT INTO evolution_chain_json_0016 (chain_id, etag, fetched_at, body_encoding, body_size, body)
SELECT chain_id, etag, fetched_at, 'identity', length(CAST(body AS BLOB)), CAST(body AS BLOB) FROM evolution_chain_json;
DROP TABLE evolution_chain_json;
ALTER TABLE evolution_chain_json_0016 RENAME TO evolution_chain_json;
CREATE INDEX evolution_chain_freshness ON evolution_chain_json (chain_id, etag, fetched_at);

INSERT INTO body_compression_pending (table_name) SELECT 'type_json' WHERE EXISTS (SELECT 1 FROM type_json);
CREATE TABLE type_json_0016 (
    type_id       INTEGER PRIMARY KEY REFERENCES type (id) ON DELETE CASCADE,
    etag          TEXT,
    fetched_at    TEXT    NOT NULL,
    body_encoding TEXT    NOT NULL CHECK (body_encoding IN ('identity', 'zlib')),
    body_size     INTEGER NOT NULL,
    body          BLOB    NOT NULL,
    CHECK ((body_encoding = 'identity') = (body_size = length(body)))
) STRICT;
INSERT INTO type_json_0016 (type_id, etag, fetched_at, body_encoding, body_size, body)
SELECT type_id, etag, fetched_at, 'identity', length(CAST(body AS BLOB)), CAST(body AS BLOB) FROM type_json;
DROP TABLE type_json;
ALTER TABLE type_json_0016 RENAME TO type_json;
CREATE INDEX type_freshness ON type_json (type_id, etag, fetched_at);

INSERT INTO body_compression_pending (table_name) SELECT 'ability_json' WHERE EXISTS (SELECT 1 FROM ability_json);
CREATE TABLE ability_json_0016 (
    ability_id    INTEGER PRIMARY KEY REFERENCES ability (id) ON DELETE CASCADE,
    etag          TEXT,
    fetched_at    TEXT    NOT NULL,
    body_encoding TEXT    NOT NULL CHECK (body_encoding IN ('identity', 'zlib')),
    body_size     INTEGER NOT NULL,
    body          BLOB    NOT NULL,
    CHECK ((body_encoding = 'identity') = (body_size = length(body)))
) STRICT;
INSERT INTO ability_json_0016 (ability_id, etag, fetched_at, body_encoding, body_size, body)
SELECT ability_id, etag, fetched_at, 'identity', length(CAST(body AS BLOB)), CAST(body AS BLOB) FROM ability_json;
DROP TABLE ability_json;
ALTER TABLE ability_json_0016 RENAME TO ability_json;
CREATE INDEX ability_freshness ON ability_json (ability_id, etag, fetched_at);
