"""The SQL files of Benchmarks/sql/ as the sqlite3 CLI gets them: comment lines dropped and
each :name parameter written in as an SQL literal. (BenchmarkSQLTests runs the same files
with the parameters bound, against the store's query API.)"""
import re
from pathlib import Path

SQL_DIR = Path(__file__).resolve().parent.parent / "sql"
# A quoted string or identifier (left alone), or a :name parameter.
_TOKEN = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|:([A-Za-z_][A-Za-z0-9_]*)")


def literal(value) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    return "'" + str(value).replace("'", "''") + "'"


def text(name: str) -> str:
    """The file's statements without its comment lines."""
    lines = (SQL_DIR / name).read_text().splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith("--")).strip() + "\n"


def written_in(file: str, /, **parameters) -> str:
    """text(file) with every :parameter replaced by the literal of its value; each given
    value must be used and each parameter given, as binding would require."""
    used = set()

    def replace(match):
        if match.group(1) is None:
            return match.group(0)
        key = match.group(1)
        if key not in parameters:
            raise KeyError(f"{file}: no value for :{key}")
        used.add(key)
        return literal(parameters[key])

    sql = _TOKEN.sub(replace, text(file))
    if set(parameters) - used:
        raise KeyError(f"{file} takes no parameter {sorted(set(parameters) - used)}")
    return sql


def one_line(sql: str) -> str:
    """SQL as passed to sqlite3 under hyperfine -N (which splits a command line like a POSIX
    shell: no newlines in an argument)."""
    return sql.strip().replace("\n", " ")


def fts_all_words(words: str) -> str:
    """What IssueArchive's FullTextQuery.allWords makes of the words: "word"* …"""
    return " ".join(f'"{w}"*' for w in re.split(r"[^\w]+|_", words) if w)
