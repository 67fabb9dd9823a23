-- What `pokedex list --limit N --json` reads (PokemonCatalog.list(offset: 0, limit:)), with
-- the artwork link derived as PokemonResource.artwork does. Parameter :limit.
-- Tests/PokedexStoreTests/BenchmarkSQLTests.swift checks it against the store.
SELECT p.id, p.name, p.url,
 (SELECT json_group_array(type_name) FROM (SELECT type_name FROM pokemon_type WHERE pokemon_id = p.id ORDER BY slot)) AS types,
 coalesce(p.official_artwork_url, 'https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/' || p.id || '.png') AS artwork_url,
 p.official_artwork_url IS NULL AS artwork_derived
 FROM pokemon AS p ORDER BY p.id LIMIT :limit;
