-- The composed limit's store (case b2): pokedex's pragmas (LocalStore: page_size 16384, WAL,
-- synchronous NORMAL), two tables keyed by URL (list pages; the details of all five resources),
-- every body as received, one transaction.
-- cases/composed.py writes one INSERT per downloaded body where the "-- bodies" line is.
PRAGMA page_size = 16384;
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
BEGIN;
CREATE TABLE list_page (url TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT;
CREATE TABLE resource_detail (url TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT;
-- bodies
COMMIT;
