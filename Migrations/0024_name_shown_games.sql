-- The game `show` draws a Pokémon's moves and its places from when no `--game` is given, as
-- computed fields: the same rule for `show`, for SQL users and for a partial sync, which takes
-- the moves and places of that game only.

-- The newest version group the Pokémon learns moves by level in (by the games' order where
-- the group is stored, else by name); a group teaching by other methods only is a side game,
-- taken only when no group teaches by level. NULL: no moves stored.
CREATE VIEW pokemon_newest_learnset AS
SELECT p.id AS pokemon_id, (
    SELECT m.version_group FROM pokemon_move AS m
    LEFT JOIN version_group AS g ON g.name = m.version_group
    WHERE m.pokemon_id = p.id GROUP BY m.version_group
    ORDER BY max(m.method = 'level-up') DESC, max(g.sort_order) DESC, m.version_group DESC LIMIT 1
) AS version_group
FROM pokemon AS p;

-- The newest version group the Pokémon is met in the wild in, through its encounters'
-- versions. NULL: no encounters stored, or none of their versions.
CREATE VIEW pokemon_newest_encounters AS
SELECT p.id AS pokemon_id, (
    SELECT v.version_group FROM encounter AS e
    JOIN version AS v ON v.name = e.version
    LEFT JOIN version_group AS g ON g.name = v.version_group
    WHERE e.pokemon_id = p.id AND v.version_group IS NOT NULL
    GROUP BY v.version_group ORDER BY max(g.sort_order) DESC, v.version_group DESC LIMIT 1
) AS version_group
FROM pokemon AS p;
