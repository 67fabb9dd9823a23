"""hyperfine runs of a group of commands (no shell), as report rows keyed by label."""
import json
import os
import shlex
import subprocess

from .settings import BenchError


def command_line(*args) -> str:
    """One command line for hyperfine -N, which splits it like a POSIX shell."""
    if any("\n" in str(a) for a in args):
        raise BenchError("hyperfine command line: newline in an argument")
    return shlex.join(map(str, args))


def group(ctx, name: str, commands: list, runs: int, warmup: int) -> dict:
    """commands: (label, argv) pairs. Returns {label: {median_ms, mean_ms, stddev_ms, runs}};
    the JSON export stays in results/hf-NAME.json."""
    # Write back what the syncs before left dirty (1.6 GB after the 200K case), so the
    # kernel's writeback does not compete with the timed reads.
    os.sync()
    export = ctx.results / f"hf-{name}.json"
    argv = ["hyperfine", "-N", "--style", "basic", "--warmup", str(warmup), "--runs", str(runs),
            "--export-json", str(export)]
    for label, command in commands:
        argv += ["-n", label, command_line(*command)]
    log_path = ctx.work / f"hyperfine-{name}.log"
    with open(log_path, "w") as out:
        if subprocess.run(argv, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
            raise BenchError(f"hyperfine {name} failed:\n{log_path.read_text()}")
    return {r["command"]: {"median_ms": r["median"] * 1000, "mean_ms": r["mean"] * 1000,
                           "stddev_ms": r["stddev"] * 1000, "runs": len(r["times"])}
            for r in json.loads(export.read_text())["results"]}
