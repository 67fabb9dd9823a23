-- What a refresh reads for every stored detail before it asks the server anything: its
-- ETag and when it was fetched. Each pokemon_detail_json row starts a 16 KB page with the
-- beginning of its body, so without this covering index that scan read 1,351 pages (22 MB)
-- to learn 60 bytes from each.
CREATE INDEX pokemon_detail_freshness ON pokemon_detail_json (pokemon_id, etag, fetched_at);
