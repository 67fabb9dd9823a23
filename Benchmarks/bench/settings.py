"""The knobs of Benchmarks/run (environment variables) and the fixed facts of its cases."""
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = BENCH_DIR.parent
ALL_CASES = ("sync", "curl", "composed", "python", "dlt", "resync", "query", "issues", "dlt-issues", "scale",
             "artwork", "comments", "serve", "api", "browse")
POKEAPI_CASES = ("sync", "curl", "composed", "python", "dlt", "resync", "query")
GITHUB_CASES = ("issues", "dlt-issues")
POKEDEX_CASES = ("sync", "resync", "query", "issues", "scale", "artwork", "comments", "serve", "api", "browse")
THREAD_CASES = ("comments",)     # case i, on the main mirror; a section of its own
SERVE_CASES = ("serve",)         # case j: its databases come from the main mirror; a section of its own
BROWSE_CASES = ("browse",)       # case k: the main mirror's synced db in a pty; a section of its own

# The lists a full sync walks (and naive_sync.py too), by the table their details fill; the
# evolution chains have no list walk: the species bodies link them.
LISTED_RESOURCES = {"pokemon": "pokemon/", "pokemon_species": "pokemon-species/", "type": "type/", "ability": "ability/"}
# The kinds of the whole dex as `sync --resources` names them: the listed ones and the chains.
WHOLE_DEX_KINDS = ("pokemon", "pokemon-species", "type", "ability", "evolution-chain")
LIST_PAGE_SIZE = 1000              # entries per list request, as pokedex asks (CatalogSyncOptions)
ISSUES_REPO = "o/r"                # served by the main mirror for cases e, f, f2
ISSUES_COUNT = 10000               # its issues + pull requests
SCALE_REPO = "o/big"               # case g, on a mirror of its own
HF_RUNS = 50                       # hyperfine runs and warm-ups of case e
HF_WARMUP = 5
SCALE_HF_WARMUP = 2


class BenchError(Exception):
    """A failure that stops the run, with the message to print."""


def thousands(n: int) -> str:
    return f"{n:,}"


@dataclass
class Settings:
    cases: list = field(default_factory=lambda: list(ALL_CASES))
    runs: int = 5
    dlt_runs: int = 1
    gh2sqlite_runs: int = 1
    search_word: str = "pagination"
    scale_issues: int = 200000
    main_mirror: str = "memo"
    scale_mirror: str = "memo"
    scale_hf_runs: int = 20
    serve_seconds: int = 10
    serve_threads: int = 2
    dlt_pokemon_nesting: str = "0"
    concurrency: str = ""
    strict: bool = False
    keep_work: bool = False
    skip_build: bool = False
    shared_dir: Path = REPO_ROOT.parent / "shared"
    pokedex: Path = REPO_ROOT / ".build/release/pokedex"
    report: Path = REPO_ROOT / "BENCHMARKS.md"

    @classmethod
    def from_env(cls, env=os.environ) -> "Settings":
        s = cls()
        if env.get("CASES", "").split():
            s.cases = env["CASES"].split()
        for name in ("runs", "dlt_runs", "gh2sqlite_runs", "scale_issues", "scale_hf_runs", "serve_seconds",
                     "serve_threads"):
            text = env.get(name.upper(), str(getattr(s, name)))
            if not re.fullmatch(r"[1-9][0-9]*", text):
                raise BenchError(f"{name.upper()} must be a positive integer")
            setattr(s, name, int(text))
        s.search_word = env.get("SEARCH_WORD", s.search_word)
        s.main_mirror = env.get("MAIN_MIRROR", s.main_mirror)
        s.scale_mirror = env.get("SCALE_MIRROR", s.scale_mirror)
        s.dlt_pokemon_nesting = env.get("DLT_POKEMON_NESTING", s.dlt_pokemon_nesting)
        s.concurrency = env.get("CONCURRENCY", "")
        s.strict = env.get("STRICT", "0") == "1"
        s.keep_work = env.get("KEEP_WORK", "0") == "1"
        s.skip_build = env.get("SKIP_BUILD", "0") == "1"
        s.shared_dir = Path(env.get("SHARED_DIR") or s.shared_dir)
        s.pokedex = Path(env.get("POKEDEX") or s.pokedex)
        s.report = Path(env.get("BENCHMARKS_MD") or s.report)
        s.check()
        return s

    def check(self) -> None:
        unknown = [c for c in self.cases if c not in ALL_CASES]
        if unknown:
            raise BenchError(f"unknown case '{unknown[0]}' in CASES (known: {' '.join(ALL_CASES)})")
        if not re.fullmatch(r"[A-Za-z0-9]+", self.search_word):
            raise BenchError("SEARCH_WORD must be one word of letters and digits")
        for name, mode in (("MAIN_MIRROR", self.main_mirror), ("SCALE_MIRROR", self.scale_mirror)):
            if mode not in ("memo", "stock"):
                raise BenchError(f"{name} must be memo or stock")

    def has(self, *cases: str) -> bool:
        return any(c in self.cases for c in cases)

    @property
    def scale_number(self) -> int:
        """N of `issue o/big#N`."""
        return 123456 if self.scale_issues >= 123456 else (self.scale_issues + 1) // 2

    @property
    def mirror_py(self) -> Path:
        return self.shared_dir / "tools/mirror/mirror.py"

    def as_json(self) -> dict:
        """What the report needs to know of the settings."""
        return {"cases": self.cases, "runs": self.runs, "dlt_runs": self.dlt_runs,
                "gh2sqlite_runs": self.gh2sqlite_runs, "search_word": self.search_word,
                "scale_issues": self.scale_issues, "scale_number": self.scale_number,
                "main_mirror": self.main_mirror,
                "scale_mirror": self.scale_mirror, "scale_hf_runs": self.scale_hf_runs,
                "dlt_pokemon_nesting": self.dlt_pokemon_nesting, "concurrency": self.concurrency}
