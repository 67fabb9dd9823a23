"""Small helpers every case uses: logging, processes, files, db row counts, /usr/bin/time."""
import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from .settings import BenchError


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def load_average() -> str:
    """The 1/5/15-minute load averages, as /proc/loadavg writes them."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def check_call(what: str, command: list, **kwargs) -> str:
    """Runs command; its stdout, or BenchError with the end of its output when it fails."""
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-30:])
        raise BenchError(f"{what} failed ({done.returncode}): {' '.join(map(str, command))}\n{tail}")
    return done.stdout


def db_bytes(path: Path) -> int:
    """A db file plus any WAL/SHM beside it; for a folder, every file in it (dlt keeps its
    merge staging tables in a second file beside the db)."""
    path = Path(path)
    if path.is_dir():
        return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
    return sum(p.stat().st_size for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if p.is_file())


def remove_db(path: Path) -> None:
    path = Path(path)
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}.lock")):
        if p.is_file():
            p.unlink()


def read_only(db: Path):
    """A read-only connection to db, closed when the `with` block ends: Python's sqlite3 does
    not close one by itself until the cyclic GC runs, and a connection left open keeps a
    pokedex run measured next from checkpointing its WAL at exit."""
    return contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True))


def count_rows(db: Path, table: str) -> int:
    try:
        with read_only(db) as connection:
            return connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    except sqlite3.Error as error:
        raise BenchError(f"cannot count {table} in {db}: {error}") from error


def expect_rows(db: Path, table: str, expected: int) -> None:
    n = count_rows(db, table)
    if n != expected:
        raise BenchError(f"{db}: {table} holds {n} rows, expected {expected}")


def timed(what: str, command: list, scratch: Path) -> dict:
    """Runs command once under /usr/bin/time: wall_s, rss_kb, cpu_s (user_s + sys_s). Output goes to scratch/cmd.out."""
    time_out, cmd_out = scratch / "time.out", scratch / "cmd.out"
    start = time.monotonic()
    with open(cmd_out, "w") as out:
        status = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", "-o", str(time_out), *map(str, command)],
                                stdout=out, stderr=subprocess.STDOUT).returncode
    wall = time.monotonic() - start
    if status != 0:
        tail = "\n".join(cmd_out.read_text(errors="replace").splitlines()[-30:])
        raise BenchError(f"{what}: command failed: {' '.join(map(str, command))}\n{tail}")
    rss, user, system = time_out.read_text().splitlines()[-1].split()
    return {"wall_s": wall, "rss_kb": int(rss), "cpu_s": float(user) + float(system), "user_s": float(user),
            "sys_s": float(system)}


def python_version(python: Path, distribution: str) -> str:
    """Installed version of a Python distribution in python's environment, or "?"."""
    done = subprocess.run([str(python), "-c", f"import importlib.metadata as m; print(m.version('{distribution}'))"],
                          capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else "?"


def flush_dirty_pages(before: str) -> None:
    """Writes back what the machine has dirty (os.sync) before `before` is timed. A release
    build leaves hundreds of MB that the kernel writes back ≈30 s later (dirty_expire), in the
    middle of the first timed cases, where it delays every fsync of a client that stores."""
    dirty_kb = next((int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                     if line.startswith("Dirty:")), 0)
    start = time.monotonic()
    os.sync()
    log(f"wrote back {dirty_kb / 1024:.0f} MB of dirty pages in {time.monotonic() - start:.1f} s before {before}")
