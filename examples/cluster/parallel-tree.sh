#!/bin/sh
# One directory tree hashed in N parts run by GNU parallel, then merged and
# verified (docs/file-dir.md, "Across machines"):
#
#   TREE=/data N=8 examples/cluster/parallel-tree.sh
#
# With SSHLOGINS (parallel's --sshloginfile), TREE and LISTS must be paths
# every host sees. Writes OUT (the whole tree's list, as one run prints
# it); exit status 0 when every part hashed its files and the merged list
# verifies. The part-*.$ALG lists an earlier run left in LISTS are removed
# first: a run with a smaller N must not merge them (hc merge would refuse
# the mix anyway).
HC=${HC:-hc}
ALG=${ALG:-sha256}
TREE=${TREE:?the directory to hash}
N=${N:?the number of parts}
LISTS=${LISTS:-$PWD/hc-tree-lists}
OUT=${OUT:-$PWD/hc-tree.$ALG}

mkdir -p "$LISTS" &&
    rm -f -- "$LISTS"/part-*."$ALG" &&
    seq 1 "$N" | parallel ${SSHLOGINS:+--sshloginfile "$SSHLOGINS"} -j 100% --halt soon,fail=1 \
        "$HC" "$ALG" dir -s "$TREE" -r --format gnu -T 1 --part "{}/$N" ">" "$LISTS/part-{}.$ALG" &&
    "$HC" merge "$LISTS"/part-*."$ALG" >"$OUT" &&
    "$HC" "$ALG" check -s "$OUT" --quiet
