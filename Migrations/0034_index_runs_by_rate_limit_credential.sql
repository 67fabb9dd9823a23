-- A sync reads the last budget recorded for its GitHub credential before its first request:
-- by this index, not by reading every run an hourly cron has recorded (about fifty a sync).
CREATE INDEX sync_run_by_rate_limit_credential ON sync_run (rate_limit_credential, id)
WHERE rate_limit_credential IS NOT NULL;
