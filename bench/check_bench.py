#!/usr/bin/python3
"""hc check against the peers' checkers, and several algorithms in one read.

    bench/check_bench.py [small] [big] [multi]      (default: all three)

small  20,000 files of 1-64 KiB (the tree of dir_bench.py): verifying a
       SHA-256 list, `hc sha256 check` vs `sha256sum -c` (target: at most 0.5
       of its time) and `rhash -c` (faster); a BLAKE3 list, `hc blake3 check`
       vs `b3sum --check` (faster).
big    one 1 GiB file: `hc blake3 check` of its one-line list vs
       `hc blake3 file` on it (target: as fast), and `b3sum --check`.
multi  one 512 MiB file: `hc md5,sha1,sha256 file` vs
       `rhash --md5 --sha1 --sha256` (target: at most 0.67 of its time) and
       vs `hc md5 file` alone (the goal: the slowest algorithm's time).

Environment: HC (default build/hc), BENCH_DIR (default bench/out), FILES
(default 20000), ROUNDS (default 9). Every round runs each command once,
A B C A B C ..., the first command rotating (sidebyside.interleaved), after
one warm-up round that also reads the files into the page cache. Prints the
median wall and CPU (user + system) times, both ratios and the load
average. Refuses to start when the 1-minute load average is above 0.5;
BENCH_LOADED=1 runs anyway and flags the wall-time ratios; with it,
BENCH_PREFIX="chrt -f 1" (root) gets near-quiet figures from a busy machine
(see sidebyside.py). The data (about
2.3 GB, made once) stays in BENCH_DIR; all three take about 4 minutes on a
quiet 2-CPU machine (8 on a loaded one).
"""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sidebyside import interleaved, load_gate, load_note, require, settings, small_files_tree  # noqa: E402


def make_file(bench_dir, name, size):
    path = os.path.abspath(os.path.join(bench_dir, name))
    if not os.path.exists(path) or os.path.getsize(path) != size:
        with open(path, "wb") as f:
            rng = random.Random(size)
            for _ in range(size >> 20):
                f.write(rng.randbytes(1 << 20))
    return path


def warm(paths):
    def run():
        for path in paths:
            if os.path.isdir(path):
                for root, _, names in os.walk(path):
                    for name in names:
                        with open(os.path.join(root, name), "rb") as f:
                            f.read()
            else:
                with open(path, "rb") as f:
                    while f.read(1 << 24):
                        pass
    return run


def write_list(argv, path):
    with open(path, "wb") as f:
        subprocess.run(argv, stdout=f, check=True)
    return path


def report(title, commands, results, ratios, loaded):
    print(f"\n{title}")
    for c in commands:
        wall, cpu = results[c]
        print(f"{wall:8.3f} s   CPU {cpu:7.3f} s   {c}")
    flag = "  [loaded machine: wall ratio indicative]" if loaded else ""
    for label, a, b, target in ratios:
        print(f"{label}: {results[a][0] / results[b][0]:.2f}{target}; CPU time {results[a][1] / results[b][1]:.2f}{flag}")
    sys.stdout.flush()


def small(hc, rounds, bench_dir, loaded):
    require("sha256sum")
    require("rhash")
    require("b3sum")
    files = int(os.environ.get("FILES", "20000"))
    tree = small_files_tree(bench_dir, files)
    names = sorted(os.path.join(root, n) for root, _, ns in os.walk(tree) for n in ns)
    sha_list = os.path.join(bench_dir, f"check-{files}-sha256.txt")
    b3_list = os.path.join(bench_dir, f"check-{files}-b3.txt")
    # the peers write the lists they read (absolute names: any directory works)
    for tool, listing in (("sha256sum", sha_list), ("b3sum", b3_list)):
        if not os.path.exists(listing):
            with open(listing + ".part", "wb") as f:
                for i in range(0, len(names), 1000):
                    f.write(subprocess.run([tool, *names[i:i + 1000]], stdout=subprocess.PIPE, check=True).stdout)
            os.rename(listing + ".part", listing)
    hc_sha, hc_b3 = f"{hc} sha256 check -s {sha_list} --quiet", f"{hc} blake3 check -s {b3_list} --quiet"
    sha256sum, rhash = f"sha256sum -c --quiet {sha_list}", f"rhash -c --sha256 --skip-ok {sha_list}"
    b3sum = f"b3sum --check --quiet {b3_list}"
    commands = [hc_sha, sha256sum, rhash, hc_b3, b3sum]
    results = interleaved(commands, rounds, warm([tree]))
    report(f"{files} files of 1-64 KiB, {rounds} interleaved rounds, medians, {load_note()}", commands, results, [
        ("hc sha256 check / sha256sum -c", hc_sha, sha256sum, " (target <= 0.5)"),
        ("hc sha256 check / rhash -c", hc_sha, rhash, " (target < 1)"),
        ("hc blake3 check / b3sum --check", hc_b3, b3sum, " (target < 1)"),
    ], loaded)


def big(hc, rounds, bench_dir, loaded):
    require("b3sum")
    path = make_file(bench_dir, "check-1g.bin", 1 << 30)
    listing = write_list(["b3sum", path], os.path.join(bench_dir, "check-1g.b3"))
    check, file_mode = f"{hc} blake3 check -s {listing}", f"{hc} blake3 file -s {path}"
    b3sum = f"b3sum --check {listing}"
    commands = [check, file_mode, b3sum]
    results = interleaved(commands, rounds, warm([path]))
    report(f"one 1 GiB file, BLAKE3, {rounds} interleaved rounds, medians, {load_note()}", commands, results, [
        ("hc blake3 check / hc blake3 file", check, file_mode, " (target: about 1)"),
        ("hc blake3 check / b3sum --check", check, b3sum, ""),
    ], loaded)


def multi(hc, rounds, bench_dir, loaded):
    require("rhash")
    path = make_file(bench_dir, "multi-512m.bin", 512 << 20)
    three, rhash = f"{hc} md5,sha1,sha256 file -s {path} -c", f"rhash --md5 --sha1 --sha256 {path}"
    singles = [f"{hc} {alg} file -s {path} -c" for alg in ("md5", "sha1", "sha256")]
    one_thread = f"{hc} md5,sha1,sha256 file -s {path} -c -T 1"
    commands = [three, rhash, *singles, one_thread]
    results = interleaved(commands, rounds, warm([path]))
    # the goal is the time of the slowest of the three alone (which one it
    # is depends on the CPU: SHA extensions make SHA-1/SHA-256 the fast ones)
    slowest = max(singles, key=lambda c: results[c][0])
    report(f"one 512 MiB file, MD5 + SHA-1 + SHA-256, {rounds} interleaved rounds, medians, {load_note()}", commands,
           results, [
               ("hc md5,sha1,sha256 / rhash --md5 --sha1 --sha256", three, rhash, " (target <= 0.67)"),
               (f"hc md5,sha1,sha256 / the slowest alone ({slowest.split()[1]})", three, slowest, " (goal: about 1)"),
               ("hc md5,sha1,sha256 -T 1 / rhash", one_thread, rhash, ""),
           ], loaded)


def main():
    hc, rounds, _, bench_dir = settings(default_runs=1, default_rounds=9)
    which = sys.argv[1:] or ["small", "big", "multi"]
    unknown = [w for w in which if w not in ("small", "big", "multi")]
    if unknown:
        sys.exit(f"unknown benchmark {unknown[0]!r}: expected small, big or multi")
    print(load_note())
    loaded = load_gate()
    for name in which:
        {"small": small, "big": big, "multi": multi}[name](hc, rounds, bench_dir, loaded)
    print(f"\n{load_note()}")


if __name__ == "__main__":
    main()
