#!/usr/bin/python3
"""One big file at the physical limit: hc against b3sum, cat and OpenSSL.

    bench/bigfile_bench.py [--runs N] [--size MIB] [--any-load] [--warm-only] [--fresh-write] [PART...]

PARTs (default: all):
    blake3   BLAKE3 in four conditions, warm/cold x all threads/one thread:
             `hc blake3 file -s F [-T 1]` against `b3sum [--num-threads 1] F`
             and `cat F`
    serial   SHA-256, MD5, SHA-1 and SHA-512 of a warm file against the
             in-memory floor `openssl speed -evp ALG -bytes 1048576`
    crc      CRC-32 and CRC-32C of a warm file against `cat F`

Every condition runs its commands interleaved (A B C A B C ...), RUNS times
each (default 7), and reports the median wall time, the median CPU time
(user + system, all threads) and the ratio to the reference command (lower
is better). Before every warm run the file is read once (this VM's page
cache drops files idle for a minute); before every cold run the page cache
is dropped (`echo 3 > /proc/sys/vm/drop_caches`: needs root; cold parts are
skipped otherwise, and with --warm-only).

Cold runs on a VM can pay the host's faults on the first touch of the
memory the page cache gets back (a balloon with free page reporting: `cat`
of 1 GiB 0.7 s or 2-2.6 s from one run to the next). Those runs show as CPU
time over twice their command's least: each cold condition says how many
runs of each command paid them, and the ratios of the medians without them,
beside the ratios of all runs.

The load average is printed before and after. Ratios taken on a busy
machine say little, so the script refuses to start when the 1-minute load
is above 0.5; --any-load runs anyway (development) and marks the output.
BENCH_PREFIX="chrt -f 1" (root) runs every command, hc's and the peers'
alike, at real-time priority: on a machine busy with other work that comes
close to a quiet run (state the load anyway). In a VM the host's other
guests slow every run without showing in the load average: each command's
median steal time (CPU time the host gave away while this VM wanted it, from
/proc/stat) is printed beside its CPU time, and the share of the CPUs lost
that way over all runs at the end, with a warning above 3%.

The page cache's state matters to every mapped read (hc's and b3sum's): a
file read in order (by cat, or by the kernel's read-ahead) is mostly held
in 2 MiB pages, which map with one page-table entry each, while a file just
written is held in small pages, 512 times the entries, and then costs both
tools 0.02-0.05 s more per GiB. So the file is made, written to disk and
dropped from the cache, then read back in order; the share of it held in
2 MiB pages is printed before the warm parts (it may be lower when memory
is fragmented). --fresh-write leaves the file as written instead (the
small-page case).

Environment: HC (default build/hc), BENCH_DIR (default bench/out; the
SIZE MiB random file, default 1024, is made once there and reused; delete
the folder when done), BENCH_PREFIX (see above).
"""
import argparse
import mmap
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

MAX_LOAD = 0.5
MAX_STEAL = 0.03
# Before every command: "chrt -f 1" runs them all at real-time priority.
PREFIX = os.environ.get("BENCH_PREFIX", "").split()
# madvise(2) from <sys/mman.h> (Linux 5.14), which Python's mmap lacks a name for.
MADV_POPULATE_READ = 22


def load_average():
    with open("/proc/loadavg") as f:
        return [float(x) for x in f.read().split()[:3]]


def load_note():
    one, five, fifteen = load_average()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def make_file(path, mib, fresh_write):
    """The SIZE MiB random file at path; unless fresh_write, written to disk,
    dropped from the page cache and read back in order (see the docstring)."""
    made = False
    if not (os.path.exists(path) and os.path.getsize(path) == mib << 20):
        with open(path + ".tmp", "wb") as f:
            for _ in range(mib):
                f.write(os.urandom(1 << 20))
        os.rename(path + ".tmp", path)
        made = True
    if fresh_write:
        if not made:
            print("(--fresh-write: the file existed; its page cache is as the last run left it)")
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)
    warm(path)


def file_pmd_kib():
    """FilePmdMapped of this process, KiB (file pages mapped 2 MiB at a time)."""
    with open("/proc/self/smaps_rollup") as f:
        for line in f:
            if line.startswith("FilePmdMapped:"):
                return int(line.split()[1])
    return None


def huge_page_share(path):
    """The share of the file the page cache holds in 2 MiB pages (as a
    mapping sees them), or None where the kernel does not say."""
    before = file_pmd_kib()
    if before is None:
        return None
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        with mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ) as m:
            try:
                m.madvise(MADV_POPULATE_READ)
            except OSError:
                for i in range(0, size, 4096):  # Linux < 5.14: fault every page in
                    m[i]
            after = file_pmd_kib()
    return (after - before) * 1024 / size if size else None


def cache_note(path):
    share = huge_page_share(path)
    if share is None:
        return "page cache: the share in 2 MiB pages is unknown here"
    return f"page cache: {share:.0%} of F in 2 MiB pages"


def warm(path):
    with open(path, "rb", buffering=0) as f:
        while f.read(1 << 24):
            pass


def drop_caches():
    subprocess.run(["sync"], check=True)
    with open("/proc/sys/vm/drop_caches", "w") as f:
        f.write("3\n")


def can_drop_caches():
    return os.geteuid() == 0 and os.access("/proc/sys/vm/drop_caches", os.W_OK)


TICKS = os.sysconf("SC_CLK_TCK")


def steal_seconds():
    """CPU time the hypervisor gave to others while this VM's CPUs wanted to
    run (the 8th number of /proc/stat's cpu line, all CPUs), or 0 where the
    kernel does not count it. The load average does not show it: a VM whose
    host is busy is slow with its own load at zero."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()
        return int(fields[8]) / TICKS if fields[0] == "cpu" and len(fields) > 8 else 0.0
    except OSError:
        return 0.0


def timed(argv):
    """(wall seconds, CPU seconds, steal seconds) of one run; stdout to
    /dev/null."""
    stolen = steal_seconds()
    start = time.perf_counter()
    proc = subprocess.Popen(PREFIX + argv, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    stolen = steal_seconds() - stolen
    STEAL_LOG.append((wall, stolen))
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(argv)}")
    return wall, usage.ru_utime + usage.ru_stime, stolen


# (wall, steal) of every timed run, for the summary at the end.
STEAL_LOG = []


def steal_note():
    """How much of the machine the host took away during the timed runs."""
    wall = sum(w for w, _ in STEAL_LOG)
    stolen = sum(s for _, s in STEAL_LOG)
    if not wall:
        return "steal: no runs timed"
    share = stolen / (wall * os.cpu_count())
    note = f"steal (CPU time the host gave to other guests) during the timed runs: {share:.1%} of the CPUs"
    if share > MAX_STEAL:
        note += f"\n  above {MAX_STEAL:.0%}: the host was busy, the ratios are noise (runs with steal are slower)"
    return note


def interleaved(commands, runs, before):
    """{label: ([wall...], [cpu...], [steal...])}, running A B C A B C ...
    with before() ahead of every run."""
    results = {label: ([], [], []) for label, _ in commands}
    for _ in range(runs):
        for label, argv in commands:
            before()
            for column, value in zip(results[label], timed(argv)):
                column.append(value)
    return results


def report(title, results, reference, extra_reference=None):
    print(f"\n{title}")
    print(f"  {'command':<34} {'median s':>9} {'min s':>7} {'CPU s':>7} {'steal s':>7}  ratio (median wall)")
    ref = statistics.median(results[reference][0])
    extra = statistics.median(results[extra_reference][0]) if extra_reference else None
    for name, (walls, cpus, steals) in results.items():
        median = statistics.median(walls)
        line = f"  {name:<34} {median:9.3f} {min(walls):7.3f} {statistics.median(cpus):7.3f} {statistics.median(steals):7.3f}"
        if name != reference and name != extra_reference:
            line += f"  {median / ref:.2f}x {reference.split()[0]}"
            if extra:
                line += f", {median / extra:.2f}x {extra_reference.split()[0]}"
        print(line, flush=True)


# A cold run whose CPU time is over this many times its command's least is
# taken to have paid the host's first-touch faults (first_touch_note).
FIRST_TOUCH_CPU = 2.0


def first_touch_note(results, reference, extra_reference):
    """Cold runs on a VM whose balloon reports free memory to the host come
    in two speeds: the guest pays a fault on its first touch of each page
    the host took back, and dropping the caches frees the whole file's worth
    (docs/file-dir.md: `cat` of 1 GiB 0.66-0.74 s right after the drop,
    1.98-2.61 s eight seconds later, mostly system time). Those faults land
    in whatever touches the pages first (the copy of `read`, the loads of a
    mapped hash), so they show as CPU time. Says how many runs of each
    command paid them, and the ratios of the medians without those runs,
    beside the ratios of all runs above."""
    kept, counts = {}, []
    for name, (walls, cpus, _) in results.items():
        least = min(cpus)
        fast = [w for w, c in zip(walls, cpus) if c <= FIRST_TOUCH_CPU * least]
        kept[name] = fast
        counts.append(f"{name.split()[0]} {len(walls) - len(fast)}/{len(walls)}")
    print(f"  runs that paid the host's first-touch faults (CPU time over {FIRST_TOUCH_CPU:g}x the command's least): "
          + ", ".join(counts))
    if all(len(k) == len(results[n][0]) for n, k in kept.items()):
        return  # no run paid them: the ratios above stand alone
    ref = statistics.median(kept[reference])
    extra = statistics.median(kept[extra_reference]) if extra_reference else None
    for name, walls in kept.items():
        if name in (reference, extra_reference):
            continue
        median = statistics.median(walls)
        line = (f"  without them: {name} {median:.3f} s ({len(walls)} runs), "
                f"{median / ref:.2f}x {reference.split()[0]} ({len(kept[reference])} runs)")
        if extra:
            line += f", {median / extra:.2f}x {extra_reference.split()[0]} ({len(kept[extra_reference])} runs)"
        print(line, flush=True)


def label(argv, path):
    """The command as printed: the file is F."""
    words = ["hc" if i == 0 and "hc" in os.path.basename(w) else w for i, w in enumerate(argv)]
    return " ".join("F" if w == path else w for w in words)


def blake3_part(hc, path, runs, cold_ok):
    conditions = [("warm", False), ("cold", True)] if cold_ok else [("warm", False)]
    if not cold_ok:
        print("\n(cold runs skipped: --warm-only, or dropping the page cache needs root)")
    for name, cold in conditions:
        before = drop_caches if cold else (lambda: warm(path))
        if not cold:
            warm(path)
            print(f"\n{cache_note(path)}")
        for threads in ("all", "1"):
            hc_cmd = [hc, "blake3", "file", "-s", path] + ([] if threads == "all" else ["-T", "1"])
            b3_cmd = ["b3sum"] + ([] if threads == "all" else ["--num-threads", "1"]) + [path]
            commands = [(label(hc_cmd, path), hc_cmd), (label(b3_cmd, path), b3_cmd)]
            if cold:
                commands.append(("cat F", ["cat", path]))
            results = interleaved(commands, runs, before)
            if cold:
                target = "hc <= 1.00x b3sum and <= 1.25x cat"
            else:
                target = f"hc <= {'0.95' if threads == 'all' else '0.90'}x b3sum"
            report(f"BLAKE3, {name}, {threads} thread{'s' if threads == 'all' else ''} (target: {target})",
                   results, commands[1][0], commands[2][0] if cold else None)
            if cold:
                first_touch_note(results, commands[1][0], commands[2][0])


def openssl_rate(alg, seconds):
    """Bytes per second of `openssl speed -evp ALG -bytes 1048576`."""
    out = subprocess.run(PREFIX + ["openssl", "speed", "-evp", alg, "-bytes", "1048576", "-seconds", str(seconds)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=True).stdout
    last = out.strip().splitlines()[-1]
    match = re.search(r"([\d.]+)k\s*$", last)
    if not match:
        sys.exit(f"cannot read openssl speed's output: {last!r}")
    return float(match.group(1)) * 1000


def serial_part(hc, path, runs):
    size = os.path.getsize(path)
    warm(path)
    print(f"\n{cache_note(path)}")
    print("\nSerial hashes, warm, against the in-memory floor (target: hc <= 1.10x floor)")
    print(f"  {'algorithm':<10} {'hc median s':>11} {'hc CPU s':>9} {'steal s':>8} {'floor s':>8} {'ratio':>7}")
    for alg, openssl_name in (("sha256", "sha256"), ("md5", "md5"), ("sha1", "sha1"), ("sha512", "sha512")):
        walls, cpus, steals, floors = [], [], [], []
        for _ in range(runs):
            warm(path)
            wall, cpu, stolen = timed([hc, alg, "file", "-s", path])
            walls.append(wall)
            cpus.append(cpu)
            steals.append(stolen)
            floors.append(size / openssl_rate(openssl_name, 1))
        hc_t, floor = statistics.median(walls), statistics.median(floors)
        print(f"  {alg:<10} {hc_t:11.3f} {statistics.median(cpus):9.3f} {statistics.median(steals):8.3f} "
              f"{floor:8.3f} {hc_t / floor:6.2f}x",
              flush=True)


def crc_part(hc, path, runs):
    warm(path)
    print(f"\n{cache_note(path)}")
    for alg in ("crc32", "crc32c"):
        hc_cmd = [hc, alg, "file", "-s", path]
        commands = [(label(hc_cmd, path), hc_cmd), ("cat F", ["cat", path])]
        results = interleaved(commands, runs, lambda: warm(path))
        report(f"{alg.upper()}, warm, against cat", results, commands[1][0])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("parts", nargs="*", choices=["blake3", "serial", "crc", []], default=[])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--size", type=int, default=1024, help="file size in MiB")
    parser.add_argument("--any-load", action="store_true", help=f"run even when the load is above {MAX_LOAD}")
    parser.add_argument("--warm-only", action="store_true",
                        help="skip the cold runs (they drop the whole page cache, every user's)")
    parser.add_argument("--fresh-write", action="store_true",
                        help="leave a newly made file's page cache as written (small pages)")
    args = parser.parse_args()
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    hc = os.environ.get("HC", "build/hc")
    if not os.access(hc, os.X_OK):
        sys.exit(f"no hc binary at {hc} (build first, or set HC)")
    for tool in ("b3sum", "openssl", "cat"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is needed")
    print(load_note() + (f"; every command run under {' '.join(PREFIX)}" if PREFIX else ""))
    if load_average()[0] > MAX_LOAD:
        if not args.any_load:
            sys.exit(f"the 1-minute load is above {MAX_LOAD}: ratios would be noise. Wait for a quiet "
                     f"machine, or pass --any-load (development only).")
        print(f"WARNING: load above {MAX_LOAD}: these figures are not for publication")
    bench_dir = os.environ.get("BENCH_DIR", "bench/out")
    os.makedirs(bench_dir, exist_ok=True)
    path = os.path.join(bench_dir, f"big-{args.size}M.bin")
    make_file(path, args.size, args.fresh_write)
    print(f"F = {path}: {args.size} MiB; {args.runs} interleaved runs per command; hc {hc}")
    parts = args.parts or ["blake3", "serial", "crc"]
    if "blake3" in parts:
        blake3_part(hc, path, args.runs, can_drop_caches() and not args.warm_only)
    if "serial" in parts:
        serial_part(hc, path, args.runs)
    if "crc" in parts:
        crc_part(hc, path, args.runs)
    print("\n" + load_note())
    print(steal_note())


if __name__ == "__main__":
    main()
