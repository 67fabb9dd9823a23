-- Each Pokémon's learnset, from the `moves` of the Pokémon bodies pokedex already stores: one
-- row per move, version group, method and level (`level` is 0 for every method but level-up).
-- Names are PokeAPI's slugs, which join `pokeapi_resource` (kind 'move', 'version-group').
CREATE TABLE pokemon_move (
    pokemon_id    INTEGER NOT NULL REFERENCES pokemon (id) ON DELETE CASCADE,
    version_group TEXT    NOT NULL,
    method        TEXT    NOT NULL,
    move_name     TEXT    NOT NULL,
    level         INTEGER NOT NULL,
    sort_order    INTEGER,
    PRIMARY KEY (pokemon_id, version_group, method, move_name, level)
) STRICT, WITHOUT ROWID;

-- "Which Pokémon learn this move": by move, then game.
CREATE INDEX pokemon_move_by_move ON pokemon_move (move_name, version_group, pokemon_id);

-- The Pokémon whose stored bodies predate this table: the next sync scans them again (SQL has
-- no decompression), in batches, nothing downloaded.
CREATE TABLE pokemon_move_rescan_pending (
    pokemon_id INTEGER PRIMARY KEY REFERENCES pokemon (id) ON DELETE CASCADE
) STRICT;

INSERT INTO pokemon_move_rescan_pending (pokemon_id) SELECT pokemon_id FROM pokemon_detail_json;

-- The version groups in the games' order (PokeAPI's `order`; ids were given as groups were
-- added, not released), from their bodies: which of a Pokémon's learnsets is the newest.
CREATE TABLE version_group (
    id         INTEGER PRIMARY KEY,
    name       TEXT,
    generation TEXT,
    sort_order INTEGER
) STRICT;
