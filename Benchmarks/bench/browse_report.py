"""Case k's section of the report (pokedex browse in a pseudo-terminal, issue 32) and the values
its targets read."""
from statistics import median

BROWSE_HEADING = "## Browsing: pokedex browse in a pseudo-terminal (case k)"


def percentile(values: list, share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def _info(r):
    return r.info.get("browse")


def _p95(r, key: str):
    info = _info(r)
    if not info or not info.get(key):
        return None
    value = percentile(info[key], 0.95)
    return f"{value:.1f} ms (p95 of {len(info[key])})", value


def target_results(r):
    return _p95(r, "result_ms")


def target_start(r):
    info = _info(r)
    if not info or not info.get("start_ms"):
        return None
    value = median(info["start_ms"])
    return f"{value:.1f} ms (median of {len(info['start_ms'])} starts)", value


def target_rss(r):
    info = _info(r)
    if not info:
        return None
    mb = info["peak_rss_kb"] / 1024
    return f"{mb:.1f} MB", mb


def section(report) -> list:
    info = report.r.info.get("browse", {})
    if not info:
        return [BROWSE_HEADING, "", "(not run)"]
    load = info.get("load", ["?", "?"])

    def row(label: str, key: str) -> str:
        values = info.get(key, [])
        if not values:
            return f"| {label} | 0 | — | — | — |"
        return (f"| {label} | {len(values)} | {median(values):.1f} | {percentile(values, 0.95):.1f} | "
                f"{max(values):.1f} |")

    echo = info.get("echo_bytes", [])
    return [BROWSE_HEADING, "",
            f"Case k, measured {report.date}; load average (1/5/15 min) at start → end: {load[0]} → {load[1]}.",
            "`pokedex browse` on the whole-API db of the main mirror's sync (every name in every language,",
            "forms and moves stored; no images), in an 80×24 pseudo-terminal (`TERM=xterm-256color`,",
            "`COLORTERM=truecolor`), driven by `Benchmarks/cases/browse.py`, which times around its reads of",
            "the pty: the first frame is the first output showing the list's first row; a keystroke's echo",
            "frame is the first output after it; its results frame the last output before the screen is",
            "quiet for 300 ms, less the 100 ms debounce. Each search is typed one character at a time:",
            f"{', '.join('`' + s + '`' for s in info.get('searches', []))}.", "",
            "| measure | n | median (ms) | p95 (ms) | max (ms) |", "| --- | --- | --- | --- | --- |",
            row("start → first frame", "start_ms"),
            row("keystroke → its echo frame", "echo_ms"),
            row("keystroke → results frame, less the debounce", "result_ms"), "",
            f"Bytes written per typed character (echo frame): median {median(echo) if echo else 0:.0f}, "
            f"max {max(echo) if echo else 0}; one move down the list (two list rows and the entry pane): "
            f"{info.get('down_bytes', 0):,} bytes. Peak RSS (VmHWM): {info.get('peak_rss_kb', 0) / 1024:.1f} MB."]
