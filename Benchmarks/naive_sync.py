#!/usr/bin/env python3
"""The straightforward PokeAPI -> SQLite sync a typical user writes (benchmark baseline).

    naive_sync.py BASE_URL DB_PATH      e.g. naive_sync.py http://127.0.0.1:8000/api/v2 pokedex.sqlite

One requests.Session, strictly sequential: walk the list following `next`, GET every
detail, store name, url and the raw JSON body in one table, commit once at the end.
No concurrency, no parsing into columns, no conditional requests.
"""
import sqlite3
import sys

import requests


def fetch_list(session, base):
    entries, url = [], f"{base}/pokemon/?limit=100"
    while url:
        response = session.get(url)
        response.raise_for_status()
        page = response.json()
        entries.extend(page["results"])
        url = page["next"]
    return entries


def main(argv):
    if len(argv) != 3:
        sys.exit(f"usage: {argv[0]} BASE_URL DB_PATH")
    base, db_path = argv[1].rstrip("/"), argv[2]
    session = requests.Session()
    db = sqlite3.connect(db_path)
    db.execute("CREATE TABLE IF NOT EXISTS pokemon (name TEXT PRIMARY KEY, url TEXT, json TEXT)")
    entries = fetch_list(session, base)
    for entry in entries:
        response = session.get(entry["url"])
        response.raise_for_status()
        db.execute("INSERT OR REPLACE INTO pokemon (name, url, json) VALUES (?, ?, ?)",
                   (entry["name"], entry["url"], response.text))
    db.commit()
    db.close()
    print(f"synced {len(entries)} pokemon into {db_path}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
