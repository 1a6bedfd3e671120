#!/usr/bin/env bash
# Installs the Debian package system-wide, checks it as a user would, and
# removes it again (what CI runs after `make deb`). Root, or sudo.
#   scripts/check_deb.sh build-deb/hc_<version>_<arch>.deb
set -euo pipefail
deb=${1:?usage: $0 PACKAGE.deb}
[[ -f $deb ]] || { echo "$0: no such package: $deb" >&2; exit 2; }
cd "$(dirname "$0")/.."
source_dir=$PWD

sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
dpkg() { "${sudo[@]}" /usr/bin/dpkg "$@"; }

# One check at a time on a machine: a second run would remove the package
# under the first one's feet.
lock=/var/lock/hc-package-check.lock
[[ -w ${lock%/*} ]] || lock=${TMPDIR:-/tmp}/hc-package-check.lock
exec 9>"$lock"
flock 9

work=$(mktemp -d)
cleanup() {
  rm -rf -- "$work"
  if dpkg-query -W -f='${Status}' hc 2>/dev/null | grep -q 'install ok installed'; then
    dpkg -r hc >/dev/null || true
  fi
}
trap cleanup EXIT
step() { printf -- '--- %s\n' "$*"; }

if command -v lintian >/dev/null; then
  step "lintian (errors fail; the warnings of a one-package layout are known, see docs/library.md)"
  lintian --fail-on error "$deb" 2>&1 | grep -v 'running with root privileges' || true
  lintian --fail-on error "$deb" >/dev/null 2>&1
fi

step "dpkg -i $deb"
dpkg -i "$deb"
dpkg-query -W -f='${Package} ${Version}: Depends: ${Depends}\n' hc

step "hc --version"
hc --version
[[ $(command -v hc) == /usr/bin/hc ]]
[[ $(hc md5 string -s 123) == 202CB962AC59075B964B07152D234B70 ]]

step "man -w hc"
if ! man -w hc; then
  if dpkg -L hc | grep -q '/man1/hc.1.gz$' && [[ ! -e /usr/share/man/man1/hc.1.gz ]]; then
    echo "$0: the package lists the man page, but dpkg did not unpack it: this system excludes" \
         "/usr/share/man (see /etc/dpkg/dpkg.cfg.d)" >&2
  fi
  exit 1
fi
page=$(MANWIDTH=200 man hc 2>/dev/null | col -b)
for word in $(hc --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }'); do
  grep -q -- "$word" <<< "$page" || { echo "$0: man hc does not mention $word" >&2; exit 1; }
done
echo "man hc lists all $(hc --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF' | wc -l) algorithms"

step "completions where the shells look for them"
bash -c 'source /usr/share/bash-completion/completions/hc
         COMP_WORDS=(hc whirl); COMP_CWORD=1; _hc; [[ ${COMPREPLY[*]} == whirlpool ]]'
# fish reads vendor completions with its normal start-up (an empty home
# keeps a user's configuration out of it)
[[ $(HOME=$work XDG_CONFIG_HOME=$work fish -c 'complete -C "hc whirl"' | cut -f1) == whirlpool ]]
zsh -fc 'fpath=(/usr/share/zsh/vendor-completions $fpath); autoload -Uz compinit; compinit -u -D
         (( $+functions[_hc] )) || autoload -Uz _hc; [[ $_comps[hc] == _hc ]]'
echo "bash, fish and zsh complete hc"

step "the library through pkg-config"
pkg-config --modversion hc
cc -std=c11 -Wall -Wextra -Werror examples/hash_file.c $(pkg-config --cflags --libs hc) -o "$work/hash_file"
printf 123 > "$work/data"
[[ $("$work/hash_file" md5 "$work/data") == "202cb962ac59075b964b07152d234b70  $work/data" ]]
echo "examples/hash_file.c builds and runs against /usr/lib"

step "dpkg -r hc"
dpkg -r hc
if dpkg-query -W -f='${Status}' hc 2>/dev/null | grep -q 'install ok installed'; then
  echo "$0: hc is still installed" >&2
  exit 1
fi
for path in /usr/bin/hc /usr/include/hc /usr/share/man/man1/hc.1.gz /usr/share/bash-completion/completions/hc; do
  [[ ! -e $path ]] || { echo "$0: $path is left after dpkg -r" >&2; exit 1; }
done
[[ -z $(find /usr/lib -name 'libhc.so*' 2>/dev/null) ]] || { echo "$0: libhc is left after dpkg -r" >&2; exit 1; }
echo "removed cleanly"
cd "$source_dir"
