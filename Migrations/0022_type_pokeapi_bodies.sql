-- Typed tables read from the stored bodies of `pokeapi_resource_json` (0020): what a SQL or
-- Datasette user joins, and what `move`, `item`, `location` and `show` read. References are
-- PokeAPI's slugs, as `pokemon_move`'s are (they join `pokeapi_resource.name` and these tables'
-- `name`). Columns are NULL where a body lacks the field; a body that does not fit its table at
-- all is kept whole all the same (`get` still has it), without typed rows.

-- Every stored resource's names in every language, `folded` as lookups compare them.
CREATE TABLE pokeapi_name (
    kind     TEXT    NOT NULL,
    id       INTEGER NOT NULL,
    language TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    folded   TEXT    NOT NULL,
    PRIMARY KEY (kind, id, language)
) STRICT, WITHOUT ROWID;

CREATE INDEX pokeapi_name_by_folded ON pokeapi_name (kind, folded);

-- Moves' and items' effects per language; a move's `$effect_chance` is substituted.
CREATE TABLE pokeapi_effect (
    kind         TEXT    NOT NULL,
    id           INTEGER NOT NULL,
    language     TEXT    NOT NULL,
    short_effect TEXT,
    effect       TEXT,
    PRIMARY KEY (kind, id, language)
) STRICT, WITHOUT ROWID;

-- Moves' and items' flavor texts, per version group and language, as the games print them.
CREATE TABLE pokeapi_flavor_text (
    kind          TEXT    NOT NULL,
    id            INTEGER NOT NULL,
    version_group TEXT    NOT NULL,
    language      TEXT    NOT NULL,
    text          TEXT    NOT NULL,
    PRIMARY KEY (kind, id, language, version_group)
) STRICT, WITHOUT ROWID;

CREATE TABLE move (
    id            INTEGER PRIMARY KEY,
    name          TEXT,
    type          TEXT,
    damage_class  TEXT,
    power         INTEGER,
    accuracy      INTEGER,
    pp            INTEGER,
    priority      INTEGER,
    target        TEXT,
    effect_chance INTEGER,
    generation    TEXT
) STRICT;

CREATE INDEX move_by_name ON move (name);

-- The TM, HM or TR that teaches a move in a version group.
CREATE TABLE machine (
    id            INTEGER PRIMARY KEY,
    item          TEXT,
    move          TEXT,
    version_group TEXT
) STRICT;

CREATE INDEX machine_by_move ON machine (move, version_group);

CREATE TABLE item (
    id           INTEGER PRIMARY KEY,
    name         TEXT,
    category     TEXT,
    cost         INTEGER,
    fling_power  INTEGER,
    fling_effect TEXT
) STRICT;

CREATE INDEX item_by_name ON item (name);

-- The wild Pokémon that hold an item, per version, with the chance in percent.
CREATE TABLE item_holder (
    item_id INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    pokemon TEXT    NOT NULL,
    version TEXT    NOT NULL,
    rarity  INTEGER,
    PRIMARY KEY (item_id, pokemon, version)
) STRICT, WITHOUT ROWID;

CREATE INDEX item_holder_by_pokemon ON item_holder (pokemon);

CREATE TABLE location (
    id     INTEGER PRIMARY KEY,
    name   TEXT,
    region TEXT
) STRICT;

CREATE INDEX location_by_name ON location (name);

CREATE TABLE location_area (
    id       INTEGER PRIMARY KEY,
    name     TEXT,
    location TEXT
) STRICT;

CREATE INDEX location_area_by_name ON location_area (name);
CREATE INDEX location_area_by_location ON location_area (location);

CREATE TABLE version (
    id            INTEGER PRIMARY KEY,
    name          TEXT,
    version_group TEXT
) STRICT;

CREATE INDEX version_by_name ON version (name);

-- Each wild encounter of a Pokémon (from its `/pokemon/{id}/encounters`): where, in which game,
-- how, at which levels, with which chance, under which conditions (comma-separated slugs).
CREATE TABLE encounter (
    pokemon_id    INTEGER NOT NULL,
    location_area TEXT    NOT NULL,
    version       TEXT    NOT NULL,
    method        TEXT    NOT NULL,
    min_level     INTEGER,
    max_level     INTEGER,
    chance        INTEGER,
    conditions    TEXT    NOT NULL
) STRICT;

CREATE INDEX encounter_by_pokemon ON encounter (pokemon_id, version);
CREATE INDEX encounter_by_area ON encounter (location_area, version);

CREATE TABLE pokemon_form (
    id             INTEGER PRIMARY KEY,
    name           TEXT,
    pokemon        TEXT,
    form_name      TEXT,
    version_group  TEXT,
    form_order     INTEGER,
    is_default     INTEGER,
    is_mega        INTEGER,
    is_battle_only INTEGER
) STRICT;

CREATE INDEX pokemon_form_by_pokemon ON pokemon_form (pokemon);

-- A form's own name per language ("Alola Form"); its full name ("Alolan Raichu") is in
-- `pokeapi_name`.
CREATE TABLE pokemon_form_label (
    form_id  INTEGER NOT NULL REFERENCES pokemon_form (id) ON DELETE CASCADE,
    language TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    PRIMARY KEY (form_id, language)
) STRICT, WITHOUT ROWID;

-- Bodies stored, replaced or removed since their typed rows were written: a sync reads them
-- again after its PokeAPI walk (and the next one, if it was stopped), nothing downloaded.
CREATE TABLE pokeapi_typing_pending (
    kind TEXT    NOT NULL,
    id   INTEGER NOT NULL,
    PRIMARY KEY (kind, id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER pokeapi_body_stored AFTER INSERT ON pokeapi_resource_json BEGIN
    INSERT OR IGNORE INTO pokeapi_typing_pending (kind, id) VALUES (new.kind, new.id);
END;

CREATE TRIGGER pokeapi_body_replaced AFTER UPDATE OF body ON pokeapi_resource_json BEGIN
    INSERT OR IGNORE INTO pokeapi_typing_pending (kind, id) VALUES (new.kind, new.id);
END;

CREATE TRIGGER pokeapi_body_removed AFTER DELETE ON pokeapi_resource_json BEGIN
    INSERT OR IGNORE INTO pokeapi_typing_pending (kind, id) VALUES (old.kind, old.id);
END;

INSERT INTO pokeapi_typing_pending (kind, id) SELECT kind, id FROM pokeapi_resource_json;
