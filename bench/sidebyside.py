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
import time


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


# BENCH_PREFIX goes before every command of run_once, hc's and the peers'
# alike. BENCH_PREFIX="chrt -f 1" (root) runs them at real-time priority:
# on a machine busy with other sessions that comes close to a quiet run, at
# the others' expense (they get 5 % of the CPUs meanwhile); thread pools
# that spin while idle (b3sum's) pay more under it than on a quiet machine.
RUN_PREFIX = os.environ.get("BENCH_PREFIX", "").split()


def run_once(command):
    """(wall seconds, CPU seconds = user + system of the command and all its
    threads) of one run, output discarded; exits when the command fails."""
    start = time.perf_counter()
    proc = subprocess.Popen(RUN_PREFIX + command.split(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed (exit {os.waitstatus_to_exitcode(status)}): {command}")
    return wall, usage.ru_utime + usage.ru_stime


def interleaved(commands, rounds, before_round=None):
    """{command: (median wall seconds, median CPU seconds)} from `rounds`
    rounds that each run every command once, A B C A B C ..., the starting
    command rotating; one warm-up round first (not counted). A load that
    comes and goes hits every command alike, which hyperfine's A A A B B B
    does not guarantee on a shared machine."""
    wall = {c: [] for c in commands}
    cpu = {c: [] for c in commands}
    for r in range(-1, rounds):
        if before_round and r < 0:
            before_round()
        shift = max(r, 0) % len(commands)
        for c in commands[shift:] + commands[:shift]:
            w, t = run_once(c)
            if r >= 0:
                wall[c].append(w)
                cpu[c].append(t)
    return {c: (statistics.median(wall[c]), statistics.median(cpu[c])) for c in commands}


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


QUIET_LOAD = 0.5


def load_gate():
    """Refuses to start on a busy machine (1-minute load average above
    QUIET_LOAD): the figures would mostly measure the other work. Worse,
    with Linux's autogroup scheduling (sched_autogroup_enabled) each
    session gets an equal share of the CPUs, so a program's second thread
    buys it no more CPU while other sessions are busy: threads show no gain
    in wall time at all. With BENCH_LOADED=1 it runs anyway and says so;
    returns True then, so that the report can flag its wall-time ratios
    (CPU time ratios hold up better)."""
    load = load_average()
    if load <= QUIET_LOAD:
        return False
    if os.environ.get("BENCH_LOADED") != "1":
        sys.exit(f"{load_note()}: above {QUIET_LOAD}, the wall times would measure the other work; "
                 "wait for a quiet machine, or set BENCH_LOADED=1 to run anyway (results flagged)")
    print(f"LOADED MACHINE ({load_note()}): wall-time ratios are indicative only; compare the CPU-time ratios")
    return True


def load_note():
    """The load average, printed with the results: ratios from a busy
    machine are worth less."""
    with open("/proc/loadavg") as f:
        note = "load average " + " ".join(f.read().split()[:3]) + f" on {os.cpu_count()} CPUs"
    return note + (f", every command run as '{' '.join(RUN_PREFIX)} COMMAND'" if RUN_PREFIX else "")


def settings(default_runs, default_rounds=3):
    """Moves to the project root and reads what both benchmarks take from
    the environment: (hc binary, rounds, runs per round, data folder)."""
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    hc = os.environ.get("HC", "build/hc")
    if not os.access(hc, os.X_OK):
        sys.exit(f"no hc binary at {hc} (build first, or set HC)")
    bench_dir = os.environ.get("BENCH_DIR", "bench/out")
    os.makedirs(bench_dir, exist_ok=True)
    return hc, int(os.environ.get("ROUNDS", str(default_rounds))), int(os.environ.get("RUNS", str(default_runs))), bench_dir


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


def write_words(f, count, seed):
    """count random words of 5 to 10 lower-case letters to the open text
    file f, one a line, the same for the same seed."""
    rng = random.Random(seed)
    for _ in range(count):
        f.write("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(5, 10))) + "\n")
