"""c2. dlt's rest_api source loading the catalog into SQLite (dlt_load.py pokemon), DLT_RUNS times.
The Pokémon list and details only: a reference row, not the whole dex a full sync takes."""
import shutil

from bench.common import expect_rows
from bench.measure import measure
from bench.settings import BENCH_DIR


def run(ctx) -> dict:
    runs = []
    for i in range(1, ctx.settings.dlt_runs + 1):
        folder, pipelines = ctx.dbs / f"dlt-{i}", ctx.work / f"dlt-pipelines-{i}"
        folder.mkdir(parents=True)
        db = folder / "dlt.sqlite"
        # DLT_POKEMON_NESTING, when set, reaches dlt_load.py through the environment.
        command = [ctx.python, BENCH_DIR / "dlt_load.py", "pokemon", ctx.mirror.base_url, db, pipelines]
        runs.append(measure(ctx, "dlt", command, folder))
        expect_rows(db, "pokemon", ctx.expected_count)
        expect_rows(db, "pokemon_list", ctx.expected_count)
        shutil.rmtree(folder)
        shutil.rmtree(pipelines, ignore_errors=True)
    return {"series": {"dlt": runs}}
