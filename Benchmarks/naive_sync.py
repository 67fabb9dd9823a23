#!/usr/bin/env python3
"""The straightforward PokeAPI -> SQLite sync a typical user writes (benchmark baseline).

    naive_sync.py BASE_URL DB_PATH      e.g. naive_sync.py http://127.0.0.1:8000/api/v2 pokedex.sqlite

The whole Pokédex, as a full `pokedex sync` takes it. One requests.Session, strictly
sequential: walk the Pokémon, species, type and ability lists following `next`, GET every
detail, then every evolution chain the species link; store name, url and the raw JSON body
in one table per resource; commit once at the end. No concurrency, no parsing into
columns, no conditional requests.
"""
import sqlite3
import sys

import requests

LISTS = {"pokemon": "pokemon/", "pokemon_species": "pokemon-species/", "type": "type/", "ability": "ability/"}


def fetch_list(session, first):
    entries, url = [], first
    while url:
        response = session.get(url)
        response.raise_for_status()
        page = response.json()
        entries.extend(page["results"])
        url = page["next"]
    return entries


def store(db, session, table, entries):
    """GETs each entry's url into table; returns the evolution-chain URLs the bodies link."""
    db.execute(f"CREATE TABLE IF NOT EXISTS {table} (name TEXT, url TEXT PRIMARY KEY, json TEXT)")
    chains = []
    for entry in entries:
        response = session.get(entry["url"])
        response.raise_for_status()
        db.execute(f"INSERT OR REPLACE INTO {table} (name, url, json) VALUES (?, ?, ?)",
                   (entry.get("name"), entry["url"], response.text))
        chain = response.json().get("evolution_chain") if table == "pokemon_species" else None
        if chain:
            chains.append(chain["url"])
    return chains


def main(argv):
    if len(argv) != 3:
        sys.exit(f"usage: {argv[0]} BASE_URL DB_PATH")
    base, db_path = argv[1].rstrip("/"), argv[2]
    session = requests.Session()
    db = sqlite3.connect(db_path)
    chains = []
    for table, path in LISTS.items():
        # The list pages pokedex asks for: both fetch the same URLs.
        chains += store(db, session, table, fetch_list(session, f"{base}/{path}?offset=0&limit=1000"))
    store(db, session, "evolution_chain", [{"url": url} for url in dict.fromkeys(chains)])
    db.commit()
    db.close()
    print(f"synced the whole dex into {db_path}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
