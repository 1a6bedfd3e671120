"""What hc.exe does its own way (issue 34) stays as it was on POSIX: '\\'
is a name's byte here, escaped in messages and GNU lines; hints and help
quote as a POSIX shell does; -s values are never expanded. And a GNU list
written by hc.exe under Wine verifies with this system's sha256sum -c (run
when the Windows build and Wine are there: scripts/cross.sh windows)."""
import hashlib
import os
import pathlib
import re
import subprocess

import pytest

from conftest import ROOT, run_hc


def test_a_backslash_in_a_name_is_doubled_in_messages(tmp_path):
    r = run_hc("md5", "file", "-s", "no\\such.txt", cwd=tmp_path)
    assert (r.rc, r.out, r.err) == (1, "no\\such.txt | open error\n", "hc: no\\\\such.txt: No such file or directory\n")


def test_gnu_and_bsd_lines_escape_a_backslash(tmp_path):
    (tmp_path / "a\\b").write_bytes(b"x")
    md5 = hashlib.md5(b"x").hexdigest()
    assert run_hc("md5", "file", "-s", "a\\b", "--format", "gnu", cwd=tmp_path).out == f"\\{md5}  a\\\\b\n"
    assert run_hc("md5", "file", "-s", "a\\b", "--format", "bsd", cwd=tmp_path).out == f"\\MD5 (a\\\\b) = {md5}\n"


def test_the_hint_quotes_as_a_posix_shell():
    r = run_hc("md5", "string", "-s", "a", "b")
    assert r.err == "hc: b: stray word: string mode takes its text with -s (quote a text with spaces: -s 'a b')\n"


def test_the_help_shows_posix_examples():
    top = run_hc("--help").out
    assert "On Windows" not in top
    assert "\n  hc md5 dir -s . -r -i '*.iso;*.img'\n" in run_hc("md5", "dir", "-h").out
    assert "\n  tar c dir | hc md5 file\n" in run_hc("md5", "file", "-h").out
    assert "\n  sha256sum *.iso | hc check\n" in run_hc("check", "-h").out


def test_a_wildcard_in_a_source_value_is_a_name(tmp_path):
    """On POSIX the shell expands wildcards; what reaches hc is a name (and
    may be a file's real name)."""
    (tmp_path / "a.txt").write_bytes(b"a")
    (tmp_path / "*.txt").write_bytes(b"star")
    r = run_hc("md5", "file", "-s", "*.txt", "-l", cwd=tmp_path)
    assert (r.rc, r.out) == (0, f"*.txt | 4 bytes | {hashlib.md5(b'star').hexdigest()}\n"), r
    r = run_hc("check", "-s", "*.sha256", cwd=tmp_path)
    assert (r.rc, r.err) == (2, "hc: *.sha256: No such file or directory\n"), r


def test_bench_prints_the_load_average():
    r = run_hc("bench", "md5", "--size", "4096")
    assert r.rc == 0 and re.search(r"; load average \d+\.\d\d \d+\.\d\d \d+\.\d\d\n", r.out), r.out


HC_EXE = pathlib.Path(os.environ.get("HC_EXE", ROOT / "build-cross" / "windows" / "build" / "hc.exe"))
WINE = pathlib.Path("/usr/lib/wine/wine64")
WINEPREFIX = ROOT / "build-cross" / "windows" / "wineprefix"


@pytest.mark.skipif(not HC_EXE.is_file() or not WINE.is_file() or not WINEPREFIX.is_dir(),
                    reason="no Windows build with its Wine prefix (scripts/cross.sh windows makes them)")
def test_a_gnu_list_from_hc_exe_verifies_with_sha256sum(tmp_path):
    files = {"top.txt": b"top", "sub/a b.txt": b"spaces", "sub/deeper/\u6587\u5b57.bin": os.urandom(3000)}
    for name, content in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(content)
    env = dict(os.environ, WINEPREFIX=str(WINEPREFIX), WINEDEBUG="-all")
    proc = subprocess.run([str(WINE), str(HC_EXE), "sha256", "dir", "-s", ".", "-r", "--format", "gnu"], cwd=tmp_path,
                          env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    assert proc.returncode == 0, proc.stderr
    expected = sorted(f"{hashlib.sha256(content).hexdigest()}  ./{name}\n" for name, content in files.items())
    assert sorted(proc.stdout.decode().splitlines(keepends=True)) == expected
    (tmp_path / "SUMS").write_bytes(proc.stdout)
    check = subprocess.run(["sha256sum", "-c", "SUMS"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=60)
    assert check.returncode == 0 and check.stderr == b"", check
    assert sorted(check.stdout.decode().splitlines()) == sorted(f"./{name}: OK" for name in files)
