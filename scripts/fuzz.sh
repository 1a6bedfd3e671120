#!/usr/bin/env bash
# Runs every fuzz target (tests/fuzz/fuzz_*.c) under libFuzzer with
# AddressSanitizer + UndefinedBehaviorSanitizer, for a bounded time in all.
#
#   scripts/fuzz.sh [TOTAL_SECONDS]      default 90, shared by the targets
#
# Each target starts from its corpus (tests/fuzz/corpus/<target>/, never
# written to); what it finds goes to a temporary directory. A crash fails the
# run and leaves its input in build-fuzz/crashes/: add that file to the
# target's corpus, where it stays as a regression test (the ordinary test
# suite replays every corpus file).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh build fuzz

total=${1:-90}
cc=${HC_FUZZ_CC:-clang-14}
build=build-fuzz
targets=()
for src in tests/fuzz/fuzz_*.c; do
  name=$(basename "$src" .c)
  targets+=("$name")
done
per=$(( total / ${#targets[@]} ))
(( per >= 5 )) || per=5

cmake -S . -B "$build" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DHC_FUZZ=ON -DHC_SANITIZE=address,undefined -DHC_WERROR=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$build/crashes"
status=0
for t in "${targets[@]}"; do
  mkdir -p "$work/$t"
  echo "=== $t: ${per} s" >&2
  # -close_fd_mask=2: the targets' own messages about bad input are noise;
  # libFuzzer and the sanitizers still report on the real stderr.
  if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
       "$build/$t" -max_total_time="$per" -timeout=10 -rss_limit_mb=4096 -close_fd_mask=2 \
       -print_final_stats=1 -artifact_prefix="$build/crashes/$t-" "$work/$t" "tests/fuzz/corpus/$t" \
       2> "$work/$t.log"; then
    tail -60 "$work/$t.log" >&2
    echo "fuzz.sh: $t FAILED; its input is in $build/crashes/ — add it to tests/fuzz/corpus/$t/ as a regression" >&2
    status=1
  else
    grep -E '^stat::number_of_executed_units|^stat::new_units_added|Done [0-9]+ runs' "$work/$t.log" | tr '\n' ' ' >&2
    echo >&2
  fi
done
exit "$status"
