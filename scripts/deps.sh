#!/usr/bin/env bash
# Installs the Debian packages hc needs — only the missing ones.
#   scripts/deps.sh build        compiler, CMake, OpenSSL, librhash, ISA-L
#   scripts/deps.sh test         + what the test suite compares against
#   scripts/deps.sh bench        + the peer tools the benchmarks time
#   scripts/deps.sh package      + what `make deb` and its check use
#   scripts/deps.sh fuzz         + clang and libFuzzer (scripts/fuzz.sh)
#   scripts/deps.sh cross        + the cross compilers and qemu-user of scripts/cross.sh
#   scripts/deps.sh windows      + MinGW-w64, libgcrypt for it and Wine (scripts/cross.sh windows)
#   scripts/deps.sh cluster      + Slurm, munge and GNU parallel (tests/cluster: the recipes of examples/cluster)
# Several groups may be given at once.
set -euo pipefail

declare -A groups=(
  [build]="cmake make gcc pkg-config libssl-dev librhash-dev libisal-dev ccache"
  [test]="python3 python3-pytest python3-pycryptodome python3-pexpect tmux libmhash-dev rhash b3sum openssl coreutils util-linux binutils man-db bash zsh fish time hashcat"
  [package]="dpkg-dev file man-db lintian bash-completion"
  [bench]="hyperfine rhash b3sum openssl coreutils"
  [fuzz]="clang-14 libclang-rt-14-dev"
  [cluster]="slurm-wlm munge parallel"
  [cross]="gcc-aarch64-linux-gnu gcc-s390x-linux-gnu libc6-dev-arm64-cross libc6-dev-s390x-cross qemu-user dpkg-dev cmake pkg-config"
  [windows]="gcc-mingw-w64-x86-64-posix libgcrypt-mingw-w64-dev wine64 cmake zip python3 python3-pytest"
)
# cross.sh windows builds the native hc too: its CLI tests compare with it
groups[windows]+=" ${groups[build]}"

wanted=()
for group in "${@:-build}"; do
  [[ -n "${groups[$group]:-}" ]] || { echo "deps.sh: unknown group '$group' (build, test, bench, package, fuzz, cross, cluster, windows)" >&2; exit 2; }
  read -r -a pkgs <<< "${groups[$group]}"
  wanted+=("${pkgs[@]}")
done

missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    [[ " ${missing[*]-} " == *" $pkg "* ]] || missing+=("$pkg")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
echo "Installing: ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
