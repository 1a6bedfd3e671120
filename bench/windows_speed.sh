#!/usr/bin/env bash
# hc.exe under Wine against the native Linux hc of the same sources, side by
# side on one warm file (issue 25's targets: BLAKE3 on all threads and
# SHA-256 within 1.3x and 1.15x of native, MD5 brute force at least 0.9x).
# The times are hc's own (-t: the hashing, without process or Wine start-up);
# the brute-force figure is its Speed line. Ratios are exe / native, each
# pair run back to back, the median of ROUNDS.
#
#   bench/windows_speed.sh [SIZE_MIB] [ROUNDS]     after make build and make cross-windows
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=windows_speed.sh
# shellcheck source=bench/wine_pair.sh
. bench/wine_pair.sh
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for alg in blake3 sha256; do
    ratios=()
    for ((i = 0; i < rounds; i++)); do
        cat "$file" > /dev/null
        n=$("$native" "$alg" file -s "$file" -t | seconds)
        w=$("$wine" "$exe" "$alg" file -s "$winfile" -t | tr -d '\r' | seconds)
        ratios+=("$(echo "scale=3; $w / $n" | bc)")
        echo "$alg: native $n s, hc.exe $w s"
    done
    echo "$alg: hc.exe / native, median of $rounds: $(printf '%s\n' "${ratios[@]}" | median)"
done
ratios=()
for ((i = 0; i < rounds; i++)); do
    args=(md5 hash -s 00000000000000000000000000000001 -a abcdefghijklmnopqrstuvwxyz -n 6 -x 6 --noprobe)
    # never found: hc exits 1 there, which is this search's point
    n=$({ "$native" "${args[@]}" 2>/dev/null || true; } | sed -n 's/.*Speed: \([0-9 ]*\).*/\1/p' | tr -d ' ')
    w=$({ "$wine" "$exe" "${args[@]}" 2>/dev/null || true; } | tr -d '\r' | sed -n 's/.*Speed: \([0-9 ]*\).*/\1/p' | tr -d ' ')
    ratios+=("$(echo "scale=3; $w / $n" | bc)")
    echo "md5 brute force: native $n/s, hc.exe $w/s"
done
echo "md5 brute force: hc.exe / native speed, median of $rounds: $(printf '%s\n' "${ratios[@]}" | median)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
