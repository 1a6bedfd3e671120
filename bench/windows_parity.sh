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
size=${1:-1024} rounds=${2:-3}
native=${HC_NATIVE:-build/hc}
exe=${HC_EXE:-build-cross/windows/build/hc.exe}
export WINEPREFIX=${WINEPREFIX:-$PWD/build-cross/windows/wineprefix} WINEDEBUG=-all
wine=$(command -v wine64 || echo /usr/lib/wine/wine64)
[[ -x $native && -f $exe ]] || { echo "windows_parity.sh: build $native and $exe first" >&2; exit 2; }
file=$(mktemp /tmp/hc-parity-XXXXXX)
trap 'rm -f "$file"' EXIT
head -c $((size << 20)) /dev/urandom > "$file"
winfile="Z:${file//\//\\}"

# hc's -t line: "NAME | SIZE | 0.123 sec | DIGEST"
seconds() { tr -d '\r' | awk -F' [|] ' '{print $(NF-1)}' | awk '{print $1}'; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
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
