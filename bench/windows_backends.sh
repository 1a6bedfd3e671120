#!/usr/bin/env bash
# The rows whose backend differs on Windows, in memory: the Linux build's
# backend_speed natively, then the Windows build's backend_speed.exe under
# Wine, on one machine in one go, with the load average before and after.
# Prints each row's MB/s on both and the ratio Windows ÷ Linux
# (docs/backends.md records a run).
#
#   bench/windows_backends.sh [MiB]    (after make build and scripts/cross.sh windows)
set -euo pipefail
cd "$(dirname "$0")/.."
mib=${1:-64}
linux=build/backend_speed
windows=build-cross/windows/build/backend_speed.exe
for f in "$linux" "$windows"; do
    [[ -x $f ]] || { echo "windows_backends.sh: $f is missing (make build; scripts/cross.sh windows)" >&2; exit 2; }
done
export WINEPREFIX=${WINEPREFIX:-$PWD/build-cross/windows/wineprefix} WINEDEBUG=-all
wine=$(command -v wine64 || echo /usr/lib/wine/wine64)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
native=$("$linux" "$mib")
wined=$("$wine" "$windows" "$mib" | tr -d '\r')
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-20s %-10s %9s   %-10s %9s   %s\n' row "Linux" "MB/s" "Windows" "MB/s" "Windows/Linux"
join -j1 <(tail -n +2 <<< "$native" | awk '{print $1, $2, $3}' | sort) \
         <(tail -n +2 <<< "$wined" | awk '{print $1, $2, $3}' | sort) |
    awk '{printf "%-20s %-10s %9.1f   %-10s %9.1f   %.2f\n", $1, $2, $3, $4, $5, $5 / $3}'
# what only the Windows build has (libgcrypt's BLAKE2b beside ours)
grep -- '-libgcrypt' <<< "$wined" || true
