"""b. curl --parallel --parallel-max 8 over the same URLs, identity and --compressed: the
transfer limit of this server on this machine."""
from bench.measure import measure


def curl_runs(ctx, series: str, *extra: str) -> list:
    """RUNS timed curl passes over every catalog URL."""
    return [measure(ctx, series, ctx.curl_command(*extra)) for _ in range(ctx.settings.runs)]


def run(ctx) -> dict:
    return {"series": {"curl": curl_runs(ctx, "curl"), "curl_gzip": curl_runs(ctx, "curl_gzip", "--compressed")}}
