-- What `pokedex issue REPO#NUMBER` reads (IssueArchive.issue). Parameters :repo, :number.
-- Tests/PokedexStoreTests/BenchmarkSQLTests.swift checks it against the store.
SELECT r.full_name, i.number, i.title, i.body, i.state, i.state_reason, i.locked, i.is_pull_request,
 i.draft, i.merged_at, u.login, m.title, i.comments, i.created_at, i.updated_at, i.closed_at, i.html_url,
 (SELECT json_group_array(name) FROM (SELECT l.name FROM github_issue_label AS il
   JOIN github_label AS l ON l.id = il.label_id WHERE il.issue_id = i.id ORDER BY il.position, l.name)) AS labels,
 (SELECT json_group_array(login) FROM (SELECT a_u.login FROM github_issue_assignee AS a
   JOIN github_user AS a_u ON a_u.id = a.user_id WHERE a.issue_id = i.id ORDER BY a.position, a_u.login)) AS assignees
 FROM github_issue AS i JOIN github_repository AS r ON r.id = i.repository_id
 LEFT JOIN github_user AS u ON u.id = i.author_id LEFT JOIN github_milestone AS m ON m.id = i.milestone_id
 WHERE r.full_name = :repo COLLATE NOCASE AND i.number = :number;
