"""Across machines (contract §10.10): dir --part K/N and hc merge (hash
mode's stop marker: test_hash_stop_file.py)."""
import hashlib
import os
import subprocess

import pytest

from conftest import HC_BINARY, run_hc


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


@pytest.mark.parametrize("parts", [1, 2, 3, 7])
def test_every_file_in_exactly_the_part_of_the_rule(tree, parts):
    for k, out in enumerate(run_parts(tree, parts, "--format", "gnu"), 1):
        listed = set()
        for line in out.splitlines():
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
    assert sorted(b"".join(run_parts(tree, 4, "--format", fmt)).splitlines()) == sorted(whole.raw.splitlines())
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
    assert sorted(b"".join(outs).splitlines()) == sorted(whole.raw.splitlines())


@pytest.mark.parametrize("value", ["0/3", "4/3", "x", "1/0", ""])
def test_dir_bad_part(tree, value):
    r = run_hc("md5", "dir", "-s", str(tree), "--part", value)
    assert r.rc == 2
    assert r.out == ""
    assert r.err.startswith(f"hc: invalid --part value '{value}'")


def test_merge_refuses_a_line_without_a_file_name(tmp_path):
    bad = tmp_path / "bad"
    bad.write_text("d41d8cd98f00b204e9800998ecf8427e  a\nnot a checksum line\n")
    r = run_hc("merge", str(bad))
    assert r.rc == 1
    assert r.out == ""
    assert r.err == f"hc: {bad}: line 2: no file name in this line\n"
    r = run_hc("merge", str(tmp_path / "missing"))
    assert r.rc == 1 and "No such file or directory" in r.err


def test_merge_keeps_failed_files_json_lines(tmp_path):
    lines = [b'{"path":"t/b","error":"open error"}\n',
             b'{"path":"t/a","size":0,"algorithm":"md5","digest":"d41d8cd98f00b204e9800998ecf8427e","seconds":0.0}\n']
    (tmp_path / "l").write_bytes(b"".join(lines))
    r = run_hc("merge", str(tmp_path / "l"))
    assert r.rc == 0 and r.raw == lines[1] + lines[0]


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
