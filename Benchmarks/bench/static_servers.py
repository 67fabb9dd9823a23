"""The two servers pokedex serve is compared with, over the same bodies as files: nginx (the
file-server limit: sendfile, keep-alive, no access log) and `python3 -m http.server` (what
people use today)."""
import socket
import subprocess
import time
from pathlib import Path

from .common import BenchError


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, process: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise BenchError(f"{what} exited with status {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise BenchError(f"{what} did not listen on port {port}")


def nginx(root: Path, work: Path) -> tuple:
    """nginx serving root on 127.0.0.1: (process, base URL). Two workers, one per core."""
    port = free_port()
    prefix = work / "nginx"
    prefix.mkdir(parents=True, exist_ok=True)
    (prefix / "nginx.conf").write_text(f"""
user root;
worker_processes 2;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_requests 1000000;
    default_type application/json;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {root};
    }}
}}
""")
    process = subprocess.Popen(["nginx", "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-g", "daemon off;"])
    wait_for(port, process, "nginx")
    return process, f"http://127.0.0.1:{port}"


def http_server(root: Path) -> tuple:
    """python3 -m http.server over root: (process, base URL)."""
    port = free_port()
    process = subprocess.Popen(["python3", "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                "--directory", str(root)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(port, process, "http.server")
    return process, f"http://127.0.0.1:{port}"
