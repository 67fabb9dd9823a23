-- Issue and pull-request comments. A comment names its issue only by number (in its
-- `issue_url`), and the repository-wide comment stream may bring a comment before its issue
-- is stored: so a comment belongs to (repository, issue number), not to an issue row, and is
-- kept whether or not that issue is stored yet. Threads join on that pair.
CREATE TABLE github_comment (
    id                 INTEGER PRIMARY KEY,
    repository_id      INTEGER NOT NULL REFERENCES github_repository (id) ON DELETE CASCADE,
    issue_number       INTEGER NOT NULL,
    author_id          INTEGER REFERENCES github_user (id),  -- null: a deleted account
    author_association TEXT,
    body               TEXT    NOT NULL,
    created_at         TEXT    NOT NULL,
    updated_at         TEXT    NOT NULL,
    html_url           TEXT    NOT NULL,
    raw_json           TEXT    NOT NULL                      -- the comment exactly as received
) STRICT;

-- A thread in order, and an issue's stored count (the deletion check).
CREATE INDEX github_comment_by_issue ON github_comment (repository_id, issue_number, created_at, id);

-- What the count check compares: comments stored per issue, beside GitHub's count.
CREATE VIEW github_issue_comment_count AS
SELECT i.id AS issue_id, i.repository_id, i.number, i.comments AS server_count,
       (SELECT count(*) FROM github_comment AS c
        WHERE c.repository_id = i.repository_id AND c.issue_number = i.number) AS stored_count
FROM github_issue AS i;

-- Comment bodies in the full-text index (`issues --search`), with the issues' tokenizer.
CREATE VIRTUAL TABLE github_comment_fts USING fts5 (
    body, content = 'github_comment', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

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

-- Where the comment stream resumes (the newest comment `updated_at` stored, like the issues'
-- high-water mark), the ETag of its first page, and when the repository was last reconciled
-- in full (vanished issues, deleted comments).
ALTER TABLE github_sync_state ADD COLUMN comments_high_water_mark TEXT;
ALTER TABLE github_sync_state ADD COLUMN comments_url TEXT;
ALTER TABLE github_sync_state ADD COLUMN comments_etag TEXT;
ALTER TABLE github_sync_state ADD COLUMN reconciled_at TEXT;

-- Users and organisations synced as a whole (`sync issues OWNER`): a plain `pokedex sync`
-- lists their repositories again and picks up new ones.
CREATE TABLE github_owner (
    login            TEXT    PRIMARY KEY COLLATE NOCASE,
    -- Which list serves its repositories: /orgs/{login}/repos or /users/{login}/repos.
    kind             TEXT    NOT NULL CHECK (kind IN ('organization', 'user')),
    include_forks    INTEGER NOT NULL CHECK (include_forks IN (0, 1)),
    include_archived INTEGER NOT NULL CHECK (include_archived IN (0, 1)),
    added_at         TEXT    NOT NULL
) STRICT;

