-- What `pokedex show NAME` reads for its entry (PokedexEntryQueries.entry(id:) over
-- Migrations/0001 and 0007), in English: the Pokémon's row, types, abilities and stats; its
-- species' facts, display name, genus and egg groups; the newest Pokédex text; the types'
-- display names; the abilities' names and short effects; the defensive matchups (pokemon_defense's
-- computation for this Pokémon alone: the view joined by name computes every Pokémon's); the other
-- varieties; the evolution chain's members and steps.
-- Parameter :name. Tests/PokedexStoreTests/BenchmarkSQLTests.swift checks it against the store.
SELECT id, name, url, official_artwork_url, height, weight, base_experience, sort_order,
 species_name, details_synced_at IS NOT NULL FROM pokemon WHERE name = :name;
SELECT t.type_name, coalesce(n.name, t.type_name) FROM pokemon_type AS t JOIN pokemon AS p ON p.id = t.pokemon_id
 LEFT JOIN type AS ty ON ty.name = t.type_name LEFT JOIN type_name AS n ON n.type_id = ty.id AND n.language = 'en'
 WHERE p.name = :name ORDER BY t.slot;
SELECT a.ability_name, coalesce(n.name, a.ability_name), a.is_hidden, a.slot, e.short_effect
 FROM pokemon_ability AS a JOIN pokemon AS p ON p.id = a.pokemon_id
 LEFT JOIN ability AS ab ON ab.name = a.ability_name
 LEFT JOIN ability_name AS n ON n.ability_id = ab.id AND n.language = 'en'
 LEFT JOIN ability_effect AS e ON e.ability_id = ab.id AND e.language = 'en'
 WHERE p.name = :name ORDER BY a.slot;
SELECT s.stat_name, s.base_stat, s.effort FROM pokemon_stat AS s JOIN pokemon AS p ON p.id = s.pokemon_id
 WHERE p.name = :name ORDER BY s.position;
SELECT s.id, s.name, s.generation_number, s.generation, s.is_legendary, s.is_mythical, s.is_baby,
 s.capture_rate, s.gender_rate, n.name, n.genus,
 (SELECT group_concat(egg_group, ',') FROM (SELECT egg_group FROM pokemon_species_egg_group
   WHERE species_id = s.id ORDER BY position IS NULL, position, egg_group))
 FROM pokemon AS p JOIN pokemon_species AS s ON s.name = coalesce(p.species_name, p.name)
 LEFT JOIN pokemon_species_name AS n ON n.species_id = s.id AND n.language = 'en'
 WHERE p.name = :name;
SELECT f.text, f.version FROM pokemon_species_flavor_text AS f
 JOIN pokemon_species AS s ON s.id = f.species_id JOIN pokemon AS p ON s.name = coalesce(p.species_name, p.name)
 WHERE p.name = :name AND f.language = 'en' ORDER BY f.position DESC LIMIT 1;
SELECT a.name, CASE WHEN sum(d.multiplier = 0) > 0 THEN 0.0
  ELSE (1 << coalesce(sum(d.multiplier = 2), 0)) * 1.0 / (1 << coalesce(sum(d.multiplier = 0.5), 0)) END AS multiplier
 FROM pokemon AS p JOIN pokemon_type AS t ON t.pokemon_id = p.id CROSS JOIN matchup_type AS a
 LEFT JOIN type_damage AS d ON d.attacking_type = a.name AND d.defending_type = t.type_name
 WHERE p.name = :name GROUP BY a.name HAVING multiplier <> 1 ORDER BY multiplier DESC, a.name;
SELECT v.pokemon_name FROM pokemon_species_variety AS v
 JOIN pokemon_species AS s ON s.id = v.species_id JOIN pokemon AS p ON s.name = coalesce(p.species_name, p.name)
 WHERE p.name = :name AND v.pokemon_name <> p.name ORDER BY v.is_default DESC, v.pokemon_name;
-- The chain with those the species' evolves_from links to it (Meltan → Melmetal), as the store joins them.
WITH RECURSIVE linked (chain_id) AS (
  SELECT s.evolution_chain_id FROM pokemon AS p JOIN pokemon_species AS s ON s.name = coalesce(p.species_name, p.name)
   WHERE p.name = :name
  UNION SELECT child.evolution_chain_id FROM linked JOIN evolution_chain_member AS m ON m.chain_id = linked.chain_id
   JOIN pokemon_species AS child ON child.evolves_from = m.species_name WHERE child.evolution_chain_id IS NOT NULL
  UNION SELECT parent.evolution_chain_id FROM linked
   JOIN evolution_chain_member AS m ON m.chain_id = linked.chain_id AND m.evolves_from IS NULL
   JOIN pokemon_species AS ms ON ms.name = m.species_name JOIN pokemon_species AS parent ON parent.name = ms.evolves_from
   WHERE parent.evolution_chain_id IS NOT NULL)
SELECT m.position, m.species_name, coalesce(n.name, m.species_name), coalesce(m.evolves_from, ms.evolves_from),
 m.is_baby, (SELECT v.pokemon_name FROM pokemon_species_variety AS v
   WHERE v.species_id = ms.id AND v.is_default = 1 ORDER BY v.pokemon_name LIMIT 1), c.baby_trigger_item
 FROM linked JOIN evolution_chain AS c ON c.id = linked.chain_id
 JOIN evolution_chain_member AS m ON m.chain_id = linked.chain_id
 LEFT JOIN pokemon_species AS ms ON ms.name = m.species_name
 LEFT JOIN pokemon_species_name AS n ON n.species_id = ms.id AND n.language = 'en'
 ORDER BY m.chain_id, m.position;
WITH RECURSIVE linked (chain_id) AS (
  SELECT s.evolution_chain_id FROM pokemon AS p JOIN pokemon_species AS s ON s.name = coalesce(p.species_name, p.name)
   WHERE p.name = :name
  UNION SELECT child.evolution_chain_id FROM linked JOIN evolution_chain_member AS m ON m.chain_id = linked.chain_id
   JOIN pokemon_species AS child ON child.evolves_from = m.species_name WHERE child.evolution_chain_id IS NOT NULL
  UNION SELECT parent.evolution_chain_id FROM linked
   JOIN evolution_chain_member AS m ON m.chain_id = linked.chain_id AND m.evolves_from IS NULL
   JOIN pokemon_species AS ms ON ms.name = m.species_name JOIN pokemon_species AS parent ON parent.name = ms.evolves_from
   WHERE parent.evolution_chain_id IS NOT NULL)
SELECT st.member_position, st.trigger, st.min_level, st.item, st.held_item, nullif(st.time_of_day, ''), st.known_move,
 st.min_happiness, st.location, st.gender, st.trade_species, st.used_move, st.min_move_count, st.min_steps,
 st.min_damage_taken, st.near_special_rock, st.needs_multiplayer, st.region, st.base_form, st.evolved_form,
 st.version_group
 FROM linked JOIN evolution_step AS st ON st.chain_id = linked.chain_id
 ORDER BY st.chain_id, st.member_position, st.detail_position;
