#!/usr/bin/python3
"""Two hc binaries side by side on the paths a refactoring must not slow:
many small files (dir and check), one big file, several algorithms in one
read, the four RIPEMD members in one read, brute force, and a wordlist
with rules (the free-lanes kernels).

    bench/build_ab.py OLD_HC NEW_HC

Each command runs with OLD_HC and with NEW_HC in the same hyperfine rounds
(their order rotating, sidebyside.py), and prints the medians and the ratio
NEW / OLD of wall time and of CPU time (below 1: the new build is faster).
Environment: BENCH_DIR (default bench/out), FILES (default 20000), ROUNDS
(default 3), RUNS per round (default 5), BIG_MIB (default 1024), JOBS
(the jobs to run, by key: dir,check,blake3,three,ripemd,brute,lanes; default
all), WORDS (default 300000, for lanes).
"""
import hashlib
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sidebyside import compare, load_note, settings, small_files_tree, write_words  # noqa: E402


def big_file(bench_dir, mib):
    path = os.path.join(bench_dir, f"big-{mib}.bin")
    if not os.path.exists(path) or os.path.getsize(path) != mib << 20:
        os.makedirs(bench_dir, exist_ok=True)
        with open(path + ".tmp", "wb") as f:
            for _ in range(mib):
                f.write(os.urandom(1 << 20))
        os.replace(path + ".tmp", path)
    return path


def warm_tree(tree):
    for d in os.listdir(tree):
        for name in os.listdir(os.path.join(tree, d)):
            with open(os.path.join(tree, d, name), "rb") as f:
                f.read()


def warm_file(path):
    with open(path, "rb") as f:
        while f.read(1 << 24):
            pass


def wordlist(bench_dir, count):
    """count random words of 5 to 10 letters, the same each time."""
    path = os.path.join(bench_dir, f"words-{count}.txt")
    if not os.path.exists(path):
        with open(path + ".tmp", "w") as f:
            write_words(f, count, seed=37)
        os.replace(path + ".tmp", path)
    return path


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    old, new = (os.path.abspath(p) for p in sys.argv[1:3])
    _, rounds, runs, bench_dir = settings(default_runs=5)
    files = int(os.environ.get("FILES", "20000"))
    tree = small_files_tree(bench_dir, files)
    big = big_file(bench_dir, int(os.environ.get("BIG_MIB", "1024")))
    sums = os.path.join(bench_dir, "tree.sha256")
    with open(sums, "w") as f:
        subprocess.run([new, "sha256", "dir", "-s", tree, "-r", "--format", "gnu"], stdout=f, check=True)
    # the last candidate of 1-5 characters over the default dictionary:
    # the whole keyspace is searched, and found (exit 0)
    target = hashlib.md5(b"ZZZZZ").hexdigest()
    words = wordlist(bench_dir, int(os.environ.get("WORDS", "300000")))
    # a digest nothing hashes to: every candidate is tried; hc then exits 1,
    # which hyperfine would take for a failure, hence the shell's `|| true`
    nowhere = "0" * 128
    jobs = [
        ("dir", "dir, 20,000 small files", "{hc} sha256 dir -s " + tree + " -r", warm_tree, tree),
        ("check", "check, 20,000 small files", "{hc} sha256 check -s " + sums, warm_tree, tree),
        ("blake3", "file, BLAKE3, big", "{hc} blake3 file -s " + big, warm_file, big),
        ("three", "file, md5,sha1,sha256, big", "{hc} md5,sha1,sha256 file -s " + big, warm_file, big),
        ("ripemd", "file, RIPEMD-128..320, big", "{hc} ripemd128,ripemd160,ripemd256,ripemd320 file -s " + big,
         warm_file, big),
        ("brute", "hash, md5, 1-5 characters", "{hc} md5 hash -s " + target + " -x 5 --noprobe --potfile-disable",
         None, None),
        ("lanes", "hash, sha512, words + best64", "sh -c '{hc} sha512 hash -s " + nowhere + " --wordlist " + words
         + " --rules /usr/share/hashcat/rules/best64.rule --noprobe --potfile-disable --no-progress || true'",
         None, None),
    ]
    chosen = os.environ.get("JOBS")
    if chosen:
        jobs = [job for job in jobs if job[0] in chosen.split(",")]
    print(f"OLD {old}\nNEW {new}\n{load_note()}")
    for _, title, template, warm, what in jobs:
        commands = [template.format(hc=old), template.format(hc=new)]
        results = compare(commands, rounds, runs, (lambda w=warm, x=what: w(x)) if warm else None)
        (ow, oc), (nw, nc) = (results[c] for c in commands)
        print(f"{title:30s} wall {ow:7.3f} -> {nw:7.3f} s ({nw / ow:5.2f}x)   "
              f"CPU {oc:7.3f} -> {nc:7.3f} s ({nc / oc:5.2f}x)")
    print(load_note())


if __name__ == "__main__":
    main()
