"""The counts and side effects around hash mode's searches, check's lists,
merge and dir's walk that the answer alone does not show (issue 33):
Attempts with --increment and with --hashes, a mask of more than 10
positions with --increment, a mask of unequal sets entered in the middle
(threads, parts), a stop marker made without a word on stderr, an SFV
list with a ';' header whose file name looks like a CRC, merge of a JSON
error line for a name that is not UTF-8, and Ctrl+C in a flat directory
where no name matches -i. Expected
values come from itertools, hashlib and zlib. (A target whose filter key
is 0: tests/unit/test_crack_filter_zero.c.)"""
import base64
import hashlib
import itertools
import os
import signal
import string
import subprocess
import time
import zlib

import pytest

from conftest import run_hc, spawn_hc, wait_for_handler

LOWER, DIGITS = string.ascii_lowercase, string.digits
SUMMARY = "Attempts: {} Time "


def md5(text):
    return hashlib.md5(text if isinstance(text, bytes) else text.encode()).hexdigest()


def grouped(n):
    """hc's Attempts number: thousands apart by spaces."""
    return f"{n:,}".replace(",", " ")


def candidates(*sets):
    return ["".join(p) for p in itertools.product(*sets)]


def increment_order(*sets, shortest=1):
    """hashcat's --increment: the mask's prefixes, shortest first."""
    return [c for n in range(shortest, len(sets) + 1) for c in candidates(*sets[:n])]


def attempts(r):
    line = next(line for line in r.lines if line.startswith("Attempts: "))
    return int(line[len("Attempts: "):line.index(" Time ")].replace(" ", ""))


def found_lines(r):
    return sorted(line for line in r.lines if ":" in line and not line.startswith(("Attempts", "Found")))


def write(path, data):
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return str(path)


# ---- Attempts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("threads", ["1", "2"])
@pytest.mark.parametrize("answer,shortest", [("b7", 1), ("z9", 1), ("q", 1), ("b7", 2)])
def test_increment_attempts_count_the_shorter_passes(answer, shortest, threads):
    order = increment_order(LOWER, DIGITS, shortest=shortest)
    r = run_hc("md5", "hash", "--noprobe", "-s", md5(answer), "--mask", "?l?d", "--increment",
               "-n", str(shortest), "-T", threads)
    assert (r.rc, r.err) == (0, ""), r
    assert r.nonblank[-1] == "Initial string is: " + answer
    assert attempts(r) == order.index(answer) + 1


@pytest.mark.parametrize("increment", [False, True])
def test_hashes_attempts_count_every_candidate_when_one_is_missing(tmp_path, increment):
    """Two targets found, one never: the whole keyspace searched, each
    found target printed once, exit 1."""
    order = increment_order(LOWER, DIGITS) if increment else candidates(LOWER, DIGITS)
    present = ["a1", "q"] if increment else ["a1", "z9"]
    hashes = write(tmp_path / "h.txt", "".join(md5(t) + "\n" for t in present + ["never!"]))
    r = run_hc("md5", "hash", "--noprobe", "--hashes", hashes, "--mask", "?l?d",
               *(["--increment"] if increment else []), "-T", "2")
    assert (r.rc, r.err) == (1, ""), r
    assert found_lines(r) == sorted(f"{md5(t)}:{t}" for t in present)
    assert attempts(r) == len(order)
    assert r.lines[-1] == "Found 2 of 3 targets"


def test_hybrid_increment_with_hashes_counts_every_pass(tmp_path):
    words = ["ab", "", "xyz"]
    listed = write(tmp_path / "w.txt", "".join(w + "\n" for w in words))
    hashes = write(tmp_path / "h.txt", md5("xyz4") + "\n" + md5("ab07") + "\n" + md5("never") + "\n")
    r = run_hc("md5", "hash", "--noprobe", "--hashes", hashes, "--wordlist", listed, "--mask", "?d?d",
               "--increment")
    assert (r.rc, r.err) == (1, ""), r
    assert found_lines(r) == sorted([f"{md5('xyz4')}:xyz4", f"{md5('ab07')}:ab07"])
    assert attempts(r) == len(words) * (10 + 100)


# ---- a mask whose sets differ in size, entered in the middle ----------------------------------------


@pytest.mark.parametrize("threads", ["1", "2"])
def test_mask_of_unequal_sets_from_any_start(threads):
    """The search starts each thread and each part at an index of the
    keyspace, its digits taken set by set: with sets of 10, 26 and 36
    members, a wrong set's size puts the later candidates elsewhere."""
    sets = [DIGITS, LOWER, string.ascii_uppercase + DIGITS, DIGITS, DIGITS, DIGITS]
    answer = "7qZ123"
    place = sum(sets_index * size for sets_index, size in zip(
        [s.index(c) for s, c in zip(sets, answer)],
        [len(sets[1]) * len(sets[2]) * 1000, len(sets[2]) * 1000, 1000, 100, 10, 1])) + 1
    r = run_hc("md5", "hash", "--noprobe", "-s", md5(answer), "--mask", "?d?l?1?d?d?d", "-1", "?u?d",
               "-T", threads)
    assert (r.rc, r.err) == (0, ""), r
    assert r.nonblank[-1] == "Initial string is: " + answer
    assert attempts(r) == place
    parts = [run_hc("md5", "hash", "--noprobe", "-s", md5(answer), "--mask", "?d?l?1?d?d?d", "-1", "?u?d",
                    "-T", threads, "--part", f"{k}/5") for k in range(1, 6)]
    assert [p.rc for p in parts].count(0) == 1
    assert sum(p.nonblank[-1] == "Initial string is: " + answer for p in parts) == 1


def test_parts_of_a_mask_of_unequal_sets_tile_its_order():
    sets = [DIGITS, LOWER, "xyz"]
    whole = candidates(*sets)
    parts = []
    for k in range(1, 8):
        r = run_hc("md5", "hash", "--mask", "?d?l?1", "-1", "xyz", "--part", f"{k}/7", "--stdout")
        assert (r.rc, r.err) == (0, ""), r
        parts += r.raw.decode().split("\n")[:-1]
    assert parts == whole


# ---- masks longer than 10 positions -----------------------------------------------------------------


@pytest.mark.parametrize("literal", ["abcdefghijk", "abcdefghijklmnop"])
def test_long_mask_increment_runs_to_the_masks_length(literal):
    """No -x: the prefixes run up to the whole mask, however long."""
    sets = [c for c in literal] + [DIGITS]
    expected = increment_order(*sets)
    r = run_hc("md5", "hash", "--mask", literal + "?d", "--increment", "--stdout")
    assert (r.rc, r.err) == (0, "")
    assert r.raw.decode().split("\n")[:-1] == expected
    answer = literal + "5"
    r = run_hc("md5", "hash", "--noprobe", "-s", md5(answer), "--mask", literal + "?d", "--increment")
    assert (r.rc, r.err) == (0, ""), r
    assert r.nonblank[-1] == "Initial string is: " + answer
    assert attempts(r) == expected.index(answer) + 1


def crc_hex(data):
    return f"{zlib.crc32(data):08x}"


# ---- the stop marker: made once, no message -----------------------------------------------------------


def marker_tail(marker):
    """The marker's last two lines (who found it, the answer) after its
    search's identity, which test_hash_stop_file.py checks line by line."""
    lines = marker.read_text().split("\n")
    assert lines[:2] == ["hc stop marker 1", "algorithm: md5"] and lines[-1] == "", lines
    return lines[-3:-1]


@pytest.mark.parametrize("search,answer_line", [
    (["-s", md5("b7"), "--mask", "?l?d", "--increment"], "Initial string is: b7"),
    (["-s", md5("cd42"), "--wordlist", "WORDS", "--mask", "?d?d", "--increment"], "Initial string is: cd42"),
    (["--hashes", "HASHES", "--mask", "?l?d", "--increment"], "Found 2 of 2 targets"),
    (["--hashes", "HASHES", "--mask", "?l?d?d", "-T", "2"], "Found 2 of 2 targets"),
])
def test_the_finding_part_makes_the_marker_without_a_message(tmp_path, search, answer_line):
    words = write(tmp_path / "w.txt", "ab\ncd\n")
    hashes = write(tmp_path / "h.txt", md5("q") + "\n" + md5("a1") + "\n" if "-T" not in search
                   else md5("q55") + "\n" + md5("a10") + "\n")
    search = [words if a == "WORDS" else hashes if a == "HASHES" else a for a in search]
    marker = tmp_path / "found"
    r = run_hc("md5", "hash", "--noprobe", *search, "--stop-file", str(marker))
    assert (r.rc, r.err) == (0, ""), r
    assert marker_tail(marker) == ["found by a search without --part", answer_line]


def test_two_parts_finding_at_once_make_one_marker_without_a_message(tmp_path):
    """Two searches read their words from pipes; once both have looked for
    the marker (their SIGUSR1 handlers come after that look), both get the
    answer at once: one creates the marker, the other finds it made (EEXIST,
    no message, still exit 0) or is stopped by it (exit 3)."""
    marker = tmp_path / "found"
    both_found = 0
    for _ in range(5):
        if marker.exists():
            marker.unlink()
        # both search (no potfile answers the second from the first's find)
        procs = [spawn_hc(["md5", "hash", "--noprobe", "-s", md5("b7"), "--wordlist", "-", "--potfile-disable",
                           "--stop-file", str(marker)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for _ in range(2)]
        for proc in procs:
            wait_for_handler(proc.pid, signal.SIGUSR1)
        for proc in procs:
            proc.stdin.write(b"a1\nb7\n")
            proc.stdin.flush()
        results = []
        for proc in procs:
            out, err = proc.communicate(b"", timeout=60)
            results.append((proc.returncode, out.decode(), err.decode()))
        for rc, out, err in results:
            if rc == 0:
                assert err == "" and out.endswith("Initial string is: b7\n"), results
            else:
                assert (rc, err) == (3, f"hc: stopped: {marker} appeared\n"), results
        assert [rc for rc, _, _ in results].count(0) >= 1
        assert marker_tail(marker) == ["found by a search without --part", "Initial string is: b7"]
        both_found += [rc for rc, _, _ in results] == [0, 0]
    assert both_found > 0, "the two searches never found the answer together: no race was run"


# ---- check: an SFV list found by its ';' header --------------------------------------------------------


def test_sfv_list_with_a_header_and_a_crc_like_name(tmp_path):
    """`12345678 <crc>` reads as SFV (name, CRC) or as GNU (digest, name);
    after a ';' line the list is SFV: the file 12345678 is checked, not a
    file named like its CRC (there is one, whose CRC is another)."""
    name = "12345678"
    (tmp_path / name).write_bytes(b"the file the list means\n")
    crc = crc_hex(b"the file the list means\n")
    (tmp_path / crc).write_bytes(b"a file named like the CRC\n")
    assert crc_hex(b"a file named like the CRC\n") != name
    listing = tmp_path / "list.txt"
    listing.write_text(f"; Generated by a tool that writes SFV\n{name} {crc}\n")
    r = run_hc("crc32", "check", "-s", str(listing), cwd=str(tmp_path))
    assert (r.rc, r.err) == (0, ""), r
    assert r.out.endswith(f"{name}: OK\n"), r
    assert r.out.count(": OK\n") == 1 and "FAILED" not in r.out


def test_sfv_line_needs_a_blank_between_name_and_crc(tmp_path):
    """`photo(1)8cdc1683` is no SFV line (no blank before the CRC), though
    photo(1) exists and its CRC is 8cdc1683: named as improperly formatted."""
    (tmp_path / "photo(1)").write_bytes(b"x")
    crc = crc_hex(b"x")
    listing = tmp_path / "list.sfv"
    listing.write_text(f"; header\nphoto(1) {crc}\nphoto(1){crc}\n")
    r = run_hc("crc32", "check", "-s", str(listing), cwd=str(tmp_path))
    assert (r.rc, r.out, r.err) == (0, f"{tmp_path}/photo(1): OK\n", "hc: WARNING: 1 line is improperly formatted\n")
    listing.write_text(f"; header\nphoto(1){crc}\n")
    r = run_hc("crc32", "check", "-s", str(listing), cwd=str(tmp_path))
    assert (r.rc, r.out, r.err) == (2, "", f"hc: {listing}: no properly formatted checksum lines found\n")


# ---- merge: a JSON error line whose name is not UTF-8 --------------------------------------------------


def test_merge_orders_an_error_line_by_its_names_bytes(tmp_path):
    """dir's order is byte-wise: t/b\\xf0x, then t/b\\xff (whose line is a
    failure), then t/c. Its JSON lines carry the bytes in path_bytes_b64."""
    def name_fields(name):
        shown = name.decode("utf-8", "replace").encode()
        fields = b'"path":"' + shown + b'"'
        if shown != name:
            fields += b',"path_bytes_b64":"' + base64.b64encode(name) + b'"'
        return fields

    def file_line(name, data):
        return (b"{" + name_fields(name) + b',"size":%d,"algorithm":"md5","digest":"%s","seconds":0.000001}\n'
                % (len(data), md5(data).encode()))

    first = file_line(b"t/b\xf0x", b"x")
    failed = b"{" + name_fields(b"t/b\xff") + b',"error":"open error"}\n'
    last = file_line(b"t/c", b"z")
    write(tmp_path / "part2", last + failed)
    write(tmp_path / "part1", first)
    # hand-made lists carry no part header: --force merges them, warning
    r = run_hc("merge", "--force", str(tmp_path / "part2"), str(tmp_path / "part1"))
    assert r.rc == 0, r
    assert r.err and all(line.startswith("hc: warning: ") for line in r.err.splitlines()), r.err
    assert r.raw == first + failed + last


# ---- dir: Ctrl+C while the walk matches nothing -------------------------------------------------------


PATTERNS = ";".join("*" + "a" * 30 + "b" + str(k) for k in range(300))  # costly, and never a match


def make_flat_directory(path, count):
    path.mkdir()
    for i in range(count):
        (path / ("a" * 240 + f"{i:06d}")).write_bytes(b"")
    return path


def walk_seconds(directory):
    start = time.monotonic()
    r = run_hc("md5", "dir", "-s", str(directory), "-i", PATTERNS)
    assert r.rc == 0 and r.out == "", r
    return time.monotonic() - start


def wait_until_open(pid, directory, timeout=30):
    """Returns once hc holds the directory open: it is walking it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == str(directory):
                    return
            except OSError:
                pass
        time.sleep(0.002)
    pytest.fail("hc never opened the directory")


def test_ctrl_c_stops_a_walk_where_nothing_matches(tmp_path):
    """-i matching no name: the walk hands out nothing, so it has to ask
    about Ctrl+C itself, every few entries. An eighth of the directory
    measures the walk; the interrupted one must end in a fraction of the
    whole walk's time."""
    sample = walk_seconds(make_flat_directory(tmp_path / "eighth", 250))
    directory = make_flat_directory(tmp_path / "flat", 2000)
    proc = spawn_hc(["md5", "dir", "-s", str(directory), "-i", PATTERNS], stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    wait_for_handler(proc.pid)
    wait_until_open(proc.pid, directory)
    start = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("hc went on walking after Ctrl+C")
    took = time.monotonic() - start
    assert proc.returncode == 130
    assert out == b""
    assert err.decode().splitlines()[-1] == "hc: interrupted"
    # the whole walk takes about 8 * sample; stopping takes one check's share
    print(f"walk of 250 entries {sample:.3f} s, stopped {took:.3f} s after Ctrl+C")
    assert took < max(0.5, 2 * sample), (took, sample)
