-- Issues whose comment thread a sync found out of step with GitHub's count and has not yet
-- listed again whole. A re-read that fails (a 5xx past its retries, a stop) is tried by the
-- next sync, although its issue is not listed again until it changes; a reconcile clears them.
CREATE TABLE github_thread_reread_pending (
    issue_id INTEGER PRIMARY KEY REFERENCES github_issue (id) ON DELETE CASCADE
) STRICT;
