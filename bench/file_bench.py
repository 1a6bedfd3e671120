#!/usr/bin/python3
"""hc file mode against the fastest peer tool on one big page-cached file.

    bench/file_bench.py [ALGORITHM...]      (default: all below)

Environment: HC (default build/hc), SIZE in MiB (default 1024; the file is
made once in BENCH_DIR and reused), BENCH_DIR (default bench/out), ROUNDS
(default 3) and RUNS per round (default 3). Prints hc's median wall time
divided by the fastest peer's (target <= 1.00) and, for the CRCs, by
`cat FILE` (target <= 1.25). Peers: openssl dgst, coreutils *sum, rhash,
b3sum, where installed.
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sidebyside import compare, load_note, settings  # noqa: E402

PEERS = {
    "md5": ["openssl dgst -md5", "md5sum", "rhash --md5"],
    "sha1": ["openssl dgst -sha1", "sha1sum", "rhash --sha1"],
    "sha256": ["openssl dgst -sha256", "sha256sum", "rhash --sha256"],
    "sha512": ["openssl dgst -sha512", "sha512sum", "rhash --sha512"],
    "sha-3-256": ["openssl dgst -sha3-256", "rhash --sha3-256"],
    "blake2b": ["openssl dgst -blake2b512", "b2sum", "rhash --blake2b"],
    "whirlpool": ["openssl dgst -provider legacy -provider default -whirlpool", "rhash --whirlpool"],
    "ripemd160": ["openssl dgst -ripemd160", "rhash --ripemd160"],
    "crc32": ["rhash --crc32", "cat"],
    "crc32c": ["rhash --crc32c", "cat"],
    "tiger": ["rhash --tiger"],
    "gost": ["rhash --gost94-cryptopro"],
    "blake3": ["b3sum", "b3sum --no-mmap"],
}


def main():
    hc, rounds, runs, bench_dir = settings(default_runs=3)
    size = int(os.environ.get("SIZE", "1024"))
    path = os.path.join(bench_dir, f"big-{size}M.bin")
    if not os.path.exists(path):
        with open(path, "wb") as f:
            for _ in range(size):
                f.write(os.urandom(1 << 20))

    def warm():  # the page cache forgets idle files within a minute here
        with open(path, "rb") as f:
            while f.read(1 << 24):
                pass

    print(f"{size} MiB file, {rounds} rounds x {runs} runs, {load_note()}")
    print(f"{'algorithm':<10} {'hc s':>8} {'peer s':>8}  {'fastest peer':<28} hc/peer  (CPU s: hc, peer)")
    for alg in sys.argv[1:] or list(PEERS):
        peers = [p for p in PEERS[alg] if shutil.which(p.split()[0])]
        hc_cmd = f"{hc} {alg} file -s {path}"
        results = compare([hc_cmd] + [f"{p} {path}" for p in peers], rounds, runs, warm)
        wall = {c: r[0] for c, r in results.items()}
        others = {c: t for c, t in wall.items() if c != hc_cmd and not c.startswith("cat ")}
        best = min(others, key=others.get)
        line = (f"{alg:<10} {wall[hc_cmd]:8.3f} {others[best]:8.3f}  {best.rsplit(' ', 1)[0][:28]:<28} "
                f"{wall[hc_cmd] / others[best]:7.2f}  ({results[hc_cmd][1]:.3f}, {results[best][1]:.3f})")
        cat = [t for c, t in wall.items() if c.startswith("cat ")]
        if cat:
            line += f"   hc/cat {wall[hc_cmd] / cat[0]:.2f}"
        print(line, flush=True)
    print(load_note())


if __name__ == "__main__":
    main()
