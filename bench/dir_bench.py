#!/usr/bin/python3
"""hc dir mode against rhash on many small files: 20,000 files of 1-64 KiB
in 100 directories.

    bench/dir_bench.py [ALGORITHM]          (default sha256)

Environment: HC (default build/hc), BENCH_DIR (default bench/out), FILES
(default 20000), ROUNDS (default 3), RUNS per round (default 5). Prints
rhash's median wall time divided by hc's (target >= 1.5), and the same with
hc on one thread (-T 1).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sidebyside import compare, load_note, require, settings, small_files_tree  # noqa: E402


def main():
    hc, rounds, runs, bench_dir = settings(default_runs=5)
    files = int(os.environ.get("FILES", "20000"))
    alg = sys.argv[1] if len(sys.argv) > 1 else "sha256"
    require("rhash")
    tree = small_files_tree(bench_dir, files)

    def warm():
        for d in os.listdir(tree):
            for name in os.listdir(os.path.join(tree, d)):
                with open(os.path.join(tree, d, name), "rb") as f:
                    f.read()

    rhash_name = {"sha-3-256": "sha3-256", "gost": "gost94-cryptopro"}.get(alg, alg)
    commands = [f"{hc} {alg} dir -s {tree} -r", f"{hc} {alg} dir -s {tree} -r -T 1", f"rhash -r --{rhash_name} {tree}"]
    results = compare(commands, rounds, runs, warm)
    print(f"{files} files, {rounds} rounds x {runs} runs, {load_note()}")
    for c in commands:
        wall, cpu = results[c]
        print(f"{wall:7.3f} s  {files / wall:8.0f} files/s  CPU {cpu:6.3f} s  {c}")
    hc, hc1, rhash = (results[c] for c in commands)
    print(f"rhash / hc = {rhash[0] / hc[0]:.2f} (target >= 1.5); with -T 1: {rhash[0] / hc1[0]:.2f};"
          f" CPU time rhash / hc -T 1: {rhash[1] / hc1[1]:.2f}")
    print(load_note())


if __name__ == "__main__":
    main()
