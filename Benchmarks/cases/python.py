"""c. naive_sync.py: one requests.Session, sequential GETs, raw JSON into one sqlite3 table."""
from bench.common import remove_db
from bench.measure import measure
from bench.settings import BENCH_DIR


def run(ctx) -> dict:
    runs = []
    for i in range(1, ctx.settings.runs + 1):
        db = ctx.dbs / f"naive-{i}.sqlite"
        runs.append(measure(ctx, "python", [ctx.python, BENCH_DIR / "naive_sync.py", ctx.mirror.base_url, db], db))
        ctx.check_synced(db)
        remove_db(db)
    return {"series": {"python": runs}}
