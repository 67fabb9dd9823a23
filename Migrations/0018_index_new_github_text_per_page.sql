-- New issues and comments reach the full-text indexes a page at a time: the sync inserts
-- their entries with one statement per page (PageTextIndex in the store), where a trigger
-- did it row by row. SQLite runs each such insert in a statement transaction, and FTS5
-- writes its pending terms out as an index segment whenever one ends: one segment per row,
-- merged over and over (30 % of a 10,000-issue sync's instructions on SQLite 3.40).
DROP TRIGGER github_issue_fts_insert;
DROP TRIGGER github_comment_fts_insert;

-- Changed and deleted rows keep triggers that replace or remove the entries a row had, now
-- only when it has some: a row another program inserted has none until the index is rebuilt,
-- and removing entries an external-content index never held corrupts it. Such a row gets its
-- entries when a sync changes it, or from a rebuild:
--   INSERT INTO github_issue_fts (github_issue_fts) VALUES ('rebuild');
--   INSERT INTO github_comment_fts (github_comment_fts) VALUES ('rebuild');
DROP TRIGGER github_issue_fts_delete;
DROP TRIGGER github_issue_fts_update;
DROP TRIGGER github_comment_fts_delete;
DROP TRIGGER github_comment_fts_update;

CREATE TRIGGER github_issue_fts_delete AFTER DELETE ON github_issue BEGIN
    INSERT INTO github_issue_fts (github_issue_fts, rowid, title, body)
    SELECT 'delete', old.id, old.title, old.body
    WHERE EXISTS (SELECT 1 FROM github_issue_fts_docsize WHERE id = old.id);
END;

CREATE TRIGGER github_issue_fts_update AFTER UPDATE OF title, body ON github_issue BEGIN
    INSERT INTO github_issue_fts (github_issue_fts, rowid, title, body)
    SELECT 'delete', old.id, old.title, old.body
    WHERE EXISTS (SELECT 1 FROM github_issue_fts_docsize WHERE id = old.id);
    INSERT INTO github_issue_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
END;

CREATE TRIGGER github_comment_fts_delete AFTER DELETE ON github_comment BEGIN
    INSERT INTO github_comment_fts (github_comment_fts, rowid, body)
    SELECT 'delete', old.id, old.body
    WHERE EXISTS (SELECT 1 FROM github_comment_fts_docsize WHERE id = old.id);
END;

CREATE TRIGGER github_comment_fts_update AFTER UPDATE OF body ON github_comment BEGIN
    INSERT INTO github_comment_fts (github_comment_fts, rowid, body)
    SELECT 'delete', old.id, old.body
    WHERE EXISTS (SELECT 1 FROM github_comment_fts_docsize WHERE id = old.id);
    INSERT INTO github_comment_fts (rowid, body) VALUES (new.id, new.body);
END;
