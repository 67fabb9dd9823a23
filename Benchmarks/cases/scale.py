"""g. SCALE_ISSUES issues of o/big on a mirror of its own: `pokedex sync issues` into a fresh
db (once), then, with that mirror stopped, hyperfine of list/search/issue vs sqlite3."""
import time

from bench import hyperfine, reads, sqlfiles
from bench.common import expect_rows, load_average, log, remove_db
from bench.measure import measure
from bench.mirror import Mirror, launcher
from bench.settings import SCALE_HF_WARMUP, SCALE_REPO


def start_mirror(ctx) -> tuple:
    """The o/big mirror, through mirror_memo.py unless SCALE_MIRROR=stock; with the seconds
    to its health check passing and those of its warm-up pass over every issues page and
    every page of the comment list."""
    s = ctx.settings
    log(f"starting the {SCALE_REPO}:{s.scale_issues} mirror ({s.scale_mirror})")
    start = time.monotonic()
    mirror = Mirror("scale", launcher(s, s.scale_mirror),
                    ["--gh-repo", f"{SCALE_REPO}:{s.scale_issues}", "--gh-rate", "1000000"], ctx.work)
    ready = time.monotonic() - start
    return mirror, ready, mirror.warm_github(SCALE_REPO, s.scale_issues, ctx.work) + mirror.warm_comments(SCALE_REPO)


def run(ctx) -> dict:
    s, pokedex, word = ctx.settings, ctx.pokedex, ctx.settings.search_word
    load_start = load_average()
    db = ctx.dbs / "scale.sqlite"
    main_mirror = ctx.mirror
    ctx.mirror, ready, warm = start_mirror(ctx)
    try:
        sync = measure(ctx, "scale_sync", ctx.issues_command(db, SCALE_REPO), db)
    finally:
        ctx.mirror.stop()  # frees its memory and CPU before the reads are timed
        ctx.mirror = main_mirror
    expect_rows(db, "github_issue", s.scale_issues)

    number = s.scale_number
    list_sql = reads.issues_sql(SCALE_REPO, 50)
    search_sql = reads.issues_sql(SCALE_REPO, 30, search=word)
    issue_sql = reads.issue_sql(SCALE_REPO, number)
    lst, search, issue = (sqlfiles.one_line(q) for q in (list_sql, search_sql, issue_sql))
    reads.check_same_issues(ctx, "scale: issues --limit 50", db, lst, "issues", SCALE_REPO, "--limit", "50")
    reads.check_same_issues(ctx, f"scale: issues --search {word}", db, search, "issues", SCALE_REPO, "--search", word)
    reads.check_same_issues(ctx, f"scale: issue #{number}", db, issue, "issue", f"{SCALE_REPO}#{number}")
    log(f"hyperfine ({s.scale_hf_runs} runs): reads on the {s.scale_issues}-issue db vs sqlite3")
    measured = hyperfine.group(ctx, "scale", [
        ("scale_list_json", [pokedex, "--db", db, "issues", SCALE_REPO, "--limit", "50", "--json"]),
        ("scale_list_sqlite3", ["sqlite3", "-json", db, lst]),
        ("scale_search", [pokedex, "--db", db, "issues", SCALE_REPO, "--search", word]),
        ("scale_search_sqlite3", ["sqlite3", db, search]),
        ("scale_issue", [pokedex, "--db", db, "issue", f"{SCALE_REPO}#{number}"]),
        ("scale_issue_sqlite3", ["sqlite3", db, issue]),
    ], s.scale_hf_runs, SCALE_HF_WARMUP)
    remove_db(db)
    return {"series": {"scale_sync": [sync]}, "reads": measured,
            "info": {"scale": {"load": [load_start, load_average()], "mirror_ready_s": ready, "mirror_warm_s": warm,
                               "issue_sql": issue_sql}}}
