"""a. pokedex full catalog sync into a fresh db, RUNS times."""
from bench.common import remove_db
from bench.measure import measure


def run(ctx) -> dict:
    runs = []
    for i in range(1, ctx.settings.runs + 1):
        db = ctx.dbs / f"sync-{i}.sqlite"
        runs.append(measure(ctx, "sync", ctx.sync_command(db), db))
        ctx.check_synced(db)
        if ctx.synced_db:
            remove_db(ctx.synced_db)
        ctx.synced_db = db  # the last one serves cases d and e
    return {"series": {"sync": runs}}
