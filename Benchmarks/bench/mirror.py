"""The loopback mirror (../shared/tools/mirror/mirror.py): start, stop, warm, and what its
request log and /proc say about the requests of one measured command."""
import json
import os
import re
import subprocess
import time
import urllib.request
from pathlib import Path

from .common import check_call, log
from .settings import BENCH_DIR, BenchError

CLK_TCK = os.sysconf("SC_CLK_TCK")
DETAIL_PATH = re.compile(r"^/api/v2/(pokemon|pokemon-species|type|ability|evolution-chain)/[^/?]+/?$")


def launcher(settings, mode: str) -> list:
    """The command that runs mirror.py: through `mirror_memo.py` (its GitHub issue and
    comment listings memoised, answers unchanged) when `mode` is memo, else as it is."""
    if mode == "memo":
        return ["python3", BENCH_DIR / "mirror_memo.py", settings.mirror_py]
    return ["python3", settings.mirror_py]


def listing_note(mode: str) -> list:
    """The report's words on how the main mirror answered a GitHub case (`MAIN_MIRROR`)."""
    if mode == "memo":
        return ["It runs through `Benchmarks/mirror_memo.py`, which memoises the issue and comment listings",
                "(answers byte-for-byte unchanged): stock mirror.py filters and sorts every issue and every",
                "comment again for each page, so a client that reads every page waits on the mirror",
                "(what that cost in one measurement: Benchmarks/README.md). Real GitHub serves pages from an index."]
    return ["It is the stock mirror.py (MAIN_MIRROR=stock), which filters and sorts every issue and comment",
            "again for each page: a client that reads every page waits on the mirror."]


class Mirror:
    """One running mirror; files work/mirror-NAME.{port,tsv,out}."""

    def __init__(self, name: str, command: list, args: list, work: Path):
        self.name = name
        port_file = work / f"mirror-{name}.port"
        self.log_path = work / f"mirror-{name}.tsv"
        self.out_path = work / f"mirror-{name}.out"
        with open(self.out_path, "w") as out:
            self.process = subprocess.Popen(
                [*map(str, command), "--port", "0", "--port-file", str(port_file), "--log", str(self.log_path),
                 *args], stdout=out, stderr=subprocess.STDOUT)
        self._wait(f"{name} mirror port file", lambda: re.fullmatch(r"\d+\s*", _read(port_file)))
        self.url = f"http://127.0.0.1:{_read(port_file).strip()}"
        self.base_url = f"{self.url}/api/v2"
        self._wait(f"{name} mirror health", self._ready)
        log(f"{name} mirror ready at {self.url} (pid {self.process.pid})")

    def _ready(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/_admin/health", timeout=5) as answer:
                return json.load(answer).get("ready") is True
        except OSError:
            return False

    def _wait(self, what: str, condition, seconds: float = 300) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            if self.process.poll() is not None:
                raise BenchError(f"mirror exited while waiting for {what}:\n{_read(self.out_path)}")
            if time.monotonic() > deadline:
                raise BenchError(f"timed out after {seconds:.0f}s waiting for {what}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log_mark(self) -> int:
        """Requests logged so far: pass to traffic_since."""
        with open(self.log_path, "rb") as f:
            return sum(1 for _ in f)

    def cpu_seconds(self) -> float:
        """User + system CPU the mirror process has used so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK

    def traffic_since(self, mark: int) -> dict:
        """Counts over the requests logged after mark (admin paths left out). detail_bodies:
        200s with a body to a detail URL of the five resources (/api/v2/pokemon/{id}, …); server_ms: the mirror's own
        time answering them (the log's last column)."""
        t = {"requests": 0, "n200": 0, "n304": 0, "nother": 0, "bytes": 0, "detail_bodies": 0, "server_ms": 0.0}
        with open(self.log_path) as f:
            for line in list(f)[mark:]:
                _method, path, status, size, _fault, ms = line.rstrip("\n").split("\t")[:6]
                if path.startswith("/_admin"):
                    continue
                t["requests"] += 1
                t["bytes"] += int(size)
                t["server_ms"] += float(ms)
                key = {"200": "n200", "304": "n304"}.get(status, "nother")
                t[key] += 1
                if status == "200" and int(size) > 0 and DETAIL_PATH.match(path):
                    t["detail_bodies"] += 1
        return t

    def warm_github(self, repo: str, count: int, work: Path) -> float:
        """One pass over every issues page of repo (state=all, 100 a page), so each issue's JSON
        is in the render cache before anything is timed. Returns the seconds it took."""
        pages = (count + 99) // 100
        config = work / "warm-github.conf"
        config.write_text("".join(f'url = "{self.url}/repos/{repo}/issues?state=all&per_page=100&page={p}"\n'
                                  'output = "/dev/null"\n' for p in range(1, pages + 1)))
        start = time.monotonic()
        check_call(f"warming the mirror's {repo} issues",
                   ["curl", "--parallel", "--parallel-max", "2", "--no-progress-meter", "--fail", "--compressed",
                    "-K", config])
        seconds = time.monotonic() - start
        log(f"warmed {repo}: {pages} issues pages in {seconds:.1f} s")
        return seconds


    def warm_comments(self, repo: str) -> float:
        """One pass over repo's repository-wide comment list as pokedex walks it (by update,
        100 a page, following Link headers), so each comment's JSON is rendered before
        anything is timed, as warm_github does for issues. Returns the seconds it took."""
        url = f"{self.url}/repos/{repo}/issues/comments?sort=updated&direction=asc&per_page=100&page=1"
        start, pages = time.monotonic(), 0
        while url:
            with urllib.request.urlopen(url, timeout=600) as answer:
                answer.read()
                link = re.search(r'<([^>]+)>;\s*rel="next"', answer.headers.get("Link") or "")
            url = link.group(1) if link else None
            pages += 1
        seconds = time.monotonic() - start
        log(f"warmed {repo}: {pages} comment pages in {seconds:.1f} s")
        return seconds


def _read(path: Path) -> str:
    try:
        return Path(path).read_text()
    except FileNotFoundError:
        return ""
