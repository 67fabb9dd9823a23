-- Whose GitHub budget a run's rate limit is: a fingerprint of the API's URL and the token
-- (16 hex digits of SHA-256; no token, none). A budget one run found spent is honoured by the
-- next run that would spend the same one, which then sends nothing until its reset; another
-- token or server starts afresh.
ALTER TABLE sync_run ADD COLUMN rate_limit_credential TEXT;
