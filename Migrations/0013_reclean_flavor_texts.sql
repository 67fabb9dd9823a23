-- Flavor texts cleaned again (FlavorTextCleaning): before this migration a line break inside
-- Chinese and Japanese text became an ASCII space ("皮卡丘們把尾巴 貼在一起"), and one after a
-- hyphen or dash "hyphen + space" ("bluish- white"). Each species listed here has its texts
-- cleaned again from its stored body by the next sync when it opens the file (Swift, the one
-- cleaning there is), which then deletes the row; nothing is downloaded again. A later change
-- to FlavorTextCleaning needs a migration listing the species here again.
CREATE TABLE pokemon_species_flavor_text_to_reclean (
    species_id INTEGER PRIMARY KEY REFERENCES pokemon_species (id) ON DELETE CASCADE
) STRICT;

INSERT INTO pokemon_species_flavor_text_to_reclean (species_id)
SELECT DISTINCT species_id FROM pokemon_species_flavor_text;
