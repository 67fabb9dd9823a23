-- What `pokedex issues REPO --search WORDS --limit N` reads: issues.sql with the full-text
-- match, on the title and body or on one comment. Parameters :repo, :fts (what FullTextQuery.allWords makes of the words: "word"* …),
-- :limit. Tests/PokedexStoreTests/BenchmarkSQLTests.swift checks it against the store.
SELECT r.full_name AS repository, i.number, i.title, i.state, i.state_reason, i.is_pull_request,
 (SELECT json_group_array(name) FROM (SELECT l.name FROM github_issue_label AS il
   JOIN github_label AS l ON l.id = il.label_id WHERE il.issue_id = i.id ORDER BY l.name)) AS labels,
 u.login AS author, i.comments, i.created_at, i.updated_at, i.closed_at, i.html_url
 FROM github_issue AS i JOIN github_repository AS r ON r.id = i.repository_id
 LEFT JOIN github_user AS u ON u.id = i.author_id
 WHERE r.full_name = :repo COLLATE NOCASE AND i.state = 'open' AND i.is_pull_request = 0
  AND (i.id IN (SELECT rowid FROM github_issue_fts WHERE github_issue_fts MATCH :fts)
   OR i.number IN (SELECT c.issue_number FROM github_comment AS c
    WHERE c.repository_id = (SELECT id FROM github_repository WHERE full_name = :repo COLLATE NOCASE)
    AND c.id IN (SELECT rowid FROM github_comment_fts WHERE github_comment_fts MATCH :fts)))
 ORDER BY i.created_at DESC, i.number DESC LIMIT :limit;
