#!/usr/bin/env bash
# `make install` and `make uninstall`: cmake --install with a manifest and
# a rollback, so that a failed install leaves nothing behind.
#
#   scripts/install.sh install BUILD_DIR PREFIX    (honours DESTDIR)
#   scripts/install.sh uninstall BUILD_DIR
#
# install lays the files out in a private staging tree first (cmake
# --install with a temporary DESTDIR), then copies them one by one to
# $DESTDIR$PREFIX. Each file goes in under a temporary name and is renamed
# into place, so no file is ever half-written. Every file and every
# directory created is appended to BUILD_DIR/hc-installed.txt (or
# $HC_INSTALL_MANIFEST) *before* it
# is created, so even an install killed half-way can be undone by
# uninstall. When a copy fails (permission denied, read-only or full file
# system, a path component that is a file), the tool's message gives the
# OS reason, everything this run created is removed again, and the exit
# status is 1. uninstall removes every file in the manifest and then the
# directories install created, if they are empty.
set -euo pipefail

usage() { echo "usage: $0 install BUILD_DIR PREFIX | uninstall BUILD_DIR" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
action=$1 build=$2
manifest=${HC_INSTALL_MANIFEST:-$build/hc-installed.txt}

# Removes the manifest's entries, newest first: files, then the directories
# that are empty by then. Entries: "f PATH" or "d PATH".
remove_entries() {
  local entries=$1 kind path
  tac "$entries" | while IFS=' ' read -r kind path; do
    if [[ $kind == f ]]; then
      rm -f -- "$path"
    elif [[ $kind == d && -d $path ]]; then
      rmdir -- "$path" 2>/dev/null || true   # not empty: something else lives there now
    fi
  done
}

case $action in
install)
  [[ $# -eq 3 ]] || usage
  prefix=$3
  [[ $prefix == /* ]] || { echo "$0: PREFIX must be an absolute path, not '$prefix'" >&2; exit 2; }
  [[ -f $build/cmake_install.cmake ]] || { echo "$0: $build is not a configured build directory" >&2; exit 2; }
  stage=$(mktemp -d "$build/install-stage.XXXXXX")
  run=$(mktemp "$build/install-run.XXXXXX")
  trap 'rm -rf -- "$stage" "$run"' EXIT
  DESTDIR=$stage cmake --install "$build" --prefix "$prefix" >/dev/null
  destdir=${DESTDIR:-}
  destdir=${destdir%/}
  # Records an entry in the manifest (for uninstall) and in this run's list
  # (for the rollback) before the change is made.
  record() { echo "$1 $2" >> "$manifest"; echo "$1 $2" >> "$run"; }
  failed=0
  count=0
  while IFS= read -r -d '' rel; do
    target=$destdir${rel#.}
    # Create the missing directories from the top down, each recorded.
    missing=()
    dir=$(dirname -- "$target")
    while [[ -n $dir && $dir != / && ! -e $dir && ! -L $dir ]]; do
      missing=("$dir" "${missing[@]}")
      dir=$(dirname -- "$dir")
    done
    for dir in "${missing[@]}"; do
      record d "$dir"
      mkdir -- "$dir" || { failed=1; break; }
    done
    [[ $failed -eq 0 ]] || break
    record f "$target"
    tmp=$target.hc-install-tmp
    if ! cp -P --preserve=mode,timestamps -- "$stage/${rel#./}" "$tmp" ||
       ! mv -f -T -- "$tmp" "$target"; then
      rm -f -- "$tmp" 2>/dev/null || true
      failed=1
      break
    fi
    count=$((count + 1))
  done < <(cd "$stage" && find . -mindepth 1 \( -type f -o -type l \) -print0 | sort -z)
  if [[ $failed -ne 0 ]]; then
    remove_entries "$run"
    # Drop this run's entries from the manifest again: they are gone.
    if [[ -f $manifest ]]; then
      grep -vxF -f "$run" "$manifest" > "$manifest.new" || true
      mv -f -- "$manifest.new" "$manifest"
      [[ -s $manifest ]] || rm -f -- "$manifest"
    fi
    echo "$0: install into $destdir$prefix failed (see the message above); nothing of it was left behind" >&2
    exit 1
  fi
  echo "installed $count files under $destdir$prefix (listed in $manifest; 'make uninstall' removes them)"
  ;;
uninstall)
  [[ $# -eq 2 ]] || usage
  if [[ ! -f $manifest ]]; then
    echo "nothing to uninstall: no $manifest"
    exit 0
  fi
  files=$(grep -c '^f ' "$manifest" || true)
  remove_entries "$manifest"
  rm -f -- "$manifest"
  echo "removed $files installed files"
  ;;
*)
  usage
  ;;
esac
