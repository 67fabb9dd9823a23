"""measure(): one run of a command, with what /usr/bin/time and the mirror saw of it."""
from pathlib import Path

from .common import db_bytes, log, timed

# One run, as results/CASE.json lists them (the old results/CASE.tsv columns, named).
FIELDS = ("wall_s", "rss_kb", "cpu_s", "requests", "n200", "n304", "nother", "bytes", "db_bytes",
          "server_cpu_s", "detail_bodies", "server_ms")


def measure(ctx, series: str, command: list, db: Path = None) -> dict:
    """Runs command once and returns the run. db (a file or folder) is measured afterwards;
    requests are those ctx.mirror logged meanwhile."""
    mirror = ctx.mirror
    mark, cpu0 = mirror.log_mark(), mirror.cpu_seconds()
    run = timed(series, command, ctx.work)
    run["server_cpu_s"] = mirror.cpu_seconds() - cpu0
    run.update(mirror.traffic_since(mark))
    run["db_bytes"] = db_bytes(db) if db else 0
    log(f"{series}: " + " ".join(f"{run[k]:.3f}" if isinstance(run[k], float) else str(run[k]) for k in FIELDS))
    return run
