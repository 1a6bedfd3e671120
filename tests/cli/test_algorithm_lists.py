"""Several algorithms in one call (contract §10.2): comma lists and `all`."""
import hashlib
import os
import subprocess
import time

import pytest

from conftest import ALGORITHMS, HC_BINARY, load_vectors, run_hc
from filedir_util import independent_digest, pseudo_random_bytes, remove_test_files, run_hc_input
from test_file_mode import t

assert remove_test_files and t  # fixtures, used by name

VECTORS = {(alg, text): digest for alg, text, digest in load_vectors()}


def file_vector(alg, text):
    """ntlm is MD4 of the bytes in file and dir modes (contract §6)."""
    return VECTORS[("md4" if alg == "ntlm" else alg, text)]


def test_string_list_prints_each_algorithm_in_list_order(hc):
    r = hc("sha256,md5,sha1", "string", "-s", "abc")
    want = [hashlib.new(n, b"abc").hexdigest().upper() for n in ("sha256", "md5", "sha1")]
    assert (r.rc, r.lines) == (0, want)


def test_all_in_string_and_file_modes(hc, t):
    """`all` is every row, in the table's (byte-wise sorted) order; each
    line as that algorithm alone prints it, but hc's own file line names
    its algorithm in a column before the digest (§10.8)."""
    r = hc("all", "string", "-s", "123")
    assert (r.rc, r.lines) == (0, [VECTORS[(alg, "123")] for alg in ALGORITHMS])
    r = run_hc("all", "file", "-s", "t/notempty", "-c", cwd=t)
    assert (r.rc, r.lines) == (0, [f"{file_vector(alg, '123')} t/notempty" for alg in ALGORITHMS])
    r = run_hc("all", "file", "-s", "t/empty", cwd=t)
    assert (r.rc, r.lines) == (0, [f"t/empty | 0 bytes | {alg} | {file_vector(alg, '')}" for alg in ALGORITHMS])
    r = run_hc("all", "file", "-s", "t/empty", "-t", cwd=t)
    assert r.rc == 0 and [line.split(" | ")[3:] for line in r.lines] == [
        [alg, file_vector(alg, "")] for alg in ALGORITHMS]
    # one algorithm: the contract's line, byte for byte
    r = run_hc("md5", "file", "-s", "t/empty", cwd=t)
    assert r.lines == [f"t/empty | 0 bytes | {file_vector('md5', '')}"]


def test_dir_mode_prints_every_algorithm_of_a_file_before_the_next_file(t):
    r = run_hc("md5,crc32", "dir", "-s", "t", "-c", cwd=t)
    assert (r.rc, r.lines) == (0, [
        f"{file_vector('md5', '')} t/empty", f"{file_vector('crc32', '')} t/empty",
        f"{file_vector('md5', '123')} t/notempty", f"{file_vector('crc32', '123')} t/notempty"])


def test_an_error_is_one_line_per_input(t):
    r = run_hc("md5,sha1,sha256", "file", "t/notempty", "t/missing", cwd=t)
    assert r.rc == 1
    assert r.lines[3:] == ["t/missing | open error"] and len(r.lines) == 4


@pytest.mark.parametrize("threads", ["1", "2", "4"])
def test_big_input_read_once_for_every_algorithm(tmp_path, threads):
    """A 9 MiB file through the side-by-side path (and BLAKE3's tree inside
    a list), checked against other implementations."""
    path = tmp_path / "big"
    path.write_bytes(pseudo_random_bytes(9 * 2**20 + 123))
    algs = ["md5", "sha1", "sha256", "blake3", "crc32", "sha-3-256", "blake2b"]
    r = run_hc(",".join(algs), "file", "-s", str(path), "-c", "-T", threads)
    assert r.rc == 0
    assert r.lines == [f"{independent_digest(alg, str(path))} {path}" for alg in algs]
    # the same bytes from a pipe (a stream: no size known in advance)
    r = run_hc_input(path.read_bytes(), ",".join(algs), "file", "-s", "-", "-c", "-T", threads)
    assert r.lines == [f"{independent_digest(alg, str(path))} -" for alg in algs]


def test_offset_and_limit_apply_to_every_algorithm(t):
    r = run_hc("md5,sha1", "file", "-s", "t/notempty", "-q", "1", "-z", "1", "-c", cwd=t)
    assert r.lines == [f"{file_vector('md5', '2')} t/notempty", f"{file_vector('sha1', '2')} t/notempty"]


@pytest.mark.parametrize("word,message", [
    ("md5,foo", "hc: unknown algorithm 'foo' in the list 'md5,foo'"),
    ("md5,sha-256", "hc: unknown algorithm 'sha-256' in the list 'md5,sha-256' (did you mean 'sha256'?)"),
    ("md5,sha1,md5", "hc: algorithm 'md5' is named twice in the list 'md5,sha1,md5'"),
    ("md5,", "hc: an empty algorithm name in the list 'md5,'"),
    (",md5", "hc: an empty algorithm name in the list ',md5'"),
    ("all,md5", "hc: unknown algorithm 'all' in the list 'all,md5'"),
])
def test_bad_lists_are_usage_errors(hc, t, word, message):
    for mode in ("string", "file", "dir", "check"):
        r = run_hc(word, mode, "-s", "t/notempty", cwd=t)
        # hc's own usage errors: one line on stderr, nothing on stdout
        assert (r.rc, r.out, r.err) == (2, "", message + "\n")


def test_a_single_unknown_name_keeps_the_contract_message(hc):
    r = hc("md55", "file", "-s", "x")
    assert (r.rc, r.lines[0]) == (2, "error: unrecognized command 'md55'")


def test_validate_and_search_need_one_algorithm(t):
    r = run_hc("md5,sha1", "file", "-s", "t/notempty", "-m", file_vector("md5", "123"), cwd=t)
    assert (r.rc, r.out) == (2, "") and r.err.startswith("hc: -m/--hash compares with one algorithm's digest")
    r = run_hc("md5,sha1", "dir", "-s", "t", "-H", file_vector("md5", "123"), cwd=t)
    assert (r.rc, r.out) == (2, "") and r.err.startswith("hc: -H/--search compares with one algorithm's digest")
    r = run_hc("md5,sha1", "hash", "-s", file_vector("md5", "123"))
    assert (r.rc, r.out, r.err) == (2, "", "hc: hash mode takes one algorithm, not the list 'md5,sha1'\n")
    r = run_hc("all", "hash", "-p")
    assert r.rc == 2


def test_options_some_rows_lack_are_not_offered(hc, t):
    """--sfv only when every row is a CRC; BLAKE3's options only for BLAKE3."""
    r = run_hc("crc32,crc32c", "file", "-s", "t/notempty", "--sfv", cwd=t)
    assert (r.rc, r.lines) == (0, ["notempty    884863D2", "notempty    107B2FB2"])
    r = run_hc("md5,crc32", "file", "-s", "t/notempty", "--sfv", cwd=t)
    assert (r.rc, r.lines[0]) == (2, "error: unrecognized option 'sfv'")
    assert r.err == "hc: --sfv is offered only when every algorithm of 'md5,crc32' offers it\n"
    r = hc("blake3,sha256", "string", "-s", "x", "--length", "8")
    assert (r.rc, r.lines[0]) == (2, "error: unrecognized option 'length'")
    assert not any("--sfv" in line for line in hc("md5,crc32", "file", "-h").lines)
    assert any("--sfv" in line for line in hc("crc32,crc32c", "dir", "-h").lines)
    assert not any("--length" in line for line in hc("blake3,md5", "file", "-h").lines)


def test_help_of_a_list_word(hc):
    r = hc("md5,sha1", "-h")
    assert r.rc == 0 and "Usage: hc md5,sha1 <COMMAND>" in r.lines
    commands = r.lines[r.lines.index("Commands:") + 1:]
    modes = [line.split()[0] for line in commands[:commands.index("")] if not line.startswith("     ")]
    assert modes == ["string", "file", "dir", "check"]
    r = hc("all", "file", "-h")
    assert r.rc == 0 and "Usage: hc all file [OPTIONS]" in r.lines


def thread_cpu_ticks(pid):
    """CPU time (clock ticks, user + system) of each thread of a process."""
    ticks = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks[tid] = int(fields[11]) + int(fields[12])
    return ticks


def settled_ticks(pid):
    """Per-thread CPU once the process has stopped using any (it waits for
    more input). Settled means: some CPU used, then none for half a second
    (on a loaded machine hc may not run at all in its first tenths of a
    second, which two equal readings of zero would take for the end)."""
    last, unchanged = None, 0
    for _ in range(400):
        now = thread_cpu_ticks(pid)
        unchanged = unchanged + 1 if now == last else 0
        if unchanged >= 5 and sum(now.values()) > 0:
            return now
        last = now
        time.sleep(0.1)
    return last


@pytest.mark.parametrize("threads,shared", [("2", True), ("1", False)])
def test_algorithms_run_side_by_side_on_threads(threads, shared):
    """Wiring: with two threads MD5, SHA-1 and SHA-256 of one input share the
    work between two threads; with one thread one thread does it all. The
    input is a pipe kept open, so the threads' CPU times can be read while hc
    waits for the rest."""
    proc = subprocess.Popen([HC_BINARY, "md5,sha1,sha256", "file", "-s", "-", "-c", "-T", threads],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        block = pseudo_random_bytes(8 * 2**20)
        for _ in range(12):
            proc.stdin.write(block)
        proc.stdin.flush()
        ticks = settled_ticks(proc.pid)
        proc.stdin.close()
        out = proc.stdout.read().decode()
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    data = block * 12
    assert out.splitlines() == [f"{hashlib.new(n, data).hexdigest().upper()} -" for n in ("md5", "sha1", "sha256")]
    busy = sorted(ticks.values(), reverse=True)
    total = sum(busy)
    assert total >= 5, ticks
    if shared:
        assert len(busy) >= 2 and busy[1] >= 0.15 * total, ticks
    else:
        assert busy[1:] == [] or sum(busy[1:]) <= 0.05 * total + 1, ticks
