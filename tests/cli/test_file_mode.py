"""file mode (contract §2.3, §3, §9): exact stdout and exit status."""
import hashlib
import os
import pty
import re
import shutil
import subprocess
import threading
import time
import zlib

import pytest

from conftest import ALGORITHMS, HC_BINARY, run_hc
from filedir_util import (has_open, has_started_reading, independent_digest, open_tmp, pseudo_random_bytes, read_pty,
                          remove_test_files, require_real, run_hc_input, run_hc_unprivileged, sanitized,
                          thread_sanitized, vector, wait_until)

assert open_tmp and remove_test_files  # fixtures, used by name

MD5_123 = "202CB962AC59075B964B07152D234B70"
MD5_EMPTY = "D41D8CD98F00B204E9800998ECF8427E"
BANNER_LINES = 2


@pytest.fixture
def t(tmp_path):
    """The reference suite's layout: t/notempty holds "123", t/empty nothing."""
    d = tmp_path / "t"
    d.mkdir()
    (d / "notempty").write_bytes(b"123")
    (d / "empty").write_bytes(b"")
    return tmp_path


# ---- the contract's examples ----

def test_contract_example_lines(t):
    r = run_hc("md5", "file", "-s", "t/notempty", cwd=t)
    assert (r.rc, r.out) == (0, f"t/notempty | 3 bytes | {MD5_123}\n")
    r = run_hc("md5", "file", "-s", "t/notempty", "-m", MD5_123, cwd=t)
    assert (r.rc, r.out) == (0, "t/notempty | 3 bytes | File is valid\n")
    r = run_hc("md5", "file", "-s", "t/notempty", "-c", cwd=t)
    assert (r.rc, r.out) == (0, f"{MD5_123} t/notempty\n")
    r = run_hc("crc32", "file", "-s", "t/notempty", "--sfv", cwd=t)
    assert (r.rc, r.out) == (0, "notempty    884863D2\n")
    r = run_hc("md5", "file", "-s", "t/notempty", "-t", cwd=t)
    assert r.rc == 0
    assert re.fullmatch(r"t/notempty \| 3 bytes \| 0\.\d\d\d sec \| " + MD5_123 + "\n", r.out)


@pytest.mark.parametrize("alg", ALGORITHMS)
def test_limit_and_offset_on_123(alg, t):
    """§3.6 with every algorithm: -z 2 is "12", -q 1 "23", -z 1 -q 1 "2",
    -z 10 and -z 0 the whole "123"; the size column is always the file's."""
    require_real(alg)
    path = str(t / "t" / "notempty")
    cases = [([], "123"), (["-z", "2"], "12"), (["-q", "1"], "23"), (["-z", "1", "-q", "1"], "2"),
             (["-z", "10"], "123"), (["-z", "0"], "123"), (["-q", "0"], "123")]
    for extra, text in cases:
        r = run_hc(alg, "file", "-s", path, *extra)
        assert (r.rc, r.out) == (0, f"{path} | 3 bytes | {vector(alg, text)}\n"), extra
    r = run_hc(alg, "file", "-s", str(t / "t" / "empty"))
    assert (r.rc, r.out) == (0, f"{t / 't' / 'empty'} | 0 bytes | {vector(alg, '')}\n")


@pytest.mark.parametrize("alg", ALGORITHMS)
def test_file_equals_string_mode(alg, tmp_path):
    """Whatever the algorithm computes (real or placeholder), file mode must
    feed it the same bytes as string mode: a text of 100 KiB in one read, and
    its prefix through -z."""
    text = "".join(chr(0x21 + (i * 7919) % 94) for i in range(100 * 1024))
    path = tmp_path / "text"
    path.write_bytes(text.encode())
    want = run_hc(alg if alg != "ntlm" else "md4", "string", "-s", text).out.strip()
    r = run_hc(alg, "file", "-s", str(path), "-c")
    assert (r.rc, r.out) == (0, f"{want} {path}\n")
    want = run_hc(alg if alg != "ntlm" else "md4", "string", "-s", text[:777]).out.strip()
    r = run_hc(alg, "file", "-s", str(path), "-c", "-z", "777")
    assert (r.rc, r.out) == (0, f"{want} {path}\n")


@pytest.fixture(scope="module")
def multi_mib(tmp_path_factory):
    path = tmp_path_factory.mktemp("big") / "data.bin"
    path.write_bytes(pseudo_random_bytes(3 * 1024 * 1024 + 12345))
    yield path
    shutil.rmtree(path.parent, ignore_errors=True)


@pytest.mark.parametrize("alg", ALGORITHMS)
def test_multi_mib_file_against_independent_implementation(alg, multi_mib):
    want = independent_digest(alg, str(multi_mib))
    if want is None:
        pytest.skip(f"no independent implementation of {alg} here (covered by vectors and string mode)")
    require_real(alg)
    r = run_hc(alg, "file", "-s", str(multi_mib), "-c")
    assert (r.rc, r.out) == (0, f"{want} {multi_mib}\n")
    # a range that straddles the 1 MiB read chunks
    part = multi_mib.parent / "part.bin"
    part.write_bytes(multi_mib.read_bytes()[1000:1000 + 2 * 1024 * 1024 + 3])
    want = independent_digest(alg, str(part))
    r = run_hc(alg, "file", "-s", str(multi_mib), "-c", "-q", "1000", "-z", str(2 * 1024 * 1024 + 3))
    assert (r.rc, r.out) == (0, f"{want} {multi_mib}\n")


def test_ntlm_file_is_md4_of_the_bytes(t):
    r = run_hc("ntlm", "file", "-s", str(t / "t" / "notempty"), "-c")
    assert r.out.split()[0] == "C58CDA49F00748A3BC0FCFA511D516CB"


# ---- size and time columns ----

@pytest.mark.parametrize("size,text", [
    (0, "0 bytes"), (1, "1 bytes"), (1023, "1023 bytes"), (1024, "1.00 Kb (1024 bytes)"),
    (2058, "2.01 Kb (2058 bytes)"), (1152, "1.13 Kb (1152 bytes)"), (1664, "1.63 Kb (1664 bytes)"),
    (1048575, "1024.00 Kb (1048575 bytes)"), (1572864, "1.50 Mb (1572864 bytes)"),
    (2097153, "2.00 Mb (2097153 bytes)"), (23523125604, "21.91 Gb (23523125604 bytes)"),
    (5 * 2**40 + 2**39, "5.50 Tb (6047313952768 bytes)"),
])
def test_size_column_with_sparse_files(tmp_path, size, text):
    path = tmp_path / "sparse"
    with open(path, "wb") as f:
        try:
            f.truncate(size)
        except OSError:
            pytest.skip("the file system does not take a file that large")
    # -z 1: the size column is the whole file's, only one byte is hashed
    r = run_hc("crc32", "file", "-s", str(path), "-z", "1")
    digest = "00000000" if size == 0 else "D202EF8D"
    assert (r.rc, r.out) == (0, f"{path} | {text} | {digest}\n")


def test_time_column_format(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100000)
    r = run_hc("sha1", "file", "-s", str(path), "-t", "-l")
    assert r.rc == 0
    m = re.fullmatch(re.escape(str(path)) + r" \| 97\.66 Kb \(100000 bytes\) \| (.*) \| ([0-9a-f]{40})\n", r.out)
    assert m, r.out
    assert re.fullmatch(r"((\d+ years )?\d+ days )?((\d+ hr )?\d+ min )?\d+\.\d{3} sec", m.group(1))
    assert m.group(2) == hashlib.sha1(b"x" * 100000).hexdigest()


# ---- digests: case, Base64, validation ----

def test_lower_and_base64(t):
    path = str(t / "t" / "notempty")
    assert run_hc("md5", "file", "-s", path, "-l").out == f"{path} | 3 bytes | {MD5_123.lower()}\n"
    assert run_hc("md5", "file", "-s", path, "-b").out == f"{path} | 3 bytes | ICy5YqxZB1uWSwcVLSNLcA==\n"
    assert run_hc("md5", "file", "-s", path, "-bl").out == f"{path} | 3 bytes | ICy5YqxZB1uWSwcVLSNLcA==\n"
    assert run_hc("crc32", "file", "-s", path, "-b", "-c").out == f"iEhj0g== {path}\n"
    assert run_hc("crc32c", "file", "-s", path, "--sfv", "-l").out == "notempty    107b2fb2\n"


def test_validate(t):
    path = str(t / "t" / "notempty")
    for target in (MD5_123, MD5_123.lower()):
        r = run_hc("md5", "file", "-s", path, "-m", target)
        assert (r.rc, r.out) == (0, f"{path} | 3 bytes | File is valid\n")
    r = run_hc("md5", "file", "-s", path, "-m", MD5_EMPTY)
    assert (r.rc, r.out) == (1, f"{path} | 3 bytes | File is invalid\n")
    # -b never makes -m Base64
    r = run_hc("md5", "file", "-s", path, "-m", MD5_123, "-b")
    assert (r.rc, r.out) == (0, f"{path} | 3 bytes | File is valid\n")
    r = run_hc("md5", "file", "-s", path, "-m", "ICy5YqxZB1uWSwcVLSNLcA==")
    assert (r.rc, r.out) == (2, f"{path} | invalid search hash\n")
    # -t shows the verdict after the time
    r = run_hc("md5", "file", "-s", path, "-m", MD5_123, "-t")
    assert re.fullmatch(re.escape(path) + r" \| 3 bytes \| \d+\.\d{3} sec \| File is valid\n", r.out)
    # with -z the validation is of the range
    r = run_hc("md5", "file", "-s", path, "-z", "2", "-m", vector("md5", "12"))
    assert (r.rc, r.out) == (0, f"{path} | 3 bytes | File is valid\n")
    # an empty -m means no validation
    r = run_hc("md5", "file", "-s", path, "-m", "")
    assert (r.rc, r.out) == (0, f"{path} | 3 bytes | {MD5_123}\n")


@pytest.mark.parametrize("target", ["202CB", MD5_123 + "00", "Z02CB962AC59075B964B07152D234B70", " " + MD5_123])
def test_malformed_validation_hash(t, target):
    path = str(t / "t" / "notempty")
    r = run_hc("md5", "file", "-s", path, "-m", target)
    assert (r.rc, r.out) == (2, f"{path} | invalid search hash\n")


def test_validation_with_checksum_and_sfv_formats(t):
    path = str(t / "t" / "notempty")
    # the line format wins (§3.2); the verdict still decides the status
    r = run_hc("md5", "file", "-s", path, "-c", "-m", MD5_123)
    assert (r.rc, r.out) == (0, f"{MD5_123} {path}\n")
    r = run_hc("md5", "file", "-s", path, "-c", "-m", MD5_EMPTY)
    assert (r.rc, r.out) == (1, f"{MD5_123} {path}\n")
    r = run_hc("crc32", "file", "-s", path, "--sfv", "-m", "884863d2")
    assert (r.rc, r.out) == (0, "notempty    884863D2\n")


def test_missing_file_before_malformed_target(tmp_path):
    # open and stat come first, as in the reference; the bad -m still makes it a usage error
    path = str(tmp_path / "missing")
    r = run_hc("md5", "file", "-s", path, "-m", "12")
    assert (r.rc, r.out) == (2, f"{path} | open error\n")


def test_sfv_basename_takes_both_separators(tmp_path):
    d = tmp_path / "a\\b"
    d.mkdir()
    (d / "c.txt").write_bytes(b"123")
    r = run_hc("crc32", "file", "-s", str(d / "c.txt"), "--sfv")
    assert (r.rc, r.out) == (0, "c.txt    884863D2\n")
    assert run_hc("md5", "file", "-s", str(d / "c.txt"), "--sfv").rc == 2


# ---- per-file errors (contract §3.5) ----

def test_missing_file(tmp_path):
    path = str(tmp_path / "nope")
    r = run_hc("md5", "file", "-s", path)
    # the contract's line, and why on stderr (§10.7)
    assert (r.rc, r.out, r.err) == (1, f"{path} | open error\n", f"hc: {path}: No such file or directory\n")
    # no line at all in the formats without an error column; the same word on stderr
    r = run_hc("md5", "file", "-s", path, "-c")
    assert (r.rc, r.out, r.err) == (1, "", f"hc: {path}: No such file or directory\n")
    r = run_hc("crc32", "file", "-s", path, "--sfv")
    assert (r.rc, r.out) == (1, "")


def test_empty_path(tmp_path):
    r = run_hc("md5", "file", "-s", "", cwd=tmp_path)
    assert (r.rc, r.out) == (1, " | open error\n")


def test_permission_denied(open_tmp):
    path = os.path.join(open_tmp, "secret")
    with open(path, "wb") as f:
        f.write(b"123")
    os.chmod(path, 0)
    r = run_hc_unprivileged("md5", "file", "-s", path)
    assert (r.rc, r.out) == (1, f"{path} | open error\n")


def test_directory_given_to_file_mode(tmp_path):
    r = run_hc("md5", "file", "-s", str(tmp_path))
    assert (r.rc, r.out) == (1, f"{tmp_path} | read error\n")


def test_offset_errors(t):
    path = str(t / "t" / "notempty")
    for offset in ("3", "4", "9223372036854775807"):
        r = run_hc("md5", "file", "-s", path, "-q", offset)
        assert (r.rc, r.out) == (1, f"{path} | Offset is greater than file size\n"), offset
    empty = str(t / "t" / "empty")
    r = run_hc("md5", "file", "-s", empty, "-q", "1")
    assert (r.rc, r.out) == (1, f"{empty} | Offset is greater than file size\n")
    r = run_hc("md5", "file", "-s", empty, "-q", "0")
    assert (r.rc, r.out) == (0, f"{empty} | 0 bytes | {MD5_EMPTY}\n")
    r = run_hc("md5", "file", "-s", path, "-q", "2")
    assert (r.rc, r.out) == (0, f"{path} | 3 bytes | {hashlib.md5(b'3').hexdigest().upper()}\n")


# ---- option values (contract §2.5, §9) ----

def test_missing_source_is_checked_first(hc):
    r = hc("md5", "file", "-z", "abc")
    assert (r.rc, r.out) == (2, "--source option is required\n")


@pytest.mark.parametrize("option,long", [("-z", "limit"), ("-q", "offset"), ("--limit", "limit"),
                                         ("--offset", "offset")])
def test_bad_numbers(t, option, long):
    path = str(t / "t" / "notempty")
    for value in ("a", "10abc", "", "1.5", "1_0"):
        r = run_hc("md5", "file", "-s", path, option, value)
        assert (r.rc, r.out) == (2, f"Invalid parameter --{long} {value}. Must be number\n"), value
    for value in ("18446744073709551615", "9223372036854775808", "-10223372036854775808"):
        r = run_hc("md5", "file", "-s", path, option, value)
        assert (r.rc, r.out) == (2, f"Invalid parameter --{long} {value}. Must be a 64-bit number\n"), value
    r = run_hc("md5", "file", "-s", path, option, "-10")
    assert r.rc == 2
    assert len(r.nonblank) == BANNER_LINES + 1
    assert r.nonblank[0].startswith("Hash Calculator ")
    assert r.lines[-1] == f"Invalid {long} option must be positive but was -10"
    # trimmed, explicit sign
    r = run_hc("md5", "file", "-s", path, option, " +1 ")
    assert r.rc == 0


def test_limit_is_checked_before_offset(t):
    r = run_hc("md5", "file", "-s", str(t / "t" / "notempty"), "-q", "x", "-z", "y")
    assert (r.rc, r.out) == (2, "Invalid parameter --limit y. Must be number\n")


def test_threads(t):
    path = str(t / "t" / "notempty")
    for n in ("1", "2", "16"):
        r = run_hc("md5", "file", "-s", path, "-T", n)
        assert (r.rc, r.out) == (0, f"{path} | 3 bytes | {MD5_123}\n")
    for n in ("0", "-1", "abc", "100000"):
        r = run_hc("md5", "file", "-s", path, "-T", n)
        assert r.rc == 2 and r.out.startswith(f"Invalid parameter --threads {n}."), n


# ---- big files: > 4 GiB offsets, parallel hashing ----

def test_offsets_beyond_4_gib_read_only_the_range(tmp_path):
    path = tmp_path / "huge"
    base = 5 * 2**30
    with open(path, "wb") as f:
        try:
            f.truncate(base + 2**20)
        except OSError:
            pytest.skip("no large sparse files here")
        f.seek(base + 17)
        f.write(b"hello world")
    size = f"5.00 Gb ({base + 2**20} bytes)"
    r = run_hc("sha256", "file", "-s", str(path), "-q", str(base + 17), "-z", "11")
    assert (r.rc, r.out) == (0, f"{path} | {size} | {hashlib.sha256(b'hello world').hexdigest().upper()}\n")
    r = run_hc("md5", "file", "-s", str(path), "-q", str(base + 2**20 - 1))
    assert (r.rc, r.out) == (0, f"{path} | {size} | {hashlib.md5(bytes(1)).hexdigest().upper()}\n")
    r = run_hc("md5", "file", "-s", str(path), "-q", str(base + 2**20))
    assert (r.rc, r.out) == (1, f"{path} | Offset is greater than file size\n")


@pytest.mark.parametrize("alg,io", [("crc32", "auto"), ("crc32", "read"), ("crc32", "map"), ("blake3", "auto")])
def test_memory_stays_bounded_for_a_huge_sparse_file(tmp_path, alg, io):
    path = tmp_path / "sparse"
    with open(path, "wb") as f:
        try:
            f.truncate(2**30)
        except OSError:
            pytest.skip("no large sparse files here")
    if not os.access("/usr/bin/time", os.X_OK):
        pytest.skip("no /usr/bin/time to measure the peak memory")
    # /usr/bin/time, not wait4 here: a child forked from this big Python
    # process would count Python's pages as its own
    rss = tmp_path / "rss"
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", str(rss), HC_BINARY, alg, "file", "-s", str(path),
                           "-c"], stdout=subprocess.PIPE, env={**os.environ, "HC_IO": io})
    if alg == "crc32":
        crc, block = 0, bytes(2**20)
        for _ in range(2**10):
            crc = zlib.crc32(block, crc)
        want = f"{crc:08X}"
    else:
        want = independent_digest(alg, str(path))
        if want is None:
            pytest.skip("no independent BLAKE3")
    assert (proc.returncode, proc.stdout) == (0, f"{want} {path}\n".encode())
    # KiB: buffers and mapped windows (at most 32 MiB of windows for the
    # BLAKE3 threads together: 37-39 MiB peak measured on 2 CPUs), whatever
    # the file size; the bound is 64 MB. A sanitizer's shadow memory
    # multiplies every resident page (ThreadSanitizer's by 4 and more: 175
    # MiB measured)
    if thread_sanitized() and (alg == "blake3" or io == "map"):
        # ThreadSanitizer keeps the shadow of every byte that instrumented
        # code reads through a mapping until the mapping goes (munmap), not
        # when its pages are dropped (MADV_DONTNEED). BLAKE3's threads map
        # each 1 GiB batch once (docs/file-dir.md): 430 MiB measured; the
        # CRCs, now hc's own (instrumented) folding code rather than ISA-L's
        # assembly, read a forced mapping likewise: 4 GiB measured, all of
        # it shadow. The digest above is still checked; the other builds
        # check the bound.
        return
    bound = 256 if thread_sanitized() else 128 if sanitized() else 48
    assert int(rss.read_text().split()[-1]) < bound * 1024


@pytest.fixture(scope="module")
def twenty_mib(tmp_path_factory):
    path = tmp_path_factory.mktemp("big") / "twenty.bin"
    path.write_bytes(pseudo_random_bytes(20 * 2**20 + 4321, seed=20))
    yield path
    shutil.rmtree(path.parent, ignore_errors=True)


IO_METHODS = ["read", "map", "auto"]


@pytest.mark.parametrize("io", IO_METHODS)
@pytest.mark.parametrize("threads", ["1", "2", "4"])
@pytest.mark.parametrize("offset,limit", [(0, 0), (1, 0), (2**20 - 1, 3 * 2**20 + 2), (5, 9 * 2**20 + 1),
                                          (3 * 2**20, 0), (2**20 + 4095, 2**20 + 1)])
def test_big_file_ranges(twenty_mib, io, threads, offset, limit):
    """Big ranges go through the big-file path (read or mapped, with a
    read-ahead thread when -T allows): the same digests, any range."""
    data = twenty_mib.read_bytes()
    part = data[offset:offset + limit] if limit else data[offset:]
    r = run_hc("sha256", "file", "-s", str(twenty_mib), "-T", threads, "-q", str(offset), "-z", str(limit), "-c",
               env={"HC_IO": io})
    assert (r.rc, r.out) == (0, f"{hashlib.sha256(part).hexdigest().upper()} {twenty_mib}\n")


@pytest.mark.parametrize("io", IO_METHODS)
@pytest.mark.parametrize("threads", ["1", "2", "4"])
def test_blake3_subtrees_on_every_thread(twenty_mib, io, threads, tmp_path):
    """BLAKE3 splits a big file between the threads, each reading or mapping
    and hashing its own subtrees: b3sum's digest, whole and for a range."""
    require_real("blake3")
    r = run_hc("blake3", "file", "-s", str(twenty_mib), "-T", threads, "-c", env={"HC_IO": io})
    assert (r.rc, r.out) == (0, f"{independent_digest('blake3', str(twenty_mib))} {twenty_mib}\n")
    part = tmp_path / "part"
    part.write_bytes(twenty_mib.read_bytes()[12345:12345 + 17 * 2**20])
    r = run_hc("blake3", "file", "-s", str(twenty_mib), "-T", threads, "-q", "12345", "-z", str(17 * 2**20), "-c",
               env={"HC_IO": io})
    assert (r.rc, r.out) == (0, f"{independent_digest('blake3', str(part))} {twenty_mib}\n")


def io_stats(*args, **kwargs):
    """hc's HC_IO_STATS line for one big file (the big-file path's diagnostic)."""
    r = run_hc(*args, env={"HC_IO_STATS": "1", **kwargs})
    assert r.rc == 0, r
    lines = [line for line in r.err.splitlines() if line.startswith("hc: io: ")]
    assert len(lines) == 1, r.err
    return lines[0]


def test_blake3_big_file_uses_every_thread(twenty_mib):
    """-T 2 must hash one BLAKE3 file on two threads that each obtain their
    own units; a busy machine may starve a thread once, never ten times."""
    for io in ("read", "map"):
        seen = []
        for _ in range(10):
            line = io_stats("blake3", "file", "-s", str(twenty_mib), "-T", "2", HC_IO=io)
            seen.append(line)
            if ", 2 threads, tree" in line:
                break
        assert ", 2 threads, tree" in seen[-1], seen
        units = re.match(r"hc: io: read (\d+) map (\d+) units", seen[-1]).groups()
        assert int(units[0 if io == "read" else 1]) > 0 and int(units[1 if io == "read" else 0]) == 0, seen[-1]
    line = io_stats("blake3", "file", "-s", str(twenty_mib), "-T", "1")
    assert ", 1 threads" in line and "tree" not in line and "pipelined" not in line, line
    line = io_stats("sha256", "file", "-s", str(twenty_mib), "-T", "2")
    assert "pipelined" in line, line


@pytest.mark.parametrize("io", IO_METHODS)
@pytest.mark.parametrize("offset,limit", [(0, 0), (4097, 7 * 2**20 + 3)])
def test_crc_big_file_splits_over_threads(twenty_mib, io, offset, limit):
    """CRC-32 and CRC-32C split a big file over the threads like a tree hash
    (each thread CRCs its own ranges, combined in order): the digests match
    zlib's CRC-32 and the one-thread run's CRC-32C, and -T 2 takes the tree
    path (a CRC row that lost its tree hooks falls back to one hashing
    thread, and this fails). The CRC is so fast that one thread may claim
    every unit of a few MiB before the other starts (ten times in a row was
    seen under TSan on a busy machine): now and then, never forty times."""
    data = twenty_mib.read_bytes()
    part = data[offset:offset + limit] if limit else data[offset:]
    for alg in ("crc32", "crc32c"):
        args = [alg, "file", "-s", str(twenty_mib), "-q", str(offset), "-z", str(limit)]
        for _ in range(40):
            line = io_stats(*args, "-T", "2", HC_IO=io)
            if ", 2 threads, tree" in line:
                break
        assert ", 2 threads, tree" in line, line
        digests = {}
        for threads in ("1", "2", "3"):
            r = run_hc(*args, "-T", threads, env={"HC_IO": io})
            assert r.rc == 0, r
            digests[threads] = r.out.split()[-1]
        assert len(set(digests.values())) == 1, (alg, digests)
        if alg == "crc32":
            assert digests["1"] == f"{zlib.crc32(part):08X}", digests


@pytest.mark.parametrize("threads", ["1", "2", "3", "8"])
def test_blake3_threads_give_one_digest(multi_mib, threads):
    require_real("blake3")
    want = independent_digest("blake3", str(multi_mib))
    r = run_hc("blake3", "file", "-s", str(multi_mib), "-T", threads, "-c")
    assert (r.rc, r.out) == (0, f"{want} {multi_mib}\n")


def test_blake3_options_match_b3sum(multi_mib):
    require_real("blake3")
    if not shutil.which("b3sum"):
        pytest.skip("no b3sum")
    key = bytes(range(32))

    def b3sum(*args, data=None):
        out = subprocess.run(["b3sum", "--no-names", *args], input=data, stdout=subprocess.PIPE, check=True).stdout
        return out.decode().split()[0].upper()

    r = run_hc("blake3", "file", "-s", str(multi_mib), "--length", "100", "-c")
    assert r.out.split()[0] == b3sum("--length", "100", str(multi_mib))
    r = run_hc("blake3", "file", "-s", str(multi_mib), "--key", key.hex(), "-c")
    assert r.out.split()[0] == b3sum("--keyed", str(multi_mib), data=key)
    r = run_hc("blake3", "file", "-s", str(multi_mib), "--derive-key", "hc test context", "-c")
    assert r.out.split()[0] == b3sum("--derive-key", "hc test context", str(multi_mib))


def test_blake3_option_errors(t):
    path = str(t / "t" / "notempty")
    r = run_hc("blake3", "file", "-s", path, "--length", "0")
    assert r.rc == 2 and r.out.startswith("Invalid parameter --length 0.")
    r = run_hc("blake3", "file", "-s", path, "--key", "abc")
    assert r.rc == 2 and r.out.startswith("Invalid parameter --key abc.")
    r = run_hc("blake3", "file", "-s", path, "--length", "8", "-c")
    assert r.rc == 0 and len(r.out.split()[0]) == 16
    assert run_hc("md5", "file", "-s", path, "--length", "8").rc == 2


# ---- standard input and special files ----

def test_stdin(tmp_path):
    r = run_hc_input(b"123", "md5", "file", "-s", "-")
    assert (r.rc, r.out) == (0, f"- | 3 bytes | {MD5_123}\n")
    r = run_hc_input(b"123", "md5", "file", "-s", "-", "-q", "1")
    assert (r.rc, r.out) == (0, f"- | 3 bytes | {vector('md5', '23')}\n")
    r = run_hc_input(b"123", "md5", "file", "-s", "-", "-q", "3")
    assert (r.rc, r.out) == (1, "- | Offset is greater than file size\n")
    r = run_hc_input(b"", "md5", "file", "-s", "-")
    assert (r.rc, r.out) == (0, f"- | 0 bytes | {MD5_EMPTY}\n")
    data = pseudo_random_bytes(5 * 2**20 + 1)
    r = run_hc_input(data, "sha256", "file", "-s", "-", "-c")
    assert (r.rc, r.out) == (0, f"{hashlib.sha256(data).hexdigest().upper()} -\n")
    # a regular file on stdin is read like the file itself
    (tmp_path / "f").write_bytes(b"123")
    with open(tmp_path / "f", "rb") as f:
        r = run_hc("md5", "file", "-s", "-", stdin=f)
    assert (r.rc, r.out) == (0, f"- | 3 bytes | {MD5_123}\n")


def test_stdin_limit_stops_an_endless_producer():
    producer = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        r = run_hc("md5", "file", "-s", "-", "-z", "10", "-q", "2", stdin=producer.stdout, timeout=20)
    finally:
        producer.kill()
        producer.wait()
    # size: the bytes read from the stream (offset + limit)
    want = hashlib.md5(b"y\ny\ny\ny\ny\n").hexdigest().upper()
    assert (r.rc, r.out) == (0, f"- | 12 bytes | {want}\n")


def test_closed_stdin():
    proc = subprocess.run([HC_BINARY, "md5", "file", "-s", "-"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, close_fds=True, preexec_fn=lambda: os.close(0))
    assert (proc.returncode, proc.stdout) == (1, b"- | open error\n")


def test_character_device_and_fifo(tmp_path):
    r = run_hc("md5", "file", "-s", "/dev/null")
    assert (r.rc, r.out) == (0, f"/dev/null | 0 bytes | {MD5_EMPTY}\n")
    # kernel files report size 0 but have content: read as streams
    if os.path.exists("/proc/version"):
        with open("/proc/version", "rb") as f:
            data = f.read()
        r = run_hc("md5", "file", "-s", "/proc/version")
        assert (r.rc, r.out) == (0, f"/proc/version | {len(data)} bytes | {hashlib.md5(data).hexdigest().upper()}\n")
    r = run_hc("md5", "file", "-s", "/dev/zero", "-z", "1000")
    assert (r.rc, r.out) == (0, f"/dev/zero | 1000 bytes | {hashlib.md5(bytes(1000)).hexdigest().upper()}\n")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def writer():
        with open(fifo, "wb") as f:
            f.write(b"123")

    thread = threading.Thread(target=writer)
    thread.start()
    r = run_hc("md5", "file", "-s", str(fifo), timeout=20)
    thread.join()
    assert (r.rc, r.out) == (0, f"{fifo} | 3 bytes | {MD5_123}\n")


# ---- names ----

@pytest.mark.parametrize("name", [b"with space", b"new\nline", b"\xff\xfe not utf-8", b"-dash", b"tab\there"])
def test_odd_names_are_printed_verbatim(tmp_path, name):
    path = os.path.join(os.fsencode(tmp_path), name)
    with open(path, "wb") as f:
        f.write(b"123")
    r = run_hc("md5", "file", "-s", path)
    # printed all the same; a line feed is said (`hc check` would lose it)
    assert (r.rc, r.raw) == (int(b"\n" in name), path + b" | 3 bytes | " + MD5_123.encode() + b"\n")


# ---- files that change while read ----

def slow_hash(path, *extra, env=None):
    """Starts hc on a file with a slow algorithm; returns the process once it
    holds the file open."""
    proc = subprocess.Popen([HC_BINARY, "snefru256", "file", "-s", str(path), *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={**os.environ, **(env or {})})
    assert wait_until(lambda: has_open(proc.pid, str(path)) or proc.poll() is not None)
    return proc


@pytest.mark.parametrize("io", IO_METHODS)
def test_file_that_shrinks_while_read(tmp_path, io):
    """Read or mapped, a file that shrinks is a read error: never a SIGBUS,
    never a digest."""
    path = tmp_path / "shrinks"
    path.write_bytes(pseudo_random_bytes(96 * 2**20))
    proc = slow_hash(path, env={"HC_IO": io})
    assert wait_until(lambda: has_started_reading(proc.pid, str(path)) or proc.poll() is not None)
    os.truncate(path, 1000)
    out, err = proc.communicate(timeout=60)
    if out.endswith(b"\n") and b"read error" not in out:
        pytest.skip("the machine hashed 96 MiB before the truncation")
    assert (proc.returncode, out) == (1, f"{path} | read error\n".encode())
    # not ENODATA's `No data available`
    assert err == f"hc: {path}: changed while read (it shrank)\n".encode()


@pytest.mark.parametrize("io", ["read", "map"])
def test_blake3_file_that_shrinks_on_every_thread(tmp_path, io):
    """The same on the tree lanes: every thread may be inside a mapped
    window when the file is cut."""
    require_real("blake3")
    path = tmp_path / "shrinks"
    with open(path, "wb") as f:
        f.truncate(6 * 2**30)  # sparse: 6 GiB of zeros to hash, several seconds
    proc = subprocess.Popen([HC_BINARY, "blake3", "file", "-s", str(path), "-T", "4"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={**os.environ, "HC_IO": io})
    assert wait_until(lambda: has_started_reading(proc.pid, str(path)) or proc.poll() is not None)
    os.truncate(path, 2**20)
    out, err = proc.communicate(timeout=120)
    if out.endswith(b"\n") and b"read error" not in out:
        pytest.skip("the machine hashed 6 GiB before the truncation")
    assert (proc.returncode, out) == (1, f"{path} | read error\n".encode())
    # (besides the note that -T 4 was capped, on a machine of fewer CPUs)
    said = [line for line in err.splitlines() if not line.startswith(b"hc: --threads")]
    assert said == [f"hc: {path}: changed while read (it shrank)".encode()], err


@pytest.mark.parametrize("io", IO_METHODS)
def test_file_that_grows_while_read(tmp_path, io):
    path = tmp_path / "grows"
    data = pseudo_random_bytes(48 * 2**20)
    path.write_bytes(data)
    proc = slow_hash(path, "-c", env={"HC_IO": io})
    # open is not enough: the size is taken just after (a slow machine, a
    # TSan build, can let the file grow in between)
    assert wait_until(lambda: has_started_reading(proc.pid, str(path)) or proc.poll() is not None)
    with open(path, "ab") as f:
        for _ in range(16):
            f.write(b"more" * 2**18)
    out, _ = proc.communicate(timeout=120)
    # the range is fixed when hashing starts: the digest of the old size
    want = subprocess.run(["rhash", "-p", "%x{snefru256}", "-"], input=data, stdout=subprocess.PIPE).stdout
    if not want:
        pytest.skip("no rhash")
    assert (proc.returncode, out) == (0, want.upper() + f" {path}\n".encode())


# ---- output: -o, closed and broken stdout ----

def test_save_equals_console(t):
    r = run_hc("md5", "file", "-s", "t/notempty", "-o", "out.txt", cwd=t)
    assert (r.rc, r.out) == (0, f"t/notempty | 3 bytes | {MD5_123}\n")
    assert (t / "out.txt").read_bytes() == r.raw
    # created or truncated, never appended
    r = run_hc("md5", "file", "-s", "t/missing", "-o", "out.txt", cwd=t)
    assert (r.rc, r.out) == (1, "t/missing | open error\n")
    assert (t / "out.txt").read_bytes() == b"t/missing | open error\n"
    r = run_hc("md5", "file", "-s", "t/notempty", "-c", "-o", "out.txt", cwd=t)
    assert (t / "out.txt").read_bytes() == r.raw == f"{MD5_123} t/notempty\n".encode()


def test_save_failures(t):
    r = run_hc("md5", "file", "-s", "t/notempty", "-o", "no/such/dir/out.txt", cwd=t)
    assert r.rc == 2
    # known before hashing, touching nothing: said once, nothing hashed
    assert r.out == "Error opening file: no/such/dir/out.txt Error message: No such file or directory\n"
    assert r.err == ""
    r = run_hc("md5", "file", "-s", "t/notempty", "-o", "/dev/full", cwd=t)
    # known only when written: after the lines, once
    assert (r.rc, r.err) == (2, "")
    assert r.out == (f"t/notempty | 3 bytes | {MD5_123}\n\n"
                     "Error opening file: /dev/full Error message: No space left on device\n")
    assert sorted(os.listdir(t)) == ["t"]  # no partial or temporary file


def test_closed_stdout(t):
    proc = subprocess.run([HC_BINARY, "md5", "file", "-s", "t/notempty", "-o", "out.txt"], cwd=t,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
    assert proc.returncode == 2
    assert b"hc: write error" in proc.stderr
    assert not (t / "out.txt").exists()


def test_broken_pipe(t):
    proc = subprocess.Popen([HC_BINARY, "md5", "file", "-s", "t/notempty"], cwd=t, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()
    _, err = proc.communicate(timeout=20)
    assert proc.returncode in (0, 2)  # 0 when the line fit in the pipe before it closed
    assert err == b""


# ---- progress on a terminal ----

def test_progress_only_on_a_terminal():
    def run(stderr_is_tty):
        master, slave = pty.openpty() if stderr_is_tty else (None, None)
        proc = subprocess.Popen([HC_BINARY, "md5", "file", "-s", "-"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=slave if slave is not None else subprocess.PIPE)
        for _ in range(15):  # 1.5 s: the display starts after one second
            proc.stdin.write(b"x" * 65536)
            proc.stdin.flush()
            time.sleep(0.1)
        proc.stdin.close()
        out = proc.stdout.read()
        proc.wait(timeout=20)
        err = b""
        if slave is not None:
            os.close(slave)
            err = read_pty(master)
        else:
            err = proc.stderr.read()
        return proc.returncode, out, err

    want = f"- | 960.00 Kb (983040 bytes) | {hashlib.md5(b'x' * 983040).hexdigest().upper()}\n".encode()
    rc, out, err = run(False)
    assert (rc, out, err) == (0, want, b"")
    rc, out, err = run(True)
    assert (rc, out) == (0, want)
    assert b"hc: " in err and b"/s" in err  # bytes and rate
    assert err.endswith(b"\r\x1b[K")  # the line is erased before the result
