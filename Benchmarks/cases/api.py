"""api. The whole PokeAPI (issue 30), on a mirror of its own, its caches warmed: every kind the
root index lists and each Pokémon's encounters. RUNS rounds, each: a full `pokedex sync
--artwork none` into a fresh db; curl --compressed fetching the same URLs; the store anchor
(store_anchor.py: one Python process inserting the same bodies, held in memory, in one
transaction); a no-change refresh of the db just synced; a partial sync `--offset 24
--limit 21` into a fresh db."""
import json
import shutil
import sys

from bench import api_urls, hyperfine, reads, sqlfiles
from bench.common import check_call, count_rows, db_bytes, load_average, log, read_only, remove_db
from bench.measure import FIELDS, measure
from bench.mirror import Mirror
from bench.settings import BENCH_DIR, HF_RUNS, HF_WARMUP, BenchError

# Kinds with a table of their own (one row per detail); every other kind, and the
# encounters, are rows of pokeapi_resource.
TYPED = {"pokemon": "pokemon", "pokemon-species": "pokemon_species", "type": "type", "ability": "ability",
         "evolution-chain": "evolution_chain"}
PARTIAL = ("--offset", "24", "--limit", "21")


def stored_rows(db, kinds) -> dict:
    """kind → rows db holds for it (typed table, else pokeapi_resource rows with a body)."""
    with read_only(db) as connection:
        generic = dict(connection.execute(
            "SELECT kind, count(*) FROM pokeapi_resource WHERE details_synced_at IS NOT NULL GROUP BY kind"))
    return {kind: count_rows(db, TYPED[kind]) if kind in TYPED else generic.get(kind, 0) for kind in kinds}


def check_rows(api, db) -> dict:
    """{kind: [listed, stored]} for every kind whose stored rows differ from the walk's count."""
    stored = stored_rows(db, api.counts)
    short = {kind: [n, stored[kind]] for kind, n in api.counts.items() if stored[kind] != n}
    if short:
        log(f"WARNING: {db} does not hold what the mirror lists: {short}")
    return short


def warm(ctx, api, work) -> None:
    """One identity and one gzip pass over every URL, so each body (and its gzip form) is in
    the mirror's render cache before anything is timed."""
    config = work / "api-warm.conf"
    config.write_text(api_urls.curl_config(api.urls))
    mark = ctx.mirror.log_mark()
    check_call("api warm-up", ctx.curl_command(config=config))
    check_call("api gzip warm-up", ctx.curl_command("--compressed", config=config))
    if ctx.mirror.traffic_since(mark)["nother"]:
        raise BenchError("api warm-up saw answers other than 200")


def download_gzip(ctx, urls, work):
    """Every URL once, the body as sent with gzip (not decoded), into work/api-bodies/N.gz;
    returns the file listing them for store_anchor.py."""
    folder = work / "api-bodies"
    folder.mkdir(exist_ok=True)
    paths = [folder / f"{n}.gz" for n in range(1, len(urls) + 1)]
    config = work / "api-download.conf"
    config.write_text(api_urls.curl_config(urls, paths))
    check_call("downloading the bodies for the store anchor",
               ctx.curl_command("-H", "Accept-Encoding: gzip", config=config))
    listing = work / "api-bodies.txt"
    listing.write_text("".join(f"{p}\n" for p in paths))
    return listing


def store_anchor(ctx, listing, db) -> dict:
    out = check_call("store anchor", [sys.executable, BENCH_DIR / "store_anchor.py", db, listing])
    timed = json.loads(out)
    run = {f: 0 for f in FIELDS} | {"wall_s": timed["wall_s"], "cpu_s": timed["cpu_s"], "db_bytes": db_bytes(db),
                                     "rows": timed["rows"], "stored_bytes": timed["bytes"]}
    log(f"api_store: {timed}")
    return run


def synced(ctx, series, db, *extra) -> dict:
    """One measured sync; its detail bodies (any kind) and, per kind, requests, bytes and the
    mirror's answering time."""
    mark = ctx.mirror.log_mark()
    run = measure(ctx, series, ctx.sync_command(db, "--artwork", "none", *extra, whole_api=True), db)
    run["detail_bodies"] = api_urls.detail_bodies(ctx.mirror, mark)
    run["by_kind"] = api_urls.traffic_by_kind(ctx.mirror, mark)
    return run


def run(ctx) -> dict:
    s, work = ctx.settings, ctx.work
    load_start = load_average()
    main_mirror = ctx.mirror
    ctx.mirror = Mirror("api", ["python3", s.mirror_py], [], work)
    series = {name: [] for name in ("api_sync", "api_curl", "api_store", "api_refresh", "api_partial")}
    info, measured = {}, {}
    try:
        log("api: walking the root index, every list and the Pokémon bodies' encounters links (not timed)")
        api = api_urls.walk(ctx.mirror.base_url)
        log(f"api: {len(api.urls)} URLs ({len(api.pages)} list pages, {sum(api.counts.values())} details)")
        warm(ctx, api, work)
        first = ctx.dbs / "api-warm.sqlite"
        mark = ctx.mirror.log_mark()
        log("api: one untimed full sync (its requests are compared with the walked URLs)")
        measure(ctx, "api_warm", ctx.sync_command(first, "--artwork", "none", whole_api=True), first)
        paths = api_urls.logged_paths(ctx.mirror, mark)
        info["urls"] = api_urls.compare(api, paths)
        log(f"api: pokedex's requests vs the walk: {info['urls']}")
        remove_db(first)
        urls = api_urls.requested(api, paths)
        info["urls"]["fetched"] = len(urls)
        listing = download_gzip(ctx, urls, work)
        curl_config = work / "api-curl.conf"
        curl_config.write_text(api_urls.curl_config(urls))
        short, kept = {}, None
        for i in range(1, s.runs + 1):
            db = ctx.dbs / f"api-{i}.sqlite"
            series["api_sync"].append(synced(ctx, "api_sync", db))
            short.update(check_rows(api, db))
            series["api_curl"].append(measure(ctx, "api_curl", ctx.curl_command("--compressed", config=curl_config)))
            anchor = ctx.dbs / f"api-store-{i}.sqlite"
            series["api_store"].append(store_anchor(ctx, listing, anchor))
            remove_db(anchor)
            series["api_refresh"].append(synced(ctx, "api_refresh", db))
            partial = ctx.dbs / f"api-partial-{i}.sqlite"
            series["api_partial"].append(synced(ctx, "api_partial", partial, *PARTIAL))
            remove_db(partial)
            if kept:
                remove_db(kept)
            kept = db
        info.update(counts=api.counts, urls_total=len(api.urls), short=short,
                    stored=stored_rows(kept, api.counts), load=[load_start, load_average()])
        measured = whole_api_reads(ctx, kept)
        remove_db(kept)
    finally:
        ctx.mirror.stop()
        ctx.mirror = main_mirror
        shutil.rmtree(work / "api-bodies", ignore_errors=True)
    return {"series": series, "reads": measured, "info": {"api": info}}


def whole_api_reads(ctx, db) -> dict:
    """hyperfine: `show pikachu` (with its moves and encounters), `move thunderbolt` and
    `list --learns thunderbolt` on the whole-API db, each against sqlite3 running what it reads
    (sql/show.sql + sql/show_moves.sql, sql/move.sql, sql/learns.sql)."""
    pokedex = ctx.pokedex
    show = sqlfiles.one_line(reads.show_sql() + sqlfiles.written_in("show_moves.sql", name="pikachu"))
    move = sqlfiles.one_line(sqlfiles.written_in("move.sql", name="thunderbolt"))
    learns = sqlfiles.one_line(sqlfiles.written_in("learns.sql", name="thunderbolt", limit=20))
    groups = {
        "api_show": [("api_show", [pokedex, "--db", db, "show", "pikachu"]), ("api_show_sqlite3", ["sqlite3", db, show])],
        "api_move": [("api_move", [pokedex, "--db", db, "move", "thunderbolt"]),
                     ("api_move_sqlite3", ["sqlite3", db, move])],
        "api_learns": [("api_learns", [pokedex, "--db", db, "list", "--learns", "thunderbolt"]),
                       ("api_learns_sqlite3", ["sqlite3", db, learns])],
    }
    measured = {}
    for name, commands in groups.items():
        for label, command in commands:
            reads.check_output(label, command)
        log(f"hyperfine: {name} vs sqlite3")
        measured.update(hyperfine.group(ctx, name, commands, HF_RUNS, HF_WARMUP))
    return measured
