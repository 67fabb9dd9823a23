-- What `pokedex show NAME` reads (PokemonCatalog.profile(name:) over
-- Migrations/0001_create_pokemon.sql): the row, then its types, abilities and stats.
-- Parameter :name. Tests/PokedexStoreTests/BenchmarkSQLTests.swift checks it against the store.
SELECT id, name, url, official_artwork_url, height, weight, base_experience, sort_order,
 species_name, details_synced_at IS NOT NULL FROM pokemon WHERE name = :name;
SELECT t.type_name FROM pokemon_type AS t JOIN pokemon AS p ON p.id = t.pokemon_id
 WHERE p.name = :name ORDER BY t.slot;
SELECT a.ability_name, a.is_hidden, a.slot FROM pokemon_ability AS a JOIN pokemon AS p ON p.id = a.pokemon_id
 WHERE p.name = :name ORDER BY a.slot;
SELECT s.stat_name, s.base_stat, s.effort FROM pokemon_stat AS s JOIN pokemon AS p ON p.id = s.pokemon_id
 WHERE p.name = :name ORDER BY s.position;
