-- Each entry's place in its kind's list when the API last listed it (its offset there), so
-- that `serve` pages a list in the API's order: PokeAPI does not list every kind by id (it
-- lists pokemon-form 511 at offset 385, among the 10,000s). NULL for an entry a sync reached
-- by a link only, and for every entry until the next sync lists it; lists order those after
-- the listed ones, by id. The indexes hold a page's columns, so that a page far into a list
-- is read from them: sorting the table instead took 0.2 ms for 21 Pokémon, 0.7 ms at item
-- offset 2,000 (0.02 and 0.08 ms in id order, and with these indexes).
ALTER TABLE pokemon ADD COLUMN list_position INTEGER;
ALTER TABLE pokemon_species ADD COLUMN list_position INTEGER;
ALTER TABLE evolution_chain ADD COLUMN list_position INTEGER;
ALTER TABLE type ADD COLUMN list_position INTEGER;
ALTER TABLE ability ADD COLUMN list_position INTEGER;
ALTER TABLE pokeapi_resource ADD COLUMN list_position INTEGER;

CREATE INDEX pokemon_in_list_order ON pokemon (list_position IS NULL, list_position, id, name, url);
CREATE INDEX pokemon_species_in_list_order
    ON pokemon_species (list_position IS NULL, list_position, id, name, url);
CREATE INDEX evolution_chain_in_list_order ON evolution_chain (list_position IS NULL, list_position, id, url);
CREATE INDEX type_in_list_order ON type (list_position IS NULL, list_position, id, name, url);
CREATE INDEX ability_in_list_order ON ability (list_position IS NULL, list_position, id, name, url);
CREATE INDEX pokeapi_resource_in_list_order
    ON pokeapi_resource (kind, list_position IS NULL, list_position, id, name, url);
