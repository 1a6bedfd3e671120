"""What a sha256sum user types without a mode word (issue 35), beside the
real tools: a pipe into `hc ALG`, -c/--check, a glob with a directory or
a missing name in it, check --quiet, a list whose name does not fit its
digests, --tag, and the bsd tags rhash reads. Known answers come from
sha256sum, md5sum, rhash and hashlib, run here."""
import hashlib
import shutil
import subprocess

import pytest

from conftest import run_hc
from filedir_util import run_hc_input


def peer(*args, cwd=None, stdin=None, ok=(0,)):
    proc = subprocess.run(list(args), cwd=cwd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.returncode in ok, proc
    return proc


@pytest.fixture
def folder(tmp_path):
    """`0dir f1 f2`: the glob that trips a first user (the directory sorts
    first)."""
    (tmp_path / "0dir").mkdir()
    (tmp_path / "f1").write_bytes(b"one\n")
    (tmp_path / "f2").write_bytes(b"two\n")
    return tmp_path


def hc_line(folder, name):
    data = (folder / name).read_bytes()
    return f"{name} | {len(data)} bytes | {hashlib.sha256(data).hexdigest().upper()}"


# ---- 1. a pipe or a redirect into `hc ALG` ----

def test_a_pipe_into_the_algorithm_alone_is_hashed(folder):
    data = (folder / "f1").read_bytes()
    want = f"- | 4 bytes | {hashlib.sha256(data).hexdigest().upper()}"
    r = run_hc_input(data, "sha256")
    assert (r.rc, r.out, r.err) == (0, want + "\n", ""), r
    with open(folder / "f1", "rb") as redirect:
        r = run_hc("sha256", stdin=redirect)
    assert (r.rc, r.out, r.err) == (0, want + "\n", ""), r
    # the format of sha256sum, for `> sum`
    r = run_hc_input(data, "sha256", "--tag")
    assert (r.rc, r.out) == (0, peer("sha256sum", "--tag", stdin=data).stdout.decode())


def test_no_input_keeps_the_algorithms_help():
    r = run_hc("sha256")  # stdin: /dev/null
    assert r.rc == 0 and r.out.startswith("Usage: hc sha256 <COMMAND>"), r


# ---- 2. -c / --check ----

@pytest.mark.parametrize("words", [["-c", "SUMS"], ["--check", "SUMS"], ["SUMS", "-c"], ["SUMS", "--check"]])
def test_check_option_before_or_after_the_list_verifies(folder, words):
    (folder / "SUMS").write_bytes(peer("sha256sum", "f1", "f2", cwd=folder).stdout)
    r = run_hc("sha256", *words, cwd=folder)
    assert (r.rc, r.out, r.err) == (0, "f1: OK\nf2: OK\n", ""), r
    theirs = peer("sha256sum", "-c", "SUMS", cwd=folder)
    assert r.out.encode() == theirs.stdout
    # a wrong digest: what sha256sum -c says, exit 1
    sums = (folder / "SUMS").read_text()
    (folder / "SUMS").write_text(("0" if sums[0] != "0" else "1") + sums[1:])
    r = run_hc("sha256", *words, cwd=folder)
    theirs = peer("sha256sum", "-c", "SUMS", cwd=folder, ok=(1,))
    assert (r.rc, r.out.encode()) == (1, theirs.stdout), r
    assert r.err == theirs.stderr.decode().replace("sha256sum: ", "hc: ")


def test_check_option_takes_checks_options_and_a_pipe(folder):
    listing = peer("sha256sum", "f1", cwd=folder).stdout
    r = run_hc_input(listing, "sha256", "-c", "--quiet", cwd=folder)
    assert (r.rc, r.out, r.err) == (0, "", ""), r
    r = run_hc_input(listing, "sha256", "-c", cwd=folder)
    assert (r.rc, r.out) == (0, "f1: OK\n"), r
    # file mode's own -c stays the contract's checksum line
    r = run_hc("sha256", "file", "-s", "f1", "-c", cwd=folder)
    assert (r.rc, r.out) == (0, f"{hashlib.sha256(b'one' + bytes([10])).hexdigest().upper()} f1\n"), r


# ---- 3. a bad operand among plain names ----

@pytest.mark.parametrize("names", [["0dir", "f1", "f2"], ["f1", "0dir", "f2"], ["gone", "f1", "f2"],
                                   ["f1", "gone", "f2"]])
def test_a_bad_operand_is_reported_and_the_rest_hashed(folder, names):
    r = run_hc("sha256", *names, cwd=folder)
    theirs = peer("sha256sum", *names, cwd=folder, ok=(1,))
    bad = "0dir" if "0dir" in names else "gone"
    error = "read error" if bad == "0dir" else "open error"
    want = [hc_line(folder, n) if n != bad else f"{bad} | {error}" for n in names]
    assert (r.rc, r.lines) == (1, want), r
    assert r.err == theirs.stderr.decode().replace("sha256sum: ", "hc: "), r
    # in sha256sum's format, its very lines
    r = run_hc("sha256", *names, "--format", "gnu", cwd=folder)
    assert (r.rc, r.out.encode()) == (1, theirs.stdout), r


def test_a_lone_directory_says_where_its_files_are_hashed(folder):
    r = run_hc("sha256", "0dir", cwd=folder)
    assert (r.rc, r.out) == (1, "0dir | read error\n"), r
    assert r.err == "hc: 0dir: Is a directory\nhc: 0dir: to hash the files in it: 'hc sha256 dir -s 0dir -r'\n"


def test_a_missing_first_word_with_an_option_keeps_the_contracts_error(folder):
    (folder / "1").write_bytes(b"1")
    r = run_hc("md5", "strng", "-s", "1", cwd=folder)
    assert (r.rc, r.lines[:2]) == (2, ["error: unrecognized command 'strng'", "tip: a similar command exists: 'string'"])
    r = run_hc("md5", "fiel", "f1", cwd=folder)
    assert (r.rc, r.lines[0]) == (2, "error: unrecognized command 'fiel'"), r
    r = run_hc("md5", "gone", cwd=folder)
    assert (r.rc, r.lines[0]) == (2, "error: unrecognized command 'gone'"), r
    # a file named as an option's value is no operand
    for value in (["-s", "1"], ["--source", "1"], ["-o", "1"]):
        r = run_hc("md5", "xyz", *value, cwd=folder)
        assert (r.rc, r.lines[0]) == (2, "error: unrecognized command 'xyz'"), r
    assert (folder / "1").read_bytes() == b"1"


# ---- 4. check --quiet ----

def test_quiet_prints_nothing_when_every_line_is_ok(folder):
    listing = peer("sha256sum", "f1", "f2", cwd=folder).stdout
    for words in (["check", "--quiet"], ["check", "--status"], ["sha256", "check", "--quiet"]):
        r = run_hc_input(listing, *words, cwd=folder)
        assert (r.rc, r.out, r.err) == (0, "", ""), (words, r)
    # without --quiet the untagged list's algorithm is said once
    r = run_hc_input(listing, "check", cwd=folder)
    assert r.err == "hc: standard input: untagged digests of 32 bytes: sha256 made line 1's (f1); " \
                    "the list is verified with it\n", r


# ---- 5. a list's name is a hint ----

def test_md5_lines_in_a_file_named_sha256sums_verify(folder):
    (folder / "SHA256SUMS").write_bytes(peer("md5sum", "f1", "f2", cwd=folder).stdout)
    r = run_hc("check", "-s", "SHA256SUMS", cwd=folder)
    assert (r.rc, r.out) == (0, "f1: OK\nf2: OK\n"), r
    assert r.err == "hc: SHA256SUMS: untagged digests of 16 bytes: md5 made line 1's (f1); " \
                    "the list is verified with it\n"
    # digests that fit the name are read with it, no trial
    (folder / "SHA256SUMS").write_bytes(peer("sha256sum", "f1", cwd=folder).stdout)
    r = run_hc("check", "-s", "SHA256SUMS", cwd=folder)
    assert (r.rc, r.out, r.err) == (0, "f1: OK\n", ""), r


# ---- 6. -w says what is true ----

def test_warn_reasons_are_true(folder):
    sums = peer("sha256sum", "f1", "f2", cwd=folder).stdout
    (folder / "bom").write_bytes(b"\xef\xbb\xbf" + sums)
    r = run_hc("sha256", "check", "-s", "bom", "-w", cwd=folder)
    assert (r.rc, r.out) == (0, "f2: OK\n"), r
    assert r.err.splitlines()[0] == "hc: bom: 1: improperly formatted checksum line (it starts with a UTF-8 " \
                                    "byte-order mark (EF BB BF), which checksum tools do not write)"
    assert peer("sha256sum", "-c", "bom", cwd=folder).stdout == b"f2: OK\n"  # it refuses the line too
    (folder / "ck").write_bytes(peer("cksum", "f1", "f2", cwd=folder).stdout)
    r = run_hc("check", "-s", "ck", "-w", cwd=folder)
    reason = "improperly formatted checksum line (POSIX cksum's CRC and size, in decimal; no hc algorithm " \
             "computes that CRC)"
    assert (r.rc, r.out) == (2, ""), r
    assert r.err == f"hc: ck: 1: {reason}\nhc: ck: 2: {reason}\nhc: ck: no properly formatted checksum lines found\n"


def test_unreadable_files_do_not_count_against_a_guess(folder):
    """Missing files tell nothing of the algorithm: no 'none of … made the
    digests'; the first readable entry decides."""
    digest = hashlib.sha256(b"one\n").hexdigest()
    listing = "".join(f"{digest}  gone{k}\n" for k in range(4)) + f"{digest}  f1\n"
    r = run_hc_input(listing.encode(), "check", cwd=folder)
    assert (r.rc, r.lines) == (1, [f"gone{k}: FAILED open or read" for k in range(4)] + ["f1: OK"]), r
    assert r.err == "".join(f"hc: gone{k}: No such file or directory\n" for k in range(4)) + \
        "hc: standard input: untagged digests of 32 bytes: sha256 made line 5's (f1); the list is verified " \
        "with it\nhc: WARNING: 4 listed files could not be read\n"


# ---- 7. --tag and the tags rhash reads ----

def test_tag_equals_sha256sums(folder):
    for words in (["--tag", "f1", "f2"], ["f1", "f2", "--tag"], ["file", "--tag", "f1", "f2"]):
        r = run_hc("sha256", *words, cwd=folder)
        assert (r.rc, r.out.encode()) == (0, peer("sha256sum", "--tag", "f1", "f2", cwd=folder).stdout), words
    r = run_hc("md5", "--tag", "f1", cwd=folder)
    assert r.out.encode() == peer("md5sum", "--tag", "f1", cwd=folder).stdout
    r = run_hc("sha256", "file", "--tag", "--format", "gnu", "f1", cwd=folder)
    assert (r.rc, r.out, r.err) == (2, "", "hc: --tag writes bsd lines; it cannot be used with --format gnu\n"), r


RHASH_SHARED = ["crc32", "crc32c", "md4", "md5", "sha1", "tiger", "tth", "whirlpool", "ripemd160", "gost",
                "sha224", "sha256", "sha384", "sha512", "edonr256", "edonr512", "sha-3-224", "sha-3-256",
                "sha-3-384", "sha-3-512", "snefru128", "snefru256", "blake2s", "blake2b"]


@pytest.mark.skipif(shutil.which("rhash") is None, reason="rhash is not installed")
def test_rhash_reads_every_bsd_line_it_shares_and_hc_reads_rhashs(folder):
    (folder / "hc.bsd").write_bytes(run_hc(",".join(RHASH_SHARED), "file", "--format", "bsd", "f1",
                                           cwd=folder).out.encode())
    theirs = peer("rhash", "-c", "hc.bsd", cwd=folder).stdout.decode().splitlines()
    assert [line.split() for line in theirs if line.startswith("f1")] == [["f1", "OK"]] * 24, theirs
    assert theirs[-1] == "Everything OK"
    (folder / "rhash.bsd").write_bytes(peer("rhash", "--bsd", "-a", "f1", cwd=folder).stdout)
    r = run_hc("check", "-s", "rhash.bsd", cwd=folder)
    # its rows hc lacks (BTIH, ED2K, AICH, GOST94, HAS-160, GOST12-*) are 7 improper lines
    assert (r.rc, r.lines) == (0, ["f1: OK"] * 24), r
    assert r.err == "hc: WARNING: 7 lines are improperly formatted\n"
