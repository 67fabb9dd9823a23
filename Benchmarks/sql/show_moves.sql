-- What `pokedex show NAME` reads beyond sql/show.sql since the whole API is stored (issue 30),
-- in English: the newest version group the Pokémon learns moves by level in, its learnset
-- there, its moves' names, the group's versions' names, and where it is met (the newest group
-- it is met in, its places summed up, every encounter). Parameter :name.
SELECT m.version_group FROM pokemon_move AS m JOIN pokemon AS p ON p.id = m.pokemon_id
 LEFT JOIN version_group AS g ON g.name = m.version_group
 WHERE p.name = :name GROUP BY m.version_group
 ORDER BY max(m.method = 'level-up') DESC, max(g.sort_order) DESC, m.version_group DESC LIMIT 1;
SELECT m.move_name, m.method, m.level, n.name FROM pokemon_move AS m JOIN pokemon AS p ON p.id = m.pokemon_id
 LEFT JOIN pokeapi_resource AS r ON r.kind = 'move' AND r.name = m.move_name
 LEFT JOIN pokeapi_name AS n ON n.kind = 'move' AND n.id = r.id AND n.language = 'en'
 WHERE p.name = :name AND m.version_group = (SELECT m.version_group FROM pokemon_move AS m
   JOIN pokemon AS p ON p.id = m.pokemon_id LEFT JOIN version_group AS g ON g.name = m.version_group
   WHERE p.name = :name GROUP BY m.version_group
   ORDER BY max(m.method = 'level-up') DESC, max(g.sort_order) DESC, m.version_group DESC LIMIT 1)
 ORDER BY m.method <> 'level-up', m.method, m.level, m.sort_order, m.move_name;
SELECT e.location_area, e.version, e.method, e.min_level, e.max_level, e.chance, e.conditions
 FROM encounter AS e JOIN pokemon AS p ON p.id = e.pokemon_id WHERE p.name = :name ORDER BY e.rowid;
SELECT e.location_area, group_concat(DISTINCT e.method), min(e.min_level), max(e.max_level), max(e.chance),
 coalesce(nullif(an.name, ''), ln.name)
 FROM encounter AS e JOIN pokemon AS p ON p.id = e.pokemon_id JOIN version AS v ON v.name = e.version
 LEFT JOIN pokeapi_resource AS ar ON ar.kind = 'location-area' AND ar.name = e.location_area
 LEFT JOIN pokeapi_name AS an ON an.kind = 'location-area' AND an.id = ar.id AND an.language = 'en'
 LEFT JOIN location_area AS la ON la.name = e.location_area
 LEFT JOIN pokeapi_resource AS lr ON lr.kind = 'location' AND lr.name = la.location
 LEFT JOIN pokeapi_name AS ln ON ln.kind = 'location' AND ln.id = lr.id AND ln.language = 'en'
 WHERE p.name = :name AND v.version_group = (SELECT v.version_group FROM encounter AS e
   JOIN pokemon AS p ON p.id = e.pokemon_id JOIN version AS v ON v.name = e.version
   LEFT JOIN version_group AS g ON g.name = v.version_group WHERE p.name = :name
   GROUP BY v.version_group ORDER BY max(g.sort_order) DESC LIMIT 1)
 GROUP BY e.location_area ORDER BY min(e.rowid);
