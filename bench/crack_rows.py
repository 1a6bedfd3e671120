#!/usr/bin/python3
"""Brute force, every row against the reference, and many targets against
one and against hashcat and John the Ripper. A few minutes in all.

    bench/crack_rows.py [--hc build/hc] [--seconds 1.0] [--rounds 3] [--rows-only | --targets-only]
                        [--no-hashcat] [--part N] [ROW ...]

Part 1, all 50 rows (or the ROWs named): hc's candidates per second with
both cores on the search the reference was measured on (a digest of
"~~~~~~", never found, `-a 0-9a-z`, 6 characters, a slice sized to take
about --seconds), the reference's figure and the ratio; rows under 3x are
marked. The reference's figures are constants below.

Part 2, MD5, one pass over the 2 176 782 336 candidates of 6 characters of
[0-9a-z] (an eighth of it for hc's own comparisons): 1 target given with -s,
1 target and 10 000 targets given with --hashes (random digests, never
found: every candidate is searched), each run --rounds times interleaved,
the median of CPU time and of speed; then hashcat (CPU, pocl) and John the
Ripper, where installed, on the same 10 000-digest file and keyspace, timed
from start to end (hashcat's kernel is compiled in a warm-up run first).
Then SHA-1, SHA-256 and RIPEMD-160 the same way with 1 target (-s), 10 and
10 000 targets on a 64th of the keyspace (rows whose kernels have a filter
mode: 10 targets cost what one does, where 5 or more once meant one
candidate at a time). With --targets-only and ROWs: each named row that
way instead, on 1/--part of the keyspace (1/64 unless told; slow rows
want more parts, the CRC rows' table scan --part 1: with -s it does a
64th in a few milliseconds, mostly start-up).

The machine may be shared: the load average is printed at the start and
the end; compare ratios taken in one run, not absolute figures across runs.
BENCH_PREFIX="chrt -f 1" (root) runs every command, hc's and the peers',
at real-time priority: near-quiet figures on a busy machine (sidebyside.py).
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sidebyside import RUN_PREFIX, load_note  # noqa: E402

# The reference: the last C release of Hash Calculator (5.6.1, built from
# its public sources, one candidate at a time per thread), measured on the
# development machine (2 cores, AVX-512) on 2026-12-01 with the same search
# at 4 characters, load under 1: M candidates per second over both cores.
REFERENCE = {
    "blake2b": 4.78, "blake2s": 7.79, "blake3": 10.66, "crc32": 49.87, "crc32c": 47.52,
    "edonr256": 19.47, "edonr512": 18.02, "gost": 1.52,
    "haval-128-3": 10.17, "haval-128-4": 7.47, "haval-128-5": 7.03,
    "haval-160-3": 10.07, "haval-160-4": 7.36, "haval-160-5": 6.90,
    "haval-192-3": 9.97, "haval-192-4": 7.47, "haval-192-5": 6.96,
    "haval-224-3": 10.03, "haval-224-4": 7.35, "haval-224-5": 6.37,
    "haval-256-3": 10.25, "haval-256-4": 7.35, "haval-256-5": 6.93,
    "md2": 0.41, "md4": 19.95, "md5": 14.38, "ntlm": 18.82,
    "ripemd128": 11.06, "ripemd160": 7.58, "ripemd256": 12.85, "ripemd320": 9.41,
    "sha-3-224": 5.70, "sha-3-256": 5.76, "sha-3-384": 5.67, "sha-3-512": 5.82,
    "sha-3k-224": 5.73, "sha-3k-256": 5.66, "sha-3k-384": 5.73, "sha-3k-512": 5.81,
    "sha1": 20.20, "sha224": 20.54, "sha256": 20.92, "sha384": 10.17, "sha512": 10.43,
    "snefru128": 0.94, "snefru256": 0.89, "tiger": 12.06, "tiger2": 11.82, "tth": 9.81,
    "whirlpool": 4.02,
}

# John the Ripper jumbo (bleeding-jumbo, built from source for one
# measurement on the development machine; Debian ships only the core
# edition, which has no raw-md5 format): raw-md5 in mask mode, one hash
# never found, `--fork=2`, both children summed, median of 3 runs.
JOHN_JUMBO_MD5_FORK2 = 140.0e6

KEYSPACE6 = 36 ** 6
# A kernel hands out chunks of 2^21 candidates (src/lib/crack/engine.h), so a
# slice of only a few leaves one core idle at its end: Snefru's chunk is 0.6 s
# of a thread, and a 1-second slice measured 4.1 M/s against 6.5 M/s on a
# slice of 5 chunks per core. Rows fast enough get slices of at least this
# many candidates (16 chunks) when that takes under 10 x --seconds.
SLICE_MIN = 16 << 21
SPEED = re.compile(r"Speed: ([\d ]+) attempts/second")


def run(cmd, **kw):
    return subprocess.run(RUN_PREFIX + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def children_cpu():
    """CPU seconds (user + system) of the finished children, to the
    microsecond (os.times counts clock ticks of 10 ms: the CRC rows' runs
    with -s take a few ms on a 64th of the keyspace)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd):
    """(wall seconds, CPU seconds of the children, stdout)"""
    before = children_cpu()
    start = time.monotonic()
    r = run(cmd)
    wall = time.monotonic() - start
    return wall, children_cpu() - before, r


def hc_speed(out):
    m = SPEED.search(out)
    return int(m.group(1).replace(" ", "")) if m else 0


def never_found(hc, alg):
    r = run([hc, alg, "string", "-s", "~~~~~~"])
    return r.stdout.split()[0]


def row_speed(hc, alg, seconds):
    """M candidates/s of both cores on a slice of 6 characters of [0-9a-z]
    that takes about `seconds`: slices grown until one does (a short run
    shows mostly the start-up)."""
    target = never_found(hc, alg)
    base = [hc, alg, "hash", "-s", target, "-a", "0-9a-z", "-n", "6", "-x", "6", "--noprobe", "--no-progress"]
    parts = 1 << 14  # 133 k candidates: 0.1 s for the slowest rows
    for _ in range(6):
        rate = hc_speed(run(base + ["--part", f"1/{parts}"]).stdout)
        took = KEYSPACE6 / parts / rate if rate > 0 else seconds
        if took >= seconds / 2 or parts == 1:
            break
        parts = max(1, int(parts * took / seconds) if took * 64 > seconds else parts // 64)
    if rate > 0 and KEYSPACE6 // parts < SLICE_MIN and SLICE_MIN / rate < 10 * seconds:
        parts = max(1, KEYSPACE6 // SLICE_MIN)
        rate = hc_speed(run(base + ["--part", f"1/{parts}"]).stdout)
    return rate / 1e6


def rows(args):
    chosen = args.rows or sorted(REFERENCE)
    print(f"{'algorithm':<12} {'hc M/s':>10} {'ref M/s':>8} {'ratio':>7}")
    below = []
    for alg in chosen:
        hc = row_speed(args.hc, alg, args.seconds)
        ref = REFERENCE.get(alg)
        ratio = hc / ref if ref else 0
        mark = "  < 3x" if ref and ratio < 3 else ""
        if mark:
            below.append(alg)
        print(f"{alg:<12} {hc:>10.2f} {ref if ref else 0:>8.2f} {ratio:>7.1f}{mark}", flush=True)
    print(f"rows under 3x the reference: {len(below)} ({' '.join(below) or 'none'})")


SEARCH6 = ["-a", "0-9a-z", "-n", "6", "-x", "6", "--noprobe", "--no-progress"]


def ratio_text(value, base):
    """value / base as '1.23x' (three digits below 0.1: a row that ran one
    candidate at a time shows 0.003x, not 0.00x); 'n/a' without a base."""
    if base <= 0:
        return "n/a"
    r = value / base
    return f"{r:4.2f}x" if r >= 0.1 else f"{r:.2g}x"


def against_one(args, alg, cases, part):
    """Runs the cases (name: hc arguments after `hc ALG hash`, the first
    one with -s) --rounds times interleaved on a part of the 6-character
    keyspace; prints the medians of CPU time and speed, and their ratios to
    the first case."""
    results = {name: [] for name in cases}
    for _ in range(args.rounds):
        for name, hc_args in cases.items():
            wall, cpu, r = timed([args.hc, alg, "hash"] + hc_args + SEARCH6 + ["--part", f"1/{part}"])
            results[name].append((cpu, hc_speed(r.stdout)))
    print(f"{alg}, {KEYSPACE6 // part:,} candidates (6 characters of [0-9a-z], --part 1/{part}), "
          f"median of {args.rounds} interleaved:")
    first = next(iter(cases))
    base_cpu = statistics.median(c for c, _ in results[first])
    base_speed = statistics.median(s for _, s in results[first])
    for name in cases:
        cpu = statistics.median(c for c, _ in results[name])
        speed = statistics.median(s for _, s in results[name])
        # a part hashed in under a millisecond shows hc's speed as 0: no ratio
        cpu_ratio = ratio_text(cpu, base_cpu)
        speed_ratio = ratio_text(speed, base_speed)
        print(f"  {name:<20} CPU {cpu:6.3f} s ({cpu_ratio})   {speed / 1e6:8.1f} M/s "
              f"({speed_ratio} the speed of one target with -s)", flush=True)


def write_digests(path, n, digest_len):
    with open(path, "w") as f:
        f.writelines(os.urandom(digest_len).hex() + "\n" for _ in range(n))


def one_ten_many(args, tmp, alg, digest_len, part):
    """alg with 1 target (-s), 10 and 10 000 random targets on 1/part of
    the 6-character keyspace."""
    files = {}
    for n in (1, 10, 10000):
        files[n] = os.path.join(tmp, f"{alg}-{n}.txt")
        write_digests(files[n], n, digest_len)
    # A 32-bit digest (the CRCs) is the value of 4 in 10 random ones within
    # the 2.2 G candidates: the one target must be one that is not, or the
    # run with -s ends early and its CPU time means nothing (the many
    # targets' runs go on to the end, some of them found)
    for _ in range(20):
        if digest_len > 4 or "Nothing found" in run([args.hc, alg, "hash", "-s", open(files[1]).read().strip()]
                                                    + SEARCH6 + ["--part", f"1/{part}"]).stdout:
            break
        write_digests(files[1], 1, digest_len)
    against_one(args, alg, {
        "1 target (-s)": ["-s", open(files[1]).read().strip()],
        "10 targets": ["--hashes", files[10]],
        "10 000 targets": ["--hashes", files[10000]],
    }, part)


def targets(args, tmp):
    if args.rows:
        for alg in args.rows:
            one_ten_many(args, tmp, alg, len(never_found(args.hc, alg)) // 2, args.part)
        return
    one, ten, many = (os.path.join(tmp, name) for name in ("one.txt", "10.txt", "10k.txt"))
    write_digests(one, 1, 16)
    write_digests(ten, 10, 16)
    write_digests(many, 10000, 16)
    single = open(one).read().strip()
    search = SEARCH6
    against_one(args, "md5", {
        "1 target (-s)": ["-s", single],
        "1 target (--hashes)": ["--hashes", one],
        "10 000 targets": ["--hashes", many],
    }, 8)

    print(f"MD5, 10 000 targets, all {KEYSPACE6:,} candidates of 6 characters of [0-9a-z], start to end:")
    wall, cpu, r = timed([args.hc, "md5", "hash", "--hashes", many] + search)
    hc_rate = KEYSPACE6 / wall
    print(f"  hc        {wall:7.2f} s  {hc_rate / 1e6:8.1f} M/s  (CPU {cpu:.2f} s)", flush=True)
    if not args.no_hashcat and shutil.which("hashcat"):
        # its own session name: hashcat refuses to start beside another run of the default one
        hc_cmd = ["hashcat", "--session", f"hc-bench-{os.getpid()}", "-m", "0", "-a", "3", "--potfile-disable",
                  "--quiet", "-O", "-w", "3",
                  "--force", "--outfile", os.path.join(tmp, "hashcat.out"), "-1", "?l?d", many]
        run(hc_cmd + ["?1?1?1"])  # warm-up: pocl compiles the kernel (20-40 s the first time)
        wall, cpu, r = timed(hc_cmd + ["?1?1?1?1?1?1"])
        print(f"  hashcat   {wall:7.2f} s  {KEYSPACE6 / wall / 1e6:8.1f} M/s  (CPU {cpu:.2f} s, exit {r.returncode}: "
              f"1 = exhausted)   hc / hashcat = {wall * hc_rate / KEYSPACE6:.2f}", flush=True)
    else:
        print("  hashcat   not run")
    john = shutil.which("john")
    formats = run([john, "--list=formats"]).stdout if john else ""
    if john and "raw-md5" in formats.lower():
        jfile = os.path.join(tmp, "john.txt")
        with open(jfile, "w") as f:
            f.writelines(line for line in open(many))
        wall, cpu, r = timed([john, "--format=raw-md5", "--fork=2", "--mask=?1?1?1?1?1?1", "-1=?l?d",
                              f"--pot={os.path.join(tmp, 'john.pot')}", jfile])
        print(f"  john      {wall:7.2f} s  {KEYSPACE6 / wall / 1e6:8.1f} M/s  (CPU {cpu:.2f} s)   "
              f"hc / john = {wall * hc_rate / KEYSPACE6:.2f}")
    else:
        why = "not installed" if not john else "no raw-md5 format (the core edition)"
        print(f"  john      {why}; jumbo's own measurement on the development machine (one hash, mask mode, "
              f"--fork=2): {JOHN_JUMBO_MD5_FORK2 / 1e6:.1f} M/s   hc / john jumbo = {hc_rate / JOHN_JUMBO_MD5_FORK2:.2f}")

    # 20-byte and 32-byte digests: files of their own length
    for alg, digest_len in (("sha1", 20), ("sha256", 32), ("ripemd160", 20)):
        one_ten_many(args, tmp, alg, digest_len, 64)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hc", default="build/hc")
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--rounds", type=int, default=3, help="interleaved runs of each many-targets case")
    p.add_argument("--rows-only", action="store_true")
    p.add_argument("--targets-only", action="store_true")
    p.add_argument("--no-hashcat", action="store_true")
    p.add_argument("--part", type=int, default=64,
                   help="with --targets-only and ROWs: the part of the 6-character keyspace searched (1/N)")
    p.add_argument("rows", nargs="*")
    args = p.parse_args()
    if not os.access(args.hc, os.X_OK):
        sys.exit(f"no hc binary at {args.hc} (--hc PATH)")
    print(f"at the start: {load_note()}")
    if not args.targets_only:
        rows(args)
    if not args.rows_only:
        with tempfile.TemporaryDirectory() as tmp:
            targets(args, tmp)
    print(f"at the end: {load_note()}")


if __name__ == "__main__":
    main()
