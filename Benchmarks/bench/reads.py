"""The read cases' comparisons (e, g): the sqlite3 statements of Benchmarks/sql/ with this
run's values written in, and the checks that pokedex and sqlite3 return the same issues."""
import json
import subprocess

from . import sqlfiles
from .common import check_call, log
from .settings import BenchError


def show_sql() -> str:
    return sqlfiles.written_in("show.sql", name="pikachu")


def list_sql(limit: int = 50) -> str:
    return sqlfiles.written_in("list.sql", limit=limit)


def issues_sql(repo: str, limit: int, search: str = None) -> str:
    """What `pokedex issues REPO [--search WORD] --limit LIMIT` reads (default filter)."""
    if search is None:
        return sqlfiles.written_in("issues.sql", repo=repo, limit=limit)
    return sqlfiles.written_in("issues_search.sql", repo=repo, fts=sqlfiles.fts_all_words(search), limit=limit)


def issue_sql(repo: str, number: int) -> str:
    return sqlfiles.written_in("issue.sql", repo=repo, number=number)


def check_output(label: str, command: list) -> None:
    """The command succeeds and prints something."""
    if not check_call(label, command).strip():
        raise BenchError(f"{label} printed nothing (wrong query for the schema?)")


def check_same_issues(ctx, label: str, db, sql: str, *pokedex_args: str) -> None:
    """`pokedex --db DB ARGS --json` and `sqlite3 -json DB SQL` list the same issue numbers in
    the same order."""
    ours = _numbers(check_call(f"{label}: pokedex", [ctx.pokedex, "--db", db, *pokedex_args, "--json"]))
    theirs = _numbers(check_call(f"{label}: sqlite3", ["sqlite3", "-json", db, sql]))
    if not ours:
        raise BenchError(f"{label}: pokedex returned no issue (pick another SEARCH_WORD)")
    if ours != theirs:
        raise BenchError(f"{label}: pokedex {ours[:10]}… vs sqlite3 {theirs[:10]}…")
    log(f"{label}: {len(ours)} issues, same as sqlite3")


def _numbers(text: str) -> list:
    data = json.loads(text) if text.strip() else []
    return [d["number"] for d in (data if isinstance(data, list) else [data])]


def has_version_flag(pokedex) -> bool:
    return subprocess.run([str(pokedex), "--version"], capture_output=True).returncode == 0
