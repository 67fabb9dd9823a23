-- Each species name as lookups compare it (NameFolding.fold: case, accents, punctuation, width,
-- kana), so `show ピカチュウ` finds its species through an index instead of folding all ~12,000
-- stored names on every call. The sync writes it with each name; names stored before this
-- migration (NULL here) are folded by the next sync when it opens the file, and read meanwhile
-- by folding them as before. A change to NameFolding needs a migration setting it back to NULL.
ALTER TABLE pokemon_species_name ADD COLUMN folded_name TEXT;
CREATE INDEX pokemon_species_name_by_folded ON pokemon_species_name (folded_name);
