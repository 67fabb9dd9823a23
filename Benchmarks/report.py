#!/usr/bin/env python3
"""Renders BENCHMARKS.md from a run's measurements and the report it replaces.

    report.py MEASUREMENTS [--report PATH] [--stdout]

MEASUREMENTS: work/results/measurements.json as Benchmarks/run writes it, or an old-style
results folder of CASE.tsv files (bench/results.py). A run with a PokeAPI case rewrites the
whole report; a run of GitHub cases only replaces their sections and the Targets table. In
both, a table row this run did not measure is kept from the replaced report, marked
"(earlier run)". Exit status 1 with --strict when a target measured by this run FAILs.
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import targets  # noqa: E402
from bench import reads as sql  # noqa: E402
from bench.results import Results, load, num  # noqa: E402
from bench.mirror import listing_note  # noqa: E402
from bench.serve_report import SERVE_HEADING, section as serve_section  # noqa: E402
from bench.api_report import API_HEADING, section as api_section  # noqa: E402
from bench.browse_report import BROWSE_HEADING, section as browse_section  # noqa: E402
from bench.threads_report import THREADS_HEADING, section as threads_section  # noqa: E402
from bench.settings import (GITHUB_CASES, HF_RUNS, HF_WARMUP, ISSUES_COUNT, ISSUES_REPO,  # noqa: E402
                            POKEAPI_CASES, SCALE_HF_WARMUP, SCALE_REPO, REPO_ROOT, Settings, thousands)
from targets import rss_mb, secs  # noqa: E402

ISSUES_HEADING = "## GitHub issues (10,000-issue repository)"
TARGETS_HEADING = "## Targets"
RERUN_HEADING = "## How to rerun"
ARTWORK_HEADING = "## Artwork: images stored with the data (case h)"
# (series, label) of the artwork table.
ARTWORK_ROWS = (
    ("artwork_none", "pokedex sync --artwork none, fresh db"),
    ("artwork_sprites", "pokedex sync --artwork sprites (the default), fresh db"),
    ("artwork_all", "pokedex sync --artwork all, fresh db"),
    ("artwork_refresh", "pokedex sync --artwork sprites, no-change, on the synced db"),
)


# (series, label) of the Full sync (whole dex) table.
CATALOG_ROWS = (
    ("sync", "a. pokedex sync, fresh db"),
    ("curl", "b. curl --parallel-max 8 (identity), transfer limit"),
    ("curl_gzip", "b. curl --parallel-max 8 --compressed"),
    ("sqlite_store", "b2. sqlite3 CLI storing the same bodies, one transaction"),
    ("python", "c. naive_sync.py (sequential requests + sqlite3)"),
    ("dlt", "c2. dlt rest_api → SQLite (sqlalchemy destination), catalog only"),
    ("resync", "d. pokedex sync, no-change, on a synced db"),
)
# (hyperfine label, command as the tables show it; {placeholders} as in targets.TARGETS).
READ_ROWS = (
    ("version", "`pokedex --version` (process start-up floor, no db)"),
    ("show", "`pokedex show pikachu`"),
    ("show_json", "`pokedex show pikachu --json`"),
    ("show_sqlite3", "`sqlite3 DB` same rows as show (query below)"),
    ("list_json", "`pokedex list --limit 50 --json`"),
    ("list_sqlite3", "`sqlite3 -json DB` same rows as list (query below)"),
    ("search", "`pokedex issues {repo} --search {word}`"),
    ("search_sqlite3", "`sqlite3 DB` same rows as that search (query below)"),
    ("search_json", "`pokedex issues {repo} --search {word} --json`"),
    ("search_sqlite3_json", "`sqlite3 -json DB` same rows"),
)
SCALE_READ_ROWS = (
    ("scale_list_json", "`pokedex issues {big} --limit 50 --json`"),
    ("scale_list_sqlite3", "`sqlite3 -json DB` same rows"),
    ("scale_search", "`pokedex issues {big} --search {word}`"),
    ("scale_search_sqlite3", "`sqlite3 DB` same rows"),
    ("scale_issue", "`pokedex issue {big}#{number}`"),
    ("scale_issue_sqlite3", "`sqlite3 DB` same issue (query below)"),
)


def scale_heading(scale_issues: int) -> str:
    return f"## GitHub issues at scale ({thousands(scale_issues)}-issue repository)"


def mb(n: float) -> str:
    return f"{n / 1e6:.1f}"


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}"


class Report:
    def __init__(self, measurements: dict):
        self.r = Results(measurements)
        self.s = {**Settings().as_json(), **self.r.settings}
        self.date = measurements.get("date", "?")
        self.names = {"repo": ISSUES_REPO, "word": self.s["search_word"], "big": SCALE_REPO,
                      "big_label": thousands(self.s["scale_issues"]), "number": self.s["scale_number"]}
        self.target_rows = targets.evaluate(self.r, self.names)

    @property
    def failed(self) -> bool:
        return any(row[3] == "FAIL" for row in self.target_rows)

    # ---- sections, each a list of lines

    def machine(self) -> list:
        rows = self.r.m.get("machine", [])
        return ["## Machine", "", "| | |", "| --- | --- |", *(f"| {k} | {v} |" for k, v in rows)]

    def targets(self) -> list:
        return [TARGETS_HEADING, "",
                "Each target with what this run measured (medians of wall times; hyperfine means for the",
                "reads). In every table, \"(earlier run)\" marks a row this run did not measure (its case",
                "was not in CASES), kept from the report it replaced.", "",
                "| target | measured | threshold | result |", "| --- | --- | --- | --- |",
                *(f"| {label} | {measured} | {threshold} | {verdict or '—'} |"
                  for label, measured, threshold, verdict in self.target_rows)]

    def sync_row(self, name: str, label: str) -> str:
        r = self.r
        if not r.has(name):
            return f"| {label} | not run | | | | | | | |"
        db = mb(r.med(name, "db_bytes")) if r.med(name, "db_bytes") else "—"
        requests, received = "—", "—"
        if r.med(name, "requests"):
            requests = f"{num(r.med(name, 'requests'))} ({r.statuses(name)})"
            received = mb(r.med(name, "bytes"))
        return (f"| {label} | {r.runs(name)} | {secs(r.med(name, 'wall_s'))} | {secs(r.med(name, 'cpu_s'))} | "
                f"{secs(r.med(name, 'server_cpu_s'))} | {rss_mb(r.med(name, 'rss_kb'))} | {requests} | "
                f"{received} | {db} |")

    def catalog(self) -> list:
        s = self.s
        return ["## Full sync (whole dex)", "",
                f"Every case but c2 fetches the same URLs: {self.dex_counts()}.",
                "Wall time from start to exit of the process; CPU = user + system of the process;",
                "server CPU = user + system used by the mirror meanwhile (same 2 cores);",
                "peak RSS from `/usr/bin/time -f %M`; requests, statuses and bytes from the mirror's",
                "request log (body bytes as sent, i.e. gzip size when the client asked for gzip).", "",
                "| case | runs | wall (s) | CPU (s) | server CPU (s) | peak RSS (MB) | requests (statuses) "
                "| MB received | db size (MB) |",
                "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
                *(self.sync_row(name, label) for name, label in CATALOG_ROWS), "",
                "* b2, the composed limit: every list page and detail body is downloaded once beforehand",
                "  (`curl --compressed`, not timed), then one `sqlite3 DB '.read store.sql'` is timed: pokedex's",
                "  pragmas (page_size 16384, WAL, synchronous NORMAL), two tables (url, body), and one",
                "  `INSERT … readfile(…)` per body between BEGIN and COMMIT. Composed limit = curl",
                "  --compressed (median) + that store (median): what a client that only transfers and",
                "  stores would take, with nothing parsed.",
                f"* c2, for reference: the Pokémon list and details only. `Benchmarks/dlt_load.py pokemon`",
                f"  (dlt {self.version('dlt')}): rest_api source, list resource",
                "  following `next`, detail resource as its parallelized child (dlt's extract thread pool,",
                f"  5 workers), `max_table_nesting` {s['dlt_pokemon_nesting']} (nested parts kept as JSON columns), loaded",
                f"  with the `sqlalchemy` destination into `sqlite:///DB`. {s['dlt_runs']} run(s)."]

    def dex_counts(self) -> str:
        rows = self.r.m.get("dex_rows") or {"pokemon": self.r.m.get("catalog_count", "?")}
        details = ", ".join(f"{thousands(n) if isinstance(n, int) else n} {table}" for table, n in rows.items())
        return f"the list pages and the details of {details}"

    def version(self, distribution: str) -> str:
        return self.r.m.get("versions", {}).get(distribution, "?")

    def ratios(self) -> list:
        r, lines = self.r, ["## Ratios", "", "| ratio | value |", "| --- | --- |"]
        if r.has("sync"):
            sync = r.med("sync", "wall_s")
            for name, label in (("curl", "pokedex sync ÷ curl (identity), wall"),
                                ("curl_gzip", "pokedex sync ÷ curl --compressed, wall")):
                if r.has(name):
                    lines.append(f"| {label}{self.same_bytes(name)} | {ratio(sync, r.med(name, 'wall_s'))}× |")
            if r.has("curl_gzip", "sqlite_store"):
                limit = r.med("curl_gzip", "wall_s") + r.med("sqlite_store", "wall_s")
                lines.append(f"| pokedex sync ÷ composed limit (curl --compressed + sqlite3 store = {secs(limit)} s), "
                             f"wall | {ratio(sync, limit)}× |")
            if r.has("python"):
                lines.append(f"| naive_sync.py ÷ pokedex sync, wall (speed-up; information) | "
                             f"{ratio(r.med('python', 'wall_s'), sync)}× |")
            if r.has("dlt"):
                lines.append(f"| dlt ÷ pokedex sync, wall (speed-up) | {ratio(r.med('dlt', 'wall_s'), sync)}× |")
                lines.append(f"| dlt ÷ pokedex sync, peak RSS | "
                             f"{ratio(r.med('dlt', 'rss_kb'), r.med('sync', 'rss_kb'))}× |")
            if r.has("resync"):
                lines.append(f"| no-change sync ÷ full sync, wall | {ratio(r.med('resync', 'wall_s'), sync)}× |")
        word = self.names["word"]
        for ours, theirs, label in (("show", "show_sqlite3", "`show pikachu`"),
                                    ("list_json", "list_sqlite3", "`list --limit 50 --json`"),
                                    ("search", "search_sqlite3", f"`issues {ISSUES_REPO} --search {word}`"),
                                    ("search_json", "search_sqlite3_json",
                                     f"`issues {ISSUES_REPO} --search {word} --json`")):
            a, b = r.read(ours, "median_ms"), r.read(theirs, "median_ms")
            if a is not None and b is not None:
                lines.append(f"| {label} ÷ sqlite3 equivalent, median | {ratio(a, b)}× |")
        return lines

    def same_bytes(self, name: str) -> str:
        """A note when name received the same bytes as the pokedex sync (within 2 %)."""
        a, b = self.r.med("sync", "bytes"), self.r.med(name, "bytes")
        return " — same bytes as pokedex" if b > 0 and 0.98 < a / b < 1.02 else ""

    def query_row(self, label: str, text: str) -> str:
        median = self.r.read(label, "median_ms")
        if median is None:
            return f"| {text} | not run | |"
        return f"| {text} | {median:.1f} | {self.r.read(label):.1f} ± {self.r.read(label, 'stddev_ms'):.1f} |"

    def sql(self, case: str, key: str, default) -> list:
        """A statement as this run gave it to sqlite3 (rebuilt from Benchmarks/sql/ for old results)."""
        text = self.r.info.get(case, {}).get(key) or default()
        return ["```sql", *text.rstrip("\n").splitlines(), "```"]

    def reads(self) -> list:
        repo, word = ISSUES_REPO, self.names["word"]
        return ["## Reads: process time of one command (case e)", "",
                f"hyperfine, no shell, {HF_RUNS} runs after {HF_WARMUP} warm-ups. The issues reads run on a db",
                f"holding the {ISSUES_COUNT} issues of `{repo}`; the sqlite3 equivalents list the same issue",
                "numbers in the same order (checked before timing).", "",
                "| command | median (ms) | mean ± σ (ms) |", "| --- | --- | --- |",
                *(self.query_row(key, text.format(**self.names)) for key, text in READ_ROWS), "",
                "sqlite3 equivalent of `show pikachu`:", "", *self.sql("query", "show_sql", sql.show_sql), "",
                "sqlite3 equivalent of `list --limit 50 --json` (run with `sqlite3 -json`):", "",
                *self.sql("query", "list_sql", sql.list_sql), "",
                f"sqlite3 equivalent of `issues {repo} --search {word}` (default filter: open issues,",
                "no pull requests, newest first, 30; the words as IssueArchive's FullTextQuery writes them):", "",
                *self.sql("query", "search_sql", lambda: sql.issues_sql(repo, 30, search=word))]

    def issues_row(self, label: str, first: str, refresh: str, refresh_label: str) -> str:
        r = self.r
        if not r.has(first):
            return f"| {label} | not run | | | | | | | | | |"
        return (f"| {label} | {r.runs(first)} | {secs(r.med(first, 'wall_s'))} | {secs(r.med(first, 'cpu_s'))} | "
                f"{rss_mb(r.med(first, 'rss_kb'))} | {num(r.med(first, 'requests'))} ({r.statuses(first)}) | "
                f"{mb(r.med(first, 'bytes'))} | {mb(r.med(first, 'db_bytes'))} | {refresh_label} | "
                f"{secs(r.med(refresh, 'wall_s'))} | {num(r.med(refresh, 'requests'))} ({r.statuses(refresh)}) |")

    def load(self, case: str) -> str:
        start, end = self.r.info.get(case, {}).get("load", ["?", "?"])
        return f"{start} → {end}"

    def issues(self) -> list:
        repo, n = ISSUES_REPO, ISSUES_COUNT
        lines = [ISSUES_HEADING, "",
                 f"Cases f and f2, measured {self.date}; load average (1/5/15 min) at start → end",
                 f"of these cases: {self.load('issues')} (2 cores shared with the mirror and other work).",
                 f"The mirror serves `{repo}` with {n} issues (≈1 in 4 a pull request;",
                 f"`--gh-repo {repo}:{n} --gh-rate 1000000`, so the rate limit never interferes);",
                 "one pass over all its issues pages before timing puts every issue's JSON in its render cache.",
                 *listing_note(self.r.info.get("issues", {}).get("mirror", "stock")), "",
                 f"* pokedex: `GITHUB_API_URL=$MIRROR_URL pokedex --db DB --quiet sync issues {repo}`,",
                 "  first into a fresh db, then as many times again on the last synced db",
                 "  (no-change refresh: nothing changed upstream).",
                 f"* github-to-sqlite {self.version('github-to-sqlite')} (sqlite-utils {self.version('sqlite-utils')}): "
                 f"`github-to-sqlite issues DB {repo}` through",
                 "  `Benchmarks/github_to_sqlite_local.py`, which rewrites its inline `https://api.github.com`",
                 "  string constants to the mirror URL at import time (dummy token in an auth.json).",
                 "  First run into a fresh db, second run on the same db (it has no incremental mode and",
                 "  re-downloads everything), ≈3.5 min per run.",
                 f"* dlt {self.version('dlt')}: `Benchmarks/dlt_load.py issues`, rest_api source on",
                 f"  `repos/{repo}/issues?state=all&per_page=100&sort=updated&direction=asc`, Link-header",
                 "  pagination, `since` bound to an incremental cursor on `updated_at`, primary key `id`,",
                 "  merge (delete-insert) into SQLite through the sqlalchemy destination (labels and assignees",
                 "  become child tables; db size includes dlt's merge staging file). First load into a fresh",
                 "  db and pipeline folder, then its incremental refresh (nothing changed upstream).", "",
                 f"Every first run stored all {n} rows (checked with sqlite3 after every run). Columns as in",
                 "the full sync table; medians over the runs.", "",
                 "| tool | runs | first sync wall (s) | CPU (s) | peak RSS (MB) | requests (statuses) | MB received "
                 "| db size (MB) | refresh | refresh wall (s) | refresh requests (statuses) |",
                 "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
                 self.issues_row("pokedex sync issues", "issues_first", "issues_refresh", "no-change refresh"),
                 self.issues_row("github-to-sqlite issues", "gh2sqlite_first", "gh2sqlite_second", "second run"),
                 self.issues_row("dlt rest_api (incremental)", "dlt_issues_first", "dlt_issues_refresh",
                                 "incremental refresh"), "",
                 "| ratio | value |", "| --- | --- |"]
        r = self.r
        for peer, label in (("gh2sqlite", "github-to-sqlite"), ("dlt_issues", "dlt")):
            if not r.has("issues_first", f"{peer}_first"):
                continue
            for field, what in (("wall_s", "wall (speed-up)"), ("cpu_s", "CPU"), ("rss_kb", "peak RSS")):
                lines.append(f"| {label} ÷ pokedex, first sync {what} | "
                             f"{ratio(r.med(f'{peer}_first', field), r.med('issues_first', field))}× |")
            second = "gh2sqlite_second" if peer == "gh2sqlite" else "dlt_issues_refresh"
            what = "second run" if peer == "gh2sqlite" else "incremental refresh"
            if r.has("issues_refresh", second):
                lines.append(f"| {label} {what} ÷ pokedex refresh, wall | "
                             f"{ratio(r.med(second, 'wall_s'), r.med('issues_refresh', 'wall_s'))}× |")
        if r.has("issues_first", "issues_refresh"):
            lines.append(f"| pokedex refresh ÷ first sync, wall | "
                         f"{ratio(r.med('issues_refresh', 'wall_s'), r.med('issues_first', 'wall_s'))}× |")
        return lines

    def scale(self) -> list:
        r, s, info = self.r, self.s, self.r.info.get("scale", {})
        big, label, word, number = SCALE_REPO, self.names["big_label"], self.names["word"], s["scale_number"]
        lines = [scale_heading(s["scale_issues"]), "",
                 f"Case g, measured {self.date}; load average (1/5/15 min) at start → end: {self.load('scale')}.",
                 f"A mirror of its own serves `{big}` with {label} issues (`--gh-repo {big}:{s['scale_issues']}`).",
                 f"Generating them took {info.get('mirror_ready_s', float('nan')):.0f} s and a warm-up pass over "
                 "every issues page and every page of",
                 "the repository's comment list (so each issue's and comment's JSON is rendered before pokedex "
                 f"asks) {info.get('mirror_warm_s', float('nan')):.0f} s;",
                 "neither is timed."]
        if s["scale_mirror"] == "memo":
            lines += ["It runs through `Benchmarks/mirror_memo.py`: the stock mirror.py filters and sorts all",
                      f"{label} issues again for every page (0.3–0.9 s of server CPU a page here, 10–30 min",
                      "for the whole walk), and all comments for every page of their list (≈0.39 s a page,",
                      "≈31 min for the ≈490,000 comments); the wrapper memoises both listings, answers are",
                      "unchanged."]
        else:
            lines += ["It runs the stock mirror.py (SCALE_MIRROR=stock), which filters and sorts every issue again",
                      "for each page: the wall time below is mostly the mirror's."]
        lines += ["", f"`GITHUB_API_URL=$MIRROR_URL pokedex --db DB --quiet sync issues {big}` into a fresh db, once:",
                  "", "| | |", "| --- | --- |"]
        if r.has("scale_sync"):
            med = lambda f: r.med("scale_sync", f)  # noqa: E731
            lines += [f"| wall | {secs(med('wall_s'))} s |",
                      f"| issues per second (wall) | {s['scale_issues'] / med('wall_s'):.0f} |",
                      f"| CPU (user + system) | {secs(med('cpu_s'))} s |",
                      f"| mirror: CPU meanwhile / its own time answering (log) | {secs(med('server_cpu_s'))} s / "
                      f"{secs(med('server_ms') / 1000)} s |",
                      f"| peak RSS | {rss_mb(med('rss_kb'))} MB |",
                      f"| requests (statuses) | {num(med('requests'))} ({r.statuses('scale_sync')}) |",
                      f"| MB received | {mb(med('bytes'))} |",
                      f"| db size | {mb(med('db_bytes'))} MB |"]
        else:
            lines.append("| pokedex sync issues | not run |")
        return lines + [
            "", f"Reads on that db (hyperfine, no shell, {s['scale_hf_runs']} runs after {SCALE_HF_WARMUP} warm-ups; "
            "the sqlite3",
            f"statements are those of case e with `{big}`, `LIMIT 50` for the list, and below for `issue`;",
            "same issue numbers checked before timing):", "",
            "| command | median (ms) | mean ± σ (ms) |", "| --- | --- | --- |",
            *(self.query_row(key, text.format(**self.names)) for key, text in SCALE_READ_ROWS), "",
            *self.sql("scale", "issue_sql", lambda: sql.issue_sql(big, number))]

    def artwork(self) -> list:
        r = self.r
        lines = [ARTWORK_HEADING, "",
                 f"Case h, measured {self.date}; load average (1/5/15 min) at start → end: {self.load('artwork')}.",
                 "A mirror of its own runs with `--sprites self`: the bodies link its own sprite and artwork",
                 "paths, as a self-hosted PokeAPI's do (1,150 box sprites, their shiny variants and generated",
                 "475×475 artwork; the others 404). One untimed `sync --artwork all` warms its caches first.",
                 "Columns as in the full catalog sync table; \"image bodies\" counts 200s with a body on image",
                 "paths (mirror log).", "",
                 "| case | runs | wall (s) | CPU (s) | peak RSS (MB) | requests (statuses) | MB received "
                 "| db size (MB) | image bodies | added wall over none | added db size over none (MB) |",
                 "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for name, label in ARTWORK_ROWS:
            if not r.has(name):
                lines.append(f"| {label} | not run | | | | | | | | | |")
                continue
            added_wall, added_db = "—", "—"
            if r.has("artwork_none") and name not in ("artwork_none", "artwork_refresh"):
                none_wall = r.med("artwork_none", "wall_s")
                added = r.med(name, "wall_s") - none_wall
                added_wall = f"{secs(added)} s ({100 * added / none_wall:.1f} %)"
                added_db = mb(r.med(name, "db_bytes") - r.med("artwork_none", "db_bytes"))
            lines.append(
                f"| {label} | {r.runs(name)} | {secs(r.med(name, 'wall_s'))} | {secs(r.med(name, 'cpu_s'))} | "
                f"{rss_mb(r.med(name, 'rss_kb'))} | {num(r.med(name, 'requests'))} ({r.statuses(name)}) | "
                f"{mb(r.med(name, 'bytes'))} | {mb(r.med(name, 'db_bytes'))} | {num(r.worst(name, 'image_bodies'))} | "
                f"{added_wall} | {added_db} |")
        return lines + [
            "", f"`show pikachu` on the sprites db (hyperfine, no shell, {HF_RUNS} runs after {HF_WARMUP} warm-ups):",
            "", "| command | median (ms) | mean ± σ (ms) |", "| --- | --- | --- |",
            self.query_row("show_image", "`pokedex show pikachu --image always` (sprite drawn)"),
            self.query_row("show_no_image", "`pokedex show pikachu --image never`")]

    # ---- whole reports

    def full(self, old: str) -> str:
        s = self.s
        issues = self.issues() if self.r.ran(*GITHUB_CASES) else old_section(old, ISSUES_HEADING)
        scale = self.scale() if self.r.ran("scale") else old_section(old, scale_heading(s["scale_issues"]))
        artwork = self.artwork() if self.r.ran("artwork") else old_section(old, ARTWORK_HEADING)
        threads = threads_section(self) if self.r.ran("comments") else old_section(old, THREADS_HEADING)
        serving = serve_section(self) if self.r.ran("serve") else old_section(old, SERVE_HEADING)
        whole_api = api_section(self) if self.r.ran("api") else old_section(old, API_HEADING)
        browsing = browse_section(self) if self.r.ran("browse") else old_section(old, BROWSE_HEADING)
        lines = ["# Benchmarks", "",
                 f"Written by `Benchmarks/run` on {self.date}. Every number below was",
                 "measured by that run, all tools side by side against the same server: PokeAPI cases ran",
                 f"{s['runs']} times each (dlt {s['dlt_runs']}) and the tables show medians; the read cases ran "
                 "under hyperfine.",
                 "The server is `mirror.py` on 127.0.0.1 serving the real PokeAPI data",
                 f"({self.r.m.get('catalog_count', '?')} pokemon), its render cache warmed before timing; it "
                 "shares the 2 cores",
                 "with the client being measured.", "",
                 *self.machine(), "", *self.targets(), "", *self.catalog(), "", *self.ratios(), "",
                 *self.reads(), ""]
        for kept in (issues, scale, artwork, threads, serving, whole_api, browsing):
            if kept:
                lines += [*kept, ""]
        lines += [RERUN_HEADING, "",
                  "Run `Benchmarks/run` from anywhere in the repository. It builds the release binary,",
                  "installs what is missing (apt: hyperfine, time, curl, sqlite3, libcurl4-openssl-dev; pip into",
                  "`Benchmarks/.venv`: requests, github-to-sqlite, dlt[sqlalchemy]), starts",
                  "`../shared/tools/mirror/mirror.py` on an ephemeral loopback port (override the folder with",
                  "`SHARED_DIR`), warms it, runs every case and rewrites this file. `RUNS=N` changes the",
                  "repetitions (default 5), `DLT_RUNS` and `GH2SQLITE_RUNS` those of the slow peers (default 1),",
                  "`CASES=\"issues dlt-issues scale\"` reruns only GitHub cases and replaces only their sections",
                  "and Targets rows here; see `Benchmarks/README.md` for every case and knob."]
        text = "\n".join(lines) + "\n"
        return keep_earlier_rows(old, text) if old else text

    def github_only(self, old: str) -> str:
        """old with the GitHub sections this run measured and the Targets section replaced."""
        text = old or f"# Benchmarks\n\n{RERUN_HEADING}\n\nSee `Benchmarks/README.md`.\n"
        if self.r.ran(*GITHUB_CASES):
            text = splice_section(text, ISSUES_HEADING, self.issues())
        if self.r.ran("scale"):
            text = splice_section(text, scale_heading(self.s["scale_issues"]), self.scale())
        if self.r.ran("artwork"):
            text = splice_section(text, ARTWORK_HEADING, self.artwork())
        if self.r.ran("comments"):
            text = splice_section(text, THREADS_HEADING, threads_section(self))
        if self.r.ran("serve"):
            text = splice_section(text, SERVE_HEADING, serve_section(self))
        if self.r.ran("api"):
            text = splice_section(text, API_HEADING, api_section(self))
        if self.r.ran("browse"):
            text = splice_section(text, BROWSE_HEADING, browse_section(self))
        text = splice_section(text, TARGETS_HEADING, self.targets())
        return keep_earlier_rows(old, text) if old else text

    def render(self, old: str) -> str:
        return self.full(old) if self.r.ran(*POKEAPI_CASES) else self.github_only(old)


# ---- carrying rows over from the report being replaced

def _sections(text: str):
    """(section heading, line) for every line; the heading is the last "## " line above."""
    section = ""
    for line in text.splitlines():
        if line.startswith("## "):
            section = line
        yield section, line


def _not_run(line: str) -> bool:
    cells = line.split(" | ")
    return line.startswith("| ") and len(cells) > 1 and cells[1] == "not run"


def _row_key(section: str, line: str) -> tuple:
    return section, line.split(" | ")[0].removesuffix(" (earlier run)")


def keep_earlier_rows(old: str, new: str) -> str:
    """new, where a table row "| X | not run | …" is replaced by the row "| X | …" of the same
    section of old when old has it measured, with X marked "(earlier run)"."""
    kept = {_row_key(s, line): line for s, line in _sections(old) if line.startswith("| ") and not _not_run(line)}
    out = []
    for section, line in _sections(new):
        earlier = kept.get(_row_key(section, line)) if _not_run(line) else None
        if earlier is not None:
            first, rest = earlier.split(" | ", 1)
            line = earlier if first.endswith(" (earlier run)") else f"{first} (earlier run) | {rest}"
        out.append(line)
    return "\n".join(out) + "\n"


def old_section(text: str, heading: str) -> list:
    """That section of text (heading included, trailing blank lines dropped), or []."""
    lines, on = [], False
    for line in text.splitlines():
        if line == heading:
            on = True
        elif on and line.startswith("## "):
            break
        if on:
            lines.append(line)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def splice_section(text: str, heading: str, section: list) -> str:
    """text with the section under heading replaced by section, or section inserted before
    "## How to rerun" (or at the end) when text has none."""
    out, skipping, done = [], False, False
    for line in text.splitlines():
        if line == heading:
            out += [*section, ""]
            skipping = done = True
            continue
        if skipping and line.startswith("## "):
            skipping = False
        if skipping:
            continue
        if line == RERUN_HEADING and not done:
            out += [*section, ""]
            done = True
        out.append(line)
    if not done:
        out += ["", *section, ""]
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("measurements", type=Path)
    parser.add_argument("--report", type=Path, default=REPO_ROOT / "BENCHMARKS.md")
    parser.add_argument("--stdout", action="store_true", help="print the report instead of writing it")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target measured here FAILs")
    args = parser.parse_args(argv)
    report = Report(load(args.measurements))
    old = args.report.read_text() if args.report.is_file() else ""
    text = report.render(old)
    if args.stdout:
        sys.stdout.write(text)
    else:
        args.report.write_text(text)
        print(f"wrote {args.report}", file=sys.stderr)
    return 1 if args.strict and report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
