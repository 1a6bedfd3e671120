#!/usr/bin/python3
"""BLAKE3: hc against b3sum, side by side (issue: BLAKE3 at full speed).

    bench/blake3_bench.py            everything below
    bench/blake3_bench.py memory     in-memory cycles/byte per SIMD backend
    bench/blake3_bench.py files      1 GiB and 2 GiB files, all threads and one
    bench/blake3_bench.py small      many 4 KiB, 64 KiB and 1 MiB files

Environment as for bench/file_bench.py: HC (default build/hc), ROUNDS,
RUNS, BENCH_DIR (default bench/out; the files are made once and reused).
Ratios are hc's median wall time over b3sum's (lower is better; target
<= 1.00), from hyperfine runs whose command order rotates round by round.
"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sidebyside import compare, load_note, require, settings  # noqa: E402


def make_file(path, mib):
    if not os.path.exists(path):
        with open(path + ".tmp", "wb") as f:
            for _ in range(mib):
                f.write(os.urandom(1 << 20))
        os.rename(path + ".tmp", path)


def warm(paths):
    def run():  # idle files leave the page cache within a minute here
        for path in paths:
            with open(path, "rb") as f:
                while f.read(1 << 24):
                    pass
    return run


def report(title, hc_cmd, peer_cmd, rounds, runs, before):
    results = compare([hc_cmd, peer_cmd], rounds, runs, before)
    hc_t, peer_t = results[hc_cmd][0], results[peer_cmd][0]
    print(f"{title:<34} {hc_t:8.3f} {peer_t:8.3f} {hc_t / peer_t:8.2f}   "
          f"(CPU s {results[hc_cmd][1]:.3f}, {results[peer_cmd][1]:.3f})", flush=True)


def memory():
    speed = "build/blake3_speed"
    if not os.access(speed, os.X_OK):
        sys.exit("build/blake3_speed is missing: build first")
    subprocess.run([speed], check=True)


def files(hc, rounds, runs, bench_dir):
    print(f"\none big page-cached file, {load_note()}")
    print(f"{'case':<34} {'hc s':>8} {'b3sum s':>8} {'hc/b3sum':>8}")
    for mib in (1024, 2048):
        path = os.path.join(bench_dir, f"big-{mib}M.bin")
        make_file(path, mib)
        report(f"{mib // 1024} GiB, all threads", f"{hc} blake3 file -s {path}", f"b3sum {path}",
               rounds, runs, warm([path]))
        report(f"{mib // 1024} GiB, one thread", f"{hc} blake3 file -s {path} -T 1",
               f"b3sum --num-threads 1 {path}", rounds, runs, warm([path]))


def small(hc, rounds, runs, bench_dir):
    print(f"\nmany files in one directory, {load_note()}")
    print(f"{'case':<34} {'hc s':>8} {'b3sum s':>8} {'hc/b3sum':>8}")
    for size, count in ((4 << 10, 20000), (64 << 10, 4000), (1 << 20, 256)):
        folder = os.path.join(bench_dir, f"small-{size // 1024}K-{count}")
        if not os.path.isdir(folder):
            os.makedirs(folder + ".tmp", exist_ok=True)
            for i in range(count):
                with open(os.path.join(folder + ".tmp", f"f{i:05d}.bin"), "wb") as f:
                    f.write(os.urandom(size))
            os.rename(folder + ".tmp", folder)
        names = sorted(os.path.join(folder, n) for n in os.listdir(folder))
        label = f"{count} x {size // 1024} KiB"
        # b3sum takes the names as arguments (find adds ~10 ms for 20,000 names);
        # hc walks the directory itself.
        report(label, f"{hc} blake3 dir -s {folder}", f"find {folder} -type f -exec b3sum {{}} +", rounds, runs,
               warm(names))


def main():
    hc, rounds, runs, bench_dir = settings(default_runs=5)
    require("b3sum")
    what = sys.argv[1:] or ["memory", "files", "small"]
    for part in what:
        if part == "memory":
            memory()
        elif part == "files":
            files(hc, rounds, runs, bench_dir)
        elif part == "small":
            small(hc, rounds, runs, bench_dir)
        else:
            sys.exit(f"unknown part {part}: memory, files or small")
    print(load_note())


if __name__ == "__main__":
    main()
