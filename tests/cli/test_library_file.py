"""The library's file engine (<hc/file.h>) through examples/hash_big_file.c:
a program linking libhc gets hc's digests and takes hc's speed path (the
engine's own statistics say so: every thread, the tree split)."""
import hashlib
import os
import pathlib
import re

import pytest

from conftest import HC_BINARY, run_hc

EXAMPLE = pathlib.Path(os.environ.get("HC_EXAMPLES", pathlib.Path(HC_BINARY).parent)) / "example_hash_big_file"
pytestmark = pytest.mark.skipif(not EXAMPLE.exists(), reason="examples not built")


def run_example(*args):
    import subprocess
    proc = subprocess.run([str(EXAMPLE), *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("lib") / "big.bin"
    path.write_bytes(os.urandom(5 << 20) * 4)  # 20 MiB: the big-file engine
    return path


def test_digests_match_hc_one_and_several_algorithms(big_file):
    for algs in ("blake3", "md5,sha256,crc32"):
        rc, out, err = run_example(algs, big_file)
        assert rc == 0, err
        hc = run_hc(algs, "file", "-s", str(big_file), "--format", "gnu")
        assert hc.rc == 0, hc
        assert out == hc.out
    assert run_example("sha256", big_file)[1].split()[0] == hashlib.sha256(big_file.read_bytes()).hexdigest()


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one CPU: nothing to split")
def test_same_speed_path_as_hc(big_file):
    """BLAKE3 over every thread, the tree split, as hc's HC_IO_STATS shows
    for the same file. On a busy machine one thread may claim every unit
    before the other starts: retried, the assertion unchanged."""
    threads = None
    for _ in range(10):
        rc, _, err = run_example("blake3", big_file)
        assert rc == 0, err
        threads = re.match(r"(\d+) threads", err).group(1)
        if int(threads) >= 2 and ", tree" in err:
            break
    assert int(threads) >= 2 and ", tree" in err, err
    hc = run_hc("blake3", "file", "-s", str(big_file), env={"HC_IO_STATS": "1"})
    assert ", tree" in hc.err, hc


def test_errors_are_the_systems(tmp_path):
    rc, out, err = run_example("md5", tmp_path / "missing")
    assert (rc, out) == (1, "") and "No such file or directory" in err
    rc, out, err = run_example("md5", tmp_path)
    assert (rc, out) == (1, "") and "Is a directory" in err
    assert run_example("nosuch", tmp_path)[0] == 2
