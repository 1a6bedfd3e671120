#!/usr/bin/env python3
"""Brute-force kernel speed of two builds, side by side (A B A B ...).

    bench/crack_kernels_ab.py OLD_BUILD NEW_BUILD [--rounds N] [--seconds S] [algorithm ...]

Runs OLD_BUILD/crack_kernels and NEW_BUILD/crack_kernels alternately, one
algorithm at a time, N rounds (default 3), and prints for every algorithm and
SIMD level the best rate of each build (M candidates/s, one thread, CPU time)
and the ratio NEW/OLD. Rates are per thread CPU second, so a loaded machine
costs wall time more than accuracy; the load average is printed before and
after. With no algorithm named, every algorithm NEW_BUILD's crack_kernels
lists (the rows with a kernel)."""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sidebyside import load_note  # noqa: E402


def run(build, seconds, algorithm):
    out = subprocess.run([os.path.join(build, "crack_kernels"), str(seconds), algorithm],
                         check=True, capture_output=True, text=True).stdout.splitlines()
    header = next(line for line in out if line.startswith("algorithm"))
    levels = header.split()[1:header.split().index("bare")]
    row = next(line.split() for line in out if line.split() and line.split()[0] == algorithm)
    rates = dict(zip(levels + ["bare"], map(float, row[1:len(levels) + 2])))
    return rates


def algorithms(build):
    out = subprocess.run([os.path.join(build, "crack_kernels"), "0.001"], check=True, capture_output=True,
                         text=True).stdout.splitlines()
    start = next(i for i, line in enumerate(out) if line.startswith("algorithm"))
    return [line.split()[0] for line in out[start + 1:] if line.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("algorithms", nargs="*")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.2)
    args = parser.parse_intermixed_args()
    names = args.algorithms or algorithms(args.new)
    print(f"before: {load_note()}")
    best = {}
    for name in names:
        for _ in range(args.rounds):
            for which, build in (("old", args.old), ("new", args.new)):
                for level, rate in run(build, args.seconds, name).items():
                    key = (name, level, which)
                    best[key] = max(best.get(key, 0.0), rate)
        levels = sorted({level for (n, level, _) in best if n == name},
                        key=lambda l: ["portable", "sse41", "avx2", "avx512", "bare"].index(l))
        cells = []
        for level in levels:
            old, new = best[(name, level, "old")], best[(name, level, "new")]
            ratio = new / old if old > 0 else float("nan")
            cells.append(f"{level} {old:8.1f} {new:8.1f} {ratio:5.2f}")
        print(f"{name:12s} " + "   ".join(cells), flush=True)
    print(f"(level old new new/old, M candidates/s; best of {args.rounds} interleaved rounds, "
          f"each itself best of 3 runs of {args.seconds} s CPU)")
    print(f"after: {load_note()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
