#!/usr/bin/env bash
# hc's main job on an embedded default: hash one generated large file with
# several algorithms and show hc's own timing column (-t), with b3sum beside
# BLAKE3 for comparison.
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
for alg in blake3 crc32c crc32 sha1 sha256 md5 blake2b sha512 sha-3-256; do
  "$hc" "$alg" file -s "$file" -t
done
if command -v b3sum >/dev/null; then
  echo
  echo "b3sum for comparison:"
  TIMEFORMAT='  b3sum: %R s wall'
  time b3sum --no-names "$file"
fi
echo
echo "(remove $file when done)"
