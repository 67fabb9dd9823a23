-- What a Pokédex entry shows beyond /pokemon/{id}: species (names and genera in every
-- language, Pokédex texts, evolution chains), types (names, damage relations) and abilities
-- (names, effects). Each resource keeps its body as received, as pokemon_detail_json does,
-- so a later migration can extract more without downloading again. Language and version
-- columns hold PokeAPI's codes as it spells them ('en', 'ja-hrkt', 'zh-Hant'; 'red',
-- 'scarlet'): compare languages without regard to case.

-- The URLs a Pokémon's body gives for its species, types and abilities: a sync follows them
-- (it never builds resource URLs), and a partial sync takes exactly what its Pokémon name.
-- Filled from the stored bodies, so a database synced before needs no download for them.
ALTER TABLE pokemon ADD COLUMN species_url TEXT;
ALTER TABLE pokemon_type ADD COLUMN type_url TEXT;
ALTER TABLE pokemon_ability ADD COLUMN ability_url TEXT;

UPDATE pokemon
SET species_url = (SELECT json_extract(d.body, '$.species.url') FROM pokemon_detail_json AS d
                   WHERE d.pokemon_id = pokemon.id AND json_valid(d.body));

UPDATE pokemon_type
SET type_url = (SELECT json_extract(t.value, '$.type.url')
                FROM pokemon_detail_json AS d, json_each(d.body, '$.types') AS t
                WHERE d.pokemon_id = pokemon_type.pokemon_id AND json_valid(d.body)
                  AND json_extract(t.value, '$.type.name') = pokemon_type.type_name);

UPDATE pokemon_ability
SET ability_url = (SELECT json_extract(a.value, '$.ability.url')
                   FROM pokemon_detail_json AS d, json_each(d.body, '$.abilities') AS a
                   WHERE d.pokemon_id = pokemon_ability.pokemon_id AND json_valid(d.body)
                     AND json_extract(a.value, '$.slot') = pokemon_ability.slot);

CREATE TABLE pokemon_species (
    id                  INTEGER PRIMARY KEY,
    name                TEXT    NOT NULL UNIQUE,
    url                 TEXT    NOT NULL,
    sort_order          INTEGER,            -- PokeAPI's "order"
    generation          TEXT,               -- 'generation-i'
    generation_number   INTEGER,            -- 1, from the generation's URL
    is_legendary        INTEGER CHECK (is_legendary IN (0, 1)),
    is_mythical         INTEGER CHECK (is_mythical IN (0, 1)),
    is_baby             INTEGER CHECK (is_baby IN (0, 1)),
    color               TEXT,
    shape               TEXT,
    habitat             TEXT,
    capture_rate        INTEGER,
    base_happiness      INTEGER,
    gender_rate         INTEGER,            -- eighths female; -1 genderless
    hatch_counter       INTEGER,
    growth_rate         TEXT,
    evolves_from        TEXT,               -- a species name
    evolution_chain_id  INTEGER,            -- from the chain's URL
    evolution_chain_url TEXT,
    listed_at           TEXT    NOT NULL,
    details_synced_at   TEXT
) STRICT;

CREATE INDEX pokemon_species_by_chain ON pokemon_species (evolution_chain_id);

CREATE TABLE pokemon_species_json (
    species_id INTEGER PRIMARY KEY REFERENCES pokemon_species (id) ON DELETE CASCADE,
    etag       TEXT,
    fetched_at TEXT    NOT NULL,
    body       TEXT    NOT NULL
) STRICT;

-- Freshness checks read this index alone, never the bodies' pages (as 0004 does for Pokémon).
CREATE INDEX pokemon_species_freshness ON pokemon_species_json (species_id, etag, fetched_at);

CREATE TABLE pokemon_species_name (
    species_id INTEGER NOT NULL REFERENCES pokemon_species (id) ON DELETE CASCADE,
    language   TEXT    NOT NULL,
    name       TEXT,
    genus      TEXT,                        -- 'Mouse Pokémon'
    PRIMARY KEY (species_id, language)
) STRICT, WITHOUT ROWID;

CREATE INDEX pokemon_species_name_by_name ON pokemon_species_name (name);

-- Cleaned: PokeAPI's form feeds, soft hyphens and line breaks inside sentences become single spaces.
CREATE TABLE pokemon_species_flavor_text (
    species_id INTEGER NOT NULL REFERENCES pokemon_species (id) ON DELETE CASCADE,
    language   TEXT    NOT NULL,
    version    TEXT    NOT NULL,
    position   INTEGER NOT NULL,            -- order in the body: newer games come later
    text       TEXT    NOT NULL,
    PRIMARY KEY (species_id, language, version)
) STRICT, WITHOUT ROWID;

CREATE TABLE pokemon_species_egg_group (
    species_id INTEGER NOT NULL REFERENCES pokemon_species (id) ON DELETE CASCADE,
    egg_group  TEXT    NOT NULL,
    PRIMARY KEY (species_id, egg_group)
) STRICT, WITHOUT ROWID;

-- The species' Pokémon (pikachu, pikachu-rock-star, …), joined to pokemon on its name.
CREATE TABLE pokemon_species_variety (
    species_id   INTEGER NOT NULL REFERENCES pokemon_species (id) ON DELETE CASCADE,
    pokemon_name TEXT    NOT NULL,
    pokemon_url  TEXT    NOT NULL,
    is_default   INTEGER NOT NULL CHECK (is_default IN (0, 1)),
    PRIMARY KEY (species_id, pokemon_name)
) STRICT, WITHOUT ROWID;

CREATE INDEX pokemon_species_variety_by_pokemon ON pokemon_species_variety (pokemon_name);

CREATE TABLE evolution_chain (
    id                INTEGER PRIMARY KEY,
    url               TEXT    NOT NULL,
    baby_trigger_item TEXT,
    details_synced_at TEXT
) STRICT;

CREATE TABLE evolution_chain_json (
    chain_id   INTEGER PRIMARY KEY REFERENCES evolution_chain (id) ON DELETE CASCADE,
    etag       TEXT,
    fetched_at TEXT    NOT NULL,
    body       TEXT    NOT NULL
) STRICT;

-- Freshness checks read this index alone, never the bodies' pages (as 0004 does for Pokémon).
CREATE INDEX evolution_chain_freshness ON evolution_chain_json (chain_id, etag, fetched_at);

-- Every species a chain names, in the chain's order, with the one it evolves from (NULL at
-- the root).
CREATE TABLE evolution_chain_member (
    chain_id     INTEGER NOT NULL REFERENCES evolution_chain (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,          -- depth-first order of the chain
    species_name TEXT    NOT NULL,
    species_url  TEXT    NOT NULL,
    evolves_from TEXT,
    is_baby      INTEGER NOT NULL CHECK (is_baby IN (0, 1)),
    PRIMARY KEY (chain_id, position)
) STRICT, WITHOUT ROWID;

CREATE INDEX evolution_chain_member_by_species ON evolution_chain_member (species_name);

-- One way a member is reached from the one before it (a species may have several: Leafeon by
-- a location in one game, by an item in another). NULL conditions do not apply.
CREATE TABLE evolution_step (
    chain_id                INTEGER NOT NULL REFERENCES evolution_chain (id) ON DELETE CASCADE,
    member_position         INTEGER NOT NULL,
    detail_position         INTEGER NOT NULL,
    trigger                 TEXT,           -- level-up, trade, use-item, shed, …
    min_level               INTEGER,
    item                    TEXT,
    held_item               TEXT,
    time_of_day             TEXT,           -- day, night, dusk; NULL when any
    known_move              TEXT,
    known_move_type         TEXT,
    min_happiness           INTEGER,
    min_affection           INTEGER,
    min_beauty              INTEGER,
    location                TEXT,
    gender                  INTEGER,        -- 1 female, 2 male
    needs_overworld_rain    INTEGER CHECK (needs_overworld_rain IN (0, 1)),
    party_species           TEXT,
    party_type              TEXT,
    relative_physical_stats INTEGER,        -- 1 attack > defense, 0 equal, -1 attack < defense
    trade_species           TEXT,
    turn_upside_down        INTEGER CHECK (turn_upside_down IN (0, 1)),
    details_json            TEXT    NOT NULL, -- the whole condition object, for fields not in columns
    PRIMARY KEY (chain_id, member_position, detail_position),
    FOREIGN KEY (chain_id, member_position) REFERENCES evolution_chain_member (chain_id, position)
        ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

-- Types: the resource behind pokemon_type.type_name (joined on name).
CREATE TABLE type (
    id                INTEGER PRIMARY KEY,
    name              TEXT    NOT NULL UNIQUE,
    url               TEXT    NOT NULL,
    generation        TEXT,
    move_damage_class TEXT,
    listed_at         TEXT    NOT NULL,
    details_synced_at TEXT
) STRICT;

CREATE TABLE type_json (
    type_id    INTEGER PRIMARY KEY REFERENCES type (id) ON DELETE CASCADE,
    etag       TEXT,
    fetched_at TEXT    NOT NULL,
    body       TEXT    NOT NULL
) STRICT;

-- Freshness checks read this index alone, never the bodies' pages (as 0004 does for Pokémon).
CREATE INDEX type_freshness ON type_json (type_id, etag, fetched_at);

CREATE TABLE type_name (
    type_id  INTEGER NOT NULL REFERENCES type (id) ON DELETE CASCADE,
    language TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    PRIMARY KEY (type_id, language)
) STRICT, WITHOUT ROWID;

-- What a move of the attacking type does to a Pokémon of the defending type: 2, 0.5 or 0,
-- from the attacking type's damage_relations (double_damage_to, half_damage_to,
-- no_damage_to). A pair with no row is 1.
CREATE TABLE type_damage (
    attacking_type TEXT NOT NULL,
    defending_type TEXT NOT NULL,
    multiplier     REAL NOT NULL CHECK (multiplier IN (0, 0.5, 2)),
    PRIMARY KEY (attacking_type, defending_type)
) STRICT, WITHOUT ROWID;

CREATE TABLE ability (
    id                INTEGER PRIMARY KEY,
    name              TEXT    NOT NULL UNIQUE,
    url               TEXT    NOT NULL,
    generation        TEXT,
    is_main_series    INTEGER CHECK (is_main_series IN (0, 1)),
    listed_at         TEXT    NOT NULL,
    details_synced_at TEXT
) STRICT;

CREATE TABLE ability_json (
    ability_id INTEGER PRIMARY KEY REFERENCES ability (id) ON DELETE CASCADE,
    etag       TEXT,
    fetched_at TEXT    NOT NULL,
    body       TEXT    NOT NULL
) STRICT;

-- Freshness checks read this index alone, never the bodies' pages (as 0004 does for Pokémon).
CREATE INDEX ability_freshness ON ability_json (ability_id, etag, fetched_at);

CREATE TABLE ability_name (
    ability_id INTEGER NOT NULL REFERENCES ability (id) ON DELETE CASCADE,
    language   TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    PRIMARY KEY (ability_id, language)
) STRICT, WITHOUT ROWID;

CREATE TABLE ability_effect (
    ability_id   INTEGER NOT NULL REFERENCES ability (id) ON DELETE CASCADE,
    language     TEXT    NOT NULL,
    short_effect TEXT,
    effect       TEXT,
    PRIMARY KEY (ability_id, language)
) STRICT, WITHOUT ROWID;

-- One row per Pokémon with its species' English display name and genus (the slug where the
-- species has no English name or is not synced yet).
CREATE VIEW pokemon_entry AS
SELECT p.id,
       p.name,
       s.id AS species_id,
       coalesce(n.name, p.name) AS display_name,
       n.genus,
       s.generation_number AS generation,
       s.is_legendary,
       s.is_mythical,
       s.is_baby,
       s.evolution_chain_id
FROM pokemon AS p
LEFT JOIN pokemon_species AS s ON s.name = p.species_name
LEFT JOIN pokemon_species_name AS n ON n.species_id = s.id AND n.language = 'en';

-- What each attacking type does to each Pokémon: the product over the Pokémon's types of the
-- type_damage multipliers (1 where a pair has none), so 4, 2, 1, 0.5, 0.25 or 0. Only types
-- whose details are synced are listed as attackers.
CREATE VIEW pokemon_defense AS
SELECT p.id AS pokemon_id,
       a.name AS attacking_type,
       CASE
           WHEN sum(d.multiplier = 0) > 0 THEN 0.0
           ELSE (1 << coalesce(sum(d.multiplier = 2), 0)) * 1.0 / (1 << coalesce(sum(d.multiplier = 0.5), 0))
       END AS multiplier
FROM pokemon AS p
JOIN pokemon_type AS t ON t.pokemon_id = p.id
CROSS JOIN type AS a
LEFT JOIN type_damage AS d ON d.attacking_type = a.name AND d.defending_type = t.type_name
WHERE a.details_synced_at IS NOT NULL
GROUP BY p.id, a.name;

-- A run is recorded per resource a sync works on: the entry's resources too. SQLite cannot
-- change a CHECK in place, so sync_run is rebuilt with the wider one (rows, ids and index kept).
CREATE TABLE sync_run_0007 (
    id                   INTEGER PRIMARY KEY,
    resource             TEXT    NOT NULL CHECK (resource IN ('pokemon', 'issues', 'type', 'ability',
                                                             'pokemon-species', 'evolution-chain')),
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
    CHECK ((resource = 'issues') = (repository_name IS NOT NULL))
) STRICT;

INSERT INTO sync_run_0007 SELECT id, resource, repository_name, repository_id, pid, started_at, finished_at,
    outcome, error, items_changed, requests, rate_limit_remaining, rate_limit_limit, rate_limit_reset_at
FROM sync_run;
DROP TABLE sync_run;
ALTER TABLE sync_run_0007 RENAME TO sync_run;
CREATE INDEX sync_run_by_resource ON sync_run (resource, repository_id, outcome, finished_at);
