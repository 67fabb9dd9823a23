-- Matchups after a partial sync (issue 12 review): type_damage held only each synced type's
-- damage_relations.*_damage_to, so after `sync --offset 24 --limit 21` Pikachu's resistance to
-- Steel and Vulpix's weaknesses to Rock and Water were missing (Steel, Rock and Water are not
-- synced), although the Pokémon's own types' *_damage_from lists name every one of them.
-- A type body now states its relations from both sides: (this, other) from its _to lists and
-- (other, this) from its _from lists. The ids the bodies' URLs give keep types that are only
-- named, never synced, in PokeAPI's order.
ALTER TABLE type_damage ADD COLUMN attacking_type_id INTEGER;
ALTER TABLE type_damage ADD COLUMN defending_type_id INTEGER;

-- A pair is stated by the attacking type's _to lists once that type is synced, else by the
-- defending type's _from lists (as TypeStore.saveDetails writes them): the rows then depend on
-- which bodies are stored, never on the order they came in. Databases synced before get the
-- relations again from their stored type bodies, nothing downloaded.
CREATE VIEW type_relation_0012 AS
SELECT t.name AS this_type,
       t.id AS this_type_id,
       k.side,
       k.multiplier,
       json_extract(r.value, '$.name') AS other_type,
       nullif(CAST(substr(rtrim(json_extract(r.value, '$.url'), '/'),
                          length(rtrim(rtrim(json_extract(r.value, '$.url'), '/'), '0123456789')) + 1)
                   AS INTEGER), 0) AS other_type_id
FROM type AS t
JOIN type_json AS j ON j.type_id = t.id
JOIN (SELECT 'double_damage_to' AS list, 'to' AS side, 2.0 AS multiplier
      UNION ALL SELECT 'half_damage_to', 'to', 0.5
      UNION ALL SELECT 'no_damage_to', 'to', 0.0
      UNION ALL SELECT 'double_damage_from', 'from', 2.0
      UNION ALL SELECT 'half_damage_from', 'from', 0.5
      UNION ALL SELECT 'no_damage_from', 'from', 0.0) AS k
JOIN json_each(CASE WHEN json_valid(j.body) THEN j.body ELSE '{}' END, '$.damage_relations.' || k.list) AS r
WHERE json_type(r.value, '$.name') = 'text';

DELETE FROM type_damage WHERE attacking_type IN (SELECT this_type FROM type_relation_0012);

INSERT OR REPLACE INTO type_damage (attacking_type, defending_type, multiplier, attacking_type_id, defending_type_id)
SELECT this_type, other_type, multiplier, this_type_id, other_type_id FROM type_relation_0012 WHERE side = 'to';

INSERT OR REPLACE INTO type_damage (attacking_type, defending_type, multiplier, attacking_type_id, defending_type_id)
SELECT other_type, this_type, multiplier, other_type_id, this_type_id FROM type_relation_0012
WHERE side = 'from' AND other_type NOT IN (SELECT name FROM type WHERE details_synced_at IS NOT NULL);

DROP VIEW type_relation_0012;

-- The attacking types matchups are shown for, with PokeAPI's id (a synced type's row, else the
-- id its URL gave): every type type_damage names, from either side, and every synced type a
-- stored Pokémon has. A synced type with neither relations nor Pokémon (shadow, stellar,
-- unknown: no move of theirs has a matchup in PokeAPI) is left out; listing it at 1× against
-- everything would state a matchup PokeAPI does not.
CREATE VIEW matchup_type AS
SELECT k.name, coalesce(t.id, min(k.id)) AS id
FROM (SELECT attacking_type AS name, attacking_type_id AS id FROM type_damage
      UNION ALL SELECT defending_type, defending_type_id FROM type_damage
      UNION ALL SELECT name, id FROM type
                WHERE details_synced_at IS NOT NULL AND name IN (SELECT type_name FROM pokemon_type)) AS k
LEFT JOIN type AS t ON t.name = k.name
GROUP BY k.name;

-- What each attacking type does to each Pokémon: the product over the Pokémon's types of the
-- type_damage multipliers (1 where a pair has none), so 4, 2, 1, 0.5, 0.25 or 0; attackers from
-- matchup_type (0007's listed only synced types, and so missed those a partial sync skips).
DROP VIEW pokemon_defense;
CREATE VIEW pokemon_defense AS
SELECT p.id AS pokemon_id,
       a.name AS attacking_type,
       CASE
           WHEN sum(d.multiplier = 0) > 0 THEN 0.0
           ELSE (1 << coalesce(sum(d.multiplier = 2), 0)) * 1.0 / (1 << coalesce(sum(d.multiplier = 0.5), 0))
       END AS multiplier
FROM pokemon AS p
JOIN pokemon_type AS t ON t.pokemon_id = p.id
CROSS JOIN matchup_type AS a
LEFT JOIN type_damage AS d ON d.attacking_type = a.name AND d.defending_type = t.type_name
GROUP BY p.id, a.name;
