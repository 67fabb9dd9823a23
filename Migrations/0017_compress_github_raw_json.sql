-- GitHub's items compressed like PokeAPI's bodies (0016): each repository, issue and comment
-- is kept as a zlib stream when that is smaller (compressed by pokedex at zlib's fastest
-- level, each item being a slice of a list page), else as it is. The columns keep the name
-- `raw_json` for the item itself, as before, and take it as the prefix of the other two
-- (`raw_json_encoding`, `raw_json_size`), so that they read as 0016's `body_encoding`,
-- `body_size`, `body` do, and the store reads both sets through one function. In the
-- sqlite3 shell
--   SELECT sqlar_uncompress(raw_json, raw_json_size) FROM github_issue WHERE number = 1347
-- gives an item back as received, whatever its encoding.
--
-- The three tables are rebuilt (SQLite's recipe: a STRICT column cannot change type in
-- place), every row, id and other column kept, with the items as they were, 'identity';
-- the next sync compresses the tables listed in body_compression_pending when it opens the
-- file, as it does 0016's. The big blob goes last, so that reading the other columns does
-- not step over it. The full-text tables keep their index: they read their content table by
-- rowid, and every id stays. Dropping a table drops its triggers, recreated below; the one
-- view over these tables must go first, or renaming the new tables fails on it.

DROP VIEW github_issue_comment_count;

INSERT INTO body_compression_pending (table_name) SELECT 'github_repository' WHERE EXISTS (SELECT 1 FROM github_repository);
CREATE TABLE github_repository_0017 (
    id                INTEGER PRIMARY KEY,
    full_name         TEXT    NOT NULL,   -- owner/name as GitHub last reported it
    description       TEXT,
    default_branch    TEXT,
    open_issues_count INTEGER,            -- open issues plus open pull requests, as GitHub counts
    html_url          TEXT,
    fetched_at        TEXT    NOT NULL,   -- UTC, ISO 8601
    raw_json_encoding TEXT    NOT NULL CHECK (raw_json_encoding IN ('identity', 'zlib')),
    raw_json_size     INTEGER NOT NULL,   -- the item's length decoded
    raw_json          BLOB    NOT NULL,   -- the repository exactly as received, encoded
    CHECK ((raw_json_encoding = 'identity') = (raw_json_size = length(raw_json)))
) STRICT;
INSERT INTO github_repository_0017
    (id, full_name, description, default_branch, open_issues_count, html_url, fetched_at,
     raw_json_encoding, raw_json_size, raw_json)
SELECT id, full_name, description, default_branch, open_issues_count, html_url, fetched_at,
       'identity', length(CAST(raw_json AS BLOB)), CAST(raw_json AS BLOB)
FROM github_repository;
DROP TABLE github_repository;
ALTER TABLE github_repository_0017 RENAME TO github_repository;
CREATE UNIQUE INDEX github_repository_by_name ON github_repository (full_name COLLATE NOCASE);

INSERT INTO body_compression_pending (table_name) SELECT 'github_issue' WHERE EXISTS (SELECT 1 FROM github_issue);
CREATE TABLE github_issue_0017 (
    id                 INTEGER PRIMARY KEY,
    repository_id      INTEGER NOT NULL REFERENCES github_repository (id) ON DELETE CASCADE,
    number             INTEGER NOT NULL,
    title              TEXT    NOT NULL,
    body               TEXT,
    state              TEXT    NOT NULL,   -- open, closed
    state_reason       TEXT,               -- completed, not_planned, reopened, duplicate
    locked             INTEGER NOT NULL CHECK (locked IN (0, 1)),
    comments           INTEGER NOT NULL,
    author_id          INTEGER REFERENCES github_user (id),
    author_association TEXT,
    milestone_id       INTEGER REFERENCES github_milestone (id),
    is_pull_request    INTEGER NOT NULL CHECK (is_pull_request IN (0, 1)),
    draft              INTEGER,            -- pull requests only
    merged_at          TEXT,               -- pull requests only
    created_at         TEXT    NOT NULL,
    updated_at         TEXT    NOT NULL,
    closed_at          TEXT,
    html_url           TEXT    NOT NULL,
    raw_json_encoding  TEXT    NOT NULL CHECK (raw_json_encoding IN ('identity', 'zlib')),
    raw_json_size      INTEGER NOT NULL,   -- the item's length decoded
    raw_json           BLOB    NOT NULL,   -- the item exactly as received, encoded
    UNIQUE (repository_id, number),
    CHECK ((raw_json_encoding = 'identity') = (raw_json_size = length(raw_json)))
) STRICT;
INSERT INTO github_issue_0017
    (id, repository_id, number, title, body, state, state_reason, locked, comments, author_id,
     author_association, milestone_id, is_pull_request, draft, merged_at, created_at, updated_at,
     closed_at, html_url, raw_json_encoding, raw_json_size, raw_json)
SELECT id, repository_id, number, title, body, state, state_reason, locked, comments, author_id,
       author_association, milestone_id, is_pull_request, draft, merged_at, created_at, updated_at,
       closed_at, html_url, 'identity', length(CAST(raw_json AS BLOB)), CAST(raw_json AS BLOB)
FROM github_issue;
DROP TABLE github_issue;
ALTER TABLE github_issue_0017 RENAME TO github_issue;
CREATE INDEX github_issue_by_author ON github_issue (author_id);
CREATE INDEX github_issue_newest ON github_issue (repository_id, created_at, number, is_pull_request, state);

CREATE TRIGGER github_issue_fts_insert AFTER INSERT ON github_issue BEGIN
    INSERT INTO github_issue_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
END;

CREATE TRIGGER github_issue_fts_delete AFTER DELETE ON github_issue BEGIN
    INSERT INTO github_issue_fts (github_issue_fts, rowid, title, body)
    VALUES ('delete', old.id, old.title, old.body);
END;

CREATE TRIGGER github_issue_fts_update AFTER UPDATE OF title, body ON github_issue BEGIN
    INSERT INTO github_issue_fts (github_issue_fts, rowid, title, body)
    VALUES ('delete', old.id, old.title, old.body);
    INSERT INTO github_issue_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
END;

INSERT INTO body_compression_pending (table_name) SELECT 'github_comment' WHERE EXISTS (SELECT 1 FROM github_comment);
CREATE TABLE github_comment_0017 (
    id                 INTEGER PRIMARY KEY,
    repository_id      INTEGER NOT NULL REFERENCES github_repository (id) ON DELETE CASCADE,
    issue_number       INTEGER NOT NULL,
    author_id          INTEGER REFERENCES github_user (id),  -- null: a deleted account
    author_association TEXT,
    body               TEXT    NOT NULL,
    created_at         TEXT    NOT NULL,
    updated_at         TEXT    NOT NULL,
    html_url           TEXT    NOT NULL,
    raw_json_encoding  TEXT    NOT NULL CHECK (raw_json_encoding IN ('identity', 'zlib')),
    raw_json_size      INTEGER NOT NULL,                     -- the comment's length decoded
    raw_json           BLOB    NOT NULL,                     -- the comment exactly as received, encoded
    CHECK ((raw_json_encoding = 'identity') = (raw_json_size = length(raw_json)))
) STRICT;
INSERT INTO github_comment_0017
    (id, repository_id, issue_number, author_id, author_association, body, created_at, updated_at,
     html_url, raw_json_encoding, raw_json_size, raw_json)
SELECT id, repository_id, issue_number, author_id, author_association, body, created_at, updated_at,
       html_url, 'identity', length(CAST(raw_json AS BLOB)), CAST(raw_json AS BLOB)
FROM github_comment;
DROP TABLE github_comment;
ALTER TABLE github_comment_0017 RENAME TO github_comment;
CREATE INDEX github_comment_by_issue ON github_comment (repository_id, issue_number, created_at, id);

CREATE TRIGGER github_comment_fts_insert AFTER INSERT ON github_comment BEGIN
    INSERT INTO github_comment_fts (rowid, body) VALUES (new.id, new.body);
END;

CREATE TRIGGER github_comment_fts_delete AFTER DELETE ON github_comment BEGIN
    INSERT INTO github_comment_fts (github_comment_fts, rowid, body) VALUES ('delete', old.id, old.body);
END;

CREATE TRIGGER github_comment_fts_update AFTER UPDATE OF body ON github_comment BEGIN
    INSERT INTO github_comment_fts (github_comment_fts, rowid, body) VALUES ('delete', old.id, old.body);
    INSERT INTO github_comment_fts (rowid, body) VALUES (new.id, new.body);
END;

CREATE VIEW github_issue_comment_count AS
SELECT i.id AS issue_id, i.repository_id, i.number, i.comments AS server_count,
       (SELECT count(*) FROM github_comment AS c
        WHERE c.repository_id = i.repository_id AND c.issue_number = i.number) AS stored_count
FROM github_issue AS i;
