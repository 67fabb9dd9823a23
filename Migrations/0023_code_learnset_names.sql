-- Learnsets with their slugs coded as small integers: 638,321 rows of a whole sync repeated
-- the move's, the version group's and the method's slugs, twice with the index by move
-- (57 MB of a 147 MB database). `pokemon_move` stays, as a view with the same columns.
CREATE TABLE learnset_name (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
) STRICT;

CREATE TABLE pokemon_move_coded (
    pokemon_id    INTEGER NOT NULL REFERENCES pokemon (id) ON DELETE CASCADE,
    version_group INTEGER NOT NULL REFERENCES learnset_name (id),
    method        INTEGER NOT NULL REFERENCES learnset_name (id),
    move          INTEGER NOT NULL REFERENCES learnset_name (id),
    level         INTEGER NOT NULL,
    sort_order    INTEGER,
    PRIMARY KEY (pokemon_id, version_group, method, move, level)
) STRICT, WITHOUT ROWID;

INSERT INTO learnset_name (name)
SELECT version_group FROM pokemon_move UNION SELECT method FROM pokemon_move UNION SELECT move_name FROM pokemon_move;

INSERT INTO pokemon_move_coded (pokemon_id, version_group, method, move, level, sort_order)
SELECT m.pokemon_id, g.id, h.id, v.id, m.level, m.sort_order
FROM pokemon_move AS m
JOIN learnset_name AS g ON g.name = m.version_group
JOIN learnset_name AS h ON h.name = m.method
JOIN learnset_name AS v ON v.name = m.move_name;

DROP TABLE pokemon_move;

-- "Which Pokémon learn this move": by move, then game.
CREATE INDEX pokemon_move_by_move ON pokemon_move_coded (move, version_group, pokemon_id);

CREATE VIEW pokemon_move AS
SELECT c.pokemon_id, g.name AS version_group, h.name AS method, v.name AS move_name, c.level, c.sort_order
FROM pokemon_move_coded AS c
JOIN learnset_name AS g ON g.id = c.version_group
JOIN learnset_name AS h ON h.id = c.method
JOIN learnset_name AS v ON v.id = c.move;
