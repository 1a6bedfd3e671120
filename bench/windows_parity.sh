#!/usr/bin/env bash
# The six commands of the original tool's BLAKE3 release note, on one warm
# file, with the Linux build and with hc.exe under Wine, side by side:
#
#   hc blake3|crc32c|crc32|md5|sha1|sha256 file -s FILE -t
#
# The times are hc's own (-t: the hashing, without process or Wine
# start-up); each is the median of ROUNDS runs, the Linux and Windows runs
# of a round back to back on the file just read into the page cache. The
# ratio is hc.exe's median over Linux's (1.00: the same speed).
#
#   bench/windows_parity.sh [SIZE_MIB] [ROUNDS]    after make build and make cross-windows
#
# HC_NATIVE and HC_EXE name other binaries; WINEPREFIX defaults to the one
# scripts/cross.sh made.
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=windows_parity.sh
# shellcheck source=bench/wine_pair.sh
. bench/wine_pair.sh
digest() { tr -d '\r' | awk -F' [|] ' '{print $NF}'; }

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) CPUs; file: $size MiB; median of $rounds"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %12s %12s %8s\n' algorithm "Linux s" "hc.exe s" ratio
for alg in blake3 crc32c crc32 md5 sha1 sha256; do
    linux=() windows=()
    for ((i = 0; i < rounds; i++)); do
        cat "$file" > /dev/null
        n=$("$native" "$alg" file -s "$file" -t)
        w=$("$wine" "$exe" "$alg" file -s "$winfile" -t)
        # the same digest, or the times compare different work
        [[ $(digest <<< "$n") == $(digest <<< "$w") ]] || { echo "windows_parity.sh: $alg digests differ" >&2; exit 1; }
        linux+=("$(seconds <<< "$n")")
        windows+=("$(seconds <<< "$w")")
    done
    ln=$(printf '%s\n' "${linux[@]}" | median)
    wn=$(printf '%s\n' "${windows[@]}" | median)
    printf '%-8s %12s %12s %8.2f\n' "$alg" "$ln" "$wn" "$(echo "scale=4; $wn / $ln" | bc)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
