"""dir mode (contract §2.4, §3, §4, §9): exact stdout and exit status."""
import hashlib
import os
import socket
import stat
import subprocess
import time

import pytest

from conftest import HC_BINARY, run_hc
from filedir_util import (PtyDrain, has_open, make_tree, open_tmp, pseudo_random_bytes, remove_test_files,
                          require_real, run_hc_unprivileged, vector, wait_until)

assert open_tmp and remove_test_files  # fixtures, used by name

MD5_123 = "202CB962AC59075B964B07152D234B70"
MD5_EMPTY = "D41D8CD98F00B204E9800998ECF8427E"


def md5(data):
    return hashlib.md5(data).hexdigest().upper()


@pytest.fixture
def t(tmp_path):
    """t/notempty, t/empty, t/sub/notempty, t/sub/deeper/x, t/a/y; run with
    cwd = tmp_path so that -s t prints relative paths."""
    make_tree(tmp_path, {"t/notempty": b"123", "t/empty": b"", "t/sub/notempty": b"123",
                         "t/sub/deeper/x": b"x", "t/a/y": b"y"})
    return tmp_path


def hc_in(cwd, *args, **kw):
    return run_hc(*args, cwd=cwd, **kw)


TOP = [f"t/empty | 0 bytes | {MD5_EMPTY}", f"t/notempty | 3 bytes | {MD5_123}"]
ALL = TOP + [f"t/a/y | 1 bytes | {md5(b'y')}", f"t/sub/notempty | 3 bytes | {MD5_123}",
             f"t/sub/deeper/x | 1 bytes | {md5(b'x')}"]


# ---- walk and order ----

def test_flat_and_recursive(t):
    r = hc_in(t, "md5", "dir", "-s", "t")
    assert (r.rc, r.lines) == (0, TOP)
    # files of a directory before its sub-directories, names sorted byte-wise
    r = hc_in(t, "md5", "dir", "-s", "t", "-r")
    assert (r.rc, r.lines) == (0, ALL)


def test_byte_wise_order(tmp_path):
    names = ["b", "B", "a", "_", "-x", "1", "Z", "\xe9", "a.b", "a-b", "aa", "a b"]
    make_tree(tmp_path, {f"d/{n}": n.encode() for n in names})
    r = hc_in(tmp_path, "md5", "dir", "-s", "d", "-l")
    want = sorted(names, key=lambda n: os.fsencode(n))
    assert [line.split(" | ")[0] for line in r.lines] == [f"d/{n}" for n in want]


@pytest.mark.parametrize("threads", ["1", "2", "3", "8"])
def test_many_files_keep_walk_order_and_digests(tmp_path, threads):
    files = {}
    for d in range(12):
        for i in range(150):
            size = (d * 7919 + i * 104729) % 70000
            files[f"tree/d{d:02}/f{i:03}"] = pseudo_random_bytes(size, seed=d * 1000 + i)
    # a few big files between the small ones, hashed one at a time
    files["tree/d03/f050"] = pseudo_random_bytes(3 * 2**20 + 7, seed=7)
    files["tree/d03/f051"] = pseudo_random_bytes(2**20 + 1, seed=8)
    files["tree/d07/big"] = pseudo_random_bytes(5 * 2**20, seed=9)
    files["tree/top"] = b"top"
    make_tree(tmp_path, files)

    def order(rel):
        parts = rel.split("/")
        # files of a directory first, then its sub-directories
        return [(1, p.encode()) for p in parts[1:-1]] + [(0, parts[-1].encode())]

    want = [f"{rel} {hashlib.sha256(files[rel]).hexdigest().upper()}" for rel in sorted(files, key=order)]
    r = hc_in(tmp_path, "sha256", "dir", "-s", "tree", "-r", "-T", threads, "-c")
    assert r.rc == 0
    assert [" ".join(line.split(" ")[::-1]) for line in r.lines] == want


def test_low_descriptor_limit(tmp_path):
    """Open directories are bounded by RLIMIT_NOFILE: 600 directories of one
    file each, and a deep path, with 64 descriptors."""
    import resource
    files = {f"n/d{i:03}/f": b"%d" % i for i in range(600)}
    files["n/" + "/".join(f"l{i}" for i in range(30)) + "/deep"] = b"deep"
    make_tree(tmp_path, files)

    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))

    proc = subprocess.run([HC_BINARY, "md5", "dir", "-s", "n", "-r", "-c"], cwd=tmp_path, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, preexec_fn=limit, timeout=60)
    lines = proc.stdout.decode().splitlines()
    assert proc.returncode == 0, proc.stderr
    assert len(lines) == 601
    assert lines[0] == f"{md5(b'0')} n/d000/f" and lines[-1].endswith("/l29/deep")


def test_empty_directory(tmp_path):
    (tmp_path / "e").mkdir()
    r = run_hc("md5", "dir", "-s", str(tmp_path / "e"), "-r")
    assert (r.rc, r.out) == (0, "")


def test_printed_path_joining(t):
    for source in ("t/", "t//"):
        r = hc_in(t, "md5", "dir", "-s", source)
        assert r.lines == [line.replace("t/", source, 1) for line in TOP], source
    r = hc_in(t / "t", "md5", "dir", "-s", ".")
    assert r.lines == [f"./empty | 0 bytes | {MD5_EMPTY}", f"./notempty | 3 bytes | {MD5_123}"]
    r = run_hc("md5", "dir", "-s", str(t / "t" / "sub"), "-r")
    assert r.lines == [f"{t}/t/sub/notempty | 3 bytes | {MD5_123}", f"{t}/t/sub/deeper/x | 1 bytes | {md5(b'x')}"]


@pytest.mark.parametrize("source", ["'t'", '"t"', "\"'t'\"", "''t''", "'t/'"])
def test_source_quotes_are_stripped(t, source):
    r = hc_in(t, "md5", "dir", "-s", source)
    assert (r.rc, r.lines) == (0, TOP)


def test_cannot_open_directory(t):
    for source in ("missing", "t/notempty", ""):
        r = hc_in(t, "md5", "dir", "-s", source, "-r")
        assert (r.rc, r.out) == (1, f"{source}: cannot open directory\n"), source
    r = hc_in(t, "md5", "dir", "-s", "missing", "--noerroronfind")
    assert (r.rc, r.out) == (1, "")
    r = hc_in(t, "md5", "dir", "-s", "'missing'")
    assert (r.rc, r.out) == (1, "missing: cannot open directory\n")


# ---- what is visited ----

def test_symlinks_are_neither_followed_nor_hashed(t):
    os.symlink("notempty", t / "t" / "link-to-file")
    os.symlink("sub", t / "t" / "link-to-dir")
    os.symlink(".", t / "t" / "loop")
    os.symlink("dangling-target", t / "t" / "dangling")
    os.symlink("self", t / "t" / "sub" / "self")
    r = hc_in(t, "md5", "dir", "-s", "t", "-r")
    assert (r.rc, r.lines) == (0, ALL)


def test_special_files_are_skipped_and_never_block(t):
    os.mkfifo(t / "t" / "fifo")
    os.mkfifo(t / "t" / "sub" / "fifo2")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(t / "t" / "socket"))
    try:
        os.mknod(t / "t" / "device", stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except OSError:
        pass  # no CAP_MKNOD: the FIFOs and the socket still count
    try:
        r = hc_in(t, "md5", "dir", "-s", "t", "-r", timeout=20)
    finally:
        sock.close()
    assert (r.rc, r.lines) == (0, ALL)


def test_hidden_files_are_included(tmp_path):
    make_tree(tmp_path, {"h/.hidden": b"123", "h/.dir/x": b"x"})
    r = hc_in(tmp_path, "md5", "dir", "-s", "h", "-r")
    assert r.lines == [f"h/.hidden | 3 bytes | {MD5_123}", f"h/.dir/x | 1 bytes | {md5(b'x')}"]


@pytest.mark.parametrize("name", [b"with space", b"new\nline", b"\xff\xfe not utf-8", b"tab\there", b"--x"])
def test_odd_names_are_printed_verbatim(tmp_path, name):
    d = tmp_path / "d"
    d.mkdir()
    with open(os.path.join(os.fsencode(d), name), "wb") as f:
        f.write(b"123")
    r = hc_in(tmp_path, "md5", "dir", "-s", "d")
    # printed all the same; a line feed is said (`hc check` would lose it)
    assert (r.rc, r.raw) == (int(b"\n" in name), b"d/" + name + b" | 3 bytes | " + MD5_123.encode() + b"\n")
    r = hc_in(tmp_path, "crc32", "dir", "-s", "d", "--sfv")
    assert r.raw == name + b"    884863D2\n"


# ---- include / exclude (contract §4.2) ----

@pytest.fixture
def p(tmp_path):
    names = ["notempty", "empty", "File.TXT", "file.txt", "a.txt", "ab.txt", "abc.log", "[a].txt", "x;y"]
    make_tree(tmp_path, {f"p/{n}": b"1" for n in names})
    make_tree(tmp_path, {"p/sub/deep.txt": b"1", "p/sub.txt/inner": b"1"})
    return tmp_path


def selected(p, *args):
    r = hc_in(p, "md5", "dir", "-s", "p", "-r", *args)
    assert r.rc == 0, r
    return [line.split(" | ")[0][2:] for line in r.lines]


def test_include_patterns(p):
    assert selected(p, "-i", "empty") == ["empty"]  # whole name: not notempty
    assert selected(p, "-i", "*empty") == ["empty", "notempty"]
    assert selected(p, "-i", "*.TXT") == ["File.TXT", "[a].txt", "a.txt", "ab.txt", "file.txt", "sub/deep.txt"]
    assert selected(p, "-i", "a?.txt") == ["ab.txt"]
    assert selected(p, "-i", "?.txt") == ["a.txt"]
    assert selected(p, "-i", "a*.*") == ["a.txt", "ab.txt", "abc.log"]
    assert selected(p, "-i", "*.log;empty") == ["abc.log", "empty"]
    assert selected(p, "-i", "[a].txt") == ["[a].txt"]  # brackets are literal
    assert selected(p, "-i", "[ab].txt") == []
    assert selected(p, "-i", "*a*b*c*") == ["abc.log"]
    assert selected(p, "-i", "inner") == ["sub.txt/inner"]  # patterns never apply to directories
    assert selected(p, "-i", "sub/deep.txt") == []  # names only


def test_pattern_list_edge_cases(p):
    everything = selected(p)
    assert selected(p, "-i", "") == everything  # empty value: no filter
    assert selected(p, "-e", "") == everything
    assert selected(p, "-i", ";") == []  # empty elements match nothing
    assert selected(p, "-i", ";empty;") == ["empty"]
    assert selected(p, "-i", "x;y") == []  # ';' always separates
    assert selected(p, "-i", "*") == everything
    assert selected(p, "-i", "**") == everything
    assert selected(p, "-i", "*?*?*?*?*?*?*?*?*?*?*?*?*?*?x") == []


def test_exclude_wins(p):
    assert selected(p, "-i", "empty", "-e", "empty") == []
    assert selected(p, "-e", "*.txt;*.log;*empty") == ["x;y", "sub.txt/inner"]
    assert selected(p, "-i", "*.txt", "-e", "f*") == ["[a].txt", "a.txt", "ab.txt", "sub/deep.txt"]


# ---- search (contract §3.8, §4.5) ----

def test_search(t):
    want = ["t/notempty | 3 bytes", "t/sub/notempty | 3 bytes"]
    for args in (["-H", MD5_123], ["-m", MD5_123], ["-H", MD5_123.lower()], ["-H", MD5_123, "-m", MD5_EMPTY],
                 ["-H", MD5_123, "-t", "-l", "-b"]):
        r = hc_in(t, "md5", "dir", "-s", "t", "-r", *args)
        assert (r.rc, r.lines) == (0, want), args
    r = hc_in(t, "md5", "dir", "-s", "t", "-r", "-H", "", "-m", MD5_EMPTY)
    assert (r.rc, r.lines) == (0, ["t/empty | 0 bytes"])
    # an empty -H alone is as if absent
    r = hc_in(t, "md5", "dir", "-s", "t", "-H", "")
    assert (r.rc, r.lines) == (0, TOP)
    # nothing found: no output, status 1
    r = hc_in(t, "md5", "dir", "-s", "t", "-r", "-H", "0" * 32)
    assert (r.rc, r.out) == (1, "")
    # -c turns the search off
    r = hc_in(t, "md5", "dir", "-s", "t", "-H", MD5_123, "-c")
    assert (r.rc, r.lines) == (0, [f"{MD5_EMPTY} t/empty", f"{MD5_123} t/notempty"])
    # with -z the range is compared
    r = hc_in(t, "md5", "dir", "-s", "t", "-r", "-z", "1", "-H", md5(b"1"))
    assert (r.rc, r.lines) == (0, want)


@pytest.mark.parametrize("target", ["12", MD5_123 + "0", "G" * 32, "ICy5YqxZB1uWSwcVLSNLcA=="])
def test_invalid_search_hash(t, target):
    r = hc_in(t, "md5", "dir", "-s", "t", "-r", "-H", target)
    assert (r.rc, r.out) == (2, f"invalid search hash: {target}\n")
    r = hc_in(t, "md5", "dir", "-s", "missing", "-m", target, "-o", "saved")
    assert (r.rc, r.out) == (2, f"invalid search hash: {target}\n")
    assert (t / "saved").read_text() == r.out


def test_search_hides_unreadable_files(open_tmp):
    make_tree(open_tmp, {"s/a": b"123", "s/b": b"123"})
    os.chmod(os.path.join(open_tmp, "s", "a"), 0)
    r = run_hc_unprivileged("md5", "dir", "-s", "s", "-H", MD5_123, cwd=open_tmp)
    assert (r.rc, r.out) == (1, "s/b | 3 bytes\n")


# ---- formats ----

def test_checksum_sfv_time_lower_base64(t):
    r = hc_in(t, "md5", "dir", "-s", "t", "-c", "-l")
    assert r.lines == [f"{MD5_EMPTY.lower()} t/empty", f"{MD5_123.lower()} t/notempty"]
    r = hc_in(t, "crc32", "dir", "-s", "t", "-r", "--sfv")
    assert r.lines == ["empty    00000000", "notempty    884863D2", "y    FBDB2615", "notempty    884863D2",
                       "x    8CDC1683"]
    r = hc_in(t, "crc32c", "dir", "-s", "t", "--sfv", "-b")
    assert r.lines == ["empty    AAAAAA==", "notempty    EHsvsg=="]
    r = hc_in(t, "md5", "dir", "-s", "t", "-t")
    assert len(r.lines) == 2
    for line, want in zip(r.lines, TOP):
        path, size, time_text, digest = line.split(" | ")
        assert " | ".join([path, size, digest]) == want
        assert time_text.endswith(" sec")
    assert hc_in(t, "md5", "dir", "-s", "t", "--sfv").rc == 2


def test_limit_and_offset(t):
    r = hc_in(t, "md5", "dir", "-s", "t", "-r", "-z", "2", "-q", "1", "-i", "*empty")
    assert (r.rc, r.lines) == (1, ["t/empty | Offset is greater than file size",
                                   f"t/notempty | 3 bytes | {vector('md5', '23')}",
                                   f"t/sub/notempty | 3 bytes | {vector('md5', '23')}"])
    r = hc_in(t, "md5", "dir", "-s", "t", "-z", "0")
    assert (r.rc, r.lines) == (0, TOP)
    r = hc_in(t, "md5", "dir", "-s", "t", "-q", "18446744073709551616")
    assert (r.rc, r.out) == (2, "Invalid parameter --offset 18446744073709551616. Must be a 64-bit number\n")
    r = hc_in(t, "md5", "dir", "-s", "t", "-z", "-1")
    assert r.rc == 2 and r.lines[-1] == "Invalid limit option must be positive but was -1"


def test_sizes(tmp_path):
    d = tmp_path / "s"
    d.mkdir()
    for name, size in (("a", 1024), ("b", 1572864), ("c", 23523125604)):
        with open(d / name, "wb") as f:
            f.truncate(size)
    r = run_hc("crc32", "dir", "-s", str(d), "-z", "1")
    assert r.lines == [f"{d}/a | 1.00 Kb (1024 bytes) | D202EF8D", f"{d}/b | 1.50 Mb (1572864 bytes) | D202EF8D",
                       f"{d}/c | 21.91 Gb (23523125604 bytes) | D202EF8D"]


def test_missing_source_and_foreign_options(hc):
    assert (hc("md5", "dir", "-r").rc, hc("md5", "dir", "-r").out) == (2, "--source option is required\n")
    r = hc("md5", "dir", "-s", "x", "-q", "1", "-r", "-p")
    assert r.rc == 2 and r.lines[0] == "error: unrecognized option 'p'"


def test_blake3_options(t):
    require_real("blake3")
    r = hc_in(t, "blake3", "dir", "-s", "t", "--length", "40", "-c")
    assert r.rc == 0 and [len(line.split()[0]) for line in r.lines] == [80, 80]


# ---- unreadable things (run without root's permission bypass) ----

def test_unreadable_file_and_directory(open_tmp):
    make_tree(open_tmp, {"u/a": b"123", "u/b": b"", "u/closed/x": b"x", "u/open/y": b"y"})
    os.chmod(os.path.join(open_tmp, "u", "a"), 0)
    os.chmod(os.path.join(open_tmp, "u", "closed"), 0)
    r = run_hc_unprivileged("md5", "dir", "-s", "u", "-r", cwd=open_tmp)
    assert (r.rc, r.lines) == (1, ["u/a | open error", f"u/b | 0 bytes | {MD5_EMPTY}", "u/closed: AccessDenied",
                                   f"u/open/y | 1 bytes | {md5(b'y')}"])
    # and why, on stderr (§10.7)
    assert r.err == "hc: u/a: Permission denied\nhc: u/closed: Permission denied\n"
    # --noerroronfind hides walk diagnostics (and their reasons), never per-file errors
    r = run_hc_unprivileged("md5", "dir", "-s", "u", "-r", "--noerroronfind", cwd=open_tmp)
    assert (r.rc, r.lines) == (1, ["u/a | open error", f"u/b | 0 bytes | {MD5_EMPTY}",
                                   f"u/open/y | 1 bytes | {md5(b'y')}"])
    assert r.err == "hc: u/a: Permission denied\n"
    os.chmod(os.path.join(open_tmp, "u", "a"), 0o644)
    r = run_hc_unprivileged("md5", "dir", "-s", "u", "-r", "--noerroronfind", cwd=open_tmp)
    assert r.rc == 0
    # -c and --sfv print nothing for the file; stderr says why
    os.chmod(os.path.join(open_tmp, "u", "a"), 0)
    r = run_hc_unprivileged("crc32", "dir", "-s", "u", "--sfv", cwd=open_tmp)
    assert (r.rc, r.lines) == (1, ["b    00000000"])
    assert r.err == "hc: u/a: Permission denied\n"
    # the source itself
    r = run_hc_unprivileged("md5", "dir", "-s", "u/closed", cwd=open_tmp)
    assert (r.rc, r.out, r.err) == (1, "u/closed: cannot open directory\n", "hc: u/closed: Permission denied\n")


def test_directory_that_vanishes_mid_walk(tmp_path):
    # The walk lists at most one batch (1024 files) ahead of the hashing:
    # v/b is removed while the first batch, with a slow big file, is hashed.
    files = {f"v/a/f{i:04}": b"" for i in range(1500)}
    files.update({"v/a/0big": pseudo_random_bytes(16 * 2**20), "v/b/x": b"x", "v/c/y": b"y"})
    make_tree(tmp_path, files)
    big = str(tmp_path / "v" / "a" / "0big")
    proc = subprocess.Popen([HC_BINARY, "snefru256", "dir", "-s", "v", "-r", "-c"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert wait_until(lambda: has_open(proc.pid, big) or proc.poll() is not None)
    os.remove(tmp_path / "v" / "b" / "x")
    os.rmdir(tmp_path / "v" / "b")
    out, err = proc.communicate(timeout=120)
    lines = out.decode().splitlines()
    assert proc.returncode == 1
    # with -c the diagnostic goes to stderr: stdout stays a checksum list
    assert len(lines) == 1 + 1500 + 1
    assert lines[-1] == f"{run_hc('snefru256', 'string', '-s', 'y').out.strip()} v/c/y"
    assert err.decode() == "hc: v/b: No such file or directory\n"


# ---- output: -o, broken and closed stdout ----

def test_save_equals_console(t):
    r = hc_in(t, "md5", "dir", "-s", "t", "-r", "-o", "sums.txt")
    assert (r.rc, r.lines) == (0, ALL)
    assert (t / "sums.txt").read_bytes() == r.raw
    # an empty result still creates (truncates) the file
    r = hc_in(t, "md5", "dir", "-s", "t", "-i", "nothing", "-o", "sums.txt")
    assert (r.rc, r.out) == (0, "")
    assert (t / "sums.txt").read_bytes() == b""
    r = hc_in(t, "md5", "dir", "-s", "missing", "-o", "sums.txt")
    assert (t / "sums.txt").read_bytes() == r.raw == b"missing: cannot open directory\n"


def test_save_failures_leave_no_file(t):
    r = hc_in(t, "md5", "dir", "-s", "t", "-o", "nodir/sums.txt")
    assert r.rc == 2
    assert r.lines == ["Error opening file: nodir/sums.txt Error message: No such file or directory"]
    assert r.err == ""
    r = hc_in(t, "md5", "dir", "-s", "t", "-o", "/dev/full")
    assert r.rc == 2 and r.lines[-1].endswith("No space left on device")
    assert sorted(os.listdir(t)) == ["t"]


def test_broken_pipe_stops_the_walk(tmp_path):
    make_tree(tmp_path, {f"w/d{d}/f{i}": b"%d" % i for d in range(20) for i in range(200)})
    started = time.monotonic()
    proc = subprocess.run(f"'{HC_BINARY}' md5 dir -s w -r -o saved.txt | head -1", shell=True, cwd=tmp_path,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60,
                          executable="/bin/bash")
    assert proc.stdout == f"w/d0/f0 | 1 bytes | {md5(b'0')}\n".encode()
    assert proc.stderr == b""  # a reader that went away is not worth a message
    assert not (tmp_path / "saved.txt").exists()  # no partial save file
    assert time.monotonic() - started < 30
    status = subprocess.run(f"set -o pipefail; '{HC_BINARY}' md5 dir -s w -r | head -1 >/dev/null", shell=True,
                            cwd=tmp_path, executable="/bin/bash")
    assert status.returncode == 2


def test_closed_stdout(t):
    proc = subprocess.run([HC_BINARY, "md5", "dir", "-s", "t", "-r"], cwd=t, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
    assert proc.returncode == 2
    assert proc.stderr.startswith(b"hc: write error")


def test_progress_on_a_terminal_never_mixes_with_results(tmp_path):
    import pty
    files = {f"g/f{i:03}": b"%d" % i for i in range(50)}
    files["g/m"] = pseudo_random_bytes(40 * 2**20)  # about a second of snefru256
    make_tree(tmp_path, files)
    master, slave = pty.openpty()
    drain = PtyDrain(master)  # a full pty would stop hc's progress line, and hc
    proc = subprocess.Popen([HC_BINARY, "snefru256", "dir", "-s", "g", "-c"], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=slave)
    out, _ = proc.communicate(timeout=120)
    os.close(slave)
    err = drain.finish()
    assert proc.returncode == 0
    assert len(out.decode().splitlines()) == 51 and b"hc:" not in out
    if err:  # shown only when the run lasted over a second
        assert b"files, " in err and err.endswith(b"\r\x1b[K")
    # never when stderr is not a terminal
    r = hc_in(tmp_path, "crc32", "dir", "-s", "g")
    assert r.err == ""
