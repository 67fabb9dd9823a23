"""Case j's numbers (pokedex serve against nginx and http.server): the medians the report
prints and its targets read."""
from statistics import median

SERVE_HEADING = "## Serving: pokedex serve against nginx and http.server"


def medians(info: dict, name: str) -> dict:
    """Median requests/s and latencies of a server's wrk runs over random Pokémon details."""
    runs = info.get("runs", {}).get(name, [])
    fields = ("rps", "p50_ms", "p90_ms", "p99_ms", "cpu_ms")
    return {field: median(r[field] for r in runs if r.get(field) is not None) for field in fields
            if any(r.get(field) is not None for r in runs)} if runs else {}


def ratio_to(info: dict, name: str, other: str):
    """serve's median requests/s ÷ other's: (text, value), or None when not measured."""
    ours, theirs = medians(info, name).get("rps"), medians(info, other).get("rps")
    if not ours or not theirs:
        return None
    return f"{ours:,.0f} ÷ {theirs:,.0f} req/s = {ours / theirs:.2f}×", ours / theirs


def section(report) -> list:
    """report: the Report rendering the rest (its date)."""
    info = report.r.info.get("serve", {})
    if not info:
        return [SERVE_HEADING, "", "(not run)"]
    load = info.get("load", ["?", "?"])
    rows = []
    for name, label in (("serve", "pokedex serve"), ("nginx", "nginx (static files)"),
                        ("http.server", "python3 -m http.server")):
        m = medians(info, name)
        share = m["rps"] / medians(info, "nginx")["rps"] if m and medians(info, "nginx") else None
        cpu = f"{m['cpu_ms']:.3f}" if m and "cpu_ms" in m else "—"
        rows.append(f"| {label} | {len(info['runs'][name])} | {m['rps']:,.0f} | {m['p50_ms']:.2f} | "
                    f"{m['p90_ms']:.2f} | {m['p99_ms']:.2f} | {cpu} | {share:.2f}× |" if m else f"| {label} | not run |")
    extra = []
    for name, label in (("serve 304", "pokedex serve: random Pokémon, `If-None-Match` matching (304)"),
                        ("serve lists", "pokedex serve: random list page `pokemon?limit=20&offset=…`"),
                        ("serve issues", "pokedex serve: random issues page of `o/r`, `state=all&per_page=100`"),
                        ("serve 4 connections", "pokedex serve: random Pokémon, 4 connections"),
                        ("nginx 4 connections", "nginx: random Pokémon, 4 connections")):
        run = info.get("extra", {}).get(name)
        if run:
            cpu = f"{run['cpu_ms']:.3f}" if "cpu_ms" in run else "—"
            extra.append(f"| {label} | {run['rps']:,.0f} | {run['p50_ms']:.2f} | {run['p99_ms']:.2f} | {cpu} | "
                         f"{run['errors']} |")
    mb = info.get("bytes", 0) / 1e6
    return [SERVE_HEADING, "",
            f"Case j, measured {report.date}; load average (1/5/15 min) at start → end: {load[0]} → {load[1]}.",
            f"wrk, {info.get('connections')} keep-alive connections on 2 threads, {info.get('seconds')} s a run, each",
            f"request a random `/api/v2/pokemon/{{id}}` of the {info.get('ids')} Pokémon ({mb:.0f} MB of bodies,",
            "no `Accept-Encoding`). The three servers answer the same bytes: nginx and http.server serve, as",
            "files, what pokedex serve answered for each id (checked before timing). nginx: 2 workers,",
            "sendfile, no access log; pokedex serve: `-q`, "
            f"`--threads {info.get('threads')}`; http.server: `python3 -m http.server` (HTTP/1.0, a",
            "connection per request). The rounds alternate the three servers; the table shows medians.",
            "Everything shares the machine's 2 cores with wrk.", "",
            "Server CPU is the user + system time of the server's processes (nginx: master and workers)",
            "during the run, per request answered: what the shared cores do not blur.", "",
            "| server | runs | requests/s | p50 (ms) | p90 (ms) | p99 (ms) | server CPU per request (ms) | ÷ nginx |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |", *rows, "",
            "Then one run each:", "",
            "| requests | requests/s | p50 (ms) | p99 (ms) | server CPU per request (ms) | non-2xx/3xx |",
            "| --- | --- | --- | --- | --- | --- |", *extra, "",
            f"pokedex serve's peak RSS over all of it (VmHWM): {info.get('peak_rss_kb', 0) / 1024:.1f} MB."]


def target_rps(r, other: str):
    info = r.info.get("serve")
    return ratio_to(info, "serve", other) if info else None


def target_p99(r):
    m = medians(r.info.get("serve", {}), "serve")
    return (f"{m['p99_ms']:.2f} ms", m["p99_ms"]) if m else None


def target_rss(r):
    info = r.info.get("serve")
    return (f"{info['peak_rss_kb'] / 1024:.1f} MB", info["peak_rss_kb"] / 1024) if info else None


def target_conditional(r):
    """304 requests/s ÷ 200 requests/s (serve's median over details)."""
    info = r.info.get("serve")
    if not info or "serve 304" not in info.get("extra", {}):
        return None
    fresh, full = info["extra"]["serve 304"]["rps"], medians(info, "serve")["rps"]
    return f"{fresh:,.0f} ÷ {full:,.0f} req/s = {fresh / full:.2f}×", fresh / full
