#!/usr/bin/env python3
"""Run ../shared/tools/mirror/mirror.py with its issue and comment listings memoised (the
main mirror and case g's, unless MAIN_MIRROR or SCALE_MIRROR is stock).

    mirror_memo.py PATH/TO/mirror.py [mirror.py arguments...]

The stock mirror answers every `GET …/issues?page=N` by filtering and sorting all of the
repository's issues again (GHRepo.list_issues), then slicing one page out: O(issues) per
page, O(issues²) for a whole walk. With 200,000 issues that is 0.3–0.9 s of server CPU per
page on this machine, so a 2,000-page sync spends 10–30 minutes waiting for the mirror and
measures the mirror, not the client. This wrapper imports mirror.py unchanged and wraps
GHRepo.list_issues with a cache keyed by (state, since, sort, direction), dropped whenever
the repository changes (an issue created, or touched: the mirror's only mutations, which
bump len(issues) or touch_calls). Answers are byte-for-byte the same; only the repeated
sort is skipped. Everything else (rendering, gzip, ETags, Link headers, logging,
rate limits) is the stock server.

The repository-wide comment list (GHRepo.list_comments, which pokedex walks since it stores
threads) has the same shape: every page sorts all comments again, ≈0.39 s a page for the
≈490,000 comments of 200,000 issues, ≈31 min for a walk. It is memoised the same way, keyed
by (issue number, since, sort, direction), dropped when a comment is added, edited or
deleted (each bumps comment_calls) or their number changes.
"""
import importlib.util
import os
import sys


def load_mirror(path: str):
    spec = importlib.util.spec_from_file_location("mirror", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["mirror"] = module
    spec.loader.exec_module(module)
    return module


def memoise(cls, method: str, version) -> None:
    """Wraps cls.method with a cache keyed by its arguments and dropped whenever version(self)
    changes (called with the repository's lock held, as the method itself takes it)."""
    original = getattr(cls, method)
    attribute = f"_bench_{method}_cache"

    def memoised(self, *args, **kwargs):
        with self.lock:
            current = version(self)
            cache = self.__dict__.setdefault(attribute, {})
            key = (args, tuple(sorted(kwargs.items())))
            hit = cache.get(key)
            if hit is not None and hit[0] == current:
                return hit[1]
            if cache and next(iter(cache.values()))[0] != current:
                cache.clear()
            items = original(self, *args, **kwargs)
            cache[key] = (current, items)
            return items

    setattr(cls, method, memoised)


def comment_version(repo):
    repo._ensure_comments()
    return len(repo.comments), repo.comment_calls


def main() -> None:
    if len(sys.argv) < 2 or not os.path.isfile(sys.argv[1]):
        sys.exit(__doc__)
    mirror = load_mirror(os.path.abspath(sys.argv[1]))
    memoise(mirror.GHRepo, "list_issues", lambda repo: (len(repo.issues), repo.touch_calls))
    memoise(mirror.GHRepo, "list_comments", comment_version)
    mirror.main(sys.argv[2:])


if __name__ == "__main__":
    main()
