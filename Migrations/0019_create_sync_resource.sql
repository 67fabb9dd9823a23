-- The resources a sync works on, one row each: PokeAPI's kinds by their endpoint's name, the
-- artwork, and a repository's issues. sync_run refers to them by name, so a resource pokedex
-- learns is one INSERT here, never another rebuild of sync_run for a wider CHECK (0007 and
-- 0010 rebuilt it for one).
CREATE TABLE sync_resource (
    name TEXT PRIMARY KEY NOT NULL
) STRICT, WITHOUT ROWID;

INSERT INTO sync_resource (name) VALUES
    ('pokemon'), ('type'), ('ability'), ('pokemon-species'), ('evolution-chain'), ('artwork'), ('issues');

-- SQLite cannot change a column's constraints in place: sync_run is rebuilt with the
-- reference instead of the CHECK (rows, ids and index kept).
CREATE TABLE sync_run_0019 (
    id                   INTEGER PRIMARY KEY,
    resource             TEXT    NOT NULL REFERENCES sync_resource (name),
    repository_name      TEXT,
    repository_id        INTEGER REFERENCES github_repository (id) ON DELETE SET NULL,
    pid                  INTEGER NOT NULL,
    started_at           TEXT    NOT NULL,
    finished_at          TEXT,
    outcome              TEXT    NOT NULL DEFAULT 'running'
                         CHECK (outcome IN ('running', 'succeeded', 'failed', 'interrupted', 'abandoned')),
    error                TEXT,
    items_changed        INTEGER,
    requests             INTEGER,
    rate_limit_remaining INTEGER,
    rate_limit_limit     INTEGER,
    rate_limit_reset_at  TEXT,
    partial_scope        TEXT,
    notice               TEXT,
    CHECK ((resource = 'issues') = (repository_name IS NOT NULL))
) STRICT;

INSERT INTO sync_run_0019 SELECT id, resource, repository_name, repository_id, pid, started_at, finished_at,
    outcome, error, items_changed, requests, rate_limit_remaining, rate_limit_limit, rate_limit_reset_at,
    partial_scope, notice
FROM sync_run;
DROP TABLE sync_run;
ALTER TABLE sync_run_0019 RENAME TO sync_run;
CREATE INDEX sync_run_by_resource ON sync_run (resource, repository_id, outcome, finished_at);
