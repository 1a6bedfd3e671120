#!/usr/bin/env bash
# Side-by-side: hc dir mode against rhash on many small files
# (20,000 files of 1-64 KiB in 100 directories), one hyperfine call.
#
#   bench/dir_bench.sh [ALGORITHM]          (default sha256)
#
# Environment: HC (default build/hc), BENCH_DIR (default bench/out), RUNS
# (default 10), FILES (default 20000). Prints rhash's median wall time divided
# by hc's (target >= 1.5: hc at least 1.5 times faster).
set -euo pipefail
cd "$(dirname "$0")/.."
HC=${HC:-build/hc}
RUNS=${RUNS:-10}
FILES=${FILES:-20000}
ALG=${1:-sha256}
BENCH_DIR=${BENCH_DIR:-bench/out}
TREE=$BENCH_DIR/tree-$FILES
[ -x "$HC" ] || { echo "no hc binary at $HC (build first, or set HC)" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "hyperfine is needed" >&2; exit 2; }
if [ ! -d "$TREE" ]; then
  mkdir -p "$BENCH_DIR"
  /usr/bin/python3 - "$TREE" "$FILES" <<'PY'
import os, random, sys
root, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(20000)
for i in range(count):
    d = os.path.join(root, f"d{i % 100:03}")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"f{i:05}.bin"), "wb") as f:
        f.write(rng.randbytes(rng.randint(1024, 65536)))
PY
fi
declare -A RHASH=([sha256]=--sha256 [md5]=--md5 [sha1]=--sha1 [crc32]=--crc32 [blake2b]=--blake2b)
cat "$TREE"/*/* > /dev/null   # warm the page cache right before timing
json=$BENCH_DIR/dir-$ALG.json
hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$json" \
  "$HC $ALG dir -s $TREE -r" "rhash -r ${RHASH[$ALG]} $TREE" > /dev/null 2>&1
/usr/bin/python3 - "$json" "$FILES" <<'PY'
import json, sys
hc, rhash = json.load(open(sys.argv[1]))["results"]
files = int(sys.argv[2])
print(f'hc    {hc["median"]:.3f} s  {files / hc["median"]:9.0f} files/s   ({hc["command"]})')
print(f'rhash {rhash["median"]:.3f} s  {files / rhash["median"]:9.0f} files/s   ({rhash["command"]})')
print(f'rhash / hc = {rhash["median"] / hc["median"]:.2f}  (target >= 1.5)')
PY
