-- The evolution conditions 0007 kept only inside details_json: moves used a number of times
-- (Annihilape), steps walked (Pawmot), damage taken (Runerigus, Basculegion), a special rock
-- nearby (Leafeon, Glaceon), another player (multiplayer), and which forms evolve in which
-- region and game (Alolan Raichu, Galarian Meowth → Perrserker, Own Tempo Rockruff → Dusk
-- Lycanroc). Booleans are 0/1 as in 0007; NULL where the body has no such condition.
ALTER TABLE evolution_step ADD COLUMN used_move TEXT;
ALTER TABLE evolution_step ADD COLUMN min_move_count INTEGER;
ALTER TABLE evolution_step ADD COLUMN min_steps INTEGER;
ALTER TABLE evolution_step ADD COLUMN min_damage_taken INTEGER;
ALTER TABLE evolution_step ADD COLUMN near_special_rock INTEGER CHECK (near_special_rock IN (0, 1));
ALTER TABLE evolution_step ADD COLUMN needs_multiplayer INTEGER CHECK (needs_multiplayer IN (0, 1));
ALTER TABLE evolution_step ADD COLUMN region TEXT;          -- alola, galar, hisui, …
ALTER TABLE evolution_step ADD COLUMN base_form TEXT;       -- the Pokémon (form) that evolves
ALTER TABLE evolution_step ADD COLUMN evolved_form TEXT;    -- the Pokémon (form) it becomes
ALTER TABLE evolution_step ADD COLUMN version_group TEXT;   -- the games this way applies to

-- Steps stored before this migration get their conditions from the object already kept in
-- details_json, so no chain is downloaded again. A value of another JSON type than the sync
-- accepts stays NULL, as the sync would store it.
UPDATE evolution_step
SET used_move = CASE json_type(details_json, '$.used_move.name')
                    WHEN 'text' THEN json_extract(details_json, '$.used_move.name') END,
    min_move_count = CASE json_type(details_json, '$.min_move_count')
                         WHEN 'integer' THEN json_extract(details_json, '$.min_move_count') END,
    min_steps = CASE json_type(details_json, '$.min_steps')
                    WHEN 'integer' THEN json_extract(details_json, '$.min_steps') END,
    min_damage_taken = CASE json_type(details_json, '$.min_damage_taken')
                           WHEN 'integer' THEN json_extract(details_json, '$.min_damage_taken') END,
    near_special_rock = CASE json_type(details_json, '$.near_special_rock')
                            WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
    needs_multiplayer = CASE json_type(details_json, '$.needs_multiplayer')
                            WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
    region = CASE json_type(details_json, '$.region.name')
                 WHEN 'text' THEN json_extract(details_json, '$.region.name') END,
    base_form = CASE json_type(details_json, '$.base_form.name')
                    WHEN 'text' THEN json_extract(details_json, '$.base_form.name') END,
    evolved_form = CASE json_type(details_json, '$.evolved_form.name')
                       WHEN 'text' THEN json_extract(details_json, '$.evolved_form.name') END,
    version_group = CASE json_type(details_json, '$.version_group.name')
                        WHEN 'text' THEN json_extract(details_json, '$.version_group.name') END
WHERE json_valid(details_json);

-- A chain can end where the species bodies say the line goes on (Meltan's chain has Meltan
-- alone; Melmetal's species evolves from meltan, in a chain of its own): `show` joins such
-- chains through this index instead of scanning every species for each member.
CREATE INDEX pokemon_species_by_evolves_from ON pokemon_species (evolves_from);
