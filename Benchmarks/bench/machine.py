"""The report's Machine table: rows (label, value) read at the end of the run."""
import os
import platform
import subprocess
from pathlib import Path

from .common import load_average, python_version


def _first_line(command: list, default: str = "—") -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True)
    except FileNotFoundError:
        return default
    lines = (done.stdout + done.stderr).splitlines()
    return lines[0] if done.returncode == 0 and lines else default


def _cpu() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "?"


def _memory() -> str:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal"):
            return f"{int(line.split()[1]) / 1048576:.1f} GiB"
    return "?"


def machine_rows(python: Path, load_start: str, with_dlt: bool, concurrency: str) -> list:
    py = _first_line([str(python), "-c", "import platform; print(platform.python_version())"], "?")
    rows = [
        ("cores (nproc)", str(len(os.sched_getaffinity(0)))),
        ("CPU", _cpu()),
        ("memory", _memory()),
        ("kernel", f"{platform.system()} {platform.release()}"),
        ("Swift", _first_line(["swift", "--version"])),
        ("sqlite3 CLI", _first_line(["sqlite3", "--version"]).split(" ")[0]),
        ("curl", _first_line(["curl", "--version"]).split(" ")[1]),
        ("Python (naive_sync.py, dlt)", f"{py}, requests {python_version(python, 'requests')}"),
    ]
    if with_dlt:
        rows.append(("dlt", f"{python_version(python, 'dlt')} (sqlalchemy destination, "
                            f"SQLAlchemy {python_version(python, 'sqlalchemy')})"))
    rows += [
        ("hyperfine", _first_line(["hyperfine", "--version"]).split(" ")[-1]),
        ("load average (1/5/15 min) at start → end", f"{load_start} → {load_average()}"),
        ("pokedex --concurrency", concurrency or "default (flag not passed)"),
    ]
    return rows
