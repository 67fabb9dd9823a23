"""f. GitHub issues of the mirror's 10,000-issue repository o/r: pokedex (fresh db RUNS
times, then RUNS no-change refreshes) against github-to-sqlite (first and second run,
GH2SQLITE_RUNS times)."""
from bench.common import expect_rows, load_average, remove_db
from bench.measure import measure
from bench.settings import BENCH_DIR, ISSUES_COUNT, ISSUES_REPO


def run(ctx) -> dict:
    load_start = load_average()
    first, db = [], None
    for i in range(1, ctx.settings.runs + 1):
        previous, db = db, ctx.dbs / f"issues-{i}.sqlite"
        first.append(measure(ctx, "issues_first", ctx.issues_command(db, ISSUES_REPO), db))
        expect_rows(db, "github_issue", ISSUES_COUNT)
        if previous:
            remove_db(previous)
    refresh = [measure(ctx, "issues_refresh", ctx.issues_command(db, ISSUES_REPO), db)
               for _ in range(ctx.settings.runs)]
    expect_rows(db, "github_issue", ISSUES_COUNT)
    remove_db(db)

    auth = ctx.work / "gh-auth.json"  # the mirror takes any token
    auth.write_text('{"github_personal_token": "fake-token-for-the-mirror"}\n')
    series = {"issues_first": first, "issues_refresh": refresh, "gh2sqlite_first": [], "gh2sqlite_second": []}
    for i in range(1, ctx.settings.gh2sqlite_runs + 1):
        db = ctx.dbs / f"gh2sqlite-{i}.sqlite"
        command = [ctx.python, BENCH_DIR / "github_to_sqlite_local.py", ctx.mirror.url, "issues", db, ISSUES_REPO,
                   "--auth", auth]
        for name in ("gh2sqlite_first", "gh2sqlite_second"):
            series[name].append(measure(ctx, name, command, db))
            expect_rows(db, "issues", ISSUES_COUNT)
        remove_db(db)
    return {"series": series,
            "info": {"issues": {"load": [load_start, load_average()], "mirror": ctx.settings.main_mirror}}}
