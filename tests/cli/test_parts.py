"""Across machines (contract §10.10): dir --part K/N and hc merge (hash
mode's stop marker: test_hash_stop_file.py)."""
import base64
import hashlib
import json
import os
import re
import signal
import subprocess

import pytest

from conftest import HC_BINARY, run_hc, spawn_hc


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


# ---- parts that know what they are: the header and end lines, and what merge refuses --------------

PARTS = 8
NOTHING_MERGED = "hc: nothing merged: the lists are not every part of one whole run (--force merges them all the same)\n"


def make_tree(root, files):
    """files small files over a few levels, names that order differently as
    names and as paths."""
    for i in range(files):
        sub = ["", "d/", "d/e/", "d-2/", "d.3/x/"][i % 5]
        path = root / f"{sub}f{i:03d}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"%d\n" % i * (i % 5))
    return root


@pytest.fixture(scope="module")
def big_tree(tmp_path_factory):
    return make_tree(tmp_path_factory.mktemp("big") / "tree", 600)


def write_parts(tree, folder, *args, parts=PARTS, alg="sha256"):
    """The lists of `hc ALG dir -s TREE -r ARGS --part K/N`, K = 1..N, as files part-K."""
    folder.mkdir(parents=True, exist_ok=True)
    lists = []
    for k in range(1, parts + 1):
        r = run_hc(alg, "dir", "-s", str(tree), "-r", *args, "--part", f"{k}/{parts}")
        assert r.rc == 0 and r.err == "", r
        lists.append(folder / f"part-{k}")
        lists[-1].write_bytes(r.raw)
    return lists


@pytest.fixture(scope="module")
def gnu_parts(big_tree, tmp_path_factory):
    return write_parts(big_tree, tmp_path_factory.mktemp("gnu"), "--format", "gnu")


@pytest.fixture(scope="module")
def gnu_whole(big_tree):
    r = run_hc("sha256", "dir", "-s", str(big_tree), "-r", "--format", "gnu")
    assert r.rc == 0
    return r.raw


def header_and_end(raw, header_prefix=b"# hc-part ", end_prefix=b"# hc-part-end ", close=b""):
    """The two JSON objects, read by Python's json, and the lines between."""
    lines = raw.splitlines(keepends=True)
    assert lines[0].startswith(header_prefix) and lines[0].endswith(close + b"\n"), lines[0]
    assert lines[-1].startswith(end_prefix) and lines[-1].endswith(close + b"\n"), lines[-1]
    header = json.loads(lines[0][len(header_prefix):len(lines[0]) - 1 - len(close)])
    end = json.loads(lines[-1][len(end_prefix):len(lines[-1]) - 1 - len(close)])
    return header, end, lines[1:-1]


@pytest.mark.parametrize("fmt, wrap", [
    (["--format", "gnu"], (b"# hc-part ", b"# hc-part-end ", b"")),
    (["--format", "bsd", "-u"], (b"# hc-part ", b"# hc-part-end ", b"")),
    ([], (b"# hc-part ", b"# hc-part-end ", b"")),
    (["-c"], (b"# hc-part ", b"# hc-part-end ", b"")),
    (["--format", "json"], (b'{"hc_part":', b'{"hc_part_end":', b"}")),
], ids=["gnu", "bsd", "hc", "checksumfile", "json"])
def test_a_part_list_says_what_it_is(tree, fmt, wrap):
    r = run_hc("sha256,md5", "dir", "-s", str(tree), "-r", "-e", "it's;*x*", *fmt, "--part", "3/5")
    assert r.rc == 0, r
    header, end, lines = header_and_end(r.raw, *wrap)
    name = {"--format": fmt[1:2], "-c": ["checksum"]}.get(fmt[0] if fmt else None, ["hc"])[0]
    rendering = "upper" if name in ("hc", "checksum") or "-u" in fmt else "lower"
    assert header == {"part": 3, "of": 5, "source": str(tree), "algorithms": "sha256,md5",
                      "format": f"{name} {rendering}", "options": "-r -e 'it'\\''s;*x*'"}
    # the count and digest an independent SHA-256 gives of the header and the lines
    assert end == {"lines": len(lines), "sha256": hashlib.sha256(r.raw.splitlines(keepends=True)[0] +
                                                                 b"".join(lines)).hexdigest()}
    assert 0 < len(lines) < 2 * len(TREE)


def test_sfv_part_list_uses_sfv_comments(big_tree):
    r = run_hc("crc32", "dir", "-s", str(big_tree), "--sfv", "--part", "1/1")
    assert r.rc == 0, r
    header, end, lines = header_and_end(r.raw, b"; hc-part ", b"; hc-part-end ")
    assert header["format"] == "sfv upper" and header["options"] == "" and end["lines"] == len(lines) == 120


@pytest.mark.parametrize("name", [b"new\nline 'q' \\ \"x\" end", b"not utf-8 \xff"])
def test_no_source_name_breaks_the_header(tmp_path, name):
    source = os.path.join(bytes(tmp_path), name)
    os.mkdir(source)
    with open(os.path.join(source, b"f"), "wb") as f:
        f.write(b"x")
    r = run_hc("md5", "dir", "-s", source, "--format", "gnu", "--part", "1/1")
    assert r.rc == 0, r
    header, end, lines = header_and_end(r.raw)
    if b"\xff" in name:
        assert base64.b64decode(header["source_bytes_b64"]) == source
    else:
        assert header["source"].encode() == source and "source_bytes_b64" not in header
    assert end["lines"] == len(lines) == 1


def test_sha256sum_reads_a_part_list(gnu_parts):
    for fmt_list in (gnu_parts[2], ):
        r = subprocess.run(["sha256sum", "-c", "--strict", str(fmt_list)], capture_output=True)
        assert r.returncode == 0 and r.stderr == b"", r
        names = [line.split(b"  ", 1)[1] for line in entries(fmt_list.read_bytes()).splitlines()]
        assert r.stdout.splitlines() == [name + b": OK" for name in names]


def test_sha256sum_reads_a_bsd_part_list(tree):
    (tree / "new\nline").unlink()
    (tree / "back\\slash").unlink()
    r = run_hc("sha256", "dir", "-s", str(tree), "-r", "--format", "bsd", "--part", "2/3")
    assert r.rc == 0, r
    check = subprocess.run(["sha256sum", "-c", "--strict", "-"], input=r.raw, capture_output=True)
    assert check.returncode == 0 and check.stderr == b"", check
    assert check.stdout.count(b": OK\n") == len(entries(r.raw).splitlines()) > 0


@pytest.mark.parametrize("fmt", [["--format", "gnu"], ["--format", "bsd"], [], ["-c"], ["--format", "json"]],
                         ids=["gnu", "bsd", "hc", "checksumfile", "json"])
@pytest.mark.parametrize("strict", [[], ["-w", "--strict"]], ids=["plain", "strict"])
def test_hc_check_reads_a_part_list(tree, tmp_path, fmt, strict):
    (tree / "new\nline").unlink()  # a name hc's lines and -c's cannot carry
    r = run_hc("sha256,md5", "dir", "-s", str(tree), "-r", *fmt, "--part", "2/3")
    assert r.rc == 0, r
    (tmp_path / "list").write_bytes(r.raw)
    files = len(entries(r.raw).splitlines())
    check = run_hc("sha256,md5", "check", "-s", str(tmp_path / "list"), *strict)
    assert check.rc == 0 and check.err == "", check
    assert check.out.count(": OK\n") == len(check.lines) == files > 0


def test_hc_check_reads_an_sfv_part_list(tmp_path):
    tree = make_tree(tmp_path / "tree", 20)
    r = run_hc("crc32", "dir", "-s", str(tree), "--sfv", "--part", "1/2")
    assert r.rc == 0, r
    (tree / "part.sfv").write_bytes(r.raw)  # SFV names are the list's neighbours
    check = run_hc("check", "-s", str(tree / "part.sfv"), "-w", "--strict")
    assert check.rc == 0 and check.err == "", check
    assert check.out.count(": OK\n") == len(check.lines) == len(entries(r.raw).splitlines()) > 0


@pytest.mark.parametrize("fmt", [["--format", "gnu"], ["--format", "bsd"], [], ["--format", "json"]],
                         ids=["gnu", "bsd", "hc", "json"])
def test_eight_parts_merge_to_one_run(big_tree, tmp_path, fmt):
    def comparable(raw):
        # a JSON line's "seconds" is the time one run took: no two runs agree
        return re.sub(rb',"seconds":[0-9.]+', b"", raw) if fmt[1:] == ["json"] else raw

    whole = run_hc("sha256,md5", "dir", "-s", str(big_tree), "-r", *fmt)
    assert whole.rc == 0 and whole.raw.count(b"\n") == 1200
    lists = write_parts(big_tree, tmp_path, *fmt, alg="sha256,md5")
    merged = run_hc("merge", *map(str, lists[3:] + lists[:3]))
    assert merged.rc == 0 and merged.err == "", merged
    assert comparable(merged.raw) == comparable(whole.raw)
    if fmt[1:] != ["json"]:
        assert merged.raw == whole.raw


def refuse(lists, *expected):
    r = run_hc("merge", *map(str, lists))
    assert (r.rc, r.out, r.err) == (1, "", "".join(line + "\n" for line in expected) + NOTHING_MERGED)


def test_merge_refuses_a_missing_part(gnu_parts):
    refuse(gnu_parts[:4] + gnu_parts[5:], "hc: 1 of the 8 parts is missing: 5")
    refuse(gnu_parts[1:2] + gnu_parts[6:7], "hc: 6 of the 8 parts are missing: 1, 3, 4, 5, 6, 8")


def test_merge_names_the_first_missing_parts_of_many(gnu_parts, tmp_path):
    r = run_hc("md5", "dir", "-s", str(gnu_parts[0].parent), "--format", "gnu", "--part", "15/40")
    (tmp_path / "one").write_bytes(r.raw)
    refuse([tmp_path / "one"], "hc: 39 of the 40 parts are missing: 1, 2, 3, 4, 5, 6, 7, 8, ...")


def test_merge_refuses_a_part_given_twice(gnu_parts, tmp_path):
    again = tmp_path / "again"
    again.write_bytes(gnu_parts[2].read_bytes())
    refuse(gnu_parts + [again], f"hc: {again}: part 3/8 is given twice (also in {gnu_parts[2]})")
    refuse(gnu_parts + [gnu_parts[6]], f"hc: {gnu_parts[6]}: part 7/8 is given twice (also in {gnu_parts[6]})")


def test_merge_refuses_a_part_of_another_tree(big_tree, gnu_parts, tmp_path):
    other = make_tree(tmp_path / "other", 600)
    foreign = write_parts(other, tmp_path / "lists", "--format", "gnu")[3]
    refuse(gnu_parts[:3] + [foreign] + gnu_parts[4:],
           f"hc: {foreign}: part 4/8 is not of the same source as {gnu_parts[0]}'s part 1/8")


def test_merge_refuses_a_part_of_another_n(big_tree, gnu_parts, tmp_path):
    quarter = write_parts(big_tree, tmp_path, "--format", "gnu", parts=4)[2]
    refuse(gnu_parts[:2] + [quarter] + gnu_parts[3:],
           f"hc: {quarter}: part 3/4 is not of the same number of parts as {gnu_parts[0]}'s part 1/8",
           "hc: 1 of the 8 parts is missing: 3")


@pytest.mark.parametrize("args, alg, field", [
    (["--format", "bsd"], "sha256", "format"),
    (["--format", "gnu", "-u"], "sha256", "format"),
    (["--format", "gnu"], "sha256,md5", "algorithms"),
    (["--format", "gnu", "-i", "f*"], "sha256", "options"),
], ids=["bsd", "upper", "algorithms", "include"])
def test_merge_refuses_a_part_of_other_settings(big_tree, gnu_parts, tmp_path, args, alg, field):
    odd = write_parts(big_tree, tmp_path, *args, alg=alg)[7]
    refuse(gnu_parts[:7] + [odd], f"hc: {odd}: part 8/8 is not of the same {field} as {gnu_parts[0]}'s part 1/8")


def edited(tmp_path, part, change):
    lines = part.read_bytes().splitlines(keepends=True)
    path = tmp_path / "edited"
    path.write_bytes(b"".join(change(lines)))
    return path


def test_merge_refuses_a_part_cut_at_a_line_boundary(gnu_parts, tmp_path):
    for keep in (-1, 20):  # its end line lost, or every line from the 20th on
        cut = edited(tmp_path, gnu_parts[5], lambda lines: lines[:keep])
        refuse(gnu_parts[:5] + [cut] + gnu_parts[6:],
               f"hc: {cut}: part 6/8 has no end line: its run was interrupted, or the list was cut short")


def test_merge_refuses_a_part_with_lines_cut_out(gnu_parts, tmp_path):
    total = len(entries(gnu_parts[1].read_bytes()).splitlines())
    cut = edited(tmp_path, gnu_parts[1], lambda lines: lines[:5] + lines[7:])
    refuse(gnu_parts[:1] + [cut] + gnu_parts[2:],
           f"hc: {cut}: part 2/8 holds {total - 2} lines, its end line says {total}: lines were cut out or added")


def test_merge_refuses_an_edited_part(gnu_parts, tmp_path):
    def change_a_digest(lines):
        lines[3] = (b"0" if lines[3][:1] != b"0" else b"1") + lines[3][1:]
        return lines

    changed = edited(tmp_path, gnu_parts[0], change_a_digest)
    refuse([changed] + gnu_parts[1:],
           f"hc: {changed}: part 1/8: its lines are not those its end line was written for (edited)")
    header = edited(tmp_path, gnu_parts[0], lambda lines: [lines[0].replace(b'"-r"', b'"-r "')] + lines[1:])
    refuse(gnu_parts[1:] + [header],
           f"hc: {header}: part 1/8: its lines are not those its end line was written for (edited)",
           f"hc: {header}: part 1/8 is not of the same options as {gnu_parts[1]}'s part 2/8")


def test_merge_refuses_a_list_without_header(gnu_parts, gnu_whole, tmp_path):
    headless = edited(tmp_path, gnu_parts[2], lambda lines: lines[1:])
    count = len(headless.read_bytes().splitlines())
    refuse(gnu_parts[:2] + [headless] + gnu_parts[3:],
           f"hc: {headless}: not the list of a dir --part run (no hc-part header line before line 1)",
           f"hc: {headless}: line {count}: an end line without its part's header line",
           "hc: 1 of the 8 parts is missing: 3")
    (tmp_path / "whole").write_bytes(gnu_whole)
    refuse([tmp_path / "whole"],
           f"hc: {tmp_path / 'whole'}: not the list of a dir --part run (no hc-part header line before line 1)")
    (tmp_path / "empty").write_bytes(b"")
    refuse([tmp_path / "empty"], f"hc: {tmp_path / 'empty'}: not the list of a dir --part run (no hc-part header line)")


def test_merge_refuses_lines_after_a_parts_end(gnu_parts, tmp_path):
    extra = edited(tmp_path, gnu_parts[4], lambda lines: lines + lines[1:2])
    count = len(extra.read_bytes().splitlines())
    refuse(gnu_parts[:4] + [extra] + gnu_parts[5:], f"hc: {extra}: line {count}: a line after its part's end line")


def test_merge_refuses_a_malformed_part_line(gnu_parts, tmp_path):
    bad = edited(tmp_path, gnu_parts[7], lambda lines: lines[:-1] + [b'# hc-part-end {"lines":3}\n'])
    count = len(bad.read_bytes().splitlines())
    refuse(gnu_parts[:7] + [bad], f"hc: {bad}: line {count}: an hc-part line that does not read as a header or end line",
           f"hc: {bad}: part 8/8 has no end line: its run was interrupted, or the list was cut short")


def test_merge_refuses_an_end_line_with_text_after_its_object(gnu_parts, tmp_path):
    """The object must be the whole rest of the line: "} trailing" is no
    end line."""
    bad = edited(tmp_path, gnu_parts[7], lambda lines: lines[:-1] + [lines[-1].rstrip(b"\n") + b" x\n"])
    count = len(bad.read_bytes().splitlines())
    refuse(gnu_parts[:7] + [bad], f"hc: {bad}: line {count}: an hc-part line that does not read as a header or end line",
           f"hc: {bad}: part 8/8 has no end line: its run was interrupted, or the list was cut short")


def test_force_merges_with_warnings(big_tree, gnu_parts, gnu_whole):
    r = run_hc("merge", "--force", *map(str, gnu_parts[:4] + gnu_parts[5:] + gnu_parts[:1]))
    assert r.rc == 0
    assert r.err == (f"hc: warning: {gnu_parts[0]}: part 1/8 is given twice (also in {gnu_parts[0]})\n"
                     "hc: warning: 1 of the 8 parts is missing: 5\n")
    # one run's lines but part 5's (by the rule, computed here) and with part 1's twice
    def part(line):
        return part_of(os.path.relpath(line.split(b"  ", 1)[1].rstrip(b"\n"), bytes(big_tree)), PARTS)

    kept = [line for line in gnu_whole.splitlines(keepends=True) if part(line) != 5]
    expected = []
    for line in kept:
        expected += [line, line] if part(line) == 1 else [line]
    assert r.raw == b"".join(expected)


def test_concatenated_parts_merge_from_standard_input(gnu_parts, gnu_whole):
    joined = b"".join(p.read_bytes() for p in reversed(gnu_parts))
    r = subprocess.run([HC_BINARY, "merge", "-"], input=joined, capture_output=True)
    assert (r.returncode, r.stderr, r.stdout) == (0, b"", gnu_whole)
    r = subprocess.run([HC_BINARY, "merge", "-"], input=joined[:-1], capture_output=True)
    assert r.returncode == 0  # only the last line's line feed: the end line still reads


def test_an_interrupted_part_has_no_end_line_and_merge_refuses_it(tmp_path):
    root = tmp_path / "tree"
    root.mkdir()
    (root / "a").write_bytes(b"first\n")
    with open(root / "b", "wb") as f:  # hashed for minutes: the run is still in it when stopped
        f.truncate(1 << 40)
    proc = spawn_hc(["sha256", "dir", "-s", str(root), "--format", "gnu", "-T", "1", "--part", "1/1",
                     "--no-progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = [proc.stdout.readline(), proc.stdout.readline()]  # the header, then a's line
    assert first[0].startswith(b"# hc-part {") and first[1].endswith(b"  " + bytes(root / "a") + b"\n"), first
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert rest == b""  # no end line
    (tmp_path / "part").write_bytes(b"".join(first))
    refuse([tmp_path / "part"],
           f"hc: {tmp_path / 'part'}: part 1/1 has no end line: its run was interrupted, or the list was cut short")
