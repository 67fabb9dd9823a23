-- What `pokedex move NAME` reads (PokedexEntryQueries.moveEntry), in English: the move's row,
-- name and effect, its damage class's and target's names, the newest game text, the machines
-- of the items teaching it, in every game, with their groups' versions (a run of TM24 ends where
-- it taught another move), and the stored Pokémon learning it in the newest
-- group any learns it in by level, with their types and species names. Parameter :name.
SELECT m.*, n.name, e.short_effect, e.effect FROM pokeapi_resource AS r JOIN move AS m ON m.id = r.id
 LEFT JOIN pokeapi_name AS n ON n.kind = 'move' AND n.id = r.id AND n.language = 'en'
 LEFT JOIN pokeapi_effect AS e ON e.kind = 'move' AND e.id = r.id AND e.language = 'en'
 WHERE r.kind = 'move' AND r.name = :name;
SELECT (SELECT n.name FROM pokeapi_resource AS k JOIN pokeapi_name AS n ON n.kind = k.kind AND n.id = k.id
         WHERE k.kind = 'move-damage-class' AND k.name = m.damage_class AND n.language = 'en'),
       (SELECT n.name FROM pokeapi_resource AS k JOIN pokeapi_name AS n ON n.kind = k.kind AND n.id = k.id
         WHERE k.kind = 'move-target' AND k.name = m.target AND n.language = 'en')
 FROM pokeapi_resource AS r JOIN move AS m ON m.id = r.id WHERE r.kind = 'move' AND r.name = :name;
SELECT f.text, f.version_group FROM pokeapi_flavor_text AS f JOIN pokeapi_resource AS r ON r.kind = 'move' AND r.id = f.id
 LEFT JOIN version_group AS g ON g.name = f.version_group
 WHERE f.kind = 'move' AND r.name = :name AND f.language = 'en' ORDER BY g.sort_order DESC LIMIT 1;
SELECT m.version_group, m.item, m.move IS :name,
       (SELECT group_concat(v.name, '/') FROM version AS v WHERE v.version_group = m.version_group)
 FROM machine AS m LEFT JOIN version_group AS g ON g.name = m.version_group
 WHERE m.item IN (SELECT item FROM machine WHERE move = :name) ORDER BY g.sort_order;
SELECT p.id, p.name, (SELECT group_concat(type_name, ',') FROM pokemon_type WHERE pokemon_id = p.id), n.name, l.method, l.level
 FROM pokemon_move AS l JOIN pokemon AS p ON p.id = l.pokemon_id
 LEFT JOIN pokemon_species AS s ON s.name = p.species_name
 LEFT JOIN pokemon_species_name AS n ON n.species_id = s.id AND n.language = 'en'
 WHERE l.move_name = :name AND l.version_group = (SELECT n.name FROM (
   SELECT c.version_group AS id, max(c.method = (SELECT id FROM learnset_name WHERE name = 'level-up')) AS by_level
   FROM pokemon_move_coded AS c WHERE c.move = (SELECT id FROM learnset_name WHERE name = :name)
   GROUP BY c.version_group) AS x
   JOIN learnset_name AS n ON n.id = x.id LEFT JOIN version_group AS g ON g.name = n.name
   ORDER BY x.by_level DESC, g.sort_order DESC, n.name DESC LIMIT 1)
 ORDER BY l.method <> 'level-up', l.method, l.level, p.id;
