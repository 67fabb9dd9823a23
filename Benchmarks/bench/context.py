"""What the cases share: settings, scratch folders, the current mirror, the measurements so
far, and the commands and databases more than one case uses."""
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from . import catalog, setup
from .common import expect_rows, log
from .settings import BENCH_DIR, ISSUES_COUNT, ISSUES_REPO, WHOLE_DEX_KINDS, BenchError, Settings


@dataclass
class Context:
    settings: Settings
    work: Path = BENCH_DIR / "work"
    python: Path = setup.PYTHON
    mirror: object = None               # the Mirror that measure() looks at
    expected_count: int = 0             # pokemon the list endpoint announces
    expected_rows: dict = field(default_factory=dict)  # table → rows a complete whole-dex sync holds
    curl_config: Path = None            # every list page and detail URL, to /dev/null
    url_list: list = field(default_factory=list)  # (kind, url): the list pages, then every detail (whole dex)
    series: dict = field(default_factory=dict)    # series name → runs (see measure.FIELDS)
    reads: dict = field(default_factory=dict)     # hyperfine label → {median_ms, mean_ms, stddev_ms, runs}
    info: dict = field(default_factory=dict)      # case → facts the report prints (loads, dates, SQL)
    synced_db: Path = None              # a db holding a complete catalog sync (cases d, e)
    api_db: Path = None                 # a db holding a whole-API sync (case k)
    issues_db: Path = None              # a db holding o/r's issues (case e)

    @property
    def results(self) -> Path:
        return self.work / "results"

    @property
    def dbs(self) -> Path:
        return self.work / "db"

    @property
    def pokedex(self) -> Path:
        return self.settings.pokedex

    def sync_command(self, db: Path, *arguments: str, whole_api: bool = False) -> list:
        """pokedex's full sync of db: the whole dex (its five PokeAPI resources, which the
        other tools of the sync cases download too), or with whole_api every kind the root
        index lists; the data alone (`--artwork none`: images are case h's) unless arguments say
        otherwise."""
        kinds = [] if whole_api else ["--resources", ",".join(WHOLE_DEX_KINDS)]
        command = [self.pokedex, "--db", db, "sync", "--pokeapi-url", self.mirror.base_url, *kinds,
                   *(arguments or ("--artwork", "none"))]
        if self.settings.concurrency:
            command += ["--concurrency", self.settings.concurrency]
        return command + ["--quiet"]

    def issues_command(self, db: Path, repo: str) -> list:
        """pokedex's GitHub-issues sync of repo into db, from the current mirror."""
        return ["env", f"GITHUB_API_URL={self.mirror.url}", self.pokedex, "--db", db, "--quiet", "sync", "issues", repo]

    def check_synced(self, db: Path) -> None:
        catalog.check_synced(self, db)

    def ensure_synced_db(self) -> Path:
        if self.synced_db is None:
            self.synced_db = self.dbs / "base.sqlite"
            log(f"initial pokedex sync into {self.synced_db} (not timed)")
            self._run_untimed("pokedex sync", self.sync_command(self.synced_db))
            self.check_synced(self.synced_db)
        return self.synced_db

    def ensure_api_db(self) -> Path:
        if self.api_db is None:
            self.api_db = self.dbs / "api.sqlite"
            log(f"initial whole-API pokedex sync into {self.api_db} (not timed)")
            self._run_untimed("pokedex sync", self.sync_command(self.api_db, whole_api=True))
        return self.api_db

    def ensure_issues_db(self) -> Path:
        if self.issues_db is None:
            self.issues_db = self.dbs / "issues-query.sqlite"
            log(f"pokedex sync issues {ISSUES_REPO} into {self.issues_db} (not timed)")
            self._run_untimed("pokedex sync issues", self.issues_command(self.issues_db, ISSUES_REPO))
            expect_rows(self.issues_db, "github_issue", ISSUES_COUNT)
        return self.issues_db

    @staticmethod
    def _run_untimed(what: str, command: list) -> None:
        if subprocess.run([str(c) for c in command]).returncode != 0:
            raise BenchError(f"{what} failed")

    def curl_command(self, *extra: str, config: Path = None) -> list:
        """curl fetching every URL of config (default: the catalog's, to /dev/null)."""
        return ["curl", "--parallel", "--parallel-max", "8", "--no-progress-meter", "--fail", *extra,
                "-K", config or self.curl_config]
