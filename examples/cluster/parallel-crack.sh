#!/bin/sh
# One brute-force search split into N parts run by GNU parallel
# (docs/hash-mode.md, "Across machines"), one single-threaded part per CPU
# at a time:
#
#   N=64 examples/cluster/parallel-crack.sh               # this machine
#   N=64 SSHLOGINS=hosts.txt examples/cluster/parallel-crack.sh
#
# With SSHLOGINS (parallel's --sshloginfile: one login per line, such as
# `8/user@host` for 8 parts at a time there), MARKER must be on storage
# every host sees. The search is set in the environment; the defaults are
# an example. Exit status: 0 found (the answer is in the marker and on the
# part's tagged line), 1 not found, 2 the marker path was taken (a leftover
# at the start, or another search's marker during the run).
HC=${HC:-hc}
ALG=${ALG:-md5}
TARGET=${TARGET:-5d41402abc4b2a76b9719d911017c592}
DICT=${DICT:-0-9a-z}
MIN=${MIN:-1}
MAX=${MAX:-9}
N=${N:?the number of parts}
MARKER=${MARKER:-$PWD/hc-crack.found}

# A marker there already is a leftover (of this search or another): its
# answer is not this run's, and a part would stop on it at once. Refused,
# so that success below always means a find of this run.
if [ -e "$MARKER" ] || [ -L "$MARKER" ]; then
    echo "hc-crack: $MARKER exists already, left by an earlier search; remove it (or name another MARKER) first" >&2
    exit 2
fi

search() {
    "$HC" "$ALG" hash -s "$TARGET" -a "$DICT" -n "$MIN" -x "$MAX" --noprobe "$@"
}

# --halt soon,success=1: after a find no new part starts, and parallel
# waits for the running ones, which the marker stops within a second; so
# when parallel returns no part is left running anywhere.
seq 1 "$N" | parallel ${SSHLOGINS:+--sshloginfile "$SSHLOGINS"} -j 100% --halt soon,success=1 --tag \
    "$HC" "$ALG" hash -s "$TARGET" -a "$DICT" -n "$MIN" -x "$MAX" --noprobe -T 1 \
    --part "{}/$N" --stop-file "$MARKER"
status=$?
# parallel: 0 when a part found it (the part that halted it); otherwise the
# number of parts that failed, hc's 1 (nothing in this part) included. A
# find counts only with this search's marker: hc itself tells, stopping at
# once (3) on its own search's marker and refusing (2) anything else.
if [ -e "$MARKER" ]; then
    why=$(search -T 1 --part "1/$N" --stop-file "$MARKER" 2>&1 >/dev/null)
    if [ $? -eq 3 ]; then
        exit 0
    fi
    echo "hc-crack: $MARKER is not this search's marker: $why" >&2
    exit 2
fi
echo "hc-crack: not found (parallel's status $status: parts that did not find it or failed; see their lines)" >&2
exit 1
