"""The PokeAPI catalog as the mirror serves it: every list page and detail URL (for curl and
the composed limit), and the warm-up pass before anything is timed."""
import json
import urllib.request

from .common import check_call, log
from .settings import LIST_START, BenchError


def list_urls(ctx) -> None:
    """Follows `next` from LIST_START: sets ctx.url_list, ctx.curl_config, ctx.expected_count."""
    url, pages, details, count = f"{ctx.mirror.base_url}/{LIST_START}", [], [], None
    while url:
        pages.append(url)
        with urllib.request.urlopen(url, timeout=60) as answer:
            page = json.load(answer)
        count = page["count"]
        details += [entry["url"] for entry in page["results"]]
        url = page["next"]
    if len(details) != count:
        raise BenchError(f"the list announced {count} pokemon but linked {len(details)}")
    ctx.expected_count = count
    ctx.url_list = [("page", u) for u in pages] + [("detail", u) for u in details]
    ctx.curl_config = ctx.work / "curl.conf"
    ctx.curl_config.write_text("".join(f'url = "{u}"\noutput = "/dev/null"\n' for _, u in ctx.url_list))
    log(f"catalog: {count} pokemon, {len(ctx.url_list)} URLs")


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
