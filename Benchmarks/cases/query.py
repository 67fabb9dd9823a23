"""e. hyperfine: `show pikachu` (text, --json), `list --limit 50 --json` and
`issues o/r --search WORD` (text, --json) against the sqlite3 CLI running sql/*.sql."""
from bench import hyperfine, reads, sqlfiles
from bench.common import log
from bench.settings import HF_RUNS, HF_WARMUP, ISSUES_REPO


def run(ctx) -> dict:
    db, idb, word, pokedex = ctx.ensure_synced_db(), ctx.ensure_issues_db(), ctx.settings.search_word, ctx.pokedex
    show_sql, list_sql = reads.show_sql(), reads.list_sql()
    search_sql = reads.issues_sql(ISSUES_REPO, 30, search=word)
    show, lst, search = (sqlfiles.one_line(s) for s in (show_sql, list_sql, search_sql))
    reads.check_output("show pikachu", [pokedex, "--db", db, "show", "pikachu"])
    reads.check_output("show pikachu --json", [pokedex, "--db", db, "show", "pikachu", "--json"])
    reads.check_output("sqlite3 show query", ["sqlite3", db, show])
    reads.check_output("list --limit 50 --json", [pokedex, "--db", db, "list", "--limit", "50", "--json"])
    reads.check_output("sqlite3 list query", ["sqlite3", "-json", db, lst])
    reads.check_same_issues(ctx, f"issues --search {word}", idb, search, "issues", ISSUES_REPO, "--search", word)
    measured = {}
    floor = [("version", [pokedex, "--version"])] if reads.has_version_flag(pokedex) else []
    groups = {
        "show": floor + [("show", [pokedex, "--db", db, "show", "pikachu"]),
                         ("show_json", [pokedex, "--db", db, "show", "pikachu", "--json"]),
                         ("show_sqlite3", ["sqlite3", db, show])],
        "list": [("list_json", [pokedex, "--db", db, "list", "--limit", "50", "--json"]),
                 ("list_sqlite3", ["sqlite3", "-json", db, lst])],
        "search": [("search", [pokedex, "--db", idb, "issues", ISSUES_REPO, "--search", word]),
                   ("search_sqlite3", ["sqlite3", idb, search]),
                   ("search_json", [pokedex, "--db", idb, "issues", ISSUES_REPO, "--search", word, "--json"]),
                   ("search_sqlite3_json", ["sqlite3", "-json", idb, search])],
    }
    for name, commands in groups.items():
        log(f"hyperfine: {name} vs sqlite3")
        measured.update(hyperfine.group(ctx, name, commands, HF_RUNS, HF_WARMUP))
    return {"reads": measured,
            "info": {"query": {"show_sql": show_sql, "list_sql": list_sql, "search_sql": search_sql}}}
