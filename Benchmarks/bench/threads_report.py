"""The report's section for case i (GitHub threads: issues with their comments)."""
from .mirror import listing_note
from .settings import HF_RUNS, HF_WARMUP, ISSUES_COUNT, ISSUES_REPO

THREADS_HEADING = "## GitHub threads: issues with their comments (10,000-issue repository)"


def section(report) -> list:
    """report: the Report rendering the rest (its issues_row, query_row, load, version, sql)."""
    r, repo = report.r, ISSUES_REPO
    info = r.info.get("threads", {})
    number, comments = info.get("number", "N"), info.get("comments", "?")
    lines = [THREADS_HEADING, "",
             f"Case i, measured {report.date}; load average (1/5/15 min) at start → end: {report.load('threads')}.",
             f"The main mirror's `{repo}` ({ISSUES_COUNT} issues) with its {comments} comments; one pass over",
             "the comment stream's pages before timing renders them.",
             *listing_note(info.get("mirror", "stock")), "",
             f"* pokedex: `GITHUB_API_URL=$MIRROR_URL pokedex --db DB --quiet sync issues {repo}`: issues,",
             "  pull requests and every comment (one repository-wide stream, `since` the high-water mark),",
             "  first into a fresh db, then again with nothing changed upstream (no-change refresh).",
             f"* github-to-sqlite {report.version('github-to-sqlite')}: `github-to-sqlite issues DB {repo}` then",
             f"  `github-to-sqlite issue-comments DB {repo}` into a fresh db (both through",
             "  `Benchmarks/github_to_sqlite_local.py`), timed as one; it has no incremental mode.", "",
             f"Every run stored all {ISSUES_COUNT} issues and {comments} comments (checked with sqlite3).", "",
             "| tool | runs | first sync wall (s) | CPU (s) | peak RSS (MB) | requests (statuses) | MB received "
             "| db size (MB) | refresh | refresh wall (s) | refresh requests (statuses) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
             report.issues_row("pokedex sync issues (with comments)", "threads_first", "threads_refresh",
                               "no-change refresh"),
             report.issues_row("github-to-sqlite issues + issue-comments", "gh2sqlite_threads_first",
                               "gh2sqlite_threads_first", "(no refresh; first run again)"), "",
             f"Thread display (hyperfine, no shell, {HF_RUNS} runs after {HF_WARMUP} warm-ups): issue #{number},",
             f"the one with the most comments ({info.get('shown', '?')}); sqlite3 runs `sql/issue.sql` then",
             "`sql/thread.sql` (same comments in the same order, checked before timing):", "",
             "| command | median (ms) | mean ± σ (ms) |", "| --- | --- | --- |",
             report.query_row("thread", f"`pokedex issue {repo}#{number}`"),
             report.query_row("thread_sqlite3", "`sqlite3 DB` same issue and thread (query below)"), "",
             "```sql", *info.get("thread_sql", "(not run)").splitlines(), "```"]
    return lines
