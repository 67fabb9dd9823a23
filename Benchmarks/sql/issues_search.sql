-- What `pokedex issues REPO --search WORDS --limit N` reads: issues.sql with the full-text
-- match, on the title and body or on one comment, and where each issue matched (`matched`:
-- title, body, comments; both title and body where only together they hold every word), as
-- IssueArchive.searchMatches finds it. Parameters :repo, :fts (what FullTextQuery.allWords makes
-- of the words: "word"* …), :limit. Tests/PokedexStoreTests/BenchmarkSQLTests.swift checks it
-- against the store.
WITH title AS (SELECT rowid AS id FROM github_issue_fts WHERE github_issue_fts MATCH 'title : (' || :fts || ')'),
 body AS (SELECT rowid AS id FROM github_issue_fts WHERE github_issue_fts MATCH 'body : (' || :fts || ')'),
 whole AS (SELECT rowid AS id FROM github_issue_fts WHERE github_issue_fts MATCH :fts),
 commented AS (SELECT DISTINCT c.repository_id, c.issue_number FROM github_comment AS c
   WHERE c.id IN (SELECT rowid FROM github_comment_fts WHERE github_comment_fts MATCH :fts))
SELECT r.full_name AS repository, i.number, i.title, i.state, i.state_reason, i.is_pull_request,
 (SELECT json_group_array(name) FROM (SELECT l.name FROM github_issue_label AS il
   JOIN github_label AS l ON l.id = il.label_id WHERE il.issue_id = i.id ORDER BY il.position, l.name)) AS labels,
 u.login AS author, i.comments, i.created_at, i.updated_at, i.closed_at, i.html_url,
 (SELECT json_group_array(place) FROM (
   SELECT 'title' AS place WHERE i.id IN title OR (i.id IN whole AND i.id NOT IN body)
   UNION ALL SELECT 'body' WHERE i.id IN body OR (i.id IN whole AND i.id NOT IN title)
   UNION ALL SELECT 'comments' WHERE (i.repository_id, i.number) IN commented)) AS matched
 FROM github_issue AS i JOIN github_repository AS r ON r.id = i.repository_id
 LEFT JOIN github_user AS u ON u.id = i.author_id
 WHERE r.full_name = :repo COLLATE NOCASE AND i.state = 'open' AND i.is_pull_request = 0
  AND (i.id IN whole OR (i.repository_id, i.number) IN commented)
 ORDER BY i.created_at DESC, i.number DESC LIMIT :limit;
