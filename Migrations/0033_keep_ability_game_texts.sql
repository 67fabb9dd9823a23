-- Abilities' game texts (`flavor_text_entries`, per version group and language) join the moves'
-- and items' in pokeapi_flavor_text, as kind 'ability': PokeAPI gives abilities' effects in
-- English, German and French only, and their game texts in Japanese, Korean, Chinese, Spanish
-- and Italian too. The ability bodies stored before are read again by the next sync, nothing
-- downloaded.
INSERT OR IGNORE INTO pokeapi_typing_pending (kind, id) SELECT 'ability', ability_id FROM ability_json;
