-- Egg groups in the order the species' body gives them (Pikachu: Field, Fairy), not
-- alphabetically: the table is WITHOUT ROWID, so only a column can keep that order. The sync
-- writes it with each group; rows stored before get it here from the species bodies already
-- stored (`egg_groups[i].name`), so no species is downloaded again. A group its body no longer
-- names (a hand-edited table) keeps NULL and sorts last.
ALTER TABLE pokemon_species_egg_group ADD COLUMN position INTEGER;
UPDATE pokemon_species_egg_group
SET position = (
    SELECT CAST(groups.key AS INTEGER) + 1
    FROM pokemon_species_json AS body, json_each(body.body, '$.egg_groups') AS groups
    WHERE body.species_id = pokemon_species_egg_group.species_id
      AND json_valid(body.body)
      AND json_extract(groups.value, '$.name') = pokemon_species_egg_group.egg_group
    ORDER BY groups.key LIMIT 1
);
