"""Across machines (contract §10.10): hash mode's stop marker (--stop-file),
dir --part K/N and hc merge."""
import hashlib
import os
import signal
import subprocess
import time

import pytest

from conftest import HC_BINARY, run_hc, spawn_hc, wait_for_handler

NEVER = "0" * 32  # an MD5 digest no short string has (none of the searches reach it)
LONG_SEARCH = ["-a", "0-9a-z", "-n", "9", "-x", "9", "--noprobe", "-T", "1"]


def md5_hex(text):
    return hashlib.md5(text.encode()).hexdigest()


def make_marker(path, text="made by the test\n"):
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


# ---- --stop-file ---------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["hc", "json"])
def test_a_running_search_stops_when_the_marker_appears(tmp_path, fmt):
    marker = tmp_path / "found"
    proc = spawn_hc(["md5", "hash", "-s", NEVER, *LONG_SEARCH, "--part", "2/8", "--format", fmt,
                     "--stop-file", str(marker)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # the handlers are installed after the marker's first look: from here on
    # only the watch of the running search can see it
    wait_for_handler(proc.pid, signal.SIGUSR1)
    make_marker(marker)
    took, out, err = wait_exit(proc, 10)
    assert proc.returncode == 3
    assert took < 2.0
    assert err.strip().splitlines()[-1] == f"hc: stopped: {marker} appeared"
    if fmt == "json":
        assert '"found":false' in out
    else:
        assert out.strip().splitlines()[-1] == "Nothing found"
    assert marker.read_text() == "made by the test\n"  # another part's marker is left alone


def test_a_part_started_after_the_find_stops_at_once(tmp_path):
    marker = tmp_path / "found"
    make_marker(marker)
    r = run_hc("md5", "hash", "-s", NEVER, *LONG_SEARCH[:-2], "--stop-file", str(marker), timeout=20)
    assert r.rc == 3
    assert r.nonblank[-2].startswith("Attempts: 0 ")
    assert r.nonblank[-1] == "Nothing found"
    assert r.err.endswith(f"hc: stopped: {marker} appeared\n")


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
            assert marker.read_bytes() == b"found by --part 1/5\nInitial string is: ba\n"
        else:
            # the later parts find the marker made by the first
            assert r.rc == 3, r
    assert list(tmp_path.iterdir()) == [marker]  # no temporary file left behind
    assert statuses == {1: 0, 2: 3, 3: 3, 4: 3, 5: 3}


def test_a_part_that_finds_nothing_makes_no_marker(tmp_path):
    marker = tmp_path / "found"
    r = run_hc("md5", "hash", "-s", md5_hex("ba"), "-a", "abc", "-x", "3", "--noprobe", "--part", "2/5",
               "--stop-file", str(marker))
    assert r.rc == 1
    assert r.nonblank[-1] == "Nothing found"
    assert not marker.exists()


def test_an_existing_file_is_never_overwritten(tmp_path):
    marker = tmp_path / "found"
    marker.write_text("the user's own file\n")
    # found before any search (the empty string): found wins over the marker
    r = run_hc("md5", "hash", "-s", md5_hex(""), "--stop-file", str(marker))
    assert r.rc == 0
    assert marker.read_text() == "the user's own file\n"


def test_a_marker_that_cannot_be_made_is_said_and_the_answer_kept(tmp_path):
    marker = tmp_path / "missing-dir" / "found"
    r = run_hc("md5", "hash", "-s", md5_hex("12"), "-x", "3", "--noprobe", "--stop-file", str(marker))
    assert r.rc == 0
    assert r.nonblank[-1] == "Initial string is: 12"
    assert f"hc: {marker}: cannot create the stop marker: No such file or directory" in r.err


def test_ntlm_answer_in_the_marker_is_utf8(tmp_path):
    marker = tmp_path / "found"
    target = run_hc("ntlm", "string", "-s", "é").lines[0]
    r = run_hc("ntlm", "hash", "-s", target, "-a", b"\xe9x", "-x", "2", "--noprobe", "--stop-file", str(marker))
    assert r.rc == 0
    assert marker.read_bytes() == "found by a search without --part\nInitial string is: é\n".encode()


def test_many_targets_all_found_make_the_marker(tmp_path):
    marker, targets = tmp_path / "found", tmp_path / "targets"
    targets.write_text(md5_hex("ab") + "\n" + md5_hex("c") + "\n")
    r = run_hc("md5", "hash", "--hashes", str(targets), "-a", "abc", "-x", "2", "--noprobe", "--part", "1/1",
               "--stop-file", str(marker))
    assert r.rc == 0
    assert marker.read_text() == "found by --part 1/1\nFound 2 of 2 targets\n"


def test_many_targets_stop_on_the_marker(tmp_path):
    marker, targets = tmp_path / "found", tmp_path / "targets"
    targets.write_text(NEVER + "\n" + "1" * 32 + "\n")
    proc = spawn_hc(["md5", "hash", "--hashes", str(targets), *LONG_SEARCH, "--stop-file", str(marker)],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_handler(proc.pid, signal.SIGUSR1)
    make_marker(marker)
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


# ---- dir --part and hc merge ------------------------------------------------------------------


def part_of(rel, parts):
    """The rule of docs/file-dir.md, computed here independently of hc."""
    return int.from_bytes(hashlib.sha256(rel).digest()[:8], "big") % parts + 1


# Names that order differently as names and as the printed lines: a file
# after a sub-directory by name, "a" / "a-b" / "a.d" (a plain sort of the
# paths puts "a-b/..." and "a.d/..." before "a/..."), escaped names (a
# newline, a backslash), a byte below '-', and bytes that are not UTF-8.
TREE = [
    b"z", b"b file", b"a-b/x", b"a.d/y", b"a/q", b"a/b/deep", b"a/b/c/deeper", b"a\x01/w", b"new\nline",
    b"back\\slash", b"\xff\xfe", b"m/\xc3\xa9t\xc3\xa9", b"a/0", b"a/_", b"a/b-/k", b"a/b/k",
] + [b"many/f%03d" % i for i in range(60)]


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "tree"
    for i, rel in enumerate(TREE):
        path = os.path.join(bytes(root), rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(b"file %d\n" % i)
    return root


def run_parts(tree, parts, *extra):
    outs = []
    for k in range(1, parts + 1):
        r = run_hc("sha256,md5", "dir", "-s", str(tree), "-r", "--part", f"{k}/{parts}", *extra, "--no-progress")
        assert r.rc == 0, r
        outs.append(r.raw)
    return outs


PART_LINE_STARTS = (b"# hc-part ", b"# hc-part-end ", b"; hc-part ", b"; hc-part-end ", b'{"hc_part":',
                    b'{"hc_part_end":')


def entries(raw):
    """A part list's lines of files: its header and end lines left out."""
    lines = raw.splitlines(keepends=True)
    assert lines[0].startswith(PART_LINE_STARTS[::2]), lines[0]
    assert lines[-1].startswith(PART_LINE_STARTS[1::2]), lines[-1]
    assert not any(line.startswith(PART_LINE_STARTS) for line in lines[1:-1])
    return b"".join(lines[1:-1])


@pytest.mark.parametrize("parts", [1, 2, 3, 7])
def test_every_file_in_exactly_the_part_of_the_rule(tree, parts):
    for k, out in enumerate(run_parts(tree, parts, "--format", "gnu"), 1):
        listed = set()
        for line in entries(out).splitlines():
            name = line.split(b"  ", 1)[1]
            if line.startswith(b"\\"):
                name = name.replace(b"\\n", b"\n").replace(b"\\\\", b"\\")
            listed.add(os.path.relpath(name, bytes(tree)))
        assert listed == {rel for rel in TREE if part_of(rel, parts) == k}


@pytest.mark.parametrize("fmt", ["gnu", "bsd"])
def test_merged_parts_equal_one_run_byte_for_byte(tree, tmp_path, fmt):
    whole = run_hc("sha256,md5", "dir", "-s", str(tree), "-r", "--format", fmt)
    assert whole.rc == 0
    lists = []
    for k, out in enumerate(run_parts(tree, 4, "--format", fmt), 1):
        lists.append(tmp_path / f"part{k}.{fmt}")
        lists[-1].write_bytes(out)
    assert sorted(b"".join(map(entries, run_parts(tree, 4, "--format", fmt))).splitlines()) == \
        sorted(whole.raw.splitlines())
    merged = run_hc("merge", *map(str, reversed(lists)))
    assert merged.rc == 0, merged
    assert merged.raw == whole.raw
    (tmp_path / "merged").write_bytes(merged.raw)
    check = run_hc("sha256,md5" if fmt == "gnu" else "check", *(["check"] if fmt == "gnu" else []),
                   "-s", str(tmp_path / "merged"))
    assert check.rc == 0, check
    assert check.out.count(": OK\n") == 2 * len(TREE)


def test_merged_json_equals_one_run_but_for_the_seconds(tree, tmp_path):
    def without_seconds(raw):
        return [line.rsplit(b',"seconds":', 1)[0] for line in raw.splitlines()]

    whole = run_hc("md5", "dir", "-s", str(tree), "-r", "--format", "json")
    parts = [tmp_path / f"p{k}" for k in (1, 2, 3)]
    for p, out in zip(parts, run_parts_single(tree, 3)):
        p.write_bytes(out)
    merged = run_hc("merge", str(parts[2]), "-s", str(parts[0]), str(parts[1]))
    assert merged.rc == 0, merged
    assert without_seconds(merged.raw) == without_seconds(whole.raw)
    (tmp_path / "merged").write_bytes(merged.raw)
    assert run_hc("check", "-s", str(tmp_path / "merged")).rc == 0


def run_parts_single(tree, parts):
    return [run_hc("md5", "dir", "-s", str(tree), "-r", "--format", "json", "--part", f"{k}/{parts}").raw
            for k in range(1, parts + 1)]


def test_merge_from_standard_input(tree):
    whole = run_hc("md5", "dir", "-s", str(tree), "-r", "--format", "gnu")
    joined = b"".join(reversed([run_hc("md5", "dir", "-s", str(tree), "-r", "--format", "gnu", "--part",
                                       f"{k}/2").raw for k in (1, 2)]))
    r = subprocess.run([HC_BINARY, "merge", "-"], input=joined, capture_output=True)
    assert r.returncode == 0 and r.stdout == whole.raw


def test_part_with_include_and_exclude(tree):
    args = ["-i", "f0*;*e*", "-e", "f00*", "--format", "gnu"]
    whole = run_hc("md5", "dir", "-s", str(tree), "-r", *args)
    outs = [run_hc("md5", "dir", "-s", str(tree), "-r", *args, "--part", f"{k}/3").raw for k in (1, 2, 3)]
    assert sorted(b"".join(map(entries, outs)).splitlines()) == sorted(whole.raw.splitlines())


@pytest.mark.parametrize("value", ["0/3", "4/3", "x", "1/0", ""])
def test_dir_bad_part(tree, value):
    r = run_hc("md5", "dir", "-s", str(tree), "--part", value)
    assert r.rc == 2
    assert r.out == ""
    assert r.err.startswith(f"hc: invalid --part value '{value}'")


def test_merge_refuses_a_line_without_a_file_name(tmp_path):
    bad = tmp_path / "bad"
    bad.write_text("d41d8cd98f00b204e9800998ecf8427e  a\nnot a checksum line\n")
    r = run_hc("merge", "--force", str(bad))
    assert r.rc == 1
    assert r.out == ""
    assert r.err == (f"hc: warning: {bad}: not the list of a dir --part run (no hc-part header line before line 1)\n"
                     f"hc: {bad}: line 2: no file name in this line\n")
    r = run_hc("merge", str(tmp_path / "missing"))
    assert r.rc == 1 and "No such file or directory" in r.err


def test_merge_keeps_failed_files_json_lines(tmp_path):
    lines = [b'{"path":"t/b","error":"open error"}\n',
             b'{"path":"t/a","size":0,"algorithm":"md5","digest":"d41d8cd98f00b204e9800998ecf8427e","seconds":0.0}\n']
    (tmp_path / "l").write_bytes(b"".join(lines))
    r = run_hc("merge", "--force", str(tmp_path / "l"))
    assert r.rc == 0 and r.raw == lines[1] + lines[0]
    assert r.err == f"hc: warning: {tmp_path / 'l'}: not the list of a dir --part run (no hc-part header line " \
                    "before line 1)\n"


@pytest.mark.parametrize("fmt", [[], ["-c"]], ids=["hc", "checksumfile"])
def test_merge_of_hc_lines(tree, tmp_path, fmt):
    """hc's own lines (and -c's) merge too where no name holds a newline."""
    (tree / "new\nline").unlink()
    whole = run_hc("md5", "dir", "-s", str(tree), "-r", *fmt)
    assert whole.rc == 0
    lists = []
    for k in (1, 2, 3):
        lists.append(tmp_path / f"p{k}")
        lists[-1].write_bytes(run_hc("md5", "dir", "-s", str(tree), "-r", *fmt, "--part", f"{k}/3").raw)
    merged = run_hc("merge", *map(str, lists[::-1]))
    assert merged.rc == 0 and merged.raw == whole.raw
