#!/usr/bin/env bash
# The CLI tests that depend on timing (progress lines, status lines, Ctrl+C
# in every mode and phase, waits on FIFOs and pipes) run beside two CPU
# hogs, as on a busy machine (issue 28): each of them waits for the state it
# needs (a line printed, a line drawn, a handler installed), never for a
# fixed time, and this run keeps them honest.
#
#   scripts/busy_tests.sh [BUILD]      (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
yes >/dev/null &
hog1=$!
yes >/dev/null &
hog2=$!
trap 'kill "$hog1" "$hog2"' EXIT
export HC_BINARY=$PWD/$build/hc HC_TEST_DATA=$PWD/tests/data HC_READFAIL=$PWD/$build/libhc_readfail.so \
    HC_EXAMPLES=$PWD/$build
/usr/bin/python3 -m pytest -q -p no:cacheprovider \
    tests/cli/test_progress.py tests/cli/test_waits_and_limits.py tests/cli/test_hash_long.py \
    tests/cli/test_save_integrity.py tests/cli/test_hash_stop_file.py tests/cli/test_side_effects.py \
    "tests/cli/test_hash_mode.py::test_interrupt_prints_the_summary" \
    "tests/cli/test_hash_mode.py::test_interrupt_during_probe" \
    "tests/cli/test_hash_many.py::test_interrupt" \
    "tests/cli/test_check_mode.py::test_ctrl_c_stops_a_check_with_what_was_printed" \
    "tests/cli/test_several_inputs.py::test_ctrl_c_keeps_the_lines_of_the_inputs_before" \
    "tests/cli/test_dir_mode.py::test_progress_on_a_terminal_never_mixes_with_results" \
    "tests/cli/test_file_mode.py::test_progress_only_on_a_terminal"
