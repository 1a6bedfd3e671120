"""The layout check (check_layout.py): the real tree keeps every rule, and
each rule, broken once in a small tree of its own, is reported by name."""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "check_layout.py")
ROOT = os.path.dirname(os.path.dirname(HERE))


def run_check(root):
    return subprocess.run([sys.executable, CHECK, str(root)], capture_output=True, text=True, timeout=120)


def test_the_tree_keeps_every_rule():
    r = run_check(ROOT)
    assert r.stdout == "" and r.returncode == 0, r.stdout
    assert r.stderr == "layout: 0 problem(s)\n"


def write(root, rel, text):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


@pytest.fixture
def tree(tmp_path):
    """A tree that keeps every rule: one export, used by the CLI."""
    write(tmp_path, "CMakeLists.txt", "target_include_directories(hccli PUBLIC ${CMAKE_SOURCE_DIR}/src/cli)\n")
    write(tmp_path, "include/hc/api.h", "HC_API int hc_used(void);\n")
    write(tmp_path, "src/lib/io/reader.h", "int reader(void);\n")
    write(tmp_path, "src/lib/io/reader.c", '#include "reader.h"\nint hc_used(void) { return reader(); }\n')
    write(tmp_path, "src/cli/main.c", '#include "hc/api.h"\nint main(void) { return hc_used(); }\n')
    write(tmp_path, "src/platform/posix/files.c", "int a;\n")
    write(tmp_path, "src/platform/win32/files.c", "int a;\n")
    return tmp_path


def problems(root):
    r = run_check(root)
    lines = r.stdout.splitlines()
    assert r.returncode == (1 if lines else 0)
    assert r.stderr == f"layout: {len(lines)} problem(s)\n"
    return lines


def test_a_clean_tree_passes(tree):
    assert problems(tree) == []


def test_a_cli_file_including_a_private_header(tree):
    write(tree, "src/cli/mode.c", '#include "hc/api.h"\n#include "reader.h"\n')
    assert problems(tree) == ["src/cli/mode.c:2: includes the library's private header reader.h"]


def test_the_cli_target_given_a_library_folder(tree):
    write(tree, "CMakeLists.txt", "target_include_directories(hccli PUBLIC ${CMAKE_SOURCE_DIR}/src/cli\n"
                                  "  ${CMAKE_SOURCE_DIR}/src/lib/io)\n")
    assert problems(tree) == ["CMakeLists.txt: the CLI target (hccli) is given an include folder of src/lib"]


def test_int128_and_engine_structs_in_a_public_header(tree):
    write(tree, "include/hc/crack.h", "__extension__ typedef unsigned __int128 hc_count;\n"
                                      "typedef struct hc_crack_job { int a; } hc_crack_job;\n"
                                      "typedef struct hc_mask { int b; } hc_mask;\n")
    assert problems(tree) == ["include/hc/crack.h:1: __int128 in a public header",
                              "include/hc/crack.h: defines struct hc_mask (it is an opaque handle)",
                              "include/hc/crack.h: defines struct hc_crack_job (it is an opaque handle)"]


def test_an_export_nobody_uses(tree):
    write(tree, "include/hc/more.h", "/* hc_unused( in a comment is no use */\n"
                                     "HC_API void hc_unused(int x);\nHC_API int hc_run_sized(int y);\n")
    write(tree, "tests/unit/test_run.c", "int main(void) { return hc_run(1); }\n")
    assert problems(tree) == ["export hc_unused is used by no CLI file, test or example"]


def test_a_crowded_folder_and_a_long_file(tree):
    for i in range(21):
        write(tree, f"src/cli/many/f{i:02}.c", "int x;\n")
    write(tree, "src/lib/long.c", "int y;\n" * 901)
    write(tree, "src/lib/algos/ok.c", "int z;\n" * 10)
    assert problems(tree) == ["src/lib/long.c: 901 lines (at most 900)",
                              "src/cli/many/: 21 source files (at most 20)"]


def test_two_files_of_one_name(tree):
    write(tree, "src/cli/reader.c", "int r;\n")
    assert problems(tree) == ["reader.c: one name for 2 files: src/cli/reader.c, src/lib/io/reader.c"]
