-- New issues and comments reach the full-text indexes a page at a time: the sync inserts
-- their entries with one statement per page (PageTextIndex in the store), where a trigger
-- did it row by row. SQLite runs each such insert in a statement transaction, and FTS5
-- writes its pending terms out as an index segment whenever one ends: one segment per row,
-- merged over and over (30 % of a 10,000-issue sync's instructions on SQLite 3.40).
--
-- Changed and deleted rows keep their triggers, which replace or remove the entries a row
-- had. A row inserted by hand (not by a sync) is found by `--search` once the index is
-- rebuilt from its table:
--   INSERT INTO github_issue_fts (github_issue_fts) VALUES ('rebuild');
--   INSERT INTO github_comment_fts (github_comment_fts) VALUES ('rebuild');
DROP TRIGGER github_issue_fts_insert;
DROP TRIGGER github_comment_fts_insert;
