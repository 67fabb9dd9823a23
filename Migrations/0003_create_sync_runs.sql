-- One row per resource a sync worked on: the Pokémon catalog, or one repository's issues.
-- `pokedex status` and `sync --if-older-than` read it, and so can a monitoring script:
--   SELECT * FROM sync_run WHERE outcome <> 'succeeded' ORDER BY id DESC LIMIT 10;
-- A run is written as 'running' when it starts and updated when it ends; a row left
-- 'running' by a process that was killed is marked 'abandoned' by the next sync.
CREATE TABLE sync_run (
    id                   INTEGER PRIMARY KEY,
    resource             TEXT    NOT NULL CHECK (resource IN ('pokemon', 'issues')),
    -- For 'issues': the repository as asked for (OWNER/REPO), and its GitHub id once known.
    repository_name      TEXT,
    repository_id        INTEGER REFERENCES github_repository (id) ON DELETE SET NULL,
    pid                  INTEGER NOT NULL,
    started_at           TEXT    NOT NULL,  -- UTC, ISO 8601
    finished_at          TEXT,
    outcome              TEXT    NOT NULL DEFAULT 'running'
                         CHECK (outcome IN ('running', 'succeeded', 'failed', 'interrupted', 'abandoned')),
    error                TEXT,              -- the one-line message pokedex printed
    items_changed        INTEGER,           -- rows new or changed by this run
    requests             INTEGER,
    -- GitHub's primary rate limit as the run's last answer reported it.
    rate_limit_remaining INTEGER,
    rate_limit_limit     INTEGER,
    rate_limit_reset_at  TEXT,
    CHECK ((resource = 'issues') = (repository_name IS NOT NULL))
) STRICT;

CREATE INDEX sync_run_by_resource ON sync_run (resource, repository_id, outcome, finished_at);
