#!/bin/sh
# Brute-force speed side by side: hc hash mode, hashcat on the CPU (pocl),
# and John the Ripper jumbo (its `john --test=2 --format=F` figures measured
# once on the development machine, per core, times the cores used here).
#
#   bench/crack_speed.sh [options]
#     -b PATH    the hc binary (default build/hc)
#     -s SECS    seconds per hc run (default 4)
#     -p         also: `hc <alg> hash -p` for all 50 algorithms, one thread
#     -e         also: probe estimate vs real time on a 10-60 s run
#     -H         skip hashcat (it compiles its kernels on first use: 20-40 s each)
#     -r ROWS    only these rows (space-separated hc names; default: every row
#                hashcat also has: md4 md5 ntlm sha1 sha224 sha256 sha384
#                sha512, SHA-3 and Keccak, ripemd160, whirlpool, blake2b,
#                gost, crc32)
#
# Every hc run searches for a digest that is never found, over a slice
# (--part) of the 7-character keyspace of [0-9a-z] sized to take about SECS
# seconds, and reports hc's own Speed line. hashcat runs its own benchmark
# (`hashcat -b -m M --force`), whose numbers are the ones usually quoted.
# The machine may be shared: numbers in one run are comparable, absolute
# ones less so; run it twice and compare.
set -eu

HC=build/hc
SECS=4
ALL=0
ESTIMATE=0
HASHCAT=1
ROWS=""
while getopts b:s:peHr: opt; do
    case $opt in
    b) HC=$OPTARG ;;
    s) SECS=$OPTARG ;;
    p) ALL=1 ;;
    e) ESTIMATE=1 ;;
    H) HASHCAT=0 ;;
    r) ROWS=$OPTARG ;;
    *) sed -n '2,21p' "$0"; exit 2 ;;
    esac
done
CPUS=$(nproc)
DICT=0-9a-z

# A digest of the algorithm's length that no short string has (in practice).
unfindable() {
    n=$("$HC" "$1" string -s x | tr -d '\n' | wc -c)
    printf '%*s' "$n" '' | tr ' ' 1
}

speed_of() { sed -n 's/.*Speed: \([0-9 ]*\) attempts\/second.*/\1/p' | tr -d ' '; }

# rate ALG THREADS: candidates per second of a run of about SECS seconds.
rate() {
    target=$(unfindable "$1")
    # calibrate on 1/2000 of the keyspace (39M candidates), then size the run
    r=$("$HC" "$1" hash -s "$target" -a $DICT -n 7 -x 7 -T "$2" --noprobe --part 1/2000 | speed_of)
    parts=$(awk -v r="$r" -v s="$SECS" 'BEGIN { k = int(78364164096 / (r * s)); print (k < 1 ? 1 : k) }')
    "$HC" "$1" hash -s "$target" -a $DICT -n 7 -x 7 -T "$2" --noprobe --part "1/$parts" | speed_of
}

hashcat_rate() {
    if [ "$HASHCAT" = 0 ] || ! command -v hashcat >/dev/null 2>&1; then echo 0; return; fi
    # its own session name: hashcat refuses to start beside another run of the default one
    hashcat -b -m "$1" --session "hc-bench-$$-$1" --potfile-disable --force --machine-readable 2>/dev/null | awk -F: '/^[0-9]+:/ { s += $6 } END { print s + 0 }'
}

mega() { awk -v x="$1" 'BEGIN { printf "%.1f", x / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }'; }

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $CPUS CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "hc: $("$HC" --version | tr '\n' ' ')"
echo
echo "M candidates/s         hc 1T   hc ${CPUS}T  hashcat ${CPUS}T  hc/hashcat  John x${CPUS} (measured)  hc/John"
# algorithm, hashcat mode, John jumbo 1.9.0-jumbo-1 (AVX512BW) per-core M c/s (0: not measured)
for row in md4:900:0 md5:0:73.6 ntlm:1000:121.2 sha1:100:57.6 sha224:1300:0 sha256:1400:37.4 sha384:10800:0 \
    sha512:1700:0 sha-3-224:17300:0 sha-3-256:17400:0 sha-3-384:17500:0 sha-3-512:17600:0 sha-3k-224:17700:0 \
    sha-3k-256:17800:0 sha-3k-384:17900:0 sha-3k-512:18000:0 ripemd160:6000:0 whirlpool:6100:0 blake2b:600:0 \
    gost:6900:0 crc32:11500:0; do
    alg=${row%%:*}; rest=${row#*:}; mode=${rest%%:*}; john_core=${rest#*:}
    if [ -n "$ROWS" ] && ! echo " $ROWS " | grep -q " $alg "; then continue; fi
    one=$(rate "$alg" 1)
    all=$(rate "$alg" "$CPUS")
    hcat=$(hashcat_rate "$mode")
    john=$(awk -v j="$john_core" -v c="$CPUS" 'BEGIN { print j * 1e6 * c }')
    printf '%-18s %9s %9s %12s %11s %18s %8s\n' "$alg" "$(mega "$one")" "$(mega "$all")" "$(mega "$hcat")" \
        "$(ratio "$all" "$hcat")" "$(mega "$john")" "$(ratio "$all" "$john")"
done

if [ "$ALL" = 1 ]; then
    echo
    echo "hc <alg> hash -p, 1 thread, [0-9a-z], a run of about ${SECS} s (M candidates/s; kernel)"
    for alg in $("$HC" --help | awk '/^Commands:/ { on = 1; next } on && NF == 0 { exit } on { print $1 }'); do
        # calibrate on the 4-character keyspace, then pick the -p text that
        # sits about SECS seconds into the 5..7-character keyspace
        r=$("$HC" "$alg" hash -p -s zzzz -a $DICT -n 4 -x 4 -T 1 --noprobe --part 1/1 | speed_of)
        text=$(awk -v r="$r" -v s="$SECS" 'BEGIN {
            d = "0123456789abcdefghijklmnopqrstuvwxyz"; n = r * s; len = 5
            while (len < 7 && 36 ^ len < n) len++
            if (n >= 36 ^ len) n = 36 ^ len - 1
            t = ""; for (i = 0; i < len; i++) { t = substr(d, n % 36 + 1, 1) t; n = int(n / 36) }
            print t }')
        len=${#text}
        out=$("$HC" "$alg" hash -p -s "$text" -a $DICT -n "$len" -x "$len" -T 1 --noprobe --part 1/1 || true)
        printf '%-14s %10s   (%s)\n' "$alg" "$(mega "$(echo "$out" | speed_of)")" "$(echo "$out" | tail -1)"
    done
fi

if [ "$ESTIMATE" = 1 ]; then
    echo
    echo "probe estimate vs real time (not-found runs, all threads)"
    for row in md5:7:10 sha256:6:1 sha512:6:2 sha-3-256:6:4; do
        alg=${row%%:*}; rest=${row#*:}; len=${rest%%:*}; parts=${rest#*:}
        # exit status 1: "Nothing found", as intended
        out=$("$HC" "$alg" hash -s "$(unfindable "$alg")" -a $DICT -n "$len" -x "$len" --part "1/$parts" || true)
        est=$(echo "$out" | sed -n 's/^May take approximatelly: \(.*\) sec (.*/\1/p' | awk '{
            s = 0; for (i = 1; i < NF; i += 2) { u = $(i + 1); v = $i
                s += v * (u == "years" ? 31536000 : u == "days" ? 86400 : u == "hr" ? 3600 : u == "min" ? 60 : 1) }
            print s + $NF }')
        real=$(echo "$out" | sed -n 's/.*Time \([0-9]*\):\([0-9]*\):\([0-9.]*\) .*/\1 \2 \3/p' | awk '{ print $1 * 3600 + $2 * 60 + $3 }')
        printf '%-8s length %s part 1/%-4s estimate %8.1f s  real %8.1f s  ratio %s\n' "$alg" "$len" "$parts" \
            "$est" "$real" "$(ratio "$est" "$real")"
    done
fi
