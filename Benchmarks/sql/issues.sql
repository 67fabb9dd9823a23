-- What `pokedex issues REPO --limit N` reads (IssueArchive.issues over
-- Migrations/0002_create_github_issues.sql, default filter: open issues, no pull requests,
-- newest first). Parameters :repo, :limit. issues_search.sql is this with a search.
-- Tests/PokedexStoreTests/BenchmarkSQLTests.swift checks both against the store.
SELECT r.full_name AS repository, i.number, i.title, i.state, i.state_reason, i.is_pull_request,
 (SELECT json_group_array(name) FROM (SELECT l.name FROM github_issue_label AS il
   JOIN github_label AS l ON l.id = il.label_id WHERE il.issue_id = i.id ORDER BY il.position, l.name)) AS labels,
 u.login AS author, i.comments, i.created_at, i.updated_at, i.closed_at, i.html_url
 FROM github_issue AS i JOIN github_repository AS r ON r.id = i.repository_id
 LEFT JOIN github_user AS u ON u.id = i.author_id
 WHERE r.full_name = :repo COLLATE NOCASE AND i.state = 'open' AND i.is_pull_request = 0
 ORDER BY i.created_at DESC, i.number DESC LIMIT :limit;
