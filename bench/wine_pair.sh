# Sourced by the benches that time the Linux build and hc.exe under Wine
# side by side on one file (windows_speed.sh, windows_parity.sh): the two
# binaries, Wine and its prefix, a file of SIZE_MIB random bytes removed at
# exit ($file, and $winfile as hc.exe names it), and the helpers that read
# hc's -t lines. The caller sets bench_name, cds to the repository and
# takes SIZE_MIB and ROUNDS from its arguments.
size=${1:-1024} rounds=${2:-3}
native=${HC_NATIVE:-build/hc}
exe=${HC_EXE:-build-cross/windows/build/hc.exe}
export WINEPREFIX=${WINEPREFIX:-$PWD/build-cross/windows/wineprefix} WINEDEBUG=-all
wine=$(command -v wine64 || echo /usr/lib/wine/wine64)
[[ -x $native && -f $exe ]] || { echo "$bench_name: build $native and $exe first" >&2; exit 2; }
file=$(mktemp "/tmp/hc-$bench_name-XXXXXX")
trap 'rm -f "$file"' EXIT
head -c $((size << 20)) /dev/urandom > "$file"
winfile="Z:${file//\//\\}"

# hc's -t line: "NAME | SIZE | 0.123 sec | DIGEST" (hc.exe ends it with CRLF
# on a console, LF here)
seconds() { tr -d '\r' | awk -F' [|] ' '{print $(NF-1)}' | awk '{print $1}'; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
