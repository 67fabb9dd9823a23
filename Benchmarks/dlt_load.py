#!/usr/bin/env python3
"""Load the benchmark mirror's data into SQLite with dlt's rest_api source (benchmark peer).

    dlt_load.py pokemon BASE_URL DB WORKDIR     e.g. dlt_load.py pokemon http://127.0.0.1:41234/api/v2 p.sqlite w/
    dlt_load.py issues API_URL OWNER/REPO DB WORKDIR

What a dlt user writes from the rest_api documentation, with the options that make it
fastest on this data:

* pokemon: resource `pokemon_list` walks `pokemon/?limit=100` following the body's `next`
  link (json_link paginator, data_selector `results`); resource `pokemon` is its child:
  one GET per list entry's `url` (single_page, the whole body is the record),
  `parallelized` so the details are fetched by dlt's extract thread pool
  (`extract.workers`, default 5). `max_table_nesting` 0 by default (DLT_POKEMON_NESTING):
  nested lists/objects (abilities, moves, stats, sprites, …) are stored as JSON columns of
  the one `pokemon` table instead of being normalised into dozens of child tables with
  ≈1M rows (that takes minutes; pokedex and naive_sync.py keep the raw body too).
  write_disposition replace.
* issues: resource `issues` = `repos/OWNER/REPO/issues?state=all&per_page=100&sort=updated
  &direction=asc&since=…`, Link-header pagination, `since` bound to a dlt incremental
  cursor on `updated_at` (initial 1970-01-01), primary key `id`, write_disposition merge
  (delete-insert): a second run asks only for what changed since the stored cursor, which
  is dlt's incremental mode. Nesting left at dlt's default (labels, assignees become
  child tables; user, milestone, reactions, pull_request flattened into columns).

The destination is dlt's `sqlalchemy` destination with a `sqlite:///DB` URL and dataset
`main`, so the tables live in DB itself (merge staging goes to DB's sibling file
`<stem>__main_staging<suffix>`). WORKDIR is dlt's pipelines_dir: the pipeline state
(incremental cursor) and the extract/normalize/load files; keep it between runs for an
incremental refresh. Telemetry is off (no network here).
"""
import os
import sys

os.environ.setdefault("RUNTIME__DLTHUB_TELEMETRY", "false")
os.environ.setdefault("RUNTIME__LOG_LEVEL", "WARNING")

import dlt  # noqa: E402
from dlt.sources.rest_api import rest_api_source  # noqa: E402


def pipeline(name: str, db: str, workdir: str):
    return dlt.pipeline(
        pipeline_name=name,
        pipelines_dir=workdir,
        destination=dlt.destinations.sqlalchemy(credentials=f"sqlite:///{os.path.abspath(db)}"),
        dataset_name="main",
        progress=None,
    )


def pokemon_source(base: str):
    nesting = int(os.environ.get("DLT_POKEMON_NESTING", "0"))
    return rest_api_source(
        {
            "client": {"base_url": base.rstrip("/") + "/"},
            "resource_defaults": {"write_disposition": "replace"},
            "resources": [
                {
                    "name": "pokemon_list",
                    "primary_key": "name",
                    "endpoint": {
                        "path": "pokemon/",
                        "params": {"limit": 100},
                        "data_selector": "results",
                        "paginator": {"type": "json_link", "next_url_path": "next"},
                    },
                },
                {
                    "name": "pokemon",
                    "primary_key": "id",
                    "max_table_nesting": nesting,
                    "parallelized": True,
                    "endpoint": {
                        "path": "{resources.pokemon_list.url}",
                        "data_selector": "$",
                        "paginator": "single_page",
                    },
                },
            ],
        },
        name="pokeapi",
    )


def issues_source(api: str, repo: str):
    return rest_api_source(
        {
            "client": {"base_url": api.rstrip("/") + "/", "paginator": "header_link"},
            "resources": [
                {
                    "name": "issues",
                    "primary_key": "id",
                    "write_disposition": "merge",
                    "endpoint": {
                        "path": f"repos/{repo}/issues",
                        "params": {
                            "state": "all",
                            "per_page": 100,
                            "sort": "updated",
                            "direction": "asc",
                            "since": {
                                "type": "incremental",
                                "cursor_path": "updated_at",
                                "initial_value": "1970-01-01T00:00:00Z",
                            },
                        },
                    },
                },
            ],
        },
        name="github",
    )


def main(argv: list[str]) -> None:
    if len(argv) == 5 and argv[1] == "pokemon":
        _, _, base, db, workdir = argv
        p, source = pipeline("pokemon", db, workdir), pokemon_source(base)
    elif len(argv) == 6 and argv[1] == "issues":
        _, _, api, repo, db, workdir = argv
        p, source = pipeline("issues", db, workdir), issues_source(api, repo)
    else:
        sys.exit(__doc__)
    info = p.run(source)
    counts = p.last_trace.last_normalize_info.row_counts if p.last_trace.last_normalize_info else {}
    rows = ", ".join(f"{t}={n}" for t, n in sorted(counts.items()) if not t.startswith("_dlt"))
    print(f"dlt {dlt.__version__}: loaded {rows or 'nothing'}; {len(info.loads_ids)} load(s)", file=sys.stderr)
    info.raise_on_failed_jobs()


if __name__ == "__main__":
    main(sys.argv)
