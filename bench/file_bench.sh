#!/usr/bin/env bash
# Side-by-side: hc file mode against the fastest peer tool on one big
# page-cached file, one hyperfine call per algorithm (docs/file-dir.md).
#
#   bench/file_bench.sh [ALGORITHM...]      (default: all below)
#
# Environment: HC (the binary, default build/hc), SIZE (default 1G; the file
# is made once in BENCH_DIR and reused), BENCH_DIR (default bench/out),
# RUNS (default 10). Prints, per algorithm, hc's median wall time divided by
# the fastest peer's (target <= 1.00); for crc32/crc32c also divided by
# `cat FILE` (target <= 1.25). JSON of every hyperfine run stays in BENCH_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
HC=${HC:-build/hc}
SIZE=${SIZE:-1G}
RUNS=${RUNS:-10}
BENCH_DIR=${BENCH_DIR:-bench/out}
mkdir -p "$BENCH_DIR"
FILE=$BENCH_DIR/big-$SIZE.bin
[ -x "$HC" ] || { echo "no hc binary at $HC (build first, or set HC)" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "hyperfine is needed" >&2; exit 2; }
[ -f "$FILE" ] || head -c "$SIZE" /dev/urandom > "$FILE"

# peers: algorithm -> commands ('|' separated); only those installed run
declare -A PEERS=(
  [md5]="openssl dgst -md5|md5sum|rhash --md5"
  [sha1]="openssl dgst -sha1|sha1sum|rhash --sha1"
  [sha256]="openssl dgst -sha256|sha256sum|rhash --sha256"
  [sha512]="openssl dgst -sha512|sha512sum|rhash --sha512"
  [sha-3-256]="openssl dgst -sha3-256|rhash --sha3-256"
  [blake2b]="openssl dgst -blake2b512|b2sum|rhash --blake2b"
  [whirlpool]="openssl dgst -provider legacy -provider default -whirlpool|rhash --whirlpool"
  [ripemd160]="openssl dgst -ripemd160|rhash --ripemd160"
  [crc32]="rhash --crc32|cat"
  [crc32c]="rhash --crc32c|cat"
  [tiger]="rhash --tiger"
  [gost]="rhash --gost94-cryptopro"
  [blake3]="b3sum|b3sum --no-mmap"
)
ORDER=(md5 sha1 sha256 sha512 sha-3-256 blake2b whirlpool ripemd160 crc32 crc32c tiger gost blake3)
[ $# -gt 0 ] && ORDER=("$@")

printf '%-10s %10s %10s  %-40s %s\n' algorithm "hc s" "peer s" "fastest peer" "hc / peer"
for alg in "${ORDER[@]}"; do
  cmds=("$HC $alg file -s $FILE")
  IFS='|' read -r -a peers <<< "${PEERS[$alg]}"
  for p in "${peers[@]}"; do
    command -v "${p%% *}" >/dev/null && cmds+=("$p $FILE")
  done
  cat "$FILE" > /dev/null   # the page cache forgets idle files within a minute here
  json=$BENCH_DIR/file-$alg.json
  hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$json" "${cmds[@]}" > /dev/null 2>&1
  /usr/bin/python3 - "$json" "$alg" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
hc, peers = results[0], results[1:]
cat = [p for p in peers if p["command"].startswith("cat ")]
others = [p for p in peers if not p["command"].startswith("cat ")]
best = min(others, key=lambda p: p["median"])
line = f'{sys.argv[2]:<10} {hc["median"]:10.3f} {best["median"]:10.3f}  {best["command"].rsplit(" ", 1)[0]:<40} {hc["median"] / best["median"]:.2f}'
if cat:
    line += f'   (hc / cat = {hc["median"] / cat[0]["median"]:.2f})'
print(line)
PY
done
