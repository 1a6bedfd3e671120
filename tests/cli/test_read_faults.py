"""A read that fails part way through a file (a bad sector), injected with
the LD_PRELOAD shim tests/fault/readfail.c (CMake builds it and names it in
HC_READFAIL): that file gets `read error`, the others still hash, exit 1, and
the -o file is the complete console text. Big files are read with pread or
mapped (HC_IO forces one; a mapped bad page raises SIGBUS): both are
covered."""
import errno
import hashlib
import os
import subprocess

import pytest

from conftest import HC_BINARY
from filedir_util import make_tree, pseudo_random_bytes

SHIM = os.environ.get("HC_READFAIL", "")
MIB = 1 << 20


def run_faulty(args, cwd, name, offset, io=None, error=None):
    """hc with reads of files called name failing with EIO (or error) from
    offset on; io: HC_IO (read, map; None: hc chooses)."""
    faults = {"HC_FAULT_READ_NAME": name, "HC_FAULT_READ_OFFSET": str(offset)}
    if error is not None:
        faults["HC_FAULT_READ_ERRNO"] = str(error)
    return run_shimmed(args, cwd, faults, io)


def run_shrinking(args, cwd, name, offset, io=None):
    """hc with the file called name cut to offset bytes by the first read
    or mapping of it that reaches past there."""
    return run_shimmed(args, cwd, {"HC_SHRINK_NAME": name, "HC_SHRINK_AT": str(offset)}, io)


def run_shimmed(args, cwd, shim_env, io):
    if not os.path.exists(SHIM):
        pytest.skip("HC_READFAIL does not name the fault shim (run through ctest)")
    env = dict(os.environ, LD_PRELOAD=SHIM, **shim_env,
               # an ASan runtime wants to come first; the shim only forwards reads
               ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0")
    env.pop("HC_IO", None)
    if io:
        env["HC_IO"] = io
    proc = subprocess.run([HC_BINARY, *args], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=120)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def md5(data):
    return hashlib.md5(data).hexdigest().upper()


@pytest.fixture
def tree(tmp_path):
    files = {"d/a": b"123", "d/bad": pseudo_random_bytes(3 * MIB, seed=1), "d/c": pseudo_random_bytes(2 * MIB, seed=2)}
    make_tree(tmp_path, files)
    return tmp_path, files


IO = pytest.mark.parametrize("io", ["read", "map", None])


@IO
def test_file_read_error_part_way(tree, io):
    tmp, _ = tree
    rc, out, _ = run_faulty(["md5", "file", "-s", "d/bad", "-o", "saved"], tmp, "bad", MIB, io)
    assert (rc, out) == (1, "d/bad | read error\n")
    assert (tmp / "saved").read_text() == out  # complete: the console text


@IO
@pytest.mark.parametrize("threads", ["1", "2"])
def test_dir_read_error_part_way(tree, threads, io):
    """The others still hash, on one thread or several."""
    tmp, files = tree
    rc, out, _ = run_faulty(["md5", "dir", "-s", "d", "-T", threads, "-o", "saved"], tmp, "bad", MIB + 4096, io)
    assert rc == 1
    assert out.splitlines() == [f"d/a | 3 bytes | {md5(files['d/a'])}", "d/bad | read error",
                                f"d/c | 2.00 Mb (2097152 bytes) | {md5(files['d/c'])}"]
    assert (tmp / "saved").read_text() == out


@IO
@pytest.mark.parametrize("alg", ["sha256", "blake3"])
def test_read_error_in_a_big_file_on_two_threads(tmp_path, alg, io):
    """A file big enough for the read-ahead ring (sha256) or for threads that
    each read their own part (blake3): the error comes from another thread
    than the one that reports it."""
    data = pseudo_random_bytes(24 * MIB, seed=3)
    make_tree(tmp_path, {"big": data})
    rc, out, _ = run_faulty([alg, "file", "-s", "big", "-T", "2"], tmp_path, "big", 17 * MIB, io)
    assert (rc, out) == (1, "big | read error\n")
    # and without the fault, the same file hashes
    rc, out, _ = run_faulty(["sha256", "file", "-s", "big", "-T", "2"], tmp_path, "other", 0, io)
    assert (rc, out.split(" | ")[-1]) == (0, hashlib.sha256(data).hexdigest().upper() + "\n")


def test_read_error_in_a_checksum_list(tree):
    tmp, files = tree
    rc, out, err = run_faulty(["md5", "dir", "-s", "d", "-c"], tmp, "bad", 0)
    assert rc == 1
    assert out.splitlines() == [f"{md5(files['d/a'])} d/a", f"{md5(files['d/c'])} d/c"]
    assert err == "hc: d/bad: Input/output error\n"


# ---- a file cut short while read: said as such, not as ENODATA ----

SHRANK = "changed while read (it shrank)"


@IO
@pytest.mark.parametrize("size,cut", [(500_000, 100_000), (24 * MIB, 12 * MIB), (24 * MIB, 17 * MIB + 5)],
                         ids=["small", "big", "big-mid-page"])
def test_a_file_cut_short_while_read_is_said_changed(tmp_path, size, cut, io):
    """It said `No data available` (ENODATA, the reading's word for a file
    that ended first), read or mapped, small or big."""
    make_tree(tmp_path, {"d/a": b"123", "d/cut": pseudo_random_bytes(size, seed=4)})
    rc, out, err = run_shrinking(["md5", "file", "-s", "d/cut"], tmp_path, "cut", cut, io)
    assert (rc, out, err) == (1, "d/cut | read error\n", f"hc: d/cut: {SHRANK}\n")
    assert (tmp_path / "d" / "cut").stat().st_size == cut  # the shim did cut it there


@IO
@pytest.mark.parametrize("alg", ["sha256", "blake3"])
def test_a_big_file_cut_short_on_two_threads(tmp_path, alg, io):
    """The ring's reader thread, or blake3's threads each in a window of
    their own, meet the end first."""
    make_tree(tmp_path, {"big": pseudo_random_bytes(24 * MIB, seed=5)})
    rc, out, err = run_shrinking([alg, "file", "-s", "big", "-T", "2"], tmp_path, "big", 9 * MIB, io)
    assert (rc, out, err) == (1, "big | read error\n", f"hc: big: {SHRANK}\n")


def test_a_file_cut_in_its_first_mib_while_several_algorithms_are_timed(tmp_path):
    """Several algorithms on two threads time each other on the first MiB,
    read apart from the rest: the cut met there is said alike."""
    make_tree(tmp_path, {"big": pseudo_random_bytes(24 * MIB, seed=6)})
    rc, out, err = run_shrinking(["md5,sha256", "file", "-s", "big", "-T", "2"], tmp_path, "big", MIB // 2)
    assert (rc, out, err) == (1, "big | read error\n", f"hc: big: {SHRANK}\n")


def test_dir_and_check_say_a_file_cut_short(tree):
    tmp, files = tree
    rc, out, err = run_shrinking(["md5", "dir", "-s", "d", "-c"], tmp, "bad", 2 * MIB)
    assert (rc, err) == (1, f"hc: d/bad: {SHRANK}\n")
    assert out.splitlines() == [f"{md5(files['d/a'])} d/a", f"{md5(files['d/c'])} d/c"]
    (tmp / "d" / "bad").write_bytes(files["d/bad"])
    (tmp / "SUMS").write_text(f"{md5(files['d/a'])}  d/a\n{md5(files['d/bad'])}  d/bad\n")
    rc, out, err = run_shrinking(["md5", "check", "-s", "SUMS"], tmp, "bad", MIB)
    assert (rc, out) == (1, "d/a: OK\nd/bad: FAILED open or read\n")
    assert err == f"hc: d/bad: {SHRANK}\nhc: WARNING: 1 listed file could not be read\n"


def test_a_device_that_says_enodata_itself_is_not_a_shrink(tree):
    """ENODATA from read(2) with the file still whole is the system's
    reason, said as it is."""
    tmp, _ = tree
    rc, out, err = run_faulty(["md5", "file", "-s", "d/bad"], tmp, "bad", MIB, "read", error=errno.ENODATA)
    assert (rc, out, err) == (1, "d/bad | read error\n", f"hc: d/bad: {os.strerror(errno.ENODATA)}\n")
