-- GitHub repositories and their issues and pull requests. Ids are GitHub's own 64-bit
-- ids: a renamed or transferred repository keeps its id, so it never becomes two rows.
CREATE TABLE github_repository (
    id                INTEGER PRIMARY KEY,
    full_name         TEXT    NOT NULL,   -- owner/name as GitHub last reported it
    description       TEXT,
    default_branch    TEXT,
    open_issues_count INTEGER,            -- open issues plus open pull requests, as GitHub counts
    html_url          TEXT,
    fetched_at        TEXT    NOT NULL,   -- UTC, ISO 8601
    raw_json          TEXT    NOT NULL
) STRICT;

CREATE UNIQUE INDEX github_repository_by_name ON github_repository (full_name COLLATE NOCASE);

CREATE TABLE github_user (
    id    INTEGER PRIMARY KEY,
    login TEXT    NOT NULL,
    type  TEXT                            -- User, Organization, Bot
) STRICT;

CREATE INDEX github_user_by_login ON github_user (login COLLATE NOCASE);

CREATE TABLE github_milestone (
    id            INTEGER PRIMARY KEY,
    repository_id INTEGER NOT NULL REFERENCES github_repository (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    title         TEXT    NOT NULL,
    state         TEXT
) STRICT;

CREATE TABLE github_issue (
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
    raw_json           TEXT    NOT NULL,   -- the item exactly as received
    UNIQUE (repository_id, number)
) STRICT;

CREATE INDEX github_issue_by_created ON github_issue (repository_id, is_pull_request, state, created_at);
CREATE INDEX github_issue_by_author ON github_issue (author_id);

CREATE TABLE github_label (
    id            INTEGER PRIMARY KEY,
    repository_id INTEGER NOT NULL REFERENCES github_repository (id) ON DELETE CASCADE,
    name          TEXT    NOT NULL,
    color         TEXT,
    description   TEXT
) STRICT;

CREATE INDEX github_label_by_name ON github_label (repository_id, name COLLATE NOCASE);

CREATE TABLE github_issue_label (
    issue_id INTEGER NOT NULL REFERENCES github_issue (id) ON DELETE CASCADE,
    label_id INTEGER NOT NULL REFERENCES github_label (id) ON DELETE CASCADE,
    PRIMARY KEY (issue_id, label_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX github_issue_label_by_label ON github_issue_label (label_id, issue_id);

CREATE TABLE github_issue_assignee (
    issue_id INTEGER NOT NULL REFERENCES github_issue (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL REFERENCES github_user (id),
    PRIMARY KEY (issue_id, user_id)
) STRICT, WITHOUT ROWID;

-- Full-text search over titles and bodies (`pokedex issues --search`), kept current by
-- triggers; accents are folded so "cafe" finds "café".
CREATE VIRTUAL TABLE github_issue_fts USING fts5 (
    title, body, content = 'github_issue', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

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

-- Where an incremental sync resumes: the newest updated_at stored (GitHub's `since` is
-- inclusive, so the boundary is asked for again and deduplicated by the upsert), the
-- repository's ETag, and the ETag of the issues URL the next refresh starts with, so a
-- refresh where nothing changed is answered 304 twice.
CREATE TABLE github_sync_state (
    repository_id    INTEGER PRIMARY KEY REFERENCES github_repository (id) ON DELETE CASCADE,
    high_water_mark  TEXT,
    repository_etag  TEXT,
    issues_url       TEXT,
    issues_etag      TEXT
) STRICT;
