#!/usr/bin/python3
"""A wordlist with best64 rules against brute force, per row (issue 38's
bar: SHA-512 at 0.5x or better): hc's own Speed line for a digest nothing
hashes to, --wordlist of --words random words (5 to 10 letters) with
best64.rule against -a 0-9a-z, 6 characters, a --part slice; the two runs
interleaved --rounds times, the medians and their ratio.

    bench/lanes_ratio.py [--hc build/hc] [--words 200000] [--rounds 3] [--part 64] [ROW ...]

The machine may be shared: the CPU and the load average are printed; the
ratio of one run is what compares.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sidebyside import write_words  # noqa: E402

RULES = "/usr/share/hashcat/rules/best64.rule"
SPEED = re.compile(r"Speed: ([\d ]+) attempts/second")
# Digest lengths in hex digits of the rows measured: the target is zeros,
# a digest nothing hashes to.
HEX_DIGITS = {"md5": 32, "md4": 32, "ntlm": 32, "sha1": 40, "sha224": 56, "sha256": 64, "sha384": 96, "sha512": 128,
              "ripemd128": 32, "ripemd160": 40, "ripemd256": 64, "ripemd320": 80, "sha-3-256": 64, "sha-3-512": 128}


def speed(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    return int(SPEED.search(out).group(1).replace(" ", ""))


def cpu_name():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "unknown CPU"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hc", default="build/hc")
    p.add_argument("--words", type=int, default=200000)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--part", type=int, default=64, help="the brute force's slice: 1/N of 36^6")
    p.add_argument("rows", nargs="*", default=["sha512"])
    args = p.parse_args()
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as words:
        write_words(words, args.words, seed=38)
        words.flush()
        print(f"{cpu_name()}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f} at the start")
        for row in args.rows:
            target = "0" * HEX_DIGITS[row]
            common = [args.hc, row, "hash", "-s", target, "--noprobe", "--no-progress"]
            wordlist, brute = [], []
            for _ in range(args.rounds):
                wordlist.append(speed(common + ["--wordlist", words.name, "--rules", RULES]))
                brute.append(speed(common + ["-a", "0-9a-z", "-n", "6", "-x", "6", "--part", f"1/{args.part}"]))
            w, b = statistics.median(wordlist), statistics.median(brute)
            print(f"{row}: wordlist + best64 {w / 1e6:.2f} M/s, brute force {b / 1e6:.2f} M/s, ratio {w / b:.2f}")
        print(f"load {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
