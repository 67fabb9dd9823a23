"""Unit tests of targets.py, report.py and the SQL-file substitution (python3 -m unittest, in Benchmarks/)."""
import unittest
from pathlib import Path

import report
import targets
from bench import sqlfiles
from bench.results import Results

COMMITTED = Path(__file__).resolve().parent.parent / "BENCHMARKS.md"
NAMES = {"repo": "o/r", "word": "pagination", "big": "o/big", "big_label": "200,000", "number": 123456}


def run(wall, rss_kb=50000, requests=1365, n200=1365, n304=0, detail_bodies=0, **extra):
    return {"wall_s": wall, "rss_kb": rss_kb, "cpu_s": wall, "requests": requests, "n200": n200, "n304": n304,
            "nother": 0, "bytes": 5_800_000, "db_bytes": 179_000_000, "server_cpu_s": 0.5,
            "detail_bodies": detail_bodies, "server_ms": 100.0, **extra}


def measurements(cases, series=None, reads=None):
    return {"settings": {"cases": cases}, "date": "2030-01-01 00:00 UTC", "catalog_count": 1351,
            "series": series or {}, "reads": reads or {}, "info": {}}


def row(rows, start):
    return next(r for r in rows if r[0].startswith(start))


class TargetTests(unittest.TestCase):
    def test_not_run_without_the_series(self):
        rows = targets.evaluate(Results(measurements([])), NAMES)
        self.assertEqual(len(rows), len(targets.TARGETS))
        self.assertTrue(all(r[1] == "not run" and r[3] is None for r in rows))

    def test_composed_limit_pass_and_fail(self):
        series = {"sync": [run(2.0), run(3.0), run(2.5)], "curl_gzip": [run(0.8)], "sqlite_store": [run(1.0)]}
        label, measured, threshold, verdict = row(targets.evaluate(Results(measurements(["sync"], series)), NAMES),
                                                  "whole-dex full sync ÷ composed")
        self.assertEqual(measured, "2.50 s ÷ (0.80 + 1.00 s) = 1.39×")
        self.assertEqual((threshold, verdict), ("≤ 2×", "PASS"))
        series["sync"] = [run(4.0)]
        self.assertEqual(row(targets.evaluate(Results(measurements([], series)), NAMES), "whole-dex full sync ÷")[3],
                         "FAIL")

    def test_fastest_peer_and_worst_runs(self):
        # dlt loads the catalog only: never the peer the whole dex is compared with.
        series = {"sync": [run(1.0, rss_kb=70000), run(1.0, rss_kb=40000)], "python": [run(4.0)], "dlt": [run(2.0)],
                  "resync": [run(0.04, requests=14, n200=14), run(0.04, detail_bodies=1, requests=14, n200=14)]}
        rows = targets.evaluate(Results(measurements([], series)), NAMES)
        self.assertEqual(row(rows, "whole-dex full sync speed-up")[1:],
                         ("naive_sync.py 4.00 s ÷ 1.00 s = 4.00×", "≥ 5×", "FAIL"))
        self.assertEqual(row(rows, "no-change whole-dex refresh: detail")[1:],
                         ("1 (worst of 2; 14×200)", "0", "FAIL"))
        self.assertEqual(row(rows, "whole-dex full sync peak RSS")[1:], ("71.7 MB (worst of 2)", "≤ 64 MB", "FAIL"))

    def test_reads_compare_hyperfine_means(self):
        reads = {"scale_issue": {"mean_ms": 6.9, "median_ms": 6.0}, "scale_issue_sqlite3": {"mean_ms": 4.4}}
        rows = targets.evaluate(Results(measurements([], reads=reads)), NAMES)
        self.assertEqual(row(rows, "`issue o/big#123456`")[1:], ("6.9 ms ÷ 4.4 ms = 1.57×", "≤ 2×", "PASS"))


class ApiTargetTests(unittest.TestCase):
    def test_whole_api_targets_come_from_the_measured_numbers(self):
        series = {"api_sync": [run(13.0, rss_kb=70000), run(12.0)], "api_curl": [run(10.0)],
                  "api_store": [run(0.5, stored_bytes=23_700_000)], "api_refresh": [run(0.4, detail_bodies=2)]}
        given = measurements(["api"], series)
        given["info"] = {"api": {"counts": {"move": 937, "item": 2223}, "short": {"move": [937, 900]}}}
        rows = targets.evaluate(Results(given), NAMES)
        self.assertEqual(row(rows, "whole-API full sync ÷ curl")[1:], ("12.50 s ÷ 10.00 s = 1.25×", "≤ 1.3×", "PASS"))
        self.assertEqual(row(rows, "whole-API full sync CPU")[1:],
                         ("12.50 ÷ (10.00 + 0.50) CPU-s = 1.19×", "≤ 1.5×", "PASS"))
        self.assertEqual(row(rows, "no-change whole-API refresh ÷")[1:], ("0.40 s ÷ 12.50 s = 3.2 %", "≤ 5 %", "PASS"))
        self.assertEqual(row(rows, "no-change whole-API refresh: detail")[3], "FAIL")
        self.assertEqual(row(rows, "whole-API full sync peak RSS")[1:], ("71.7 MB (worst of 2)", "≤ 64 MB", "FAIL"))
        self.assertEqual(row(rows, "whole-API full sync: kinds")[1:], ("1 of 2 kinds (move: 900 of 937)", "0", "FAIL"))
        section = "\n".join(report.Report(given).render(COMMITTED.read_text()).splitlines())
        self.assertIn("| pokedex sync ÷ curl --compressed, wall | 12.50 s ÷ 10.00 s = 1.25× |", section)


class ReportTests(unittest.TestCase):
    def test_rerender_of_the_committed_report_keeps_every_measured_row(self):
        old = COMMITTED.read_text()
        new = report.Report(measurements(["query"])).render(old)
        sync_row = next(line for line in old.splitlines() if line.startswith("| a. pokedex sync, fresh db "))
        self.assertIn(sync_row if "(earlier run)" in sync_row
                      else sync_row.replace("fresh db |", "fresh db (earlier run) |", 1), new)
        self.assertNotIn("not run", new, "every row the old report measured comes back")
        self.assertEqual([line for line in old.splitlines() if line.startswith("## ")],
                         [line for line in new.splitlines() if line.startswith("## ")])
        self.assertEqual(report.keep_earlier_rows(old, new), new, "carrying over twice marks once")

    def test_github_only_run_replaces_only_its_sections(self):
        old = COMMITTED.read_text()
        series = {"issues_first": [run(5.0)], "issues_refresh": [run(0.1, requests=2, n200=0, n304=2)]}
        new = report.Report(measurements(["issues"], series)).render(old)
        self.assertEqual(report.old_section(new, "## Full catalog sync"), report.old_section(old, "## Full catalog sync"))
        self.assertIn("| no-change issues refresh requests | 2 (worst of 1; 2×304) | ≤ 3 | PASS |", new)
        peer = next(line for line in old.splitlines() if line.startswith("| github-to-sqlite issues "))
        self.assertIn(peer if "(earlier run)" in peer
                      else peer.replace("issues |", "issues (earlier run) |", 1), new)
        self.assertIn("| 10K issues first sync speed-up over dlt (pokedex also stores the comments), median wall (earlier run) |", new)

    def test_github_sections_say_which_mirror_answered(self):
        old = COMMITTED.read_text()
        series = {name: [run(5.0)] for name in ("issues_first", "issues_refresh", "threads_first", "threads_refresh")}
        for mode, words in (("memo", "runs through `Benchmarks/mirror_memo.py`"), ("stock", "MAIN_MIRROR=stock")):
            given = measurements(["issues", "comments"], series)
            given["info"] = {"issues": {"mirror": mode}, "threads": {"mirror": mode}}
            new = report.Report(given).render(old)
            for heading in ("## GitHub issues", "## GitHub threads"):
                section = " ".join(line for title, line in report._sections(new) if title.startswith(heading))
                self.assertIn(words, section, f"{heading}, {mode}")

    def test_splice_inserts_a_missing_section_before_how_to_rerun(self):
        text = report.splice_section("# B\n\n## How to rerun\n\nx\n", "## New", ["## New", "", "body"])
        self.assertEqual(text, "# B\n\n## New\n\nbody\n\n## How to rerun\n\nx\n")


class SQLFileTests(unittest.TestCase):
    def test_parameters_are_written_in_as_literals_outside_strings(self):
        sql = sqlfiles.written_in("issues_search.sql", repo="o/r'x", fts='"pagination"*', limit=30)
        self.assertIn("r.full_name = 'o/r''x' COLLATE NOCASE", sql)
        self.assertIn("MATCH '\"pagination\"*')", sql)
        self.assertIn("LIMIT 30;", sql)
        self.assertNotIn("--", sql)
        self.assertIn("'https://raw.githubusercontent.com/", sqlfiles.written_in("list.sql", limit=50))

    def test_every_parameter_needs_a_value_and_every_value_a_parameter(self):
        with self.assertRaises(KeyError):
            sqlfiles.written_in("issue.sql", repo="o/r")
        with self.assertRaises(KeyError):
            sqlfiles.written_in("issue.sql", repo="o/r", number=1, limit=3)

    def test_full_text_query_quotes_each_word(self):
        self.assertEqual(sqlfiles.fts_all_words("pagination"), '"pagination"*')
        self.assertEqual(sqlfiles.fts_all_words("big-crash, now"), '"big"* "crash"* "now"*')


if __name__ == "__main__":
    unittest.main()
