"""b2. The composed limit: the bodies downloaded once (not timed), then the sqlite3 CLI
storing them as received in one transaction (sql/composed_store.sql), RUNS times. Composed
limit = curl --compressed (case b's gzip half, timed here when curl is not in CASES) + this."""
import shutil

from bench import sqlfiles
from bench.common import check_call, expect_rows, log, remove_db
from bench.measure import measure
from bench.settings import BenchError
from cases.curl import curl_runs

INSERT = "INSERT INTO {table} (url, body) VALUES ({url}, CAST(readfile({path}) AS TEXT));"
TABLES = {"page": "list_page", "detail": "resource_detail"}
BODIES = "-- bodies"  # the line of sql/composed_store.sql the INSERTs replace


def download_bodies(ctx, folder) -> list:
    """Every whole-dex URL once (gzip, decoded by curl) into folder/N.json; the files' paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"{n}.json" for n in range(1, len(ctx.url_list) + 1)]
    config = ctx.work / "download.conf"
    config.write_text("".join(f'url = "{url}"\noutput = "{path}"\n' for (_, url), path in zip(ctx.url_list, paths)))
    check_call("downloading the bodies for the composed limit", ctx.curl_command("--compressed", config=config))
    return paths


def store_script(ctx, paths) -> str:
    """sql/composed_store.sql with its "-- bodies" line replaced by one INSERT per body."""
    inserts = [INSERT.format(table=TABLES[kind], url=sqlfiles.literal(url), path=sqlfiles.literal(str(path)))
               for (kind, url), path in zip(ctx.url_list, paths)]
    lines = (sqlfiles.SQL_DIR / "composed_store.sql").read_text().splitlines()
    if BODIES not in lines:
        raise BenchError(f"composed_store.sql has no line {BODIES!r}")
    at = lines.index(BODIES)
    return "\n".join(lines[:at] + inserts + lines[at + 1:]) + "\n"


def run(ctx) -> dict:
    series = {}
    if "curl_gzip" not in ctx.series:
        log("composed limit: timing curl --compressed (case b's gzip half)")
        series["curl_gzip"] = curl_runs(ctx, "curl_gzip", "--compressed")
    bodies = ctx.work / "bodies"
    script = ctx.work / "store.sql"
    script.write_text(store_script(ctx, download_bodies(ctx, bodies)))
    series["sqlite_store"] = []
    for i in range(1, ctx.settings.runs + 1):
        db = ctx.dbs / f"composed-{i}.sqlite"
        series["sqlite_store"].append(measure(ctx, "sqlite_store", ["sqlite3", db, f".read '{script}'"], db))
        expect_rows(db, "resource_detail", sum(ctx.expected_rows.values()))
        remove_db(db)
    shutil.rmtree(bodies)
    return {"series": series}
