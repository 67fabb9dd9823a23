-- The kinds summary counts every kind, the five kept in tables of their own too, so that
-- it answers "is my sync complete?" beside pokeapi_kind; each row is as before.
DROP VIEW pokeapi_kind_summary;
CREATE VIEW pokeapi_kind_summary AS
SELECT kind, CAST(count(*) AS INTEGER) AS entries, CAST(count(details_synced_at) AS INTEGER) AS bodies,
       max(details_synced_at) AS last_body_at
FROM (SELECT kind, details_synced_at FROM pokeapi_resource
      UNION ALL SELECT 'pokemon', details_synced_at FROM pokemon
      UNION ALL SELECT 'pokemon-species', details_synced_at FROM pokemon_species
      UNION ALL SELECT 'type', details_synced_at FROM type
      UNION ALL SELECT 'ability', details_synced_at FROM ability
      UNION ALL SELECT 'evolution-chain', details_synced_at FROM evolution_chain)
GROUP BY kind;
