-- A run of `sync --offset/--limit` takes part of the catalog and what those entries need: its
-- success says nothing of the rest, so `--if-older-than` must not count it as the resource
-- being fresh, except for a later run over the same part. partial_scope names that part
-- (`offset 24 limit 21`); NULL is a run of the whole resource, as every run before this one was.
ALTER TABLE sync_run ADD COLUMN partial_scope TEXT;
