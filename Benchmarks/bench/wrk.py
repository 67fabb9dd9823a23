"""wrk runs: a Lua script choosing each request's target, and the numbers wrk prints."""
import os
import re
import subprocess
from pathlib import Path

from .common import BenchError, log

CONNECTIONS = 64
THREADS = 2


def script(path: Path, targets: list, headers: list = None) -> Path:
    """A wrk script sending GETs of targets in a random order (each with its headers, if given)."""
    quoted = ",".join(f'"{t}"' for t in targets)
    lines = [f"local targets = {{{quoted}}}"]
    if headers:
        lines.append("local headers = {" + ",".join(
            "{" + ",".join(f'["{k}"]=[==[{v}]==]' for k, v in h.items()) + "}" for h in headers) + "}")
        lines.append("request = function() local i = math.random(#targets) "
                     "return wrk.format('GET', targets[i], headers[i]) end")
    else:
        lines.append("request = function() return wrk.format('GET', targets[math.random(#targets)]) end")
    path.write_text("\n".join(lines) + "\n")
    return path


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its children still running (nginx's workers)."""
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    total = 0
    for process in [pid, *map(int, children)]:
        fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def run(label: str, url: str, lua: Path, seconds: int, server_pid: int = None, connections: int = CONNECTIONS) -> dict:
    """One wrk run: requests/s, latency percentiles (ms), answers that were not 2xx/3xx, and the
    server's CPU per request (ms) when its pid is given."""
    command = ["wrk", "-t", str(THREADS), "-c", str(connections), "-d", f"{seconds}s", "--latency", "-s", str(lua),
               url]
    cpu_before = cpu_seconds(server_pid) if server_pid else None
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise BenchError(f"wrk ({label}) failed: {done.stderr.strip()}")
    out = done.stdout
    result = {"rps": _number(r"Requests/sec:\s+([\d.]+)", out),
              "errors": int(_number(r"Non-2xx or 3xx responses:\s+(\d+)", out) or 0),
              "socket_errors": sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))}
    requests = int(_number(r"(\d+) requests in", out))
    if cpu_before is not None and requests:
        result["cpu_ms"] = (cpu_seconds(server_pid) - cpu_before) * 1000 / requests
    for percent in ("50", "90", "99"):
        match = re.search(rf"^\s+{percent}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        result[f"p{percent}_ms"] = _milliseconds(*match.groups()) if match else None
    log(f"wrk {label}: {result['rps']:.0f} req/s, p99 {result['p99_ms']} ms, {result['errors']} non-2xx/3xx")
    return result


def _number(pattern: str, text: str):
    match = re.search(pattern, text)
    return float(match.group(1)) if match else 0.0


def _milliseconds(value: str, unit: str) -> float:
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
