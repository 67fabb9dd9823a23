"""h. Artwork: on a mirror of its own started with `--sprites self` (bodies link its own
sprite and artwork paths, as a self-hosted PokeAPI's do), full syncs into fresh dbs with
`--artwork none`, `sprites` and `all`, RUNS times each (added time, added db size); then
no-change refreshes of the sprites db (image bodies downloaded again: 0); then hyperfine:
`show pikachu` with its sprite drawn against `--image never`."""
import json
import re
import urllib.request

from bench import hyperfine
from bench.common import load_average, log, remove_db
from bench.measure import measure
from bench.mirror import Mirror
from bench.settings import HF_RUNS, HF_WARMUP

SELECTIONS = ("none", "sprites", "all")
IMAGE_PATH = re.compile(r"^/sprites-cdn/")


def image_bodies(mirror, mark: int) -> int:
    """200s with a body on the mirror's image paths, logged after mark."""
    with open(mirror.log_path) as f:
        lines = list(f)[mark:]
    return sum(1 for line in lines
               if (fields := line.split("\t")) and IMAGE_PATH.match(fields[1]) and fields[2] == "200"
               and int(fields[3]) > 0)


def measured_sync(ctx, series: str, db, *arguments) -> dict:
    mark = ctx.mirror.log_mark()
    run = measure(ctx, series, ctx.sync_command(db, *arguments), db)
    run["image_bodies"] = image_bodies(ctx.mirror, mark)
    return run


def run(ctx) -> dict:
    s, pokedex = ctx.settings, ctx.pokedex
    load_start = load_average()
    main_mirror = ctx.mirror
    ctx.mirror = Mirror("sprites", ["python3", s.mirror_py], ["--sprites", "self"], ctx.work)
    series = {f"artwork_{selection}": [] for selection in SELECTIONS}
    series["artwork_refresh"] = []
    try:
        if not ctx.expected_count:  # no catalog case ran: ask this mirror
            with urllib.request.urlopen(f"{ctx.mirror.base_url}/pokemon/?limit=1", timeout=60) as answer:
                ctx.expected_count = json.load(answer)["count"]
        warm = ctx.dbs / "artwork-warm.sqlite"
        log("warming the sprites mirror: one untimed sync --artwork all")
        measure(ctx, "artwork_warm", ctx.sync_command(warm, "--artwork", "all"), warm)
        remove_db(warm)
        kept = None
        for i in range(1, s.runs + 1):
            for selection in SELECTIONS:
                db = ctx.dbs / f"artwork-{selection}-{i}.sqlite"
                series[f"artwork_{selection}"].append(
                    measured_sync(ctx, f"artwork_{selection}", db, "--artwork", selection))
                ctx.check_synced(db)
                if selection == "sprites":
                    if kept:
                        remove_db(kept)
                    kept = db
                else:
                    remove_db(db)
        for _ in range(s.runs):
            series["artwork_refresh"].append(measured_sync(ctx, "artwork_refresh", kept, "--artwork", "sprites"))
    finally:
        ctx.mirror.stop()
        ctx.mirror = main_mirror
    log("hyperfine: show pikachu drawn vs --image never")
    reads = hyperfine.group(ctx, "artwork", [
        ("show_image", [pokedex, "--db", kept, "show", "pikachu", "--image", "always"]),
        ("show_no_image", [pokedex, "--db", kept, "show", "pikachu", "--image", "never"]),
    ], HF_RUNS, HF_WARMUP)
    remove_db(kept)
    return {"series": series, "reads": reads, "info": {"artwork": {"load": [load_start, load_average()]}}}
