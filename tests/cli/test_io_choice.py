"""hc chooses between pread and mmap for a big file by measuring both on
the file itself (docs/file-dir.md). The LD_PRELOAD shim tests/fault/readfail.c
makes one method cost CPU time, as a host where it is dear does: hc must
then use the other one for nearly all of the file. A choice fixed in the
code, or one that ignored the measurements, fails one of the two."""
import os
import re
import resource
import subprocess

import pytest

from conftest import HC_BINARY

SHIM = os.environ.get("HC_READFAIL", "")
MIB = 1 << 20


@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("io") / "choice.bin"
    with open(path, "wb") as f:
        for _ in range(256):
            f.write(os.urandom(MIB))
    return path


def run_hc_on(path, **env_extra):
    """hc -T 1 on path through the shim: (its stderr, its CPU seconds)."""
    if not os.path.exists(SHIM):
        pytest.skip("HC_READFAIL does not name the shim (run through ctest)")
    env = dict(os.environ, LD_PRELOAD=SHIM, HC_SLOW_NAME=path.name, HC_IO_STATS="1", **env_extra,
               ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0")
    if "HC_IO" not in env_extra:
        env.pop("HC_IO", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([HC_BINARY, "blake3", "file", "-s", str(path), "-T", "1"], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert proc.returncode == 0, proc.stderr
    return proc.stderr, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@pytest.fixture(scope="module")
def dear_ns_per_kib(big_file):
    """Ten times what the dearer method costs here per KiB, hashing
    included: a sanitizer changes the costs (under ThreadSanitizer every
    mapped page also faults in its shadow memory: mapping cost ~15 us a
    KiB there, against ~0.2 us a KiB in a release build)."""
    kib = big_file.stat().st_size / 1024
    dearest = max(run_hc_on(big_file, HC_IO=io)[1] for io in ("read", "map"))
    return str(int(10 * dearest / kib * 1e9))


def units_with(path, **dear):
    """(units read, units mapped) for hc -T 1 on path with the shim's costs."""
    err, _ = run_hc_on(path, **dear)
    found = re.search(r"hc: io: read (\d+) map (\d+) units", err)
    assert found, err
    return int(found.group(1)), int(found.group(2))


def test_dear_reads_make_hc_map(big_file, dear_ns_per_kib):
    read, mapped = units_with(big_file, HC_SLOW_READ_NS=dear_ns_per_kib)
    # units: 2 MiB read, 16 MiB mapped; the probes and the tries at unit
    # 16 and 64 read at most 6 of them
    assert read <= 6 and mapped * 16 >= 0.9 * 256, (read, mapped)


def test_dear_mappings_make_hc_read(big_file, dear_ns_per_kib):
    read, mapped = units_with(big_file, HC_SLOW_MAP_NS=dear_ns_per_kib)
    # the probes map 4 windows, the tries at units 16 and 64 two more
    assert mapped <= 6 and read * 2 >= 0.6 * 256, (read, mapped)
