"""What the run needs before any case: tools from apt, a venv with the Python peers, the
release build of pokedex."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from .common import check_call, log
from .settings import BENCH_DIR, REPO_ROOT, BenchError

VENV = BENCH_DIR / ".venv"
PYTHON = VENV / "bin/python"


def install_tools() -> None:
    install_packages([
        ("hyperfine", shutil.which("hyperfine")), ("time", os.access("/usr/bin/time", os.X_OK)),
        ("curl", shutil.which("curl")), ("sqlite3", shutil.which("sqlite3")),
        # The static release build links libcurl by name: libcurl.so comes with the -dev package.
        ("libcurl4-openssl-dev", shutil.which("curl-config"))])


def install_packages(packages: list) -> None:
    """apt-get install the (package, present) pairs whose package is not present."""
    missing = [package for package, present in packages if not present]
    if not missing:
        return
    log(f"installing with apt: {' '.join(missing)}")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    check_call("apt-get update", [*sudo, "apt-get", "update", "-qq"])
    check_call("apt-get install", [*sudo, "apt-get", "install", "-y", "-qq", *missing],
               env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def pip_ensure(modules: str, package: str) -> None:
    """pip install package into the venv unless modules import."""
    if subprocess.run([str(PYTHON), "-c", f"import {modules}"], capture_output=True).returncode == 0:
        return
    log(f"pip install {package}")
    check_call(f"pip install {package}", [PYTHON, "-m", "pip", "install", "-q", "--disable-pip-version-check", package])


def setup_venv(settings) -> None:
    if not PYTHON.exists():
        log(f"creating {VENV}")
        check_call("python3 -m venv", [sys.executable, "-m", "venv", VENV])
    pip_ensure("requests", "requests")
    if settings.has("issues", "comments"):
        pip_ensure("github_to_sqlite", "github-to-sqlite")
    if settings.has("dlt", "dlt-issues"):
        pip_ensure("dlt, sqlalchemy", "dlt[sqlalchemy]")


def build_release(settings, work: Path) -> None:
    if settings.skip_build:
        log(f"SKIP_BUILD=1: using existing {settings.pokedex}")
    else:
        log("swift build -c release --static-swift-stdlib (the README's build)")
        build_log = work / "build.log"
        with open(build_log, "w") as out:
            status = subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=REPO_ROOT,
                                    stdout=out, stderr=subprocess.STDOUT).returncode
        if status != 0:
            tail = "\n".join(build_log.read_text().splitlines()[-40:])
            raise BenchError(f"swift build -c release --static-swift-stdlib failed:\n{tail}")
    if not os.access(settings.pokedex, os.X_OK):
        raise BenchError(f"no executable at {settings.pokedex}")
