"""j. pokedex serve (issue 31): random `/api/v2/pokemon/{id}` with 64 keep-alive connections
(wrk), against nginx serving the same bodies as static files and `python3 -m http.server` over
the same files, in the same run; then 304 answers, list pages and GitHub issue pages of
pokedex serve alone; its peak RSS over all of it."""
import http.client
import shutil
import signal
import sqlite3
import subprocess
import time

from bench import setup, static_servers, wrk
from bench.common import BenchError, load_average, log
from bench.settings import ISSUES_COUNT, ISSUES_REPO


def start_serve(ctx, db, threads: int) -> tuple:
    """pokedex serve on an ephemeral port, quiet (nginx logs nothing either): (process, URL)."""
    process = subprocess.Popen([str(ctx.pokedex), "--db", str(db), "-q", "serve", "--port", "0",
                                "--threads", str(threads)], stderr=subprocess.PIPE, text=True)
    first = process.stderr.readline().strip()
    if not first.startswith("http://"):
        raise BenchError(f"pokedex serve did not start: {first}")
    return process, first


def get(url: str, path: str) -> tuple:
    host, port = url[len("http://"):].split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.request("GET", path)
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    if answer.status != 200:
        raise BenchError(f"GET {path}: {answer.status}")
    return body, answer.getheader("ETag")


def peak_rss_kb(pid: int) -> int:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def run(ctx) -> dict:
    setup.install_packages([("wrk", shutil.which("wrk")), ("nginx-light", shutil.which("nginx"))])
    seconds, rounds, threads = ctx.settings.serve_seconds, ctx.settings.runs, ctx.settings.serve_threads
    db = ctx.dbs / "serve.sqlite"
    if not db.exists():
        shutil.copy(ctx.ensure_synced_db(), db)
        log(f"pokedex sync issues {ISSUES_REPO} into {db} (not timed)")
        ctx._run_untimed("pokedex sync issues", ctx.issues_command(db, ISSUES_REPO))
    with sqlite3.connect(db) as connection:
        ids = [row[0] for row in connection.execute("SELECT id FROM pokemon ORDER BY id")]
    load_start = load_average()
    serve, url = start_serve(ctx, db, threads)
    processes = [serve]
    try:
        # The same bodies, as files: what serve answers for each id.
        root = ctx.work / "serve-static"
        etags = {}
        for pokemon in ids:
            body, etags[pokemon] = get(url, f"/api/v2/pokemon/{pokemon}")
            target = root / "api/v2/pokemon" / str(pokemon)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(body)
        nginx, nginx_url = static_servers.nginx(root, ctx.work)
        processes.append(nginx)
        python, python_url = static_servers.http_server(root)
        processes.append(python)
        for other in (nginx_url, python_url):
            for pokemon in ids[:: max(1, len(ids) // 20)]:
                if get(other, f"/api/v2/pokemon/{pokemon}")[0] != get(url, f"/api/v2/pokemon/{pokemon}")[0]:
                    raise BenchError(f"{other} does not serve serve's body for {pokemon}")
        scripts = ctx.work / "wrk"
        scripts.mkdir(exist_ok=True)
        details = wrk.script(scripts / "details.lua", [f"/api/v2/pokemon/{p}" for p in ids])
        conditional = wrk.script(scripts / "conditional.lua", [f"/api/v2/pokemon/{p}" for p in ids],
                                 [{"If-None-Match": etags[p]} for p in ids])
        count = len(ids)
        lists = wrk.script(scripts / "lists.lua", [f"/api/v2/pokemon?limit=20&offset={o}" for o in range(0, count, 20)])
        pages = (ISSUES_COUNT + 99) // 100
        issues = wrk.script(scripts / "issues.lua", [f"/api/v3/repos/{ISSUES_REPO}/issues?state=all&per_page=100&page={p}"
                                                     for p in range(1, pages + 1)])
        runs = {"serve": [], "nginx": [], "http.server": []}
        for round_ in range(rounds):
            log(f"serve case: round {round_ + 1} of {rounds}")
            for name, base, pid in (("serve", url, serve.pid), ("nginx", nginx_url, nginx.pid),
                                    ("http.server", python_url, python.pid)):
                runs[name].append(wrk.run(name, base, details, seconds, pid))
        extra = {"serve 304": wrk.run("serve 304", url, conditional, seconds, serve.pid),
                 "serve lists": wrk.run("serve lists", url, lists, seconds, serve.pid),
                 "serve issues": wrk.run("serve issues", url, issues, seconds, serve.pid),
                 "serve 4 connections": wrk.run("serve, 4 connections", url, details, seconds, serve.pid,
                                                connections=4),
                 "nginx 4 connections": wrk.run("nginx, 4 connections", nginx_url, details, seconds, nginx.pid,
                                                connections=4)}
        rss = peak_rss_kb(serve.pid)
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
    if serve.returncode != 0:
        raise BenchError(f"pokedex serve exited with {serve.returncode} on SIGTERM")
    time.sleep(0.1)
    return {"info": {"serve": {"runs": runs, "extra": extra, "peak_rss_kb": rss, "ids": len(ids),
                               "bytes": sum((root / "api/v2/pokemon" / str(p)).stat().st_size for p in ids),
                               "seconds": seconds, "threads": threads, "connections": wrk.CONNECTIONS,
                               "load": [load_start, load_average()]}}}
