"""k. pokedex browse (issue 32) in a pseudo-terminal of 80×24 on the whole-API db (every name in
every language, forms and moves stored): start → first frame; each keystroke of searches typed
a character at a time → the frame echoing it, and → the frame with its results (less the 100 ms
debounce, so what remains is the search and the drawing); bytes written per keystroke; peak RSS.
Times are taken in this process around the pty's reads."""
import fcntl
import os
import pty
import select
import signal
import struct
import termios
import time
from statistics import median

from bench.browse_report import percentile
from bench.common import BenchError, load_average, log

COLUMNS, ROWS = 80, 24
DEBOUNCE_S = 0.100            # DebouncedSearch's delay
QUIET_S = 0.300               # no output for this long: the frame is complete
STARTS = 10
SEARCHES = ("pikachu", "glurak", "ピカチュウ", "char", "learns:thunderbolt", "type:fire gen:1", "zzzz", "mew")


class Session:
    """One `pokedex browse` on a pty; its output read with timestamps."""

    def __init__(self, pokedex, db):
        self.held_at = None
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
            os.execve(str(pokedex), [str(pokedex), "--db", str(db), "browse"],
                      {"TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": os.environ.get("PATH", "")})
        self.output = bytearray()

    def read(self, until, timeout: float) -> list:
        """Chunks (time, bytes) read until `until(all output)` holds and QUIET_S passes
        without output, or timeout; raises when until never held."""
        chunks, deadline, held = [], time.perf_counter() + timeout, False
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            ready, _, _ = select.select([self.fd], [], [], min(left, QUIET_S))
            if not ready:
                if held:
                    return chunks
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append((time.perf_counter(), data))
            self.output += data
            if not held and until(bytes(self.output)):
                held, self.held_at = True, chunks[-1][0]
        if not held:
            raise BenchError(f"browse did not draw what was expected; last output: {bytes(self.output[-300:])!r}")
        return chunks

    def type(self, keys: str) -> float:
        self.output.clear()
        sent = time.perf_counter()
        os.write(self.fd, keys.encode())
        return sent

    def peak_rss_kb(self) -> int:
        for line in open(f"/proc/{self.pid}/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return 0

    def quit(self) -> None:
        os.write(self.fd, b"q")
        for _ in range(50):
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.02)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def first_row(output: bytes) -> bool:
    return b"#0001" in output


def run(ctx) -> dict:
    db, load_start = ctx.ensure_api_db(), load_average()
    starts = []
    for _ in range(STARTS):
        session = Session(ctx.pokedex, db)
        session.read(first_row, timeout=10)
        starts.append(session.held_at - session.started)
        session.quit()
    log(f"browse: start → first frame {median(starts) * 1000:.1f} ms median")

    session = Session(ctx.pokedex, db)
    session.read(first_row, timeout=10)
    echoes, results, echo_bytes = [], [], []
    for text in SEARCHES:
        session.type("/\x15")  # search, the last text cleared (^U)
        session.read(lambda _: True, timeout=5)
        for character in text:
            sent = session.type(character)
            chunks = session.read(lambda _: True, timeout=5)
            echoes.append(chunks[0][0] - sent)
            echo_bytes.append(sum(len(c) for t, c in chunks if t - sent < DEBOUNCE_S / 2))
            # Each key waits QUIET_S, past the debounce: its search runs, and its results are
            # drawn unless they are the ones shown already.
            searched = [t for t, _ in chunks if t - sent >= DEBOUNCE_S]
            if searched:
                results.append(searched[-1] - sent - DEBOUNCE_S)
        session.type("\x1b")
        session.read(lambda _: True, timeout=5)
    session.type("j")
    moved = sum(len(c) for _, c in session.read(lambda _: True, timeout=5))
    rss = session.peak_rss_kb()
    session.quit()
    info = {
        "start_ms": [s * 1000 for s in starts],
        "echo_ms": [e * 1000 for e in echoes],
        "result_ms": [r * 1000 for r in results],
        "echo_bytes": echo_bytes, "down_bytes": moved, "peak_rss_kb": rss,
        "searches": list(SEARCHES), "load": [load_start, load_average()],
    }
    log(f"browse: echo p95 {percentile(info['echo_ms'], 0.95):.1f} ms, results p95 "
        f"{percentile(info['result_ms'], 0.95):.1f} ms after the debounce, RSS {rss / 1024:.1f} MB")
    return {"info": {"browse": info}}
