-- "Which Pokémon learn this move" (`pokemon_move_by_move`) is built by the sync once it has
-- stored the learnsets, when the index is missing (`PokemonCatalog.indexLearnsetsByMove`),
-- instead of being kept up row by row from an empty table: a first sync inserts 638,321
-- learnset rows in Pokémon order, and an index by move rewrote most of its pages at each
-- commit. Later syncs keep the index up as they change rows.
DROP INDEX pokemon_move_by_move;
