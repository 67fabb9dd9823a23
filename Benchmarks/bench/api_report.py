"""Case `api`'s section of the report (the whole PokeAPI, issue 30) and the values its
targets read."""
from .results import num

API_HEADING = "## Whole API: every kind and the encounters (case api)"
ROWS = (
    ("api_sync", "pokedex sync --artwork none, fresh db"),
    ("api_curl", "curl --parallel-max 8 --compressed, same URLs, to /dev/null"),
    ("api_store", "store anchor: Python sqlite3 inserting the same bodies (in memory), one transaction"),
    ("api_refresh", "pokedex sync, no-change, on the db just synced"),
    ("api_partial", "pokedex sync --offset 24 --limit 21, fresh db"),
)


def _secs(value: float) -> str:
    return f"{value:.2f}"


def wall_vs_curl(r):
    if not r.has("api_sync", "api_curl"):
        return None
    sync, curl = r.med("api_sync", "wall_s"), r.med("api_curl", "wall_s")
    return f"{_secs(sync)} s ÷ {_secs(curl)} s = {sync / curl:.2f}×", sync / curl


def _tools(r, field: str):
    if not r.has("api_sync", "api_curl", "api_store"):
        return None
    return r.med("api_sync", field), r.med("api_curl", field), r.med("api_store", field)


def cpu_vs_tools(r):
    if (medians := _tools(r, "cpu_s")) is None:
        return None
    sync, curl, store = medians
    return f"{_secs(sync)} ÷ ({_secs(curl)} + {_secs(store)}) CPU-s = {sync / (curl + store):.2f}×", sync / (curl + store)


def composed(r):
    if (medians := _tools(r, "wall_s")) is None:
        return None
    sync, curl, store = medians
    return f"{_secs(sync)} s ÷ ({_secs(curl)} + {_secs(store)} s) = {sync / (curl + store):.2f}×", sync / (curl + store)


def kinds_short(r):
    """Kinds whose stored rows differ from the mirror's list count in any full sync."""
    info = r.info.get("api")
    if not info or "short" not in info:
        return None
    short = info["short"]
    detail = "; ".join(f"{kind}: {stored} of {listed}" for kind, (listed, stored) in sorted(short.items()))
    return (f"{len(short)} of {len(info.get('counts', {}))} kinds" + (f" ({detail})" if detail else "")), len(short)


def kinds_table(r, most: int = 12) -> list:
    """The kinds of the last full sync with the most requests (mirror log)."""
    if not r.has("api_sync") or "by_kind" not in r.series["api_sync"][-1]:
        return []
    by_kind = r.series["api_sync"][-1]["by_kind"]
    rows = sorted(by_kind.items(), key=lambda item: -item[1][0])[:most]
    return ["", f"Where the last full sync's requests went (mirror log; the {most} kinds with the most requests, of",
            f"{len(by_kind)}; pokedex's run records have whole-second timestamps, too coarse to time a kind):", "",
            "| kind | requests | MB received | mirror answering time (s) |", "| --- | --- | --- | --- |",
            *(f"| {kind} | {n} | {size / 1e6:.1f} | {ms / 1000:.2f} |" for kind, (n, size, ms) in rows)]


def store_row(r, name: str, label: str) -> str:
    """The store anchor's row: it is timed inside its process (no peak RSS) and fetches nothing."""
    if not r.has(name):
        return f"| {label} | not run | | | | | | | |"
    return (f"| {label} | {r.runs(name)} | {_secs(r.med(name, 'wall_s'))} | {_secs(r.med(name, 'cpu_s'))} | — | — | — "
            f"| {r.med(name, 'stored_bytes') / 1e6:.1f} stored | {r.med(name, 'db_bytes') / 1e6:.1f} |")


def section(report) -> list:
    r, info = report.r, report.r.info.get("api", {})
    counts = info.get("counts", {})
    urls = info.get("urls", {})
    lines = [API_HEADING, "",
             f"Case api, measured {report.date}; load average (1/5/15 min) at start → end: {report.load('api')}.",
             "A mirror of its own (stock mirror.py) serves the whole API: the root index, "
             f"{len(counts) - 1 if counts else '?'} kinds' lists and",
             f"details and each Pokémon's encounters: {num(info.get('urls_total', 0))} URLs, "
             f"{num(sum(counts.values()))} of them bodies of a resource. Before",
             "timing, the URLs are found by walking the root index, every list (`?offset=0&limit=1000`,",
             "then `next`) and the Pokémon bodies' `location_area_encounters`; one identity and one gzip",
             "curl pass warm the mirror's caches, and one untimed pokedex sync is compared with the walk",
             f"(paths, mirror log): pokedex requested {num(urls.get('sync_requests', 0))} "
             f"({num(urls.get('sync_distinct', 0))} distinct), the walk has {num(urls.get('walked', 0))}; "
             f"{num(urls.get('only_sync', 0))} only pokedex asked for,",
             f"{num(urls.get('only_walk', 0))} only the walk has"
             + (f" (e.g. {', '.join(urls.get('only_sync_sample', []) + urls.get('only_walk_sample', []))})."
                if urls.get("only_sync") or urls.get("only_walk") else "."),
             f"curl and the store anchor take the walked URLs pokedex requested: {num(urls.get('fetched', 0))}.",
             "Each round then runs, in this order: a full sync into a fresh db, curl, the store anchor,",
             "a no-change refresh of the db just synced, and the partial sync.", "",
             "* store anchor (`Benchmarks/store_anchor.py`): every body as the server sent it with gzip",
             "  (what pokedex keeps: the compressed body), read into memory first, then inserted into",
             "  `body (id INTEGER PRIMARY KEY, body BLOB)` with pokedex's pragmas (page_size 16384, WAL,",
             "  synchronous NORMAL) in one transaction; only the inserts and the commit are timed",
             "  (wall and CPU inside the process, so no peak RSS). Composed limit = curl + store anchor.",
             "* refresh: detail bodies = 200s with a body to a detail or encounters URL of any kind.", "",
             "| case | runs | wall (s) | CPU (s) | server CPU (s) | peak RSS (MB) | requests (statuses) "
             "| MB received | db size (MB) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
             *(store_row(r, name, label) if name == "api_store" else report.sync_row(name, label)
               for name, label in ROWS), ""]
    lines += ["| ratio | value |", "| --- | --- |"]
    for label, measured in (("pokedex sync ÷ curl --compressed, wall", wall_vs_curl(r)),
                            ("pokedex sync ÷ composed limit (curl + store anchor), wall", composed(r)),
                            ("pokedex sync ÷ (curl + store anchor), CPU", cpu_vs_tools(r))):
        lines.append(f"| {label} | {measured[0] if measured else 'not run'} |")
    if r.has("api_sync", "api_refresh"):
        lines.append(f"| no-change refresh ÷ full sync, wall | "
                     f"{100 * r.med('api_refresh', 'wall_s') / r.med('api_sync', 'wall_s'):.1f} % |")
        lines.append(f"| no-change refresh: detail bodies (worst run) | {num(r.worst('api_refresh', 'detail_bodies'))} |")
    split = [name for name in ("api_sync", "api_curl") if r.has(name)
             and all("user_s" in run for run in r.series[name])]
    if split:
        lines.append("| CPU user + system (medians) | " + "; ".join(
            f"{'pokedex' if name == 'api_sync' else 'curl'} {_secs(r.med(name, 'user_s'))} + "
            f"{_secs(r.med(name, 'sys_s'))} s" for name in split) + " |")
    if (short := kinds_short(r)) is not None:
        lines.append(f"| kinds a full sync stored fewer or more rows of than the mirror lists | {short[0]} |")
    lines += kinds_table(r)
    lines += ["", "Reads on the whole-API db (hyperfine, no shell; sqlite3 runs what the command reads:",
              "`sql/show.sql` + `sql/show_moves.sql`, `sql/move.sql`, `sql/learns.sql`):", "",
              "| command | median (ms) | mean ± σ (ms) |", "| --- | --- | --- |",
              *(report.query_row(key, text) for key, text in READS)]
    return lines


READS = (
    ("api_show", "`pokedex show pikachu` (with moves and where it is met)"),
    ("api_show_sqlite3", "`sqlite3 DB` the same reads"),
    ("api_move", "`pokedex move thunderbolt`"),
    ("api_move_sqlite3", "`sqlite3 DB` the same reads"),
    ("api_learns", "`pokedex list --learns thunderbolt`"),
    ("api_learns_sqlite3", "`sqlite3 DB` the same reads"),
)
