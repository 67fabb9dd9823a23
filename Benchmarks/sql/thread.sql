-- What `pokedex issue REPO#NUMBER` reads after issue.sql: the thread, oldest first
-- (IssueArchive.thread). Parameters :repo, :number.
-- Tests/PokedexStoreTests/BenchmarkSQLTests.swift checks it against the store.
SELECT c.id, u.login, c.author_association, c.body, c.created_at, c.updated_at, c.html_url
 FROM github_repository AS r
 JOIN github_comment AS c ON c.repository_id = r.id AND c.issue_number = :number
 LEFT JOIN github_user AS u ON u.id = c.author_id
 WHERE r.full_name = :repo COLLATE NOCASE
 ORDER BY c.created_at, c.id;
