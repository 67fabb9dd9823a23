"""Measurements of a run (the JSON Benchmarks/run writes to work/results/measurements.json)
and the numbers the report takes from them: medians, worst runs, status counts."""
import json
from pathlib import Path
from statistics import median

from .measure import FIELDS


class Results:
    """measurements: {"settings", "date", "series": {name: [run]}, "reads": {label: stats}, "info", …}."""

    def __init__(self, measurements: dict):
        self.m = measurements
        self.settings = measurements.get("settings", {})
        self.series = measurements.get("series", {})
        self.reads = measurements.get("reads", {})
        self.info = measurements.get("info", {})

    def has(self, *names: str) -> bool:
        return all(self.series.get(n) for n in names)

    def ran(self, *cases: str) -> bool:
        return any(c in self.settings.get("cases", []) for c in cases)

    def med(self, name: str, field: str) -> float:
        return median(run[field] for run in self.series[name])

    def worst(self, name: str, field: str) -> float:
        return max(run[field] for run in self.series[name])

    def runs(self, name: str) -> int:
        return len(self.series[name])

    def statuses(self, name: str) -> str:
        """"N×200, M×304, …" from the median status counts."""
        parts = [f"{num(self.med(name, f))}×{s}" for f, s in (("n200", "200"), ("n304", "304"), ("nother", "other"))
                 if self.med(name, f) != 0]
        return ", ".join(parts)

    def read(self, label: str, field: str = "mean_ms"):
        """A hyperfine statistic of a read, None when it was not run."""
        return self.reads.get(label, {}).get(field)


def num(value) -> str:
    """A count as awk prints it: whole numbers without a decimal point."""
    return str(int(value)) if float(value).is_integer() else f"{value:.6g}"


def load(path: Path) -> dict:
    """measurements.json, or an old-style results folder (CASE.tsv, one line a run with the
    FIELDS columns, and query.tsv: label, median, mean, stddev ms, runs)."""
    path = Path(path)
    if path.is_file():
        return json.loads(path.read_text())
    series, reads = {}, {}
    for tsv in sorted(path.glob("*.tsv")):
        rows = [line.split() for line in tsv.read_text().splitlines() if line.strip()]
        if tsv.stem == "query":
            for label, med, mean, sd, runs in (line.split("\t") for line in tsv.read_text().splitlines()):
                reads[label] = {"median_ms": float(med), "mean_ms": float(mean), "stddev_ms": float(sd),
                                "runs": int(runs)}
        else:
            series[tsv.stem] = [{f: float(v) for f, v in zip(FIELDS, row)} for row in rows]
    return {"series": series, "reads": reads}
