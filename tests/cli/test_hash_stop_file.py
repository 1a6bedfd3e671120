"""Hash mode's stop marker, --stop-file (contract §10.10): a marker says
which search it belongs to; a part stops on its own search's marker (3),
refuses another search's or a file hc did not make (2), and
--replace-stop-file removes only another search's. Expected markers are
built here from the layout docs/cli.md gives, digests with hashlib."""
import hashlib
import os
import re
import select
import signal
import subprocess
import time

import pytest

from conftest import run_hc, spawn_hc, wait_for_handler

NEVER = "0" * 32  # an MD5 digest no short string has (none of the searches reach it)
LONG_SEARCH = ["-a", "0-9a-z", "-n", "9", "-x", "9", "--noprobe", "-T", "1"]
DIGITS_LOWER = "0123456789abcdefghijklmnopqrstuvwxyz"  # what -a 0-9a-z expands to
LONG_KEYSPACE = f"-a {DIGITS_LOWER} -n 9 -x 9"


def md5_hex(text):
    return hashlib.md5(text.encode()).hexdigest()


def identity(targets, keyspace, parts=1, alg="md5"):
    """The lines a marker starts with (docs/cli.md §10.10)."""
    if len(targets) == 1:
        target = f"target: {targets[0]}"
    elif len(targets) <= 8:
        target = f"targets: {len(targets)}: " + " ".join(sorted(targets))
    else:
        joined = b"".join(bytes.fromhex(t) for t in sorted(targets))
        target = f"targets: {len(targets)}, SHA-256 of the sorted digests: {hashlib.sha256(joined).hexdigest()}"
    return f"hc stop marker 1\nalgorithm: {alg}\n{target}\nkeyspace: {keyspace}\nparts: {parts}\n"


def marker_of(ident, found_by="found by --part 1/8", answer="Initial string is: made by the test"):
    return f"{ident}{found_by}\n{answer}\n"


def make_marker(path, text):
    """The marker as another part makes it: complete when it appears."""
    temporary = f"{path}.test-tmp"
    with open(temporary, "w") as f:
        f.write(text)
    os.link(temporary, path)
    os.unlink(temporary)


def wait_exit(proc, limit):
    """The seconds proc took to exit (killed, and the test failed, past limit)."""
    start = time.monotonic()
    try:
        out, err = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"hc did not stop within {limit} s of the marker")
    return time.monotonic() - start, out.decode(), err.decode()


def spawn_long_search(marker, *extra):
    proc = spawn_hc(["md5", "hash", "-s", NEVER, *LONG_SEARCH, *extra, "--stop-file", str(marker)],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # the handlers are installed after the marker's first look: from here on
    # only the watch of the running search can see it
    wait_for_handler(proc.pid, signal.SIGUSR1)
    return proc


OTHER = identity([md5_hex("hello")], "-a abcdefghijklmnopqrstuvwxyz -n 1 -x 5", parts=2)
OTHER_WORDS = ("the stop marker of another search (algorithm: md5; target: 5d41402abc4b2a76b9719d911017c592; "
               "keyspace: -a abcdefghijklmnopqrstuvwxyz -n 1 -x 5; parts: 2; found by --part 1/2)")


# ---- this search's marker: a stop ---------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["hc", "json"])
def test_a_running_search_stops_when_its_marker_appears(tmp_path, fmt):
    marker = tmp_path / "found"
    text = marker_of(identity([NEVER], LONG_KEYSPACE, parts=8))
    proc = spawn_long_search(marker, "--part", "2/8", "--format", fmt)
    make_marker(marker, text)
    took, out, err = wait_exit(proc, 10)
    assert proc.returncode == 3
    assert took < 2.0
    assert err.strip().splitlines()[-1] == f"hc: stopped: {marker} appeared"
    if fmt == "json":
        assert '"found":false' in out
    else:
        assert out.strip().splitlines()[-1] == "Nothing found"
    assert marker.read_text() == text  # another part's marker is left alone


def test_a_part_started_after_the_find_stops_at_once(tmp_path):
    marker = tmp_path / "found"
    text = marker_of(identity([NEVER], LONG_KEYSPACE))
    make_marker(marker, text)
    for extra in ([], ["--replace-stop-file"]):  # never removes this search's marker
        r = run_hc("md5", "hash", "-s", NEVER, *LONG_SEARCH, *extra, "--stop-file", str(marker), timeout=20)
        assert r.rc == 3
        assert r.nonblank[-2].startswith("Attempts: 0 ")
        assert r.nonblank[-1] == "Nothing found"
        assert r.err == f"hc: stopped: {marker} appeared\n"
        assert marker.read_text() == text


def test_one_search_however_its_charset_is_written(tmp_path):
    marker = tmp_path / "found"
    make_marker(marker, marker_of(identity([NEVER], LONG_KEYSPACE)))
    r = run_hc("md5", "hash", "-s", NEVER.upper(), "-a", DIGITS_LOWER + "a1", "-n", "9", "-x", "9", "--noprobe",
               "--stop-file", str(marker))
    assert r.rc == 3, r


def test_the_finding_part_creates_the_marker(tmp_path):
    marker = tmp_path / "found"
    target = md5_hex("ba")
    statuses = {}
    for k in range(1, 6):
        r = run_hc("md5", "hash", "-s", target, "-a", "abc", "-x", "3", "--noprobe", "--part", f"{k}/5",
                   "--stop-file", str(marker))
        statuses[k] = r.rc
        if k == 1:
            assert r.rc == 0 and r.nonblank[-1] == "Initial string is: ba"
            assert marker.read_bytes() == marker_of(identity([target], "-a abc -n 1 -x 3", parts=5),
                                                    "found by --part 1/5", "Initial string is: ba").encode()
            assert r.err == ""
        else:
            # the later parts find the marker made by the first
            assert r.rc == 3 and r.err == f"hc: stopped: {marker} appeared\n", r
    assert list(tmp_path.iterdir()) == [marker]  # no temporary file left behind
    assert statuses == {1: 0, 2: 3, 3: 3, 4: 3, 5: 3}


def test_a_part_that_finds_nothing_makes_no_marker(tmp_path):
    marker = tmp_path / "found"
    r = run_hc("md5", "hash", "-s", md5_hex("ba"), "-a", "abc", "-x", "3", "--noprobe", "--part", "2/5",
               "--stop-file", str(marker))
    assert r.rc == 1
    assert r.nonblank[-1] == "Nothing found"
    assert not marker.exists()


def test_a_find_after_another_part_marked_it_says_nothing(tmp_path):
    """Two parts found it, the other made the marker first (here: before
    this one started, and the empty string is found before any search)."""
    marker = tmp_path / "found"
    text = marker_of(identity([md5_hex("")], "-a abc -n 1 -x 3"), "found by --part 2/2")
    make_marker(marker, text)
    r = run_hc("md5", "hash", "-s", md5_hex(""), "-a", "abc", "-x", "3", "--stop-file", str(marker))
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: Empty string"
    assert r.err == ""  # no "cannot create the stop marker: File exists"
    assert marker.read_text() == text
    assert list(tmp_path.iterdir()) == [marker]


def test_a_marker_that_cannot_be_made_is_said_and_the_answer_kept(tmp_path):
    marker = tmp_path / "missing-dir" / "found"
    r = run_hc("md5", "hash", "-s", md5_hex("12"), "-x", "3", "--noprobe", "--stop-file", str(marker))
    assert r.rc == 0
    assert r.nonblank[-1] == "Initial string is: 12"
    assert r.err == f"hc: {marker}: cannot create the stop marker: No such file or directory\n"


def test_ntlm_answer_in_the_marker_is_utf8(tmp_path):
    marker = tmp_path / "found"
    target = run_hc("ntlm", "string", "-s", "é").lines[0].lower()
    r = run_hc("ntlm", "hash", "-s", target, "-a", b"\xe9x", "-x", "2", "--noprobe", "--stop-file", str(marker))
    assert r.rc == 0
    assert marker.read_bytes() == marker_of(identity([target], "-a \\xe9x -n 1 -x 2", alg="ntlm"),
                                            "found by a search without --part", "Initial string is: é").encode()


def test_many_targets_all_found_make_the_marker(tmp_path):
    marker, targets = tmp_path / "found", tmp_path / "targets"
    digests = [md5_hex("ab"), md5_hex("c")]
    targets.write_text(digests[0] + "\n" + digests[1].upper() + "\n")
    r = run_hc("md5", "hash", "--hashes", str(targets), "-a", "abc", "-x", "2", "--noprobe", "--part", "1/1",
               "--stop-file", str(marker))
    assert r.rc == 0
    assert marker.read_text() == marker_of(identity(digests, "-a abc -n 1 -x 2"), "found by --part 1/1",
                                           "Found 2 of 2 targets")


def test_many_targets_past_the_listed_are_named_by_a_digest(tmp_path):
    marker, targets = tmp_path / "found", tmp_path / "targets"
    words = ["a", "b", "c", "ab", "ba", "cc", "abc", "cab", "bca"]  # nine: past the eight listed
    digests = [md5_hex(w) for w in words]
    targets.write_text("\n".join(digests) + "\n")
    r = run_hc("md5", "hash", "--hashes", str(targets), "-a", "abc", "-x", "3", "--noprobe", "--potfile-disable",
               "--stop-file", str(marker))
    assert r.rc == 0
    assert marker.read_text() == marker_of(identity(digests, "-a abc -n 1 -x 3"),
                                           "found by a search without --part", "Found 9 of 9 targets")
    # the same set in another order is the same search; one digest less is another
    targets.write_text("\n".join(reversed(digests)) + "\n")
    same = run_hc("md5", "hash", "--hashes", str(targets), "-a", "abc", "-x", "3", "--noprobe",
                  "--stop-file", str(marker))
    assert same.rc == 3, same
    targets.write_text("\n".join(digests[1:]) + "\n")
    other = run_hc("md5", "hash", "--hashes", str(targets), "-a", "abc", "-x", "3", "--noprobe",
                   "--stop-file", str(marker))
    assert other.rc == 2 and "the stop marker of another search" in other.err, other


def test_many_targets_stop_on_the_marker(tmp_path):
    marker, targets = tmp_path / "found", tmp_path / "targets"
    targets.write_text(NEVER + "\n" + "1" * 32 + "\n")
    proc = spawn_hc(["md5", "hash", "--hashes", str(targets), *LONG_SEARCH, "--stop-file", str(marker)],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_handler(proc.pid, signal.SIGUSR1)
    make_marker(marker, marker_of(identity([NEVER, "1" * 32], LONG_KEYSPACE)))
    took, out, err = wait_exit(proc, 10)
    assert proc.returncode == 3 and took < 2.0
    assert out.strip().splitlines()[-1] == "Found 0 of 2 targets"
    assert err.endswith(f"hc: stopped: {marker} appeared\n")


def test_ctrl_c_wins_over_the_marker(tmp_path):
    marker = tmp_path / "found"
    proc = spawn_hc(["md5", "hash", "-s", NEVER, *LONG_SEARCH, "--stop-file", str(marker)],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_handler(proc.pid)
    proc.send_signal(signal.SIGINT)
    wait_exit(proc, 10)
    assert proc.returncode == 130
    assert not marker.exists()


# ---- another search's marker, another file: refused ---------------------------------------------


def test_a_leftover_of_another_search_is_refused(tmp_path):
    """The false find of issue 33: a second search with the same path."""
    marker = tmp_path / "found"
    first = run_hc("md5", "hash", "-s", md5_hex("hello"), "-a", "a-z", "-x", "5", "--noprobe", "--part", "1/2",
                   "--stop-file", str(marker))
    assert first.rc == 0 and marker.read_text() == OTHER + "found by --part 1/2\nInitial string is: hello\n"
    for k in (1, 2):
        r = run_hc("md5", "hash", "-s", md5_hex("world"), "-a", "a-z", "-x", "5", "--noprobe", "--part", f"{k}/2",
                   "--stop-file", str(marker))
        assert r.rc == 2
        assert r.out == ""
        assert r.err == (f"hc: {marker}: {OTHER_WORDS} is there; remove it, or give --replace-stop-file "
                         "to have it removed\n")
    assert marker.read_text() == OTHER + "found by --part 1/2\nInitial string is: hello\n"


# Each changes one thing the marker of `-s md5(hello) -a a-z -x 5 --part K/2` records.
OTHER_SEARCHES = {
    "algorithm": ["sha1", "hash", "-s", hashlib.sha1(b"hello").hexdigest(), "-a", "a-z", "-x", "5", "--part", "1/2"],
    "target": ["md5", "hash", "-s", md5_hex("hellp"), "-a", "a-z", "-x", "5", "--part", "1/2"],
    "charset": ["md5", "hash", "-s", md5_hex("hello"), "-a", "a-y", "-x", "5", "--part", "1/2"],
    "min": ["md5", "hash", "-s", md5_hex("hello"), "-a", "a-z", "-n", "2", "-x", "5", "--part", "1/2"],
    "max": ["md5", "hash", "-s", md5_hex("hello"), "-a", "a-z", "-x", "6", "--part", "1/2"],
    "parts": ["md5", "hash", "-s", md5_hex("hello"), "-a", "a-z", "-x", "5", "--part", "1/3"],
    "no part": ["md5", "hash", "-s", md5_hex("hello"), "-a", "a-z", "-x", "5"],
    "mask": ["md5", "hash", "-s", md5_hex("hello"), "--mask", "?l?l?l?l?l", "-x", "5", "--part", "1/2"],
    "wordlist": ["md5", "hash", "-s", md5_hex("hello"), "--wordlist", "words", "-x", "5", "--part", "1/2"],
}


@pytest.mark.parametrize("change", sorted(OTHER_SEARCHES))
def test_any_other_search_is_refused(tmp_path, change):
    marker = tmp_path / "found"
    text = OTHER + "found by --part 1/2\nInitial string is: hello\n"
    make_marker(marker, text)
    (tmp_path / "words").write_text("hello\n")
    r = run_hc(*OTHER_SEARCHES[change], "--noprobe", "--stop-file", str(marker), cwd=tmp_path)
    assert r.rc == 2, r
    assert r.err.endswith(f"hc: {marker}: {OTHER_WORDS} is there; remove it, or give --replace-stop-file "
                          "to have it removed\n"), r
    assert marker.read_text() == text
    # and the search itself is that marker's: stopped at once
    same = run_hc("md5", "hash", "-s", md5_hex("hello"), "-a", "a-z", "-x", "5", "--part", "2/2", "--noprobe",
                  "--stop-file", str(marker))
    assert same.rc == 3, same


MASK_SEARCH = ["md5", "hash", "-s", NEVER, "-1", "?d", "--mask", "?1?l", "--increment", "-x", "2", "--noprobe"]
MASK_KEYSPACE = "--mask ?1?l -1 ?d --increment -n 1 -x 2"


@pytest.mark.parametrize("args, keyspace", [
    (MASK_SEARCH, MASK_KEYSPACE),
    (["md5", "hash", "-s", NEVER, "--wordlist", "w", "--rules", "r", "--mask", "?d", "--noprobe"],
     "--wordlist w --rules r --mask ?d -n 1 -x 10"),
    (["md5", "hash", "-s", NEVER, "--mask", "?d", "--wordlist", "w", "--noprobe"], "--mask ?d --wordlist w -n 1 -x 10"),
])
def test_the_keyspace_of_masks_and_wordlists(tmp_path, args, keyspace):
    """Recorded as given, the mask's and wordlist's order (the hybrid's
    side) included: this search's marker stops it, one that differs in the
    keyspace line only is refused."""
    (tmp_path / "w").write_text("x\n")
    (tmp_path / "r").write_text(":\n")
    marker = tmp_path / "found"
    make_marker(marker, marker_of(identity([NEVER], keyspace)))
    r = run_hc(*args, "--stop-file", str(marker), cwd=tmp_path)
    assert r.rc == 3, r
    marker.unlink()
    make_marker(marker, marker_of(identity([NEVER], keyspace + "x")))
    r = run_hc(*args, "--stop-file", str(marker), cwd=tmp_path)
    assert r.rc == 2 and "the stop marker of another search" in r.err, r


@pytest.mark.parametrize("content, what", [
    ("the user's own file\n", "a file that is not an hc stop marker"),
    ("", "a file that is not an hc stop marker"),
    ("found by --part 1/2\nInitial string is: hello\n", "a file that is not an hc stop marker"),  # an older hc's
    (None, "a directory, not an hc stop marker"),
])
def test_a_file_hc_did_not_make_is_refused_and_kept(tmp_path, content, what):
    marker = tmp_path / "found"
    if content is None:
        marker.mkdir()
    else:
        marker.write_text(content)
    for extra in ([], ["--replace-stop-file"]):  # never removed
        # found before any search (the empty string): refused all the same
        r = run_hc("md5", "hash", "-s", md5_hex(""), *extra, "--stop-file", str(marker))
        assert r.rc == 2 and r.out == ""
        assert r.err == f"hc: {marker}: {what} is there; --stop-file names a file hc creates: remove it or name another\n"
        assert marker.is_dir() if content is None else marker.read_text() == content
    assert sorted(tmp_path.iterdir()) == [marker]


def test_replace_removes_another_search_marker(tmp_path):
    marker = tmp_path / "found"
    make_marker(marker, OTHER + "found by --part 1/2\nInitial string is: hello\n")
    target = md5_hex("ba")
    r = run_hc("md5", "hash", "-s", target, "-a", "abc", "-x", "3", "--noprobe", "--stop-file", str(marker),
               "--replace-stop-file")
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: ba"
    assert r.err == f"hc: {marker}: removed {OTHER_WORDS}\n"
    assert marker.read_text() == marker_of(identity([target], "-a abc -n 1 -x 3"), "found by a search without --part",
                                           "Initial string is: ba")
    assert sorted(tmp_path.iterdir()) == [marker]


def test_replace_needs_a_stop_file():
    r = run_hc("md5", "hash", "-s", NEVER, "--replace-stop-file")
    assert r.rc == 2
    assert (r.out, r.err) == ("", "hc: --replace-stop-file needs --stop-file\n")


@pytest.mark.parametrize("text, what", [
    (OTHER + "found by --part 1/2\nInitial string is: hello\n", OTHER_WORDS),
    ("someone's notes\n", "a file that is not an hc stop marker"),
])
def test_another_file_appearing_mid_run_stops_with_2(tmp_path, text, what):
    """Never a find: the search stops (its own marker could no longer be
    made there, and its other parts would take that file for one)."""
    marker = tmp_path / "found"
    proc = spawn_long_search(marker)
    make_marker(marker, text)
    took, out, err = wait_exit(proc, 10)
    assert proc.returncode == 2 and took < 2.0
    assert out.strip().splitlines()[-1] == "Nothing found"
    assert err.endswith(f"hc: stopped: {marker} appeared, and it is {what}, not this search's\n"), err
    assert marker.read_text() == text


# ---- keyspaces past counting --------------------------------------------------------------------


A100 = "?a" * 100  # 95^100 candidates, about 2^657


@pytest.mark.parametrize("search", [
    ["--mask", A100, "--part", "2/2"],
    ["--mask", A100, "--part", "1/2", "--stdout"],
    ["-x", "30", "--part", "1/7"],  # 62^30 > 2^178
    ["--mask", "?b" * 16, "--part", "1/2"],  # 256^16 = 2^128
])
def test_parts_of_a_keyspace_past_counting_are_refused(search):
    r = run_hc("md5", "hash", "-s", NEVER, *search, "--noprobe")
    assert r.rc == 2 and r.out == ""
    assert r.err == ("hc: --part: the keyspace has 2^128 - 1 or more candidates, more than hc can count, so it "
                     "cannot be split into exact parts; make it smaller (-x, the mask)\n")


def test_the_largest_countable_keyspaces_still_split():
    """256^15 = 2^120 candidates: part 2 of 2 starts half way, at 2^119,
    which in the mask's order is the byte 0x80 and 14 zero bytes."""
    proc = spawn_hc(["md5", "hash", "--mask", "?b" * 15, "--part", "2/2", "--stdout"], stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    first = proc.stdout.read(16)
    proc.kill()
    proc.communicate()
    assert first == b"\x80" + b"\x00" * 14 + b"\n"


def test_the_estimate_of_a_keyspace_past_counting():
    # every prefix of the mask, shortest first: "ab" is found at once
    r = run_hc("md5", "hash", "-s", md5_hex("ab"), "--mask", A100, "--increment", "-T", "1")
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: ab"
    assert r.nonblank[0].startswith("May take approximatelly: more than "), r
    assert r.nonblank[0].endswith(" (2^128 - 1 or more attempts)"), r


def test_the_estimate_of_a_mask_past_2_pow_63_is_exact():
    """The contract caps its charset search's estimate at 2^63; a mask, an
    extension, shows its count: 95^12 here."""
    r = run_hc("md5", "hash", "-s", md5_hex("aaaaaaaaaaab"), "--mask", "?a" * 12, "-T", "1")
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: aaaaaaaaaaab"
    count = f"{95 ** 12:,}".replace(",", " ")
    assert r.nonblank[0].endswith(f" sec ({count} attempts)"), r


def test_the_status_line_of_a_keyspace_past_counting():
    proc = spawn_hc(["md5", "hash", "-s", NEVER, "--mask", A100, "--noprobe", "-T", "1"], stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    wait_for_handler(proc.pid, signal.SIGUSR1)
    proc.send_signal(signal.SIGUSR1)
    line = b""
    deadline = time.monotonic() + 20
    while not line.endswith(b"\n") and time.monotonic() < deadline:
        if select.select([proc.stderr], [], [], 0.1)[0]:
            line += os.read(proc.stderr.fileno(), 4096)
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=20)
    assert re.fullmatch(r"hc: status: [\d ]+ of 2\^128 - 1 or more candidates \((<0\.1|0\.0)%\), length 100 "
                        r"\(100-100\), .*\n", line.decode()), line
