"""Every example the help prints runs, exactly as printed (issue 35): the
commands under `Examples:` of `hc --help`, of each mode's help for sha256
and of the commands' help, each in a scratch folder of its own holding the
files the examples name, through the shell (pipes, globs, redirects).
An example that stops working, or names a file no example folder has,
fails here."""
import hashlib
import os
import re
import subprocess

import pytest

from conftest import HC_BINARY, run_hc

HELPS = [[], ["sha256", "string", "-h"], ["sha256", "hash", "-h"], ["sha256", "file", "-h"],
         ["sha256", "dir", "-h"], ["sha256", "check", "-h"], ["check", "-h"], ["bench", "-h"]]


def printed_examples(words):
    """The commands under `Examples:`: two spaces in; their descriptions
    stand at six, and no command is wrapped."""
    lines = run_hc(*words).lines
    start = lines.index("Examples:") + 1
    block = lines[start:start + lines[start:].index("")]
    commands = [line[2:] for line in block if line.startswith("  ") and not line.startswith("   ")]
    # each command, then its description's lines: a command wrapped would
    # leave a line at neither indent
    kinds = ["command" if line[2:3] != " " else "text" for line in block if line.startswith("  ")]
    assert len(kinds) == len(block) and all(line.startswith("      ") or line[2] != " " for line in block)
    assert "".join(k[0] for k in kinds).replace("ct", "").strip("t") == "", block
    return commands


def all_examples():
    return [(" ".join(words) or "--help", command) for words in HELPS for command in printed_examples(words)]


def sha256(data):
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def scratch(tmp_path):
    """The files the examples name; big.iso holds 'abc' (the digests in
    the examples are abc's)."""
    files = {"big.iso": b"abc", "a.txt": b"alpha\n", "photos/cat.jpg": b"abc", "photos/2024/dog.jpg": b"dog",
             "dir/x": b"x"}
    for name, data in files.items():
        os.makedirs(tmp_path / os.path.dirname(name), exist_ok=True)
        (tmp_path / name).write_bytes(data)
    sums = f"{sha256(b'abc')}  big.iso\n"
    # binary mark: an example that writes the list changes it
    (tmp_path / "SHA256SUMS").write_text(f"{sha256(b'abc')} *big.iso\n")
    (tmp_path / "list").write_text(sums)
    (tmp_path / "release.sha256").write_text(sums + f"{sha256(b'gone')}  missing.iso\n")
    (tmp_path / "leaked.txt").write_text(f"{sha256(b'123')}\n{sha256(b'abc')}\n")
    # `hc` as the examples call it
    bin_dir = tmp_path / ".bin"
    bin_dir.mkdir()
    os.symlink(HC_BINARY, bin_dir / "hc")
    return tmp_path


def test_the_top_help_has_at_least_five_examples():
    assert len(printed_examples([])) >= 5


def snapshot(folder):
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


# The one note an example may leave on stderr: an untagged list on a pipe
# says which algorithm made it.
NOTE = re.compile(r"hc: standard input: untagged digests of \d+ bytes: \S+ made line 1's \(.*\); "
                  r"the list is verified with it")


@pytest.mark.parametrize("where,command", all_examples())
def test_every_printed_example_runs(scratch, where, command):
    before = snapshot(scratch)
    proc = run_example(scratch, command)
    assert proc.returncode == 0, (where, command, proc)
    assert all(NOTE.fullmatch(line) for line in proc.stderr.decode().splitlines()), (where, command, proc)
    written = [data for p, data in snapshot(scratch).items() if before.get(p) != data]
    # it answers: on stdout, or in the file it names; --quiet only when
    # something failed
    if "--quiet" in command:
        assert proc.stdout == b"" and not written, (where, command, proc)
    else:
        assert proc.stdout or any(written), (where, command, proc)


def run_example(scratch, command):
    env = dict(os.environ, PATH=f"{scratch / '.bin'}{os.pathsep}{os.environ['PATH']}")
    return subprocess.run(["bash", "-c", command], cwd=scratch, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)


def test_the_top_examples_say_what_they_promise(scratch):
    """Their answers, from sha256sum and hashlib."""
    commands = printed_examples([])

    def run(prefix):
        [command] = [c for c in commands if c.startswith(prefix)]
        proc = run_example(scratch, command)
        assert proc.returncode == 0, proc
        return proc.stdout

    def peer(*words):
        return subprocess.run(list(words), cwd=scratch, stdout=subprocess.PIPE, check=True).stdout

    assert run("hc sha256 big.iso") == \
        f"big.iso | 3 bytes | {sha256(b'abc').upper()}\na.txt | 6 bytes | {sha256(b'alpha' + bytes([10])).upper()}\n".encode()
    assert run("cat big.iso | hc sha256") == f"- | 3 bytes | {sha256(b'abc').upper()}\n".encode()
    run("hc sha256 --tag")
    assert (scratch / "SHA256SUMS").read_bytes() == peer("sha256sum", "--tag", "big.iso")
    assert run("hc sha256 -c") == peer("sha256sum", "-c", "SHA256SUMS") == b"big.iso: OK\n"
    assert run("hc md5 string") == hashlib.md5(b"abc").hexdigest().upper().encode() + b"\n"
    assert b"Initial string is: abc\n" in run("hc md5 hash")
    run("hc sha256 dir")
    assert (scratch / "photos.sums").read_bytes() == peer("sha256sum", "photos/cat.jpg", "photos/2024/dog.jpg")
