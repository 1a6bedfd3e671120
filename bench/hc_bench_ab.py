#!/usr/bin/env python3
"""Hashing and brute-force speed of two hc binaries, side by side (A B A B ...).

    bench/hc_bench_ab.py OLD_HC NEW_HC [--rounds N] [algorithm ...]

Runs `OLD_HC bench ALG --format json` and `NEW_HC bench ...` alternately, one
algorithm at a time, N rounds (default 3), and prints per algorithm the
median in-memory MB/s and brute-force candidates/s (one thread) of each
binary and the ratios NEW/OLD. hc bench measures per second of CPU time, so
a loaded machine lengthens the run more than it moves the figures; the load
average is printed before and after. With no algorithm named: all of them
(`NEW_HC bench` lists them)."""
import argparse
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sidebyside import load_note  # noqa: E402


def bench(hc, algorithm):
    out = subprocess.run([hc, "bench", algorithm, "--format", "json"], check=True, capture_output=True,
                         text=True).stdout
    row = json.loads(next(line for line in out.splitlines() if line.startswith("{")))
    return row["mb_per_s"], row.get("crack_per_s", 0) / 1e6


def all_algorithms(hc):
    out = subprocess.run([hc, "bench", "--format", "json"], check=True, capture_output=True, text=True).stdout
    return [json.loads(line)["algorithm"] for line in out.splitlines() if line.startswith("{")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("algorithms", nargs="*")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_intermixed_args()
    names = args.algorithms or all_algorithms(args.new)
    print(f"before: {load_note()}")
    print(f"{'algorithm':12s} {'MB/s old':>9s} {'new':>9s} {'new/old':>7s}   {'crack M/s old':>13s} {'new':>9s} "
          f"{'new/old':>7s}")
    ratios = []
    for name in names:
        runs = {"old": [], "new": []}
        for _ in range(args.rounds):
            for which in ("old", "new"):
                runs[which].append(bench(getattr(args, which), name))
        old_mb, new_mb = (statistics.median(r[0] for r in runs[w]) for w in ("old", "new"))
        old_c, new_c = (statistics.median(r[1] for r in runs[w]) for w in ("old", "new"))
        mb_ratio = new_mb / old_mb if old_mb else float("nan")
        c_ratio = new_c / old_c if old_c else float("nan")
        ratios.append(mb_ratio)
        print(f"{name:12s} {old_mb:9.1f} {new_mb:9.1f} {mb_ratio:7.2f}   {old_c:13.2f} {new_c:9.2f} {c_ratio:7.2f}",
              flush=True)
    print(f"(medians of {args.rounds} interleaved rounds; geometric mean of the MB/s ratios "
          f"{statistics.geometric_mean(ratios):.3f})")
    print(f"after: {load_note()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
