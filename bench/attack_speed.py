#!/usr/bin/env python3
"""Masks and wordlists side by side (issue 27's targets), in one go:

  1. hc --mask '?l?l?l?l?l?l?l' against hc's charset search over the same
     keyspace (-a a-z -n 7 -x 7), both over the same --part slice, and
     hashcat -a 3 on the same mask (CPU back end, pocl), its steady speed;
  2. --wordlist of 1,000,000 words with best64.rule, whole run with its
     start-up, hc against hashcat -a 0 -r best64.rule, for MD5, SHA-256
     and NTLM; john is compared when installed.

Every search is for a digest nothing hashes to. Prints the load average:
the machine may be shared, so compare the numbers of one run.

  bench/attack_speed.py [--hc build/hc] [--words N] [--part N] [--skip-hashcat]
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import tempfile
import time

RULES = "/usr/share/hashcat/rules/best64.rule"
NEVER = {"md5": "0" * 32, "sha256": "0" * 64, "ntlm": "0" * 32}
HASHCAT_MODE = {"md5": 0, "sha256": 1400, "ntlm": 1000}
SPEED = re.compile(r"Speed: ([\d ]+) attempts/second")


def hc_speed(hc, *args):
    r = subprocess.run([hc, *args, "--noprobe", "--no-progress"], capture_output=True, text=True)
    return int(SPEED.search(r.stdout).group(1).replace(" ", ""))


def timed(cmd, env=None):
    start = time.monotonic()
    subprocess.run(cmd, capture_output=True, env=env)
    return time.monotonic() - start


def session_name(what):
    """hashcat refuses to start beside another run of the same session name
    (the default, "hashcat"): a benchmark or the test suite on the machine."""
    return f"hc-bench-{os.getpid()}-{what}"


def hashcat_mask_speed(mode, mask, home):
    """hashcat's steady speed (H/s) from its machine-readable status lines."""
    env = dict(os.environ, HOME=home)
    r = subprocess.run(["hashcat", "--session", session_name("mask"), "-m", str(mode), "-a", "3", "--force",
                        "--potfile-disable", "--runtime", "25",
                        "--status", "--status-timer", "5", "--machine-readable", "0" * 32, mask],
                       capture_output=True, text=True, env=env)
    # STATUS <n> SPEED <H/s> <ms> ... (one SPEED pair per device)
    speeds = [int(line.split("\t")[3]) for line in r.stdout.splitlines() if line.startswith("STATUS")]
    speeds = [s for s in speeds if s > 0]
    return max(speeds) if speeds else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hc", default="build/hc")
    ap.add_argument("--words", type=int, default=1_000_000)
    ap.add_argument("--part", type=int, default=40, help="the mask runs search 1/PART of 26^7")
    ap.add_argument("--skip-hashcat", action="store_true")
    a = ap.parse_args()
    have_hashcat = shutil.which("hashcat") and not a.skip_hashcat
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()), " cpus:", os.cpu_count())
    part = f"1/{a.part}"
    # alternately, best of three each: a shared machine only ever slows a run down
    mask = charset = 0
    for _ in range(3):
        mask = max(mask, hc_speed(a.hc, "md5", "hash", "-s", NEVER["md5"], "--mask", "?l?l?l?l?l?l?l", "--part", part))
        charset = max(charset, hc_speed(a.hc, "md5", "hash", "-s", NEVER["md5"], "-a", "a-z", "-n", "7", "-x", "7",
                                        "--part", part))
    print(f"MD5 ?l?l?l?l?l?l?l: hc mask {mask / 1e6:.1f} M/s, hc charset {charset / 1e6:.1f} M/s,"
          f" mask/charset {mask / charset:.3f}")
    with tempfile.TemporaryDirectory() as tmp:
        if have_hashcat:
            peer = hashcat_mask_speed(0, "?l?l?l?l?l?l?l", tmp)
            if peer:
                print(f"  hashcat -a 3 {peer / 1e6:.1f} M/s: hc/hashcat {mask / peer:.2f}")
        words = os.path.join(tmp, "words.txt")
        rng = random.Random(27)
        letters = "abcdefghijklmnopqrstuvwxyz"
        with open(words, "w") as f:
            for _ in range(a.words):
                f.write("".join(rng.choice(letters) for _ in range(rng.randint(5, 10))) + "\n")
        rules = sum(1 for line in open(RULES) if line.strip() and not line.startswith("#"))
        total = a.words * rules
        for alg in ("md5", "sha256", "ntlm"):
            ours = timed([a.hc, alg, "hash", "-s", NEVER[alg], "--noprobe", "--no-progress", "--wordlist", words,
                          "--rules", RULES])
            line = f"{alg} wordlist+best64 ({total:,} candidates): hc {ours:.2f} s ({total / ours / 1e6:.1f} M/s)"
            if have_hashcat:
                env = dict(os.environ, HOME=tmp)
                peer = timed(["hashcat", "--session", session_name(alg), "-m", str(HASHCAT_MODE[alg]), "-a", "0",
                              "--force", "--potfile-disable",
                              NEVER[alg], words, "-r", RULES], env=env)
                line += f", hashcat {peer:.2f} s: hc/hashcat {peer / ours:.2f}x"
            print(line)
        if not shutil.which("john"):
            print("john: not installed (Debian 12 has no jumbo build); not compared")


if __name__ == "__main__":
    main()
