-- The views' computed columns with a type: a column computed without a CAST has no affinity,
-- so `WHERE multiplier = '1.0'` (a value given as text, as Datasette's facets and filters
-- and many a script give it) never equals the number 1.0. Each view is as before otherwise.
DROP VIEW pokemon_defense;
CREATE VIEW pokemon_defense AS
SELECT p.id AS pokemon_id,
       a.name AS attacking_type,
       CAST(CASE
           WHEN sum(d.multiplier = 0) > 0 THEN 0.0
           ELSE (1 << coalesce(sum(d.multiplier = 2), 0)) * 1.0 / (1 << coalesce(sum(d.multiplier = 0.5), 0))
       END AS REAL) AS multiplier
FROM pokemon AS p
JOIN pokemon_type AS t ON t.pokemon_id = p.id
CROSS JOIN matchup_type AS a
LEFT JOIN type_damage AS d ON d.attacking_type = a.name AND d.defending_type = t.type_name
GROUP BY p.id, a.name;

DROP VIEW pokemon_summary;
CREATE VIEW pokemon_summary AS
WITH resource AS (
    SELECT p.*,
           rtrim(CASE WHEN instr(p.url, '?') > 0 THEN substr(p.url, 1, instr(p.url, '?') - 1)
                      ELSE p.url END, '/') AS trimmed_url
    FROM pokemon AS p
)
SELECT CAST(substr(trimmed_url, length(rtrim(trimmed_url, replace(trimmed_url, '/', ''))) + 1)
            AS INTEGER) AS id,
       name,
       url,
       (SELECT json_group_array(type_name)
          FROM (SELECT type_name FROM pokemon_type AS t WHERE t.pokemon_id = resource.id
                ORDER BY slot)) AS types,
       coalesce(official_artwork_url,
                'https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/'
                || resource.id || '.png') AS artwork_url,
       CAST(official_artwork_url IS NULL AS INTEGER) AS artwork_derived,
       height,
       weight,
       base_experience,
       sort_order,
       species_name,
       CAST(details_synced_at IS NOT NULL AS INTEGER) AS has_details
FROM resource;

DROP VIEW github_issue_comment_count;
CREATE VIEW github_issue_comment_count AS
SELECT i.id AS issue_id, i.repository_id, i.number, i.comments AS server_count,
       CAST((SELECT count(*) FROM github_comment AS c
             WHERE c.repository_id = i.repository_id AND c.issue_number = i.number) AS INTEGER) AS stored_count
FROM github_issue AS i;

DROP VIEW pokeapi_kind_summary;
CREATE VIEW pokeapi_kind_summary AS
SELECT kind, CAST(count(*) AS INTEGER) AS entries, CAST(count(details_synced_at) AS INTEGER) AS bodies,
       max(details_synced_at) AS last_body_at
FROM pokeapi_resource GROUP BY kind;

DROP VIEW matchup_type;
CREATE VIEW matchup_type AS
SELECT k.name, CAST(coalesce(t.id, min(k.id)) AS INTEGER) AS id
FROM (SELECT attacking_type AS name, attacking_type_id AS id FROM type_damage
      UNION ALL SELECT defending_type, defending_type_id FROM type_damage
      UNION ALL SELECT name, id FROM type
                WHERE details_synced_at IS NOT NULL AND name IN (SELECT type_name FROM pokemon_type)) AS k
LEFT JOIN type AS t ON t.name = k.name
GROUP BY k.name;
