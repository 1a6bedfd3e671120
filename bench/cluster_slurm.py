#!/usr/bin/env python3
"""A Slurm job array of N parts (examples/cluster/slurm-crack.sbatch) on a
one-node cluster started here, against one plain run of the same keyspace,
and the stop of the parts after a find; then dir --part over a tree of
many files, merged, against one run.

    bench/cluster_slurm.py [--hc build/hc] [--parts 8] [--rounds 2] [--length 6] [--files 20000]

1. Whole keyspace (a digest never found, -a 0-9a-z, lengths 1..LENGTH):
   `hc md5 hash ... --noprobe` with every CPU, against the array of PARTS
   parts with --cpus-per-task=1 (as many at once as the node has CPUs),
   timed from sbatch to the last task's end; rounds interleaved.
2. A find: the string in part PARTS/2+1, half way into it; the seconds from
   the marker's appearance to the end of each part then running (watched
   in /proc), and every task's final state.
3. dir --part over PARTS/2 parts of a tree of FILES files (the Slurm tree
   recipe and its afterok merge job): the merged list against one run's,
   byte for byte.
Prints the load average before and after. Needs scripts/deps.sh cluster."""
import argparse
import hashlib
import os
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "cluster"))

import local_slurm  # noqa: E402


def load():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def candidate(index, alphabet, min_len, max_len):
    for length in range(min_len, max_len + 1):
        if index < len(alphabet) ** length:
            return "".join(alphabet[index // len(alphabet) ** (length - 1 - i) % len(alphabet)]
                           for i in range(length))
        index -= len(alphabet) ** length
    raise ValueError(index)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hc", default=str(ROOT / "build" / "hc"))
    ap.add_argument("--parts", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--length", type=int, default=6)
    ap.add_argument("--files", type=int, default=20000)
    args = ap.parse_args()
    hc = os.path.abspath(args.hc)
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
    total = sum(len(alphabet) ** n for n in range(1, args.length + 1))
    print(f"load average before: {load()}; CPUs {len(os.sched_getaffinity(0))}; keyspace {total:,} (md5, "
          f"-a 0-9a-z -n 1 -x {args.length}); {args.parts} parts")
    work = pathlib.Path(tempfile.mkdtemp(prefix="hc-cluster-"))
    cluster = local_slurm.LocalSlurm(work / "slurm").start()
    search = {"HC": hc, "DICT": "0-9a-z", "MIN": "1", "MAX": str(args.length)}

    def submit(script, *options, env):
        r = cluster.run(["sbatch", "--parsable", *options, str(ROOT / "examples" / "cluster" / script)],
                        cwd=work, env=dict(cluster.env, **env))
        return r.stdout.strip().split(";")[0]

    try:
        for round_ in range(1, args.rounds + 1):
            start = time.monotonic()
            subprocess.run([hc, "md5", "hash", "-s", "0" * 32, "-a", "0-9a-z", "-n", "1", "-x", str(args.length),
                            "--noprobe"], capture_output=True, check=False)
            plain = time.monotonic() - start
            start = time.monotonic()
            job = submit("slurm-crack.sbatch", f"--array=1-{args.parts}", "--cpus-per-task=1",
                         env=dict(search, TARGET="0" * 32, MARKER=str(work / f"never-{round_}")))
            states = cluster.wait_finished(job, timeout=3600)
            array = time.monotonic() - start
            print(f"round {round_}: one plain run {plain:.2f} s, Slurm array of {args.parts} parts {array:.2f} s "
                  f"({array / plain:.2f}x); tasks {sorted(set(states.values()))}")

        # a find half way into part parts/2+1
        finder = args.parts // 2 + 1
        start_index = total * (finder - 1) // args.parts + total // args.parts // 2
        text = candidate(start_index, alphabet, 1, args.length)
        marker = work / "found"
        from test_recipes import PartWatch  # the tests' watch of /proc
        import test_recipes
        test_recipes.HC = hc
        with PartWatch(marker) as watch:
            job = submit("slurm-crack.sbatch", f"--array=1-{args.parts}", "--cpus-per-task=1",
                         env=dict(search, TARGET=hashlib.md5(text.encode()).hexdigest(), MARKER=str(marker)))
            states = cluster.wait_finished(job, timeout=3600)
        lags = sorted(watch.last_seen[pid] - watch.found_at for pid in watch.running_at_find)
        print(f"find of {text!r} in part {finder}: {marker.read_text().splitlines()}; parts running at the find "
              f"{len(watch.running_at_find)}, each gone within (s): {', '.join(f'{x:.2f}' for x in lags)} "
              f"(poll resolution about 0.1 s); tasks {states}")

        # dir --part over a tree
        tree = work / "tree"
        for i in range(args.files):
            path = tree / f"d{i % 37}" / f"s{i % 11}" / f"f{i:06d}"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(b"%d\n" % i)
        tree_parts = max(2, args.parts // 2)
        env = {"HC": hc, "ALG": "sha256", "TREE": str(tree), "LISTS": str(work / "lists"), "OUT": str(work / "all")}
        array = submit("slurm-tree.sbatch", f"--array=1-{tree_parts}", "--cpus-per-task=1", env=env)
        merge = submit("slurm-tree-merge.sbatch", f"--dependency=afterok:{array}", env=dict(env, JOB=array))
        cluster.wait_finished(array, timeout=3600)
        local_slurm.wait_until(lambda: cluster.run(["squeue", "-h", "-j", merge], check=False).stdout.strip() == "",
                               600, "merge")
        one = subprocess.run([hc, "sha256", "dir", "-s", str(tree), "-r", "--format", "gnu"], capture_output=True)
        merged = (work / "all").read_bytes()
        state = [f for f in cluster.run(["scontrol", "-o", "show", "job", merge]).stdout.split()
                 if f.startswith(("JobState=", "ExitCode="))]
        print(f"dir --part: {args.files} files in {tree_parts} parts, merged list "
              f"{'EQUALS' if merged == one.stdout else 'DIFFERS FROM'} one run's byte for byte "
              f"({len(merged.splitlines())} lines); merge job {' '.join(state)}")
    finally:
        cluster.stop()
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
