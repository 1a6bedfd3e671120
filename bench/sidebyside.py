"""Side-by-side timing with hyperfine, robust to a shared, noisy machine.

Each round is one hyperfine call running every command; the order of the
commands rotates from round to round, so that a load that comes and goes
does not always hit the same command. The result per command is the median
of all its runs over all rounds."""
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile


def require(tool):
    if shutil.which(tool) is None:
        sys.exit(f"{tool} is needed")


def compare(commands, rounds, runs, before_round=None):
    """{command: (median wall seconds, mean CPU seconds)}. CPU time (user +
    system, all threads) does not depend on what else runs on the machine
    the way wall time does."""
    require("hyperfine")
    times = {c: [] for c in commands}
    cpu = {c: [] for c in commands}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            order = commands[r % len(commands):] + commands[:r % len(commands)]
            if before_round:
                before_round()
            out = os.path.join(tmp, f"round{r}.json")
            subprocess.run(["hyperfine", "-N", "--warmup", "1", "--runs", str(runs), "--export-json", out, *order],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            for result in json.load(open(out))["results"]:
                times[result["command"]] += result["times"]
                cpu[result["command"]].append(result["user"] + result["system"])
    return {c: (statistics.median(times[c]), statistics.mean(cpu[c])) for c in commands}


def load_note():
    """The load average, printed with the results: ratios from a busy
    machine are worth less."""
    with open("/proc/loadavg") as f:
        return "load average " + " ".join(f.read().split()[:3]) + f" on {os.cpu_count()} CPUs"


def settings(default_runs):
    """Moves to the project root and reads what both benchmarks take from
    the environment: (hc binary, rounds, runs per round, data folder)."""
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    hc = os.environ.get("HC", "build/hc")
    if not os.access(hc, os.X_OK):
        sys.exit(f"no hc binary at {hc} (build first, or set HC)")
    bench_dir = os.environ.get("BENCH_DIR", "bench/out")
    os.makedirs(bench_dir, exist_ok=True)
    return hc, int(os.environ.get("ROUNDS", "3")), int(os.environ.get("RUNS", str(default_runs))), bench_dir


def small_files_tree(bench_dir, files):
    """files random files of 1-64 KiB in 100 directories under bench_dir
    (made once; dir_bench.py and check_bench.py share it). Its absolute
    path."""
    tree = os.path.abspath(os.path.join(bench_dir, f"tree-{files}"))
    if not os.path.isdir(tree):
        rng = random.Random(20000)
        for i in range(files):
            d = os.path.join(tree, f"d{i % 100:03}")
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, f"f{i:05}.bin"), "wb") as f:
                f.write(rng.randbytes(rng.randint(1024, 65536)))
    return tree
