"""check mode (contract §10.4): verifying checksum lists."""
import base64
import hashlib
import os
import shutil
import signal
import subprocess

import pytest

from conftest import HC_BINARY, run_hc, spawn_hc, wait_for_handler
from filedir_util import open_tmp, pseudo_random_bytes, remove_test_files, run_hc_input, run_hc_unprivileged
from test_algorithm_lists import settled_ticks

assert open_tmp and remove_test_files  # fixtures, used by name

# The rows with 32-byte digests (the contract's table of algorithms, §1.2),
# in hc's byte-wise order.
ALGORITHMS_BY_LENGTH = {32: ["blake2s", "blake3", "edonr256", "gost", "haval-256-3", "haval-256-4", "haval-256-5",
                             "ripemd256", "sha-3-256", "sha-3k-256", "sha256", "snefru256"]}

FILES = {b"a": b"alpha", b"b c": b"with space", b"sub/d": b"deeper", b"back\\slash": b"bs", b"new\nline": b"nl",
         b"bad\xff": b"not utf-8", b"empty": b""}


@pytest.fixture
def tree(tmp_path):
    """t/ holding FILES; the tests run in tmp_path."""
    for name, data in FILES.items():
        path = os.path.join(os.fsencode(tmp_path), b"t", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    return tmp_path


def check(*args, cwd, stdin=None):
    if stdin is not None:
        return run_hc_input(stdin, *args, cwd=cwd)
    return run_hc(*args, cwd=cwd)


def hc_bytes(*args, cwd):
    proc = subprocess.run([HC_BINARY, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
    return proc.stdout


def ok_lines(out):
    return [line for line in out.splitlines() if line.endswith(": OK")]


# ---- every format hc writes round-trips ----

ROUND_TRIPS = [
    ("sha256", []), ("sha256", ["-t"]), ("sha256", ["-c"]), ("sha256", ["-l"]), ("sha256", ["-b"]),
    ("sha256", ["--format", "gnu"]), ("sha256", ["--format", "gnu", "-u"]), ("sha256", ["--format", "gnu", "-b"]),
    ("sha256", ["--format", "bsd"]), ("md5,sha1,blake3", ["--format", "bsd"]), ("sha256", ["--format", "json"]),
    ("md5,sha-3-256", ["--format", "json", "-b"]), ("crc32", ["--format", "sfv"]), ("blake3", ["--length", "64", "-c"]),
    ("md5,sha1", ["-c"]),
]


@pytest.mark.parametrize("alg,options", ROUND_TRIPS)
def test_every_format_hc_writes_round_trips(tree, alg, options):
    """hc dir -r writes a list; check verifies it (exit 0, an OK per line);
    after a file changes that line, and only that one, FAILS (exit 1)."""
    if "--length" in options:
        pytest.skip("BLAKE3's --length makes another digest; check verifies default digests only")
    if not any(f in options for f in ("gnu", "bsd", "json")):
        # the contract's lines have no escapes: a name with a line break
        # cannot be written in them (docs/check.md)
        os.remove(tree / "t" / "new\nline")
    if "sfv" in options:
        os.remove(tree / "t" / "back\\slash")  # SFV's base name ends at '\\' too (contract §3.2)
    if "sfv" in options:
        # SFV keeps base names: a flat directory, the list next to the files
        listing = hc_bytes(alg, "dir", "-s", "t", *options, cwd=tree)
        (tree / "t" / "list.sfv").write_bytes(listing)
        list_path, needs_alg = "t/list.sfv", False
    else:
        listing = hc_bytes(alg, "dir", "-s", "t", "-r", *options, cwd=tree)
        (tree / "list").write_bytes(listing)
        list_path = "list"
        # only BSD and JSON lines name their algorithm
        needs_alg = not any(f in options for f in ("bsd", "json"))
    word = [alg] if needs_alg else []
    r = check(*word, "check", "-s", list_path, cwd=tree)
    assert r.rc == 0, r
    assert len(ok_lines(r.out)) == listing.count(b"\n") and r.err == ""
    if needs_alg:
        # without the algorithm, the first entry of each digest length tells
        # it among the rows of that length; stderr says which (§10.8)
        r = check("check", "-s", list_path, cwd=tree)
        assert r.rc == 0 and len(ok_lines(r.out)) == listing.count(b"\n"), r
        for name in alg.split(","):
            assert f"{list_path}: untagged digests of " in r.err and f": {name} made line " in r.err, r
    (tree / "t" / "a").write_bytes(b"changed")
    r = check(*word, "check", "-s", list_path, cwd=tree)
    assert r.rc == 1
    failed = [line for line in r.lines if line.endswith(": FAILED")]
    assert failed and all(line == "t/a: FAILED" for line in failed)
    assert "did NOT match" in r.err


def test_relative_names_sfv_and_hc_lines_against_the_list_directory(tree):
    """SFV and hc lines name files next to the list; GNU/BSD lines are
    relative to the working directory (as sha256sum -c reads them)."""
    for args in (["crc32", "file", "a", "b c", "--sfv"], ["sha256", "file", "a", "b c"]):
        (tree / "t" / "list").write_bytes(hc_bytes(*args, cwd=tree / "t"))
        r = check(args[0], "check", "-s", "t/list", cwd=tree)
        assert (r.rc, r.lines) == (0, ["t/a: OK", "t/b c: OK"]), args
    (tree / "t" / "list").write_bytes(hc_bytes("sha256", "file", "--format", "gnu", "a", cwd=tree / "t"))
    r = check("sha256", "check", "-s", "t/list", cwd=tree)
    assert (r.rc, r.lines) == (1, ["a: FAILED open or read"])
    r = check("sha256", "check", "-s", "list", cwd=tree / "t")
    assert (r.rc, r.lines) == (0, ["a: OK"])


# ---- lists other tools write ----

def write_tool_list(tree, argv, name="list", tool_cwd=None):
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=tool_cwd or tree)
    (tree / name).write_bytes(proc.stdout)
    return proc.stdout


PLAIN = ["t/a", "t/b c", "t/sub/d", "t/empty"]


@pytest.mark.parametrize("argv,alg", [
    (["sha256sum"], "sha256"), (["sha1sum"], "sha1"), (["md5sum"], "md5"), (["sha512sum"], "sha512"),
    (["sha224sum"], "sha224"), (["sha384sum"], "sha384"), (["b2sum"], "blake2b"), (["b3sum"], "blake3"),
    (["sha256sum", "-b"], "sha256"), (["sha256sum", "--tag"], None), (["md5sum", "--tag"], None),
    (["b2sum", "--tag"], None), (["cksum", "--tag", "-a", "sha512"], None), (["cksum", "-a", "blake2b"], None),
    (["cksum", "-a", "sha1"], None), (["rhash", "--bsd", "--sha256"], None), (["rhash", "--bsd", "--md5"], None),
    (["rhash", "--simple", "--sha256"], "sha256"), (["rhash", "--simple", "--md5"], "md5"),
    (["rhash", "--sfv"], None), (["rhash", "--bsd", "--sha3-256"], None), (["rhash", "--bsd", "--tiger"], None),
    (["rhash", "--bsd", "--whirlpool"], None), (["rhash", "--bsd", "--ripemd160"], None),
    (["rhash", "--bsd", "--gost94-cryptopro"], None), (["rhash", "--bsd", "--crc32c"], None),
    (["rhash", "--bsd", "--edonr256"], None), (["rhash", "--bsd", "--snefru256"], None),
    (["rhash", "--bsd", "--blake2s"], None), (["rhash", "--bsd", "--md4"], None), (["rhash", "--bsd", "--tth"], None),
])
def test_lists_of_other_tools(tree, argv, alg):
    if shutil.which(argv[0]) is None:
        pytest.skip(f"{argv[0]} not installed")
    write_tool_list(tree, argv + PLAIN)
    word = [alg] if alg else []
    r = check(*word, "check", "-s", "list", "--strict", cwd=tree)
    assert (r.rc, r.lines, r.err) == (0, [f"{p}: OK" for p in PLAIN], ""), argv


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="coreutils not installed")
def test_gnu_escaped_names_from_sha256sum(tree):
    odd = ["t/back\\slash", "t/new\nline", "t/bad\udcff"]
    write_tool_list(tree, ["sha256sum"] + [os.fsencode(p) for p in odd])
    r = check("sha256", "check", "-s", "list", "--strict", cwd=tree)
    assert r.rc == 0
    assert r.raw.splitlines() == [b"t/back\\slash: OK", b"\\t/new\\nline: OK", b"t/bad\xff: OK"]


def test_list_named_for_its_algorithm(tree):
    for name, argv in (("SHA256SUMS", ["sha256sum"]), ("MD5SUMS", ["md5sum"]), ("B3SUMS", ["b3sum"]),
                       ("x.sha1", ["sha1sum"]), ("x.sha512sum", ["sha512sum"]), ("x.md5", ["md5sum"]),
                       ("x.b2", ["b2sum"]), ("x.sfv", ["rhash", "--sfv"])):
        if shutil.which(argv[0]) is None:
            continue
        write_tool_list(tree, argv + PLAIN, name=name)
        r = check("check", "-s", name, cwd=tree)
        assert (r.rc, len(ok_lines(r.out))) == (0, len(PLAIN)), name


def test_crlf_upper_case_base64_and_binary_marks(tree):
    data = {p: (tree / p).read_bytes() for p in PLAIN}
    lines = []
    for i, (p, content) in enumerate(data.items()):
        digest = hashlib.sha256(content).digest()
        text = [digest.hex(), digest.hex().upper(), base64.b64encode(digest).decode(), digest.hex()][i % 4]
        lines.append(f"{text} {'*' if i % 2 else ' '}{p}\r\n")
    (tree / "list").write_text("".join(lines))
    r = check("sha256", "check", "-s", "list", "--strict", cwd=tree)
    assert (r.rc, r.lines) == (0, [f"{p}: OK" for p in PLAIN])


def test_bsd_lines_of_several_algorithms_in_one_list(tree):
    if shutil.which("rhash") is None:
        pytest.skip("rhash not installed")
    # rhash pads its tags with spaces ("MD5   (t/a) = …") and writes TTH in Base32
    write_tool_list(tree, ["rhash", "--bsd", "--md5", "--sha1", "--sha256", "--crc32", "--tth", "--blake2b"] + PLAIN)
    r = check("check", "-s", "list", "--strict", cwd=tree)
    assert (r.rc, len(r.lines)) == (0, 6 * len(PLAIN))
    # a list word keeps to its algorithms: the others are improperly formatted
    r = check("md5,sha1", "check", "-s", "list", "-w", cwd=tree)
    assert r.rc == 0 and len(r.lines) == 2 * len(PLAIN)
    assert "is not among the algorithms asked for ('md5,sha1')" in r.err
    assert f"WARNING: {4 * len(PLAIN)} lines are improperly formatted" in r.err
    # all algorithms -a lists: those hc lacks (GOST94 test S-boxes, ED2K, …) are named
    write_tool_list(tree, ["rhash", "--bsd", "-a", "t/a"])
    r = check("check", "-s", "list", "-w", cwd=tree)
    assert r.rc == 0 and "unknown algorithm 'ED2K'" in r.err
    r = check("check", "-s", "list", "--strict", cwd=tree)
    assert r.rc == 1


def test_sfv_comments_and_rhash_header(tree):
    if shutil.which("rhash") is None:
        pytest.skip("rhash not installed")
    write_tool_list(tree, ["rhash", "--sfv", "a", "b c", "empty"], name="t/list.sfv", tool_cwd=tree / "t")
    assert (tree / "t" / "list.sfv").read_bytes().startswith(b";")
    r = check("check", "-s", "t/list.sfv", "--strict", cwd=tree)
    assert (r.rc, r.lines) == (0, ["t/a: OK", "t/b c: OK", "t/empty: OK"])


# ---- messages and options, side by side with sha256sum -c ----

def coreutils_case(tree):
    good = hashlib.sha256(b"alpha").hexdigest()
    return (f"{good}  t/a\n{good}  t/missing\n{'0' * 64}  t/b c\nnot a line\n{good}  t/a\n").encode()


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="coreutils not installed")
@pytest.mark.parametrize("options", [[], ["--quiet"], ["--status"], ["--strict"], ["--ignore-missing"],
                                     ["--quiet", "--strict"]])
def test_same_lines_and_warnings_as_sha256sum(tree, options):
    (tree / "list").write_bytes(coreutils_case(tree))
    ours = check("sha256", "check", "-s", "list", *options, cwd=tree)
    theirs = subprocess.run(["sha256sum", "-c", "list", *options], cwd=tree, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert ours.raw == theirs.stdout
    assert ours.err == theirs.stderr.decode().replace("sha256sum: ", "hc: ")
    assert ours.rc == theirs.returncode == 1


def test_warn_names_each_improper_line(tree):
    (tree / "list").write_bytes(coreutils_case(tree) + b"abc  t/a\n")
    r = check("sha256", "check", "-s", "list", "-w", cwd=tree)
    assert "hc: list: 4: improperly formatted checksum line (not a checksum line)" in r.err
    assert "hc: list: 6: improperly formatted checksum line (not a checksum line)" in r.err
    (tree / "list").write_text(hashlib.sha1(b"alpha").hexdigest() + "  t/a\n")
    r = check("sha256", "check", "-s", "list", "-w", cwd=tree)
    assert r.rc == 2
    assert "hc: list: 1: improperly formatted checksum line (a digest of 40 characters does not fit sha256" in r.err
    assert "hc: list: no properly formatted checksum lines found" in r.err


def test_malformed_lines_with_and_without_strict(tree):
    good = hashlib.md5(b"alpha").hexdigest()
    (tree / "list").write_bytes(f"{good}  t/a\n\ngarbage\n{good[:-2]}  t/a\nMD5 (t/a) = zz\n".encode())
    r = check("md5", "check", "-s", "list", cwd=tree)
    assert (r.rc, r.lines) == (0, ["t/a: OK"])
    assert "hc: WARNING: 3 lines are improperly formatted" in r.err
    r = check("md5", "check", "-s", "list", "--strict", cwd=tree)
    assert (r.rc, r.lines) == (1, ["t/a: OK"])


def test_ignore_missing(tree):
    good = hashlib.md5(b"alpha").hexdigest()
    (tree / "list").write_text(f"{good}  t/nothing\n")
    r = check("md5", "check", "-s", "list", "--ignore-missing", cwd=tree)
    assert (r.rc, r.out, r.err) == (1, "", "hc: list: no file was verified\n")
    (tree / "list").write_text(f"{good}  t/nothing\n{good}  t/a\n")
    r = check("md5", "check", "-s", "list", "--ignore-missing", cwd=tree)
    assert (r.rc, r.out, r.err) == (0, "t/a: OK\n", "")


def test_json_output(tree):
    import json
    good = hashlib.md5(b"alpha").hexdigest()
    (tree / "list").write_text(f"{good}  t/a\n{good}  t/b c\n{good}  t/missing\n")
    r = check("md5", "check", "-s", "list", "--format", "json", cwd=tree)
    assert r.rc == 1
    records = [json.loads(line) for line in r.lines]
    assert records == [
        {"list": "list", "line": 1, "path": "t/a", "algorithm": "md5", "result": "OK"},
        {"list": "list", "line": 2, "path": "t/b c", "algorithm": "md5", "result": "FAILED"},
        {"list": "list", "line": 3, "path": "t/missing", "algorithm": "md5", "result": "FAILED open or read",
         "error": "No such file or directory"}]
    r = check("md5", "check", "-s", "list", "--format", "gnu", cwd=tree)
    assert r.rc == 2


def test_several_lists_and_stdin(tree):
    good = hashlib.md5(b"alpha").hexdigest()
    (tree / "one").write_text(f"{good}  t/a\n")
    r = check("md5", "check", "-s", "one", "-", "one", cwd=tree, stdin=f"{'0' * 32}  t/a\n".encode())
    assert (r.rc, r.lines) == (1, ["t/a: OK", "t/a: FAILED", "t/a: OK"])
    r = check("md5", "check", "-s", "-", "-s", "-", cwd=tree, stdin=b"")
    assert (r.rc, r.out, r.err) == (2, "", "hc: standard input ('-') can be read only once\n")
    # a list from another command's output (a pipe)
    r = check("md5", "check", "-s", "-", cwd=tree, stdin=f"{good}  t/a\n".encode())
    assert (r.rc, r.lines) == (0, ["t/a: OK"])


# ---- bad input ----

def test_bad_lists(tree, open_tmp):
    r = check("md5", "check", "-s", "nothing-here", cwd=tree)
    assert (r.rc, r.err) == (2, "hc: nothing-here: No such file or directory\n")
    (tree / "empty-list").write_bytes(b"")
    r = check("md5", "check", "-s", "empty-list", cwd=tree)
    assert (r.rc, r.err) == (2, "hc: empty-list: no properly formatted checksum lines found\n")
    r = check("md5", "check", "-s", "t", cwd=tree)
    assert (r.rc, r.err) == (2, "hc: t: Is a directory\n")
    r = check("md5", "check", "--quiet", cwd=tree)
    assert (r.rc, r.lines[0]) == (2, "--source option is required")
    # a list the user may not read
    listing = os.path.join(open_tmp, "secret")
    with open(listing, "w") as f:
        f.write(hashlib.md5(b"").hexdigest() + "  /dev/null\n")
    os.chmod(listing, 0)
    r = run_hc_unprivileged("md5", "check", "-s", listing)
    assert (r.rc, r.err) == (2, f"hc: {listing}: Permission denied\n")


def test_bad_entries(tree):
    """A directory, a missing file: FAILED open or read, the reason on
    stderr, exit 1. /dev/null and a FIFO are read as sha256sum -c reads
    them (a FIFO's writer sends the bytes)."""
    os.mkfifo(tree / "fifo")
    good = hashlib.md5(b"").hexdigest()
    fed = hashlib.md5(b"through the fifo").hexdigest()
    (tree / "list").write_text(f"{good}  t\n{fed}  fifo\n{good}  missing\n{good}  t/empty\n{good}  /dev/null\n")
    proc = subprocess.Popen([HC_BINARY, "md5", "check", "-s", "list"], cwd=tree, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    with open(tree / "fifo", "wb") as writer:  # opens once hc reads the FIFO
        writer.write(b"through the fifo")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert out.decode().splitlines() == ["t: FAILED open or read", "fifo: OK", "missing: FAILED open or read",
                                         "t/empty: OK", "/dev/null: OK"]
    assert err.decode().splitlines() == ["hc: t: Is a directory", "hc: missing: No such file or directory",
                                         "hc: WARNING: 2 listed files could not be read"]


def test_ctrl_c_stops_a_fifo_without_a_writer(tree):
    """A listed FIFO nobody writes waits, as with sha256sum -c; Ctrl+C ends
    the wait: exit 130, what was printed stays."""
    os.mkfifo(tree / "fifo")
    good = hashlib.md5(b"").hexdigest()
    (tree / "list").write_text(f"{good}  t/empty\n{good}  fifo\n")
    proc = spawn_hc(["md5", "check", "-s", "list"], cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    stdin=subprocess.DEVNULL)
    assert proc.stdout.readline() == b"t/empty: OK\n"
    wait_for_handler(proc.pid)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, out, err) == (130, b"", b"hc: interrupted\n")


def test_nul_bytes_and_names_that_are_not_utf8(tree):
    good = hashlib.md5(b"not utf-8").hexdigest().encode()
    (tree / "list").write_bytes(good + b"  t/bad\xff\n" + good + b"  t/a\x00b\n" + b"\x00\x00\x00\n")
    r = check("md5", "check", "-s", "list", "-w", cwd=tree)
    assert r.rc == 0 and r.raw == b"t/bad\xff: OK\n"
    assert "2 lines are improperly formatted" in r.err
    # JSON carries such names as path_bytes_b64
    (tree / "list").write_bytes(hc_bytes("md5", "file", "t/bad\udcff".encode("utf-8", "surrogateescape"),
                                         "--format", "json", cwd=tree))
    assert b"path_bytes_b64" in (tree / "list").read_bytes()
    r = check("check", "-s", "list", cwd=tree)
    assert r.rc == 0 and r.raw == b"t/bad\xff: OK\n"


def test_an_algorithm_list_with_lines_of_one_length(tree):
    """blake2s and sha256 both make 64-digit digests: a line fits either; it
    is OK when one of them made it, and the file is still read once."""
    (tree / "list").write_text(f"{hashlib.blake2s(b'alpha').hexdigest()}  t/a\n"
                               f"{hashlib.sha256(b'alpha').hexdigest()}  t/a\n{hashlib.sha1(b'alpha').hexdigest()}  t/a\n"
                               f"{hashlib.sha256(b'beta').hexdigest()}  t/a\n")
    r = check("blake2s,sha256,sha1", "check", "-s", "list", "--format", "json", cwd=tree)
    assert r.rc == 1
    assert [line.split('"algorithm":')[1].split(",")[0] for line in r.lines] == [
        '"blake2s"', '"sha256"', '"sha1"', '"blake2s"']


def test_a_million_lines_in_flat_memory(tmp_path):
    """The list is streamed: a list of 1,000,000 lines takes no more memory
    than one of 10,000."""
    (tmp_path / "e").write_bytes(b"")
    line = hashlib.md5(b"").hexdigest().encode() + b"  e\n"

    def peak_kib(lines):
        with open(tmp_path / "list", "wb") as f:
            for _ in range(lines // 10_000):
                f.write(line * 10_000)
        # AddressSanitizer keeps freed memory aside (its quarantine), which
        # would grow with the number of lines; keep it small here
        asan = ":".join(filter(None, [os.environ.get("ASAN_OPTIONS"), "quarantine_size_mb=1"]))
        proc = subprocess.Popen([HC_BINARY, "md5", "check", "-s", "list", "--status"], cwd=tmp_path,
                                env={**os.environ, "ASAN_OPTIONS": asan})
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        assert proc.returncode == 0
        return usage.ru_maxrss

    small = peak_kib(10_000)
    big = peak_kib(1_000_000)
    assert big < small + 16 * 1024, (small, big)


def test_the_list_is_verified_as_it_arrives(tree):
    """A list on a pipe is verified line by line as it comes, not when it
    ends (sha256sum * | hc check -s -)."""
    proc = subprocess.Popen([HC_BINARY, "md5", "check", "-s", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=tree)
    try:
        proc.stdin.write(f"{hashlib.md5(b'alpha').hexdigest()}  t/a\n".encode())
        proc.stdin.flush()
        assert proc.stdout.readline() == b"t/a: OK\n"
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("alg,size", [("blake3", 512 * 2**20), ("whirlpool", 32 * 2**20)])
def test_files_are_verified_with_every_thread(tmp_path, alg, size):
    """Wiring: one big BLAKE3 file uses the tree's threads; many small files
    (Whirlpool: slow enough to measure) are verified several at once. The
    list stays open on a pipe, so the threads' CPU times are read once the
    entries are verified."""
    if alg == "blake3":
        if shutil.which("b3sum") is None:
            pytest.skip("b3sum not installed")
        with open(tmp_path / "big", "wb") as f:
            f.truncate(size)
        listing = subprocess.run(["b3sum", "big"], cwd=tmp_path, stdout=subprocess.PIPE).stdout
    else:
        (tmp_path / "d").mkdir()
        for i in range(size // (64 << 10)):
            (tmp_path / "d" / f"f{i}").write_bytes(pseudo_random_bytes(64 << 10, seed=i))
        listing = hc_bytes(alg, "dir", "-s", "d", "--format", "gnu", "-T", "1", cwd=tmp_path)
    # portable BLAKE3: slow enough for the clock ticks to tell the threads apart
    proc = subprocess.Popen([HC_BINARY, alg, "check", "-s", "-", "-T", "2", "--quiet"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
                            env={**os.environ, "HC_SIMD": "portable"})
    try:
        proc.stdin.write(listing)
        proc.stdin.flush()
        ticks = settled_ticks(proc.pid)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert (proc.returncode, out, err) == (0, b"", b"")
    busy = sorted(ticks.values(), reverse=True)
    assert sum(busy) >= 5 and len(busy) >= 2 and busy[1] >= 0.15 * sum(busy), ticks


def test_ctrl_c_stops_a_check_with_what_was_printed(tree):
    """§10.7: Ctrl+C while a list still arrives: the lines so far, no
    summary, `hc: interrupted`, exit 130."""
    proc = spawn_hc(["md5", "check", "-s", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, cwd=tree)
    try:
        proc.stdin.write(f"{hashlib.md5(b'alpha').hexdigest()}  t/a\n".encode())
        proc.stdin.flush()
        assert proc.stdout.readline() == b"t/a: OK\n"
        wait_for_handler(proc.pid)
        proc.send_signal(signal.SIGINT)
        # the list stays open until hc is gone: closing it first (as
        # communicate() does) would race the signal with the list's end,
        # and a list that ended is a check that finished (exit 0)
        proc.wait(timeout=60)
        out, err = proc.stdout.read(), proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert (proc.returncode, out, err) == (130, b"", b"hc: interrupted\n")


def test_a_piped_list_without_its_algorithm(tree):
    """Another tool's list on a pipe (no -s: standard input, §10.8). Without
    the algorithm, the first entries tell it among the rows of the digest's
    length (b3sum's list is BLAKE3's, not SHA-256's, though both are 64 hex
    digits); when none of them made the first three, every candidate is
    named and the rest of the list is an error (exit 2)."""
    b3 = subprocess.run(["b3sum", "t/a", "t/b c"], cwd=tree, stdout=subprocess.PIPE, check=True).stdout
    r = check("check", cwd=tree, stdin=b3)
    assert (r.rc, r.out) == (0, "t/a: OK\nt/b c: OK\n"), r
    assert r.err == ("hc: standard input: untagged digests of 32 bytes: blake3 made line 1's (t/a); "
                     "the list is verified with it\n"), r
    listing = f"{hashlib.sha256(b'alpha').hexdigest()}  t/a\n".encode()
    r = check("sha256", "check", cwd=tree, stdin=listing)
    assert (r.rc, r.out) == (0, "t/a: OK\n"), r
    wrong = "".join(f"{hashlib.sha256(b'x').hexdigest()}  t/a\n" for _ in range(4)).encode()
    r = check("check", "-s", "-", cwd=tree, stdin=wrong)
    assert r.rc == 2 and r.lines == ["t/a: FAILED"] * 3, r
    names = ", ".join(a for a in ALGORITHMS_BY_LENGTH[32])
    assert f"hc: standard input: none of {names} made the digests of the first 3 entries of 32 bytes" in r.err
    assert "standard input: 4: cannot tell which algorithm made this line's digest (a digest of 64 characters " \
           f"is one of {names}); name it: 'hc <alg> check -s -'" in r.err, r.err


