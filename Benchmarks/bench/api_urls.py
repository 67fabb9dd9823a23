"""The whole API as the mirror serves it (case `api`): the root index, every kind's list pages
and detail URLs, and each Pokémon's encounters URL (its body's `location_area_encounters`),
found by walking them before anything is timed; and which requests a pokedex sync made,
from the mirror's log, to check that curl fetches the same URLs."""
import re
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from .catalog import get_json, walk_list
from .settings import LIST_PAGE_SIZE

ENCOUNTERS = "pokemon-encounters"  # pokedex's name of the encounters "kind" (pokeapi_resource)
# A detail answer: /api/v2/KIND/ID[/] or /api/v2/pokemon/ID/encounters[/] (no query).
DETAIL_PATH = re.compile(r"^/api/v2/(?:[a-z0-9-]+/[^/?]+|pokemon/[^/?]+/encounters)/?$")


@dataclass
class ApiUrls:
    root: str = ""
    pages: list = field(default_factory=list)      # list page URLs, every kind
    details: dict = field(default_factory=dict)    # kind → detail URLs (ENCOUNTERS: the encounters URLs)

    @property
    def urls(self) -> list:
        """Every URL once: the root index, the list pages, the details, the encounters."""
        return [self.root, *self.pages, *(u for urls in self.details.values() for u in urls)]

    @property
    def counts(self) -> dict:
        return {kind: len(urls) for kind, urls in self.details.items()}


def walk(base_url: str) -> ApiUrls:
    """Every URL of the whole API, in the order: root, list pages, details, encounters."""
    api = ApiUrls(root=f"{base_url}/")
    for kind, list_url in get_json(api.root).items():
        pages, details = walk_list(f"{list_url}?offset=0&limit={LIST_PAGE_SIZE}")
        api.pages += pages
        api.details[kind] = details
    with ThreadPoolExecutor(8) as pool:
        links = [body.get("location_area_encounters") for body in pool.map(get_json, api.details["pokemon"])]
    api.details[ENCOUNTERS] = [link for link in links if link]
    return api


def path_of(url: str) -> str:
    """A URL as the mirror logs it: path and query, trailing slash of the path dropped."""
    parts = urllib.parse.urlsplit(url)
    path = parts.path.rstrip("/") or "/"
    return f"{path}?{parts.query}" if parts.query else path


def logged_paths(mirror, mark: int) -> list:
    """Paths (as path_of gives them) the mirror logged after mark, admin paths left out."""
    with open(mirror.log_path) as f:
        paths = [line.split("\t")[1] for line in list(f)[mark:]]
    return [path_of(p) for p in paths if not p.startswith("/_admin")]


def detail_bodies(mirror, mark: int) -> int:
    """200s with a body to a detail or encounters URL of any kind, logged after mark."""
    with open(mirror.log_path) as f:
        lines = list(f)[mark:]
    return sum(1 for line in lines
               if (fields := line.split("\t")) and fields[2] == "200" and int(fields[3]) > 0
               and DETAIL_PATH.match(fields[1].split("?")[0]))


def kind_of(path: str) -> str:
    """The kind a logged path belongs to (ENCOUNTERS for /pokemon/ID/encounters, "root" for /api/v2/)."""
    parts = path.split("?")[0].strip("/").split("/")
    if len(parts) < 3:
        return "root"
    return ENCOUNTERS if parts[-1] == "encounters" else parts[2]


def traffic_by_kind(mirror, mark: int) -> dict:
    """kind → [requests, body bytes, the mirror's answering ms] logged after mark."""
    with open(mirror.log_path) as f:
        lines = list(f)[mark:]
    kinds = {}
    for line in lines:
        _method, path, _status, size, _fault, ms = line.rstrip("\n").split("\t")[:6]
        if not path.startswith("/_admin"):
            k = kinds.setdefault(kind_of(path), [0, 0, 0.0])
            k[0], k[1], k[2] = k[0] + 1, k[1] + int(size), k[2] + float(ms)
    return kinds


def compare(api: ApiUrls, requested: list) -> dict:
    """What a pokedex sync requested against the walked URLs: counts of each side's extras."""
    ours, walked = set(requested), {path_of(u) for u in api.urls}
    only_sync, only_walk = sorted(ours - walked), sorted(walked - ours)
    return {"sync_requests": len(requested), "sync_distinct": len(ours), "walked": len(walked),
            "only_sync": len(only_sync), "only_walk": len(only_walk),
            "only_sync_sample": only_sync[:5], "only_walk_sample": only_walk[:5]}


def requested(api: ApiUrls, paths: list) -> list:
    """The walked URLs a pokedex sync requested (paths from logged_paths), in the walk's order:
    what curl and the store anchor fetch, so that they fetch exactly what pokedex did."""
    asked = set(paths)
    return [u for u in api.urls if path_of(u) in asked]


def curl_config(urls: list, outputs=None) -> str:
    """curl -K text: each URL to /dev/null, or to the matching output path."""
    outputs = outputs or ["/dev/null"] * len(urls)
    return "".join(f'url = "{u}"\noutput = "{o}"\n' for u, o in zip(urls, outputs))
