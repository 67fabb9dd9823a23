"""The targets of issue 5, as a table: each row names what it measures, its limit, and the
function reading the measured value from a run's Results. evaluate() gives the report's
Targets rows with PASS/FAIL ("not run" when a series it needs is missing)."""
import operator
from dataclasses import dataclass

from bench import api_report, browse_report, serve_report
from bench.results import Results, num


def secs(value: float) -> str:
    return f"{value:.2f}"


def rss_mb(kb: float) -> str:
    return f"{kb * 1024 / 1e6:.1f}"


# Each measure(r, *args) returns (measured text, value compared with the limit), or None
# when what it needs was not run.

def sync_and_tools(r: Results, field: str):
    """The medians of `field` for the full sync, curl --compressed and the sqlite3 store; None
    when one of them was not run."""
    if not r.has("sync", "curl_gzip", "sqlite_store"):
        return None
    return r.med("sync", field), r.med("curl_gzip", field), r.med("sqlite_store", field)


def composed_limit(r: Results):
    if (medians := sync_and_tools(r, "wall_s")) is None:
        return None
    sync, curl, store = medians
    x = sync / (curl + store)
    return f"{secs(sync)} s ÷ ({secs(curl)} + {secs(store)} s) = {x:.2f}×", x


# The Python peers that fetch the same URLs as a full sync (dlt's case loads the catalog only:
# a reference row, not a peer for the whole dex).
PEERS = {"python": "naive_sync.py"}


def fastest_peer(r: Results):
    """(series, median wall) of the fastest Python peer measured, or None."""
    measured = [(r.med(p, "wall_s"), p) for p in PEERS if r.has(p)]
    return min(measured)[::-1] if measured else None


def peer_speedup(r: Results):
    peer = fastest_peer(r)
    if not r.has("sync") or peer is None:
        return None
    sync = r.med("sync", "wall_s")
    x = peer[1] / sync
    return f"{PEERS[peer[0]]} {secs(peer[1])} s ÷ {secs(sync)} s = {x:.2f}×", x


def wall_share(r: Results, part: str, whole: str):
    """part's median wall time as a percentage of whole's (a refresh of a full sync)."""
    if not r.has(whole, part):
        return None
    ours, full = r.med(part, "wall_s"), r.med(whole, "wall_s")
    pct = 100 * ours / full
    return f"{secs(ours)} s ÷ {secs(full)} s = {pct:.1f} %", pct


def worst_of(r: Results, name: str, field: str):
    if not r.has(name):
        return None
    n = r.worst(name, field)
    return f"{num(n)} (worst of {r.runs(name)}; {r.statuses(name)})", n


def peak_rss(r: Results, name: str):
    if not r.has(name):
        return None
    kb = r.worst(name, "rss_kb")
    return f"{rss_mb(kb)} MB (worst of {r.runs(name)})", kb * 1024 / 1e6


def speedup(r: Results, slow: str, fast: str):
    if not r.has(slow, fast):
        return None
    s, f = r.med(slow, "wall_s"), r.med(fast, "wall_s")
    return f"{secs(s)} s ÷ {secs(f)} s = {s / f:.1f}×", s / f


def refresh_vs_dlt(r: Results):
    if not r.has("issues_refresh", "dlt_issues_refresh"):
        return None
    ours, theirs = r.med("issues_refresh", "wall_s"), r.med("dlt_issues_refresh", "wall_s")
    requests = num(r.med("dlt_issues_refresh", "requests"))
    return f"{secs(ours)} s vs {secs(theirs)} s ({requests} request(s))", ours / theirs


def read_ratio(r: Results, ours: str, sqlite3: str):
    a, b = r.read(ours), r.read(sqlite3)
    if a is None or b is None:
        return None
    return f"{a:.1f} ms ÷ {b:.1f} ms = {a / b:.2f}×", a / b


def cpu_vs_tools(r: Results):
    """pokedex's CPU against curl's (transfer) and sqlite3's (store) together (issue 15)."""
    if (medians := sync_and_tools(r, "cpu_s")) is None:
        return None
    sync, curl, store = medians
    x = sync / (curl + store)
    return f"{secs(sync)} ÷ ({secs(curl)} + {secs(store)}) CPU-s = {x:.2f}×", x


def wall_vs_overlapped(r: Results):
    """pokedex's wall against the slower of transfer and store: they overlap (issue 15)."""
    if (medians := sync_and_tools(r, "wall_s")) is None:
        return None
    sync, curl, store = medians
    x = sync / max(curl, store)
    return f"{secs(sync)} s ÷ max({secs(curl)}, {secs(store)} s) = {x:.2f}×", x


def db_size(r: Results, name: str):
    if not r.has(name):
        return None
    size = r.worst(name, "db_bytes") / 1e6
    return f"{size:.1f} MB (largest of {r.runs(name)})", size


def artwork_added_time(r: Results):
    if not r.has("artwork_none", "artwork_sprites"):
        return None
    none, sprites = r.med("artwork_none", "wall_s"), r.med("artwork_sprites", "wall_s")
    pct = 100 * (sprites - none) / none
    return f"({secs(sprites)} − {secs(none)} s) ÷ {secs(none)} s = {pct:.1f} %", pct


def drawing_cost(r: Results):
    drawn, text = r.read("show_image"), r.read("show_no_image")
    if drawn is None or text is None:
        return None
    return f"{drawn:.1f} − {text:.1f} ms = {drawn - text:.1f} ms", drawn - text


@dataclass(frozen=True)
class Target:
    label: str       # may name {repo}, {word}, {big}, {big_label}, {number}
    threshold: str
    compare: str     # how the measured value must relate to limit
    limit: float
    measure: object
    args: tuple = ()


LE, GE, LT, EQ = "<=", ">=", "<", "=="
COMPARE = {LE: operator.le, GE: operator.ge, LT: operator.lt, EQ: operator.eq}
QUERY_X = 2  # a read ≤ this × sqlite3's process time (hyperfine means)


def read_target(label: str, ours: str, sqlite3: str) -> Target:
    return Target(label, f"≤ {QUERY_X}×", LE, QUERY_X, read_ratio, (ours, sqlite3))


TARGETS = (
    Target("whole-dex full sync ÷ composed limit (curl --compressed + sqlite3 store, same URLs), median wall",
           "≤ 2×", LE, 2, composed_limit),
    Target("whole-dex full sync speed-up over naive_sync.py (same URLs), median wall",
           "≥ 5×", GE, 5, peer_speedup),
    Target("no-change whole-dex refresh ÷ full sync, median wall", "≤ 5 %", LE, 5, wall_share, ("resync", "sync")),
    Target("no-change whole-dex refresh: detail bodies downloaded again (200 with a body, mirror log)",
           "0", EQ, 0, worst_of, ("resync", "detail_bodies")),
    Target("whole-dex full sync peak RSS", "≤ 64 MB", LE, 64, peak_rss, ("sync",)),
    # Issue 15: close to what the hardware allows, a database close to what the data weighs.
    Target("whole-dex full sync CPU ÷ (curl --compressed + sqlite3 store) CPU, medians", "≤ 1.5×", LE, 1.5,
           cpu_vs_tools),
    Target("whole-dex full sync wall ÷ max(curl --compressed, sqlite3 store) wall, medians", "≤ 1.1×", LE, 1.1,
           wall_vs_overlapped),
    Target("whole-dex full sync speed-up over naive_sync.py (issue 15's bar), median wall",
           "≥ 4×", GE, 4, peer_speedup),
    Target("database after a whole-dex sync without artwork", "≤ 40 MB", LE, 40, db_size, ("sync",)),
    Target("whole-dex full sync peak RSS (issue 15's bar)", "≤ 48 MB", LE, 48, peak_rss, ("sync",)),
    Target("10K issues first sync speed-up over github-to-sqlite `issues` (pokedex also stores the comments), median wall",
           "≥ 10×", GE, 10, speedup, ("gh2sqlite_first", "issues_first")),
    Target("10K issues first sync speed-up over dlt (pokedex also stores the comments), median wall",
           "≥ 2×", GE, 2, speedup, ("dlt_issues_first", "issues_first")),
    # Repository, issues and comment stream, each a 304 (issue 14; issues alone took 2).
    Target("no-change issues refresh requests", "≤ 3", LE, 3, worst_of, ("issues_refresh", "requests")),
    Target("no-change issues refresh faster than dlt's incremental refresh, median wall",
           "faster", LT, 1, refresh_vs_dlt),
    read_target("`show pikachu` ÷ sqlite3, hyperfine mean", "show", "show_sqlite3"),
    read_target("`list --limit 50 --json` ÷ sqlite3, hyperfine mean", "list_json", "list_sqlite3"),
    read_target("`issues {repo} --search {word}` ÷ sqlite3, hyperfine mean", "search", "search_sqlite3"),
    read_target("`issues {repo} --search {word} --json` ÷ sqlite3 -json, hyperfine mean",
                "search_json", "search_sqlite3_json"),
    Target("{big_label}-issue first sync peak RSS", "≤ 100 MB", LE, 100, peak_rss, ("scale_sync",)),
    read_target("`issues {big} --limit 50 --json` ÷ sqlite3 -json ({big_label}-issue db), hyperfine mean",
                "scale_list_json", "scale_list_sqlite3"),
    read_target("`issues {big} --search {word}` ÷ sqlite3 ({big_label}-issue db), hyperfine mean",
                "scale_search", "scale_search_sqlite3"),
    read_target("`issue {big}#{number}` ÷ sqlite3 ({big_label}-issue db), hyperfine mean",
                "scale_issue", "scale_issue_sqlite3"),
    # Issue 31: pokedex serve, random Pokémon details, 64 keep-alive connections.
    Target("pokedex serve requests/s ÷ nginx serving the same bodies as static files, medians", "≥ 0.5×", GE, 0.5,
           serve_report.target_rps, ("nginx",)),
    Target("pokedex serve p99 latency, median of runs", "≤ 5 ms", LE, 5, serve_report.target_p99),
    Target("pokedex serve requests/s ÷ python3 -m http.server over the same files, medians", "≥ 10×", GE, 10,
           serve_report.target_rps, ("http.server",)),
    Target("pokedex serve peak RSS under that load", "≤ 64 MB", LE, 64, serve_report.target_rss),
    Target("pokedex serve 304 answers ÷ 200 answers, requests/s", "≥ 1×", GE, 1, serve_report.target_conditional),
    Target("full sync `--artwork sprites`: time added over `--artwork none`, median wall",
           "≤ 25 %", LE, 25, artwork_added_time),
    Target("no-change refresh of a synced `--artwork sprites` db ÷ its full sync, median wall",
           "≤ 5 %", LE, 5, wall_share, ("artwork_refresh", "artwork_sprites")),
    Target("no-change artwork refresh: image bodies downloaded again (200 with a body, mirror log)",
           "0", EQ, 0, worst_of, ("artwork_refresh", "image_bodies")),
    Target("`show pikachu` with its sprite drawn − `--image never`, hyperfine mean", "≤ 5 ms", LE, 5, drawing_cost),
    # Issue 30: the whole API (case api): every kind of the root index and the encounters.
    Target("whole-API full sync ÷ curl --compressed (same URLs, same run), median wall", "≤ 1.3×", LE, 1.3,
           api_report.wall_vs_curl),
    Target("whole-API full sync CPU ÷ (curl --compressed + store anchor) CPU, medians", "≤ 1.5×", LE, 1.5,
           api_report.cpu_vs_tools),
    Target("no-change whole-API refresh ÷ full sync, median wall", "≤ 5 %", LE, 5, wall_share,
           ("api_refresh", "api_sync")),
    Target("no-change whole-API refresh: detail bodies downloaded again (200 with a body, any kind)",
           "0", EQ, 0, worst_of, ("api_refresh", "detail_bodies")),
    Target("database after a whole-API sync without images", "≤ 120 MB", LE, 120, db_size, ("api_sync",)),
    Target("whole-API full sync peak RSS", "≤ 64 MB", LE, 64, peak_rss, ("api_sync",)),
    read_target("`show pikachu` on the whole-API db ÷ sqlite3, hyperfine mean", "api_show", "api_show_sqlite3"),
    read_target("`move thunderbolt` ÷ sqlite3, hyperfine mean", "api_move", "api_move_sqlite3"),
    read_target("`list --learns thunderbolt` ÷ sqlite3, hyperfine mean", "api_learns", "api_learns_sqlite3"),
    Target("whole-API full sync: kinds not stored in full (rows vs the mirror's list counts)", "0", EQ, 0,
           api_report.kinds_short),
    # Issue 32: pokedex browse in a pty (case k).
    Target("browse: keystroke → results frame while searching every name, less the debounce", "≤ 16 ms", LE, 16,
           browse_report.target_results),
    Target("browse: start → first frame, median", "≤ 50 ms", LE, 50, browse_report.target_start),
    Target("browse peak RSS", "≤ 64 MB", LE, 64, browse_report.target_rss),
    # Issue 14: threads (case i).
    Target("10K issues with comments first sync speed-up over github-to-sqlite issues + issue-comments, median wall",
           "≥ 10×", GE, 10, speedup, ("gh2sqlite_threads_first", "threads_first")),
    Target("no-change refresh of a repository with comments: requests", "≤ 3", LE, 3, worst_of,
           ("threads_refresh", "requests")),
    Target("no-change refresh of a repository with comments: answers other than 304", "0", EQ, 0, worst_of,
           ("threads_refresh", "n200")),
    read_target("`issue {repo}#N` thread display ÷ sqlite3 (issue.sql + thread.sql), hyperfine mean",
                "thread", "thread_sqlite3"),
    Target("10K issues with comments first sync peak RSS", "≤ 100 MB", LE, 100, peak_rss, ("threads_first",)),
)


def evaluate(r: Results, names: dict) -> list:
    """(label, measured, threshold, verdict) per target; verdict PASS, FAIL, or None (not run).
    names fills the labels' {placeholders}."""
    rows = []
    for t in TARGETS:
        label = t.label.format(**names)
        measured = t.measure(r, *t.args)
        if measured is None:
            rows.append((label, "not run", t.threshold, None))
        else:
            text, value = measured
            rows.append((label, text, t.threshold, "PASS" if COMPARE[t.compare](value, t.limit) else "FAIL"))
    return rows
