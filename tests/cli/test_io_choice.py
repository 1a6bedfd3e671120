"""hc chooses between pread and mmap for a big file by measuring both on
the file itself (docs/file-dir.md). The LD_PRELOAD shim tests/fault/readfail.c
makes one method cost CPU time, as a host where it is dear does: hc must
then use the other one for nearly all of the file. A choice fixed in the
code, or one that ignored the measurements, fails one of the two."""
import os
import re
import subprocess

import pytest

from conftest import HC_BINARY

SHIM = os.environ.get("HC_READFAIL", "")
MIB = 1 << 20
# Spun per KiB read or mapped: about ten times what either costs on its own.
DEAR_NS_PER_KIB = "2000"


@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("io") / "choice.bin"
    with open(path, "wb") as f:
        for _ in range(256):
            f.write(os.urandom(MIB))
    return path


def units_with(path, **dear):
    """(units read, units mapped) for hc -T 1 on path with the shim's costs."""
    if not os.path.exists(SHIM):
        pytest.skip("HC_READFAIL does not name the shim (run through ctest)")
    env = dict(os.environ, LD_PRELOAD=SHIM, HC_SLOW_NAME=path.name, HC_IO_STATS="1", **dear,
               ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0")
    env.pop("HC_IO", None)
    proc = subprocess.run([HC_BINARY, "blake3", "file", "-s", str(path), "-T", "1"], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120, text=True)
    assert proc.returncode == 0, proc.stderr
    found = re.search(r"hc: io: read (\d+) map (\d+) units", proc.stderr)
    assert found, proc.stderr
    return int(found.group(1)), int(found.group(2))


def test_dear_reads_make_hc_map(big_file):
    read, mapped = units_with(big_file, HC_SLOW_READ_NS=DEAR_NS_PER_KIB)
    # units: 2 MiB read, 16 MiB mapped; the probes and the tries at unit
    # 16 and 64 read at most 6 of them
    assert read <= 6 and mapped * 16 >= 0.9 * 256, (read, mapped)


def test_dear_mappings_make_hc_read(big_file):
    read, mapped = units_with(big_file, HC_SLOW_MAP_NS=DEAR_NS_PER_KIB)
    # the probes map 4 windows, the tries at units 16 and 64 two more
    assert mapped <= 6 and read * 2 >= 0.6 * 256, (read, mapped)
