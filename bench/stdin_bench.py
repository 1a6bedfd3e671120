#!/usr/bin/python3
"""Standard input at pipe speed: `cat FILE | hc blake3 file` (no -s: hc reads
the pipe, §10.8) against `cat FILE | b3sum`, side by side, interleaved.

    bench/stdin_bench.py [ALGORITHM PEER...]   (default: blake3 b3sum)

Environment: HC (default build/hc), SIZE in MiB (default 1024; the file is
made once in BENCH_DIR, default bench/out, and read through the page
cache), ROUNDS (default 5). Prints each command's median wall and CPU
seconds and hc's wall-time ratio to the peer (target <= 1.00), with the
load average: on a busy machine the ratio is indicative only.
"""
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sidebyside import load_note  # noqa: E402


def run_once(command):
    """(wall seconds, CPU seconds of the shell and its children) of one
    pipeline; exits when it fails."""
    start = time.perf_counter()
    proc = subprocess.Popen(["sh", "-c", command], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {command}")
    return wall, usage.ru_utime + usage.ru_stime


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    hc = os.environ.get("HC", os.path.join(root, "build", "hc"))
    size = int(os.environ.get("SIZE", "1024"))
    rounds = int(os.environ.get("ROUNDS", "5"))
    bench_dir = os.environ.get("BENCH_DIR", os.path.join(root, "bench", "out"))
    alg, *peers = sys.argv[1:] or ["blake3", "b3sum"]
    os.makedirs(bench_dir, exist_ok=True)
    path = os.path.join(bench_dir, f"stdin-{size}M.bin")
    if not os.path.exists(path) or os.path.getsize(path) != size << 20:
        with open(path, "wb") as f:
            for _ in range(size):
                f.write(os.urandom(1 << 20))
    commands = [f"cat {path} | {hc} {alg} file"] + [f"cat {path} | {peer}" for peer in peers]
    run_once(f"cat {path} > /dev/null")  # into the page cache
    wall = {c: [] for c in commands}
    cpu = {c: [] for c in commands}
    for r in range(-1, rounds):
        shift = max(r, 0) % len(commands)
        for c in commands[shift:] + commands[:shift]:
            w, t = run_once(c)
            if r >= 0:
                wall[c].append(w)
                cpu[c].append(t)
    print(f"{size} MiB through a pipe, {rounds} rounds; {load_note()}")
    hc_wall = statistics.median(wall[commands[0]])
    for c in commands:
        print(f"  {statistics.median(wall[c]):7.3f} s wall {statistics.median(cpu[c]):7.3f} s CPU  {c}")
    for c in commands[1:]:
        print(f"hc / {c.split('| ', 1)[1]}: {hc_wall / statistics.median(wall[c]):.2f} (wall)")


if __name__ == "__main__":
    main()
