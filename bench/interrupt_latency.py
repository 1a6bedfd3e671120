#!/usr/bin/env python3
"""How fast hash mode answers Ctrl+C, and its memory, at any candidate length.

    bench/interrupt_latency.py [HC_BINARY] [--rounds N]

For each algorithm and length (-n = -x), starts `hc <alg> hash` on a digest
that is never found, waits until its SIGINT handler is installed and it has
searched for 0.5 s, sends SIGINT and measures the time until the process has
exited (polled every 0.5 ms from /proc), and its peak RSS (VmHWM, read just
before the signal). Prints the
median and worst over the rounds, and the load average (the machine may be
shared: the figures are wall-clock times). Linux only (/proc).
"""
import argparse
import os
import signal
import statistics
import subprocess
import time

ALGORITHMS = {"md5": 32, "sha512": 128, "md2": 32, "gost": 64}
LENGTHS = [12, 1000, 1_000_000, 10_000_000, 536_870_911]


def handler_installed(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            caught = next(line for line in status if line.startswith("SigCgt:"))
    except FileNotFoundError:
        return True
    return int(caught.split()[1], 16) & (1 << (signal.SIGINT - 1))


def peak_rss_kib(pid):
    """VmHWM, or 0 when the process has already ended."""
    with open(f"/proc/{pid}/status") as status:
        return int(next((line for line in status if line.startswith("VmHWM:")), "VmHWM: 0").split()[1])


def one(hc, alg, length, settle):
    n = str(length)
    proc = subprocess.Popen([hc, alg, "hash", "-s", "0" * ALGORITHMS[alg], "-a", "0-9", "-n", n, "-x", n,
                             "--noprobe"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not handler_installed(proc.pid):
        time.sleep(0.001)
    time.sleep(settle)
    rss = peak_rss_kib(proc.pid)
    start = time.monotonic()
    proc.send_signal(signal.SIGINT)
    while True:
        if proc.poll() is not None:
            return time.monotonic() - start, rss, proc.returncode
        if time.monotonic() - start > 120:
            proc.kill()
            proc.wait()
            return float("inf"), rss, None
        time.sleep(0.0005)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hc", nargs="?", default=os.path.join(os.path.dirname(__file__), "..", "build", "hc"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--settle", type=float, default=0.5)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'algorithm':<10} {'length':>12} {'median ms':>10} {'worst ms':>10} {'max RSS MiB':>12}")
    for alg in ALGORITHMS:
        for length in LENGTHS:
            runs = [one(args.hc, alg, length, args.settle) for _ in range(args.rounds)]
            times = [r[0] * 1000 for r in runs]
            rss = max(r[1] for r in runs) / 1024
            print(f"{alg:<10} {length:>12} {statistics.median(times):>10.1f} {max(times):>10.1f} {rss:>12.1f}",
                  flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
