#!/usr/bin/env python3
"""What the progress and status lines cost (docs/progress.md), side by side
with a build that has none.

    bench/progress_overhead.py BASE_HC NEW_HC [--rounds N] [--files N]

BASE_HC is hc built from a commit before the progress lines (or any build
to compare with), NEW_HC the one to measure. Jobs, each run by both
binaries in turn (A B A B ...), CPU time (user + sys of the child) taken
from wait4, medians over the rounds:

  * brute force, exhaustive: md5 (SIMD kernel) and gost (the generic path),
    stderr a pipe: the engine publishes its counters either way; then the
    new binary again with --progress, which also draws the line;
  * dir mode over a tree of many small files (made under a temporary
    directory, removed at the end): with --progress the new binary also
    runs the counting walk (a second walk that stats every file).

Prints each median, the ratio NEW / BASE, and the load average (the
machine may be shared; CPU time is what the comparison rests on).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile


def cpu_seconds(argv, cwd=None):
    """Runs argv with stdout and stderr to pipes that are drained; the
    child's user + sys seconds."""
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL)
    proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime


def compare(name, runs, rounds, cwd=None):
    """runs: [(label, argv)]; the first is the reference."""
    times = {label: [] for label, _ in runs}
    for _ in range(rounds):
        for label, argv in runs:
            times[label].append(cpu_seconds(argv, cwd))
    base = statistics.median(times[runs[0][0]])
    for label, _ in runs:
        median = statistics.median(times[label])
        print(f"{name:34} {label:22} {median:8.3f} s CPU   ratio {median / base:6.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--files", type=int, default=20000)
    args = parser.parse_args()
    args.base, args.new = os.path.abspath(args.base), os.path.abspath(args.new)
    print(f"load average before: {os.getloadavg()[0]:.2f}")

    for alg, target, extra in (("md5", "0" * 32, ["-a", "0-9a-zA-Z", "-n", "5", "-x", "5"]),
                               ("gost", "0" * 64, ["-a", "0-9a-z", "-n", "4", "-x", "4"])):
        job = [alg, "hash", "-s", target, "-T", "1", "--noprobe", *extra]
        compare(f"hash {alg} {' '.join(extra)}",
                [("base", [args.base, *job]), ("new", [args.new, *job]),
                 ("new --progress", [args.new, *job, "--progress"])], args.rounds)

    root = tempfile.mkdtemp(prefix="hc-progress-bench-")
    try:
        for d in range(args.files // 100):
            os.makedirs(os.path.join(root, "t", f"d{d:04}"))
            for f in range(100):
                with open(os.path.join(root, "t", f"d{d:04}", f"f{f:02}"), "wb") as out:
                    out.write(b"%d" % (d * 100 + f))
        job = ["md5", "dir", "-s", "t", "-r", "-T", "1"]
        compare(f"dir md5 -r, {args.files} small files",
                [("base", [args.base, *job]), ("new", [args.new, *job]),
                 ("new --progress", [args.new, *job, "--progress"])], args.rounds, cwd=root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
