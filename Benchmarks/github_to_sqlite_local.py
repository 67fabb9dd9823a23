#!/usr/bin/env python3
"""Run github-to-sqlite's CLI against a local GitHub API (the benchmark mirror).

    github_to_sqlite_local.py API_URL [github-to-sqlite arguments...]
    e.g. github_to_sqlite_local.py http://127.0.0.1:41234 issues gh.db o/r --auth auth.json

github-to-sqlite (PyPI `github-to-sqlite`, 2.9.x) has no base-URL option: every API URL
is an inline string literal in github_to_sqlite/utils.py ("https://api.github.com/repos/
{}/{}".format(...), f"https://api.github.com/repos/{repo}/pulls?...", ...), and
save_issues() also splits pull_request URLs on the literal "https://api.github.com/repos/".
So at import time this wrapper rewrites the "https://api.github.com" prefix inside every
string constant of every function code object in github_to_sqlite.utils and .cli
(nested code objects included) to API_URL, then runs the click CLI unchanged. Nothing
else is patched: requests.get without a Session, one connection per request, the
per-row sqlite-utils inserts and the ?state=all&filter=all + per_page=100 pagination are
the tool's own behaviour.
"""
import sys
import types

GITHUB = "https://api.github.com"


def rewrite_code(code: types.CodeType, base: str) -> tuple[types.CodeType, int]:
    count = 0
    consts = []
    for c in code.co_consts:
        if isinstance(c, str) and GITHUB in c:
            consts.append(c.replace(GITHUB, base))
            count += 1
        elif isinstance(c, types.CodeType):
            new, n = rewrite_code(c, base)
            consts.append(new)
            count += n
        else:
            consts.append(c)
    return code.replace(co_consts=tuple(consts)), count


def patch_module(module: types.ModuleType, base: str) -> int:
    total = 0
    for name, obj in list(vars(module).items()):
        func = getattr(obj, "callback", None) or obj   # click commands wrap the function
        func = getattr(func, "__wrapped__", func)
        if isinstance(func, types.FunctionType) and func.__module__ == module.__name__:
            func.__code__, n = rewrite_code(func.__code__, base)
            total += n
        elif isinstance(obj, str) and GITHUB in obj:     # module-level constants, if any
            setattr(module, name, obj.replace(GITHUB, base))
            total += 1
    return total


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    base = sys.argv[1].rstrip("/")
    from github_to_sqlite import cli, utils

    n = patch_module(utils, base) + patch_module(cli, base)
    if n == 0:
        sys.exit("github_to_sqlite_local.py: no api.github.com constant found to rewrite")
    sys.argv = ["github-to-sqlite", *sys.argv[2:]]
    cli.cli()


if __name__ == "__main__":
    main()
