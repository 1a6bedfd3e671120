#!/usr/bin/env python3
"""The layout's rules (docs/architecture.md), checked on the source tree.

Each rule prints every place that breaks it; the exit status is 1 when any
rule is broken, 0 otherwise. Run from anywhere: the tree is the parent of
this file's folder's parent, or the folder given as the only argument.

  - the command line uses the library through its public headers only: no
    file under src/cli includes a header of src/lib, and the CLI target in
    CMakeLists.txt is given no folder of src/lib to include from;
  - the public headers hold no compiler-only type (__int128) and do not
    define the search engine's job or mask (they are opaque handles);
  - every function or variable the library exports (HC_API) is used by the
    command, a test or an example;
  - no folder holds more than 20 source files (the algorithm and kernel
    folders aside: a file per algorithm or kernel is their layout);
  - no source file is over 900 lines (generated constant tables aside);
  - no two source files share a name outside src/platform (where posix/
    and win32/ implement one interface file by file).
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
MAX_FILES_PER_FOLDER = 20
MAX_LINES = 900
# Folders whose layout is a file per algorithm or per kernel.
MANY_FILES_ALLOWED = {"src/lib/algos", "src/lib/crack/kernels"}
# Constant tables: generated or transcribed data, not code to read.
LONG_FILES_ALLOWED = {"src/lib/algos/snefru_sboxes.c", "src/lib/algos/crc_constants.c",
                      "src/lib/crack/kernels/mb_sha1_masks.h"}

problems = []


def rel(path):
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def sources(top):
    for folder, _, names in os.walk(os.path.join(ROOT, top)):
        for name in sorted(names):
            if name.endswith((".c", ".h")):
                yield os.path.join(folder, name)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def check_cli_includes():
    private = {os.path.basename(p) for p in sources("src/lib")}
    cli_own = {os.path.basename(p) for p in sources("src/cli")}
    for path in sources("src/cli"):
        for n, line in enumerate(read(path).splitlines(), 1):
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not m:
                continue
            name = m.group(1)
            if name.startswith("hc/") or os.path.basename(name) in cli_own:
                continue
            if os.path.basename(name) in private:
                problems.append(f"{rel(path)}:{n}: includes the library's private header {name}")
    cmake = read(os.path.join(ROOT, "CMakeLists.txt"))
    for m in re.finditer(r"target_include_directories\(hccli\b([^)]*)\)", cmake):
        if "src/lib" in m.group(1):
            problems.append("CMakeLists.txt: the CLI target (hccli) is given an include folder of src/lib")


def check_public_headers():
    for path in sources("include"):
        text = read(path)
        for n, line in enumerate(text.splitlines(), 1):
            if "__int128" in line:
                problems.append(f"{rel(path)}:{n}: __int128 in a public header")
        for name in ("hc_mask", "hc_crack_job"):
            if re.search(r"struct\s+" + name + r"\s*\{", text):
                problems.append(f"{rel(path)}: defines struct {name} (it is an opaque handle)")


def check_exports():
    exported = set()
    for path in sources("include"):
        text = re.sub(r"/\*.*?\*/", "", read(path), flags=re.S)
        for decl in re.findall(r"HC_API\b[^;{]*?;", text, flags=re.S):
            names = re.findall(r"\b(hc_\w+)\s*(?:\(|\[|;)", decl)
            if names:
                exported.add(names[0])
    users = []
    for top in ("src/cli", "tests", "examples", "bench", "tools"):
        for folder, _, names in os.walk(os.path.join(ROOT, top)):
            for name in names:
                if name.endswith((".c", ".h", ".cpp", ".py", ".cmake", ".sh")):
                    users.append(read(os.path.join(folder, name)))
    words = set(re.findall(r"\w+", "\n".join(users)))
    for name in sorted(exported):
        # an entry point behind a macro (hc_crack_run -> hc_crack_run_sized)
        # is used through the macro's name
        called = {name, name[: -len("_sized")]} if name.endswith("_sized") else {name}
        if not called & words:
            problems.append(f"export {name} is used by no CLI file, test or example")


def check_sizes_and_names():
    seen = {}
    for top in ("src", "include"):
        counts = {}
        for path in sources(top):
            folder = rel(os.path.dirname(path))
            counts[folder] = counts.get(folder, 0) + 1
            lines = read(path).count("\n")
            if lines > MAX_LINES and rel(path) not in LONG_FILES_ALLOWED:
                problems.append(f"{rel(path)}: {lines} lines (at most {MAX_LINES})")
            if not rel(path).startswith("src/platform/"):
                seen.setdefault(os.path.basename(path), []).append(rel(path))
        for folder, count in sorted(counts.items()):
            if count > MAX_FILES_PER_FOLDER and folder not in MANY_FILES_ALLOWED:
                problems.append(f"{folder}/: {count} source files (at most {MAX_FILES_PER_FOLDER})")
    for name, paths in sorted(seen.items()):
        if len(paths) > 1:
            problems.append(f"{name}: one name for {len(paths)} files: {', '.join(paths)}")


check_cli_includes()
check_public_headers()
check_exports()
check_sizes_and_names()
for p in problems:
    print(p)
print(f"layout: {len(problems)} problem(s)", file=sys.stderr)
sys.exit(1 if problems else 0)
