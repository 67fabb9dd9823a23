-- What `pokedex list --learns NAME` reads (PokedexEntryQueries.list with a move): the first
-- :limit Pokémon learning the move in any game, with their types and English species names,
-- and how many there are. Parameters :name, :limit.
SELECT p.id, p.name, (SELECT group_concat(type_name, ',') FROM pokemon_type WHERE pokemon_id = p.id), n.name
 FROM pokemon AS p LEFT JOIN pokemon_species AS s ON s.name = p.species_name
 LEFT JOIN pokemon_species_name AS n ON n.species_id = s.id AND n.language = 'en'
 WHERE p.id IN (SELECT pokemon_id FROM pokemon_move WHERE move_name = :name) ORDER BY p.id LIMIT :limit;
SELECT count(*) FROM pokemon AS p WHERE p.id IN (SELECT pokemon_id FROM pokemon_move WHERE move_name = :name);
