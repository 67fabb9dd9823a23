#!/usr/bin/env python3
"""store_anchor.py DB FILES — case `api`'s store anchor: the least a client that keeps every
body must do to store them. Reads the bodies named in FILES (one path a line) into memory
(not timed), then inserts them into an integer-keyed table of DB in one transaction with
pokedex's pragmas (page_size 16384, WAL, synchronous NORMAL), and prints, as JSON, the wall
and CPU (user + system) time of the inserts and the commit only: {"wall_s", "cpu_s",
"rows", "bytes"}. Python's standard library only."""
import json
import sqlite3
import sys
import time
from pathlib import Path


def main(db: str, files: str) -> int:
    bodies = [Path(p).read_bytes() for p in Path(files).read_text().splitlines() if p]
    connection = sqlite3.connect(db, isolation_level=None)
    connection.execute("PRAGMA page_size = 16384")
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = NORMAL")
    connection.execute("CREATE TABLE body (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
    wall0, cpu0 = time.perf_counter(), time.process_time()
    connection.execute("BEGIN")
    connection.executemany("INSERT INTO body (id, body) VALUES (?, ?)", enumerate(bodies, 1))
    connection.execute("COMMIT")
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    connection.close()
    print(json.dumps({"wall_s": wall, "cpu_s": cpu, "rows": len(bodies), "bytes": sum(map(len, bodies))}))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
