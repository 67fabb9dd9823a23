"""d. pokedex sync again on an already-synced db, nothing changed upstream: wall, requests,
and detail bodies downloaded again (should be 0)."""
from bench.measure import measure


def run(ctx) -> dict:
    db = ctx.ensure_synced_db()
    runs = [measure(ctx, "resync", ctx.sync_command(db), db) for _ in range(ctx.settings.runs)]
    ctx.check_synced(db)
    return {"series": {"resync": runs}}
