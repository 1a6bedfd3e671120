#!/usr/bin/env bash
# hc's main job on an embedded default: hash one generated large file with
# several algorithms, each line labelled with its algorithm and showing hc's
# own timing column (-t), and end with BLAKE3 side by side with b3sum.
#   bench/demo.sh [path/to/hc] [size, default 1G]
set -euo pipefail
hc=${1:-build/hc}
size=${2:-1G}
file=${HC_DEMO_FILE:-${TMPDIR:-/tmp}/hc-demo-$size.bin}

if [[ ! -f "$file" ]]; then
  echo "Generating $file ($size of pseudo-random bytes)..."
  # AES-CTR keystream: fast and incompressible; the fixed key keeps runs comparable.
  # openssl dies of SIGPIPE once head has its bytes: that is the normal end,
  # not a failure for pipefail.
  (openssl enc -aes-128-ctr -pass pass:hc-demo -nosalt -pbkdf2 -in /dev/zero 2>/dev/null || true) |
    head -c "$size" > "$file.tmp"
  mv "$file.tmp" "$file"
fi
cat "$file" > /dev/null   # into the page cache

echo "hc --version:"
"$hc" --version | sed 's/^/  /'
echo
echo "$file, hashed by hc with each algorithm (-t: hc's own timing column):"
for alg in blake3 crc32c crc32 sha1 sha256 md5 blake2b sha512 sha-3-256; do
  printf '%-10s ' "$alg"
  "$hc" "$alg" file -s "$file" -t
done

# The comparison: the same file through hc and b3sum, the whole command
# timed the same way, interleaved (hc, b3sum, hc, b3sum, ...) so that load
# from other processes hits both alike; medians of 3.
if command -v b3sum >/dev/null; then
  seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
  }
  median() { sort -n | sed -n 2p; }
  hc_runs=() b3_runs=()
  for _ in 1 2 3; do
    hc_runs+=("$(seconds "$hc" blake3 file -s "$file")")
    b3_runs+=("$(seconds b3sum --no-names "$file")")
  done
  hc_median=$(printf '%s\n' "${hc_runs[@]}" | median)
  b3_median=$(printf '%s\n' "${b3_runs[@]}" | median)
  echo
  echo "(remove $file when done)"
  echo
  echo "BLAKE3 side by side, wall time of the whole command, median of 3 (load $(cut -d' ' -f1-3 /proc/loadavg)):"
  printf '  %-28s %8s s\n' "hc blake3 file -s FILE" "$hc_median" "b3sum FILE" "$b3_median"
  awk -v h="$hc_median" -v b="$b3_median" 'BEGIN { if (b > 0) printf "  hc takes %.2f of b3sum'"'"'s time\n", h / b }'
else
  echo
  echo "(remove $file when done; install b3sum for the side-by-side comparison)"
fi
