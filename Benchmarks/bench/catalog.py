"""The whole Pokédex as the mirror serves it: every list page and detail URL a full
`pokedex sync` requests (the Pokémon, species, type and ability lists with their details, and
the evolution chains the species link), for curl and the composed limit; the warm-up pass
before anything is timed; and the row counts a complete sync leaves."""
import json
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from .common import check_call, expect_rows, log
from .settings import LIST_PAGE_SIZE, LISTED_RESOURCES, BenchError


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=60) as answer:
        return json.load(answer)


def walk_list(first: str) -> tuple:
    """(pages, detail URLs) of one list, following `next` from its first page."""
    url, pages, details, count = first, [], [], None
    while url:
        pages.append(url)
        page = get_json(url)
        count = page["count"]
        details += [entry["url"] for entry in page["results"]]
        url = page["next"]
    if len(details) != count:
        raise BenchError(f"{first}: the list announced {count} entries but linked {len(details)}")
    return pages, details


def _chains(species: list) -> list:
    """The evolution-chain URLs the species bodies link, each once, in species order."""
    with ThreadPoolExecutor(8) as pool:
        links = [body["evolution_chain"]["url"] for body in pool.map(get_json, species) if body.get("evolution_chain")]
    return list(dict.fromkeys(links))


def list_urls(ctx) -> None:
    """Sets ctx.url_list, ctx.curl_config, ctx.expected_count and ctx.expected_rows."""
    pages, details = [], {}
    for table, path in LISTED_RESOURCES.items():
        listed_pages, listed = walk_list(f"{ctx.mirror.base_url}/{path}?offset=0&limit={LIST_PAGE_SIZE}")
        pages += listed_pages
        details[table] = listed
    details["evolution_chain"] = _chains(details["pokemon_species"])
    ctx.expected_count = len(details["pokemon"])
    ctx.expected_rows = {table: len(urls) for table, urls in details.items()}
    ctx.url_list = [("page", u) for u in pages] + [("detail", u) for urls in details.values() for u in urls]
    ctx.curl_config = ctx.work / "curl.conf"
    ctx.curl_config.write_text("".join(f'url = "{u}"\noutput = "/dev/null"\n' for _, u in ctx.url_list))
    counts = ", ".join(f"{n} {table}" for table, n in ctx.expected_rows.items())
    log(f"whole dex: {counts}; {len(ctx.url_list)} URLs")


def check_synced(ctx, db) -> None:
    """db holds every resource of the whole dex, one row per detail URL (pokedex's tables and
    naive_sync.py's have the same names)."""
    for table, expected in ctx.expected_rows.items():
        expect_rows(db, table, expected)


def warm(ctx) -> None:
    """One identity and one gzip pass, so every body (and its gzip form) is in the mirror's
    render cache before anything is timed."""
    log("warming mirror cache (identity + gzip)")
    mark = ctx.mirror.log_mark()
    check_call("warm-up", ctx.curl_command())
    check_call("gzip warm-up", ctx.curl_command("--compressed"))
    traffic = ctx.mirror.traffic_since(mark)
    log(f"warm-up traffic: {traffic}")
    if traffic["nother"]:
        raise BenchError("warm-up saw non-200/304 answers")
