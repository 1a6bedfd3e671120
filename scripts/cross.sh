#!/usr/bin/env bash
# Cross-builds hc for another CPU family or system with Debian's cross
# compilers and runs the unit tests (the 50 algorithms' reference vectors
# among them) and the hc binary on those vectors under an emulator:
# qemu-user for the CPUs, Wine for Windows.
#
#   scripts/cross.sh TARGET [cmake options...]
#     TARGET: aarch64 (little-endian, NEON), s390x (big-endian), or
#             windows (x86-64, MinGW-w64, static: hc.exe imports only
#             Windows' own DLLs; libgcrypt for the library-backed rows)
#
# The target's libraries (OpenSSL, librhash, ISA-L) are not installed
# through multiarch, which clashes with the host's packages (libisal2 is not
# co-installable, libssl-dev:s390x lags the native version): apt-get
# downloads them with a private package list for the target architecture,
# and dpkg-deb unpacks them into build-cross/ARCH/root, which pkg-config and
# CMake's find root point at. The host's apt configuration is not touched.
# Windows' libraries (libgcrypt, libgpg-error) are Debian's MinGW packages
# and the toolchain file is cmake/mingw-w64-x86_64.cmake; the Wine prefix
# lives in build-cross/windows/wineprefix.
# Extra arguments go to CMake, e.g. -DHC_WITH_ISAL=OFF to build our own
# (slicing-by-8) CRC code instead of ISA-L's on aarch64 and s390x.
#
# Needs: gcc-ARCH-linux-gnu, qemu-user, dpkg-dev, cmake, pkg-config
# (scripts/deps.sh cross installs them); for windows, scripts/deps.sh
# windows (which also installs what the native build needs).
set -euo pipefail
cd "$(dirname "$0")/.."

arch=${1:?usage: scripts/cross.sh aarch64|s390x|windows [cmake options...]}
shift
case $arch in
aarch64) debarch=arm64 triple=aarch64-linux-gnu ;;
s390x) debarch=s390x triple=s390x-linux-gnu ;;
windows) debarch= triple=x86_64-w64-mingw32 ;;
*) echo "cross.sh: unknown target '$arch' (aarch64, s390x, windows)" >&2; exit 2 ;;
esac
top=$PWD
out=$top/build-cross/$arch
root=$out/root
apt_dir=$out/apt
start=$SECONDS
step() { printf '\n--- cross %s: %s (%ds)\n' "$arch" "$*" $((SECONDS - start)); }

# ---- the target's libraries, unpacked into a private root -------------------
packages="libssl-dev libssl3 librhash-dev librhash0 libisal-dev libisal2"
stamp=$root/.packages
if [[ $arch != windows ]] && [[ ! -f $stamp || $(cat "$stamp") != "$packages" ]]; then
    step "downloading $debarch packages"
    rm -rf "$root" "$apt_dir"
    mkdir -p "$root" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/debs"
    touch "$apt_dir/status"
    apt_opts=(-q -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::State::status=$apt_dir/status"
              -o "Dir::Cache=$apt_dir/cache" -o "APT::Architecture=$debarch" -o "APT::Architectures::=$debarch"
              -o "Debug::NoLocking=1")
    apt-get "${apt_opts[@]}" update >/dev/null
    # shellcheck disable=SC2086
    (cd "$apt_dir/debs" && apt-get "${apt_opts[@]}" download $packages 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
    for deb in "$apt_dir"/debs/*.deb; do
        dpkg-deb -x "$deb" "$root"
    done
    # The -dev packages' .so links are absolute in some packages: make them
    # point inside the root.
    find "$root" -type l -lname '/*' | while read -r link; do
        ln -sfn "$root$(readlink "$link")" "$link"
    done
    echo "$packages" > "$stamp"
fi

# ---- configure and build --------------------------------------------------------
step "configure"
if [[ $arch == windows ]]; then
    toolchain=$top/cmake/mingw-w64-x86_64.cmake
    # ISA-L has no MinGW build: our own CRC code (folding, as on Linux).
    set -- -DHC_WITH_ISAL=OFF "$@"
    export WINEPREFIX=$out/wineprefix WINEDEBUG=-all
    wine=$(command -v wine64 || echo /usr/lib/wine/wine64)
    emulate=("$wine")
    hc=$out/build/hc.exe
else
    toolchain=$out/toolchain.cmake
    libdir=$root/usr/lib/$triple
    cat > "$toolchain" <<EOF
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR $arch)
set(CMAKE_C_COMPILER $triple-gcc)
set(CMAKE_FIND_ROOT_PATH $root /usr/$triple)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_LIBRARY_ARCHITECTURE $triple)
# Debian's multiarch headers (openssl/opensslconf.h) of the unpacked root.
set(CMAKE_C_STANDARD_INCLUDE_DIRECTORIES $root/usr/include/$triple)
# Tests run through the emulator, with the target's C library and ours.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-$arch;-L;/usr/$triple;-E;LD_LIBRARY_PATH=$libdir)
EOF
    export PKG_CONFIG_LIBDIR=$libdir/pkgconfig:$root/usr/share/pkgconfig
    export PKG_CONFIG_SYSROOT_DIR=$root
    emulate=(qemu-"$arch" -L /usr/"$triple" -E LD_LIBRARY_PATH="$libdir")
    hc=$out/build/hc
fi
cmake -S . -B "$out/build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=Release \
    -DHC_WERROR=ON "$@" | grep -E '^-- hc:' || true
step "build"
cmake --build "$out/build" -j"$(nproc)" >/dev/null

# ---- run ---------------------------------------------------------------------------
if [[ $arch == windows ]]; then
    # Every DLL the programs import is Windows' own: libgcrypt, libgpg-error
    # and winpthreads are linked in.
    for exe in "$out"/build/*.exe; do
        while read -r dll; do
            case ${dll,,} in
            kernel32.dll | ntdll.dll | msvcrt.dll | advapi32.dll | user32.dll | ws2_32.dll | shell32.dll | bcrypt.dll) ;;
            *) echo "cross.sh: $(basename "$exe") imports $dll, which Windows does not ship" >&2; exit 1 ;;
            esac
        done < <($triple-objdump -p "$exe" | sed -n 's/^\tDLL Name: //p')
    done
    step "Wine prefix: $WINEPREFIX"
    "$wine" cmd /c exit >/dev/null 2>&1 || true
fi
if [[ -x $hc ]]; then
    step "the binary runs: $("${emulate[@]}" "$hc" --version | head -1)"
fi
step "unit tests under ${emulate[0]##*/}"
# Timing checks measure the emulator, not the code (and Wine's thread CPU
# clock ticks too coarsely to time a kernel): the candidate counts still
# prove the kernels' wiring. test_bigfile is left out: it provokes a
# SIGBUS on a shrinking mapped file, which qemu-user does not deliver to the
# program (it dies of it), and picks its cases by the machine's speed.
(cd "$out/build" && HC_TEST_NO_TIMING=1 ctest --output-on-failure -j"$(nproc)" -R '^(test_|fuzz_)' \
    -E '^test_(install|bigfile)$')

if [[ ! -x $hc ]]; then
    step "done (no $(basename "$hc") in this build yet)"
    exit 0
fi
step "hc on the reference vectors under ${emulate[0]##*/}"
# One emulated run per input, with every algorithm that has a vector for it
# (hc a,b,... string -s INPUT prints one line per algorithm, in order): a
# handful of emulator starts instead of one per vector.
vectors=tests/data/vectors/hc-vectors.tsv
declare -A algs=() expected=()
inputs=() rows=0 failed=0
tab=$'\t'
while IFS= read -r line; do
    [[ -z $line || $line == \#* ]] && continue
    # split by hand: read would merge the two tabs around an empty input
    alg=${line%%"$tab"*} rest=${line#*"$tab"}
    input=${rest%%"$tab"*}
    [[ -v "algs[x$input]" ]] || inputs+=("$input")
    algs[x$input]+=${algs[x$input]:+,}$alg
    expected[x$input]+="$alg $input ${rest#*"$tab"}"$'\n'
    rows=$((rows + 1))
done < "$vectors"
for input in "${inputs[@]}"; do
    got=$("${emulate[@]}" "$hc" "${algs[x$input]}" string -s "$input" | tr -d '\r')
    # name, input and digest per line, as the file has them
    mapfile -t names < <(tr ',' '\n' <<< "${algs[x$input]}")
    mapfile -t digests <<< "$got"
    have=
    for k in "${!names[@]}"; do
        have+="${names[k]} $input ${digests[k]:-(nothing)}"$'\n'
    done
    want=${expected[x$input]}
    while IFS= read -r wrong; do
        echo "cross.sh: $arch: expected $wrong" >&2
        failed=$((failed + 1))
    done < <(comm -23 <(sort <<< "${want%$'\n'}") <(sort <<< "${have%$'\n'}"))
done
echo "$rows vectors in ${#inputs[@]} runs, $failed wrong"
[[ $failed -eq 0 && $rows -gt 0 ]]

if [[ $arch == windows ]]; then
    # The command itself under Wine, next to the native build of the same
    # sources: build/hc, configured as make build does when it is not yet,
    # brought up to date (HC_NATIVE names another).
    native=${HC_NATIVE:-}
    if [[ -z $native ]]; then
        step "the native hc of the same sources (build/hc)"
        if [[ ! -f $top/build/CMakeCache.txt ]]; then
            cmake -S . -B "$top/build" -DCMAKE_BUILD_TYPE=Release -DHC_WERROR=ON >/dev/null
        fi
        cmake --build "$top/build" -j"$(nproc)" --target hc >/dev/null
        native=$top/build/hc
    fi
    step "hc.exe's CLI tests under wine64 (tests/windows)"
    HC_EXE=$hc HC_NATIVE=$native WINE=$wine /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/windows

    # The release: hc.exe, the licence and the documents as text files with
    # Windows line ends (Notepad's habit), in one zip.
    version=$("${emulate[@]}" "$hc" --version | tr -d '\r' | awk 'NR == 1 {print $2}')
    release=$out/hc-$version-windows-x86_64
    rm -rf "$release" "$release.zip"
    mkdir -p "$release"
    cp "$hc" "$release/"
    for doc in LICENSE README.md docs/cli.md docs/check.md docs/hash-mode.md docs/file-dir.md docs/windows.md; do
        if [[ -f $doc ]]; then
            sed 's/$/\r/' "$doc" > "$release/$(basename "${doc%.md}").txt"
        fi
    done
    name=${release##*/}
    (cd "$out" && zip -qr "$name.zip" "$name")
    step "release: $release.zip ($(du -h "$release.zip" | cut -f1))"
fi
step "done"
