"""Several inputs per call in file mode (contract §10.1)."""
import hashlib
import os
import re
import signal
import subprocess
import threading
import time

import pytest

from conftest import HC_BINARY, run_hc, spawn_hc, wait_for_handler
from filedir_util import has_open, pseudo_random_bytes, remove_test_files, run_hc_input, wait_until

assert remove_test_files  # fixture, used by name


def md5(data):
    return hashlib.md5(data).hexdigest().upper()


@pytest.fixture
def files(tmp_path):
    """a, b, c holding "a", "bb", "ccc"."""
    for name, data in (("a", b"a"), ("b", b"bb"), ("c", b"ccc")):
        (tmp_path / name).write_bytes(data)
    return tmp_path


def line(path, data):
    return f"{path} | {len(data)} bytes | {md5(data)}"


def test_repeated_source_and_operands_keep_argument_order(files):
    want = [line("a", b"a"), line("b", b"bb"), line("c", b"ccc")]
    for args in (["-s", "a", "-s", "b", "-s", "c"], ["a", "b", "c"], ["-s", "a", "b", "-s", "c"],
                 ["a", "-s", "b", "c"], ["a", "b", "-t", "c"]):
        r = run_hc("md5", "file", *args, cwd=files)
        lines = [re.sub(r" \| [0-9.]+ sec", "", x) for x in r.lines]
        assert (r.rc, lines) == (0, want), args


def test_a_failing_input_does_not_stop_the_others(files):
    r = run_hc("md5", "file", "a", "missing", "c", ".", cwd=files)
    assert r.rc == 1
    assert r.lines == [line("a", b"a"), "missing | open error", line("c", b"ccc"), ". | read error"]
    # formats without room for an error say it on stderr
    r = run_hc("md5", "file", "a", "missing", "-c", cwd=files)
    assert (r.rc, r.lines) == (1, [f"{md5(b'a')} a"])
    assert "missing" in r.err


def test_standard_input_among_files(files):
    r = run_hc_input(b"stdin!", "md5", "file", "a", "-", "b", cwd=files)
    assert (r.rc, r.lines) == (0, [line("a", b"a"), line("-", b"stdin!"), line("b", b"bb")])


def test_standard_input_only_once(files):
    r = run_hc_input(b"x", "md5", "file", "-", "a", "-s", "-", cwd=files)
    assert (r.rc, r.out, r.err) == (2, "", "hc: standard input ('-') can be read only once\n")


def test_operands_are_not_words_of_other_modes(hc):
    # string mode keeps the contract: a stray word is an unknown command
    r = hc("md5", "string", "-s", "1", "extra")
    assert (r.rc, r.lines[0]) == (2, "error: unrecognized command 'extra'")


def test_validate_each_input(files):
    r = run_hc("md5", "file", "a", "b", "-m", md5(b"a"), cwd=files)
    assert (r.rc, r.lines) == (1, ["a | 1 bytes | File is valid", "b | 2 bytes | File is invalid"])


@pytest.mark.parametrize("threads", ["1", "2", "5"])
def test_many_inputs_small_and_big_keep_order(tmp_path, threads):
    """Small inputs are hashed several at once, big ones after them one at a
    time: the printed order is still the argument order."""
    names, want = [], []
    for i in range(300):
        size = 3 * 2**20 if i % 97 == 5 else (i * 7919) % 5000
        data = pseudo_random_bytes(size) if size > 2**20 else bytes([i % 256]) * size
        name = f"f{i:03d}"
        (tmp_path / name).write_bytes(data)
        names.append(name)
        want.append(f"{hashlib.sha256(data).hexdigest().upper()} {name}")
    r = run_hc("sha256", "file", "-c", "-T", threads, *names, cwd=tmp_path)
    assert (r.rc, r.lines) == (0, want)


def test_save_holds_every_input(files):
    r = run_hc("md5", "file", "a", "missing", "b", "-o", "saved", cwd=files)
    assert r.rc == 1
    assert (files / "saved").read_text() == r.out


def test_inputs_are_opened_in_parallel(tmp_path):
    """Wiring: with two threads, the second input is opened while the first
    still waits for its writer; with one thread it is not. (Looked at in
    /proc: probing the FIFOs themselves would feed them an end of file.)"""
    first, second = tmp_path / "first", tmp_path / "second"
    os.mkfifo(first)
    os.mkfifo(second)
    for threads, parallel in (("2", True), ("1", False)):
        proc = subprocess.Popen([HC_BINARY, "md5", "file", "-T", threads, str(first), str(second)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        writers = []
        try:
            assert wait_until(lambda: has_open(proc.pid, str(first)), timeout=30)
            if parallel:
                assert wait_until(lambda: has_open(proc.pid, str(second)), timeout=30)
            else:
                time.sleep(0.3)
                assert not has_open(proc.pid, str(second))
            # feed them in the opposite order: the output order stays
            for path, data in ((second, b"22"), (first, b"1")):
                t = threading.Thread(target=lambda p=path, d=data: p.write_bytes(d))
                t.start()
                writers.append(t)
            out, _ = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            for path in (first, second):
                # unblock a writer left waiting for a reader
                try:
                    os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
                except OSError:
                    pass
            for t in writers:
                t.join(timeout=10)
        assert proc.returncode == 0
        assert out.decode().splitlines() == [line(str(first), b"1"), line(str(second), b"22")]


def test_ctrl_c_keeps_the_lines_of_the_inputs_before(tmp_path):
    """§10.7: the first input's line, then Ctrl+C while the second (a FIFO
    without a writer) waits: exit 130, nothing more printed."""
    (tmp_path / "a").write_bytes(b"a")
    os.mkfifo(tmp_path / "fifo")
    proc = spawn_hc(["md5", "file", "-T", "1", "a", "fifo", "a"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    cwd=tmp_path)
    try:
        assert wait_until(lambda: has_open(proc.pid, str(tmp_path / "fifo")), timeout=30)
        wait_for_handler(proc.pid)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert (proc.returncode, out.decode(), err) == (130, line("a", b"a") + "\n", b"hc: interrupted\n")
