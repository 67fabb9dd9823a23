"""f2. dlt's rest_api source on o/r's issues: a first load, then its incremental
(`since` = updated_at cursor) refresh with nothing changed, DLT_RUNS times."""
import shutil

from bench.common import expect_rows, load_average
from bench.measure import measure
from bench.settings import BENCH_DIR, ISSUES_COUNT, ISSUES_REPO


def run(ctx) -> dict:
    load_start = load_average()
    series = {"dlt_issues_first": [], "dlt_issues_refresh": []}
    for i in range(1, ctx.settings.dlt_runs + 1):
        folder, pipelines = ctx.dbs / f"dlt-issues-{i}", ctx.work / f"dlt-issues-pipelines-{i}"
        folder.mkdir(parents=True)
        command = [ctx.python, BENCH_DIR / "dlt_load.py", "issues", ctx.mirror.url, ISSUES_REPO,
                   folder / "dlt.sqlite", pipelines]
        for name in series:
            series[name].append(measure(ctx, name, command, folder))
            expect_rows(folder / "dlt.sqlite", "issues", ISSUES_COUNT)
        shutil.rmtree(folder)
        shutil.rmtree(pipelines, ignore_errors=True)
    return {"series": series,
            "info": {"issues": {"load": [load_start, load_average()], "mirror": ctx.settings.main_mirror}}}
