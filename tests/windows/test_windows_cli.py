"""hc.exe under Wine: every mode on a tree with names in several scripts and
a path longer than Windows' old 260-character limit, paths printed back as
given (drive letters, backslashes), -o written, progress off on pipes, and
digests equal to the native build's.

HC_EXE names hc.exe, HC_NATIVE the Linux hc of the same sources, WINE the
wine64 binary (scripts/cross.sh windows sets all three, and WINEPREFIX).
What Wine cannot show is skipped with its reason, never passed."""
import hashlib
import os
import pathlib
import pty
import re
import select
import signal
import subprocess
import time

import pytest

HC_EXE = os.environ.get("HC_EXE")
HC_NATIVE = os.environ.get("HC_NATIVE")
WINE = os.environ.get("WINE", "wine64")
pytestmark = pytest.mark.skipif(not HC_EXE or not HC_NATIVE, reason="HC_EXE and HC_NATIVE not set (scripts/cross.sh windows)")

NAMES = ["\u041f\u0440\u0438\u0432\u0435\u0442", "\u6587\u5b57", "\U0001f600 smile"]


def win_path(path):
    """The Windows name Wine gives a Linux path: drive Z: is /."""
    return "Z:" + str(path).replace("/", "\\")


def run_exe(*args, data=None):
    """hc.exe with args; data, when given, through a pipe on standard input."""
    stdin = {"input": data} if data is not None else {"stdin": subprocess.DEVNULL}
    proc = subprocess.run([WINE, HC_EXE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300, **stdin)
    return proc.returncode, proc.stdout.decode("utf-8").replace("\r\n", "\n"), proc.stderr.decode("utf-8")


def run_native(*args):
    proc = subprocess.run([HC_NATIVE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("win")
    for i, name in enumerate(NAMES):
        d = root / name
        d.mkdir()
        (d / f"{name}.txt").write_bytes(name.encode() * (i + 1))
    deep = root
    while len(win_path(deep)) < 300:
        deep = deep / ("long-directory-name-" + "x" * 20)
    deep.mkdir(parents=True)
    (deep / "deep.bin").write_bytes(os.urandom(3000))
    (root / "big.bin").write_bytes(os.urandom(3 << 20))  # the big-file engine
    return root


def test_string_and_file_print_the_path_as_given(tree):
    assert run_exe("md5", "string", "-s", "123") == (0, "202CB962AC59075B964B07152D234B70\n", "")
    path = win_path(tree / "big.bin")
    rc, out, err = run_exe("sha256", "file", "-s", path)
    digest = hashlib.sha256((tree / "big.bin").read_bytes()).hexdigest().upper()
    assert (rc, out) == (0, f"{path} | 3.00 Mb (3145728 bytes) | {digest}\n"), err


def test_dir_mode_prints_backslash_paths_and_native_digests(tree):
    rc, out, err = run_exe("blake3", "dir", "-s", win_path(tree), "-r")
    assert rc == 0, err
    native = run_native("blake3", "dir", "-s", str(tree), "-r")[1]
    # the same files in the same order, the same digests; '\' where Linux has '/'
    assert out == native.replace(str(tree), win_path(tree)).replace("/", "\\"), out
    assert any(len(line.split(" | ")[0]) > 260 for line in out.splitlines())
    for name in NAMES:
        assert f"\\{name}\\{name}.txt" in out


def test_check_verifies_what_hc_exe_wrote(tree, tmp_path):
    sums = tmp_path / "SUMS"
    rc, _, err = run_exe("sha1", "dir", "-s", win_path(tree), "-r", "--format", "gnu", "-o", win_path(sums))
    assert rc == 0 and sums.stat().st_size > 0, err
    rc, out, err = run_exe("sha1", "check", "-s", win_path(sums))
    assert rc == 0, (out, err)
    assert out.count(": OK\n") == len(NAMES) + 2
    (tree / NAMES[0] / f"{NAMES[0]}.txt").write_bytes(b"changed")
    try:
        rc, out, _ = run_exe("sha1", "check", "-s", win_path(sums))
        assert rc == 1 and out.count(": FAILED\n") == 1
    finally:
        (tree / NAMES[0] / f"{NAMES[0]}.txt").write_bytes(NAMES[0].encode())


def test_hash_mode_finds_the_string():
    target = hashlib.md5(b"zz9").hexdigest()
    rc, out, err = run_exe("md5", "hash", "-s", target, "-a", "0123456789z", "-x", "3", "--noprobe")
    assert rc == 0 and "Initial string is: zz9" in out, (out, err)
    rc, out, _ = run_exe("md5", "hash", "--mask", "?d?d", "--stdout")
    assert rc == 0 and out.split() == [f"{i:02}" for i in range(100)]


def test_no_progress_line_on_a_pipe(tree):
    rc, out, err = run_exe("md2", "file", "-s", win_path(tree / "big.bin"))
    assert rc == 0 and "\r" not in err and "\x1b[" not in err, err


def test_a_pipe_on_standard_input_is_hashed(tree):
    data = (tree / "big.bin").read_bytes()
    rc, out, err = run_exe("md5", "file", "--format", "gnu", data=data)
    assert (rc, out) == (0, hashlib.md5(data).hexdigest() + "  -\n"), err


@pytest.mark.parametrize("args", [("sha256", "file"), ("sha256", "file", "-s", "-"), ("sha256", "-")])
def test_a_file_on_standard_input_is_hashed(tree, args):
    """`hc.exe sha256 file < big.bin`: the standard handle of a redirected
    file may lack the right to read attributes (it does under Wine); hc
    still sees a file there, with its size, and hashes all of it."""
    path = tree / "big.bin"
    with open(path, "rb") as stdin:
        proc = subprocess.run([WINE, HC_EXE, *args, "--format", "gnu"], stdin=stdin, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=300)
    # LF, as -o writes and as on Linux: not the C runtime's CRLF
    expected = hashlib.sha256(path.read_bytes()).hexdigest() + "  -\n"
    assert (proc.returncode, proc.stdout.decode()) == (0, expected), proc.stderr.decode()


def test_a_reader_that_goes_away_is_not_an_error_message():
    """`hc.exe ... | head -1`: Windows reports a write to a pipe whose reader
    has gone as EINVAL through the C runtime; hc must read it as the closed
    pipe it is (no 'write error: Invalid argument'), stop, and exit 2 as on
    Linux. 857,375 candidates: far more than a pipe holds."""
    proc = subprocess.Popen([WINE, HC_EXE, "md5", "hash", "--mask", "?a?a?a", "--stdout"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode("utf-8", "replace")
    assert proc.wait(timeout=300) == 2 and first and err == "", (first, err)


def test_wildcards_in_names_are_expanded(tmp_path):
    """cmd and PowerShell pass `*.txt` as typed: hc expands the operands
    that name files (plain names, file and check mode), sorted, and leaves
    option values alone (a -s text, dir's include pattern)."""
    data = {"a1.txt": b"one", "a2.txt": b"two", "b.bin": b"three"}
    for name, content in data.items():
        (tmp_path / name).write_bytes(content)
    folder = win_path(tmp_path)
    md5 = {name: hashlib.md5(content).hexdigest() for name, content in data.items()}
    rc, out, err = run_exe("md5", folder + "\\a*.txt", "-l")
    assert (rc, out) == (0, f"{folder}\\a1.txt | 3 bytes | {md5['a1.txt']}\n"
                            f"{folder}\\a2.txt | 3 bytes | {md5['a2.txt']}\n"), err
    rc, out, err = run_exe("md5", "file", folder + "\\?2.txt", folder + "\\*.bin", "-l")
    assert (rc, out) == (0, f"{folder}\\a2.txt | 3 bytes | {md5['a2.txt']}\n"
                            f"{folder}\\b.bin | 5 bytes | {md5['b.bin']}\n"), err
    assert run_exe("md5", "string", "-s", "*") == (0, hashlib.md5(b"*").hexdigest().upper() + "\n", "")
    rc, out, err = run_exe("md5", "dir", "-s", folder, "-i", "*.txt", "-l")
    assert rc == 0 and len(out.splitlines()) == 2 and "b.bin" not in out, (out, err)
    # nothing matches: the word stays as typed, and no file has that name
    rc, out, err = run_exe("md5", "file", folder + "\\z*.txt")
    assert rc == 1 and "No such file or directory" in err, (out, err)


def run_exe_raw(*args, cwd=None):
    """hc.exe with args: status, stdout's bytes as written, stderr."""
    proc = subprocess.run([WINE, HC_EXE, *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=300, cwd=cwd)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8")


def test_messages_print_paths_as_typed(tmp_path):
    """One backslash where the user typed one, in every message."""
    missing = win_path(tmp_path / "no" / "such.txt")
    rc, out, err = run_exe("md5", "file", "-s", missing)
    assert (rc, out, err) == (1, f"{missing} | open error\n", f"hc: {missing}: No such file or directory\n")
    folder = win_path(tmp_path)
    rc, out, err = run_exe("md5", "file", "-s", folder)
    assert (rc, err) == (1, f"hc: {folder}: Is a directory\n"), out


def test_a_failed_save_is_said_once_before_hashing(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"abc")
    save = win_path(tmp_path / "no" / "such" / "out.txt")
    rc, out, err = run_exe("md5", "file", "-s", win_path(tmp_path / "a.txt"), "-o", save)
    assert (rc, out, err) == (2, f"Error opening file: {save} Error message: No such file or directory\n", "")
    rc, out, err = run_exe("md5", "dir", "-s", win_path(tmp_path), "-o", win_path(tmp_path))
    assert (rc, out, err) == (2, f"Error opening file: {win_path(tmp_path)} Error message: Is a directory\n", "")
    # a read-only file (Wine: no write permission bits) is left as it was
    locked = tmp_path / "locked.txt"
    locked.write_bytes(b"keep")
    locked.chmod(0o444)
    rc, out, err = run_exe("md5", "file", "-s", win_path(tmp_path / "a.txt"), "-o", win_path(locked))
    assert (rc, out, err) == (2, f"Error opening file: {win_path(locked)} Error message: Permission denied\n", "")
    assert locked.read_bytes() == b"keep"


LIST_FILES = {"top.txt": b"top", "sub/a b.txt": b"spaces", "sub/deeper/\u6587\u5b57.txt": "\u6587".encode(),
              "sub/deeper/\U0001f600.bin": os.urandom(5000)}


@pytest.fixture
def list_tree(tmp_path):
    root = tmp_path / "tree"
    for name, content in LIST_FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(content)
    return root


@pytest.mark.parametrize("fmt", ["gnu", "bsd"])
def test_a_list_travels_to_sha256sum(list_tree, tmp_path, fmt):
    """hc.exe's GNU and BSD lines say '/' between folders, with no escapes,
    and LF: the list verifies with Linux sha256sum -c where the files are,
    and with hc.exe; check also takes the same list with '\\'."""
    sums = tmp_path / f"SUMS.{fmt}"
    rc, _, err = run_exe_raw("sha256", "dir", "-s", ".", "-r", "--format", fmt, "-o", win_path(sums), cwd=list_tree)
    assert rc == 0, err
    digests = {name: hashlib.sha256(content).hexdigest() for name, content in LIST_FILES.items()}
    if fmt == "gnu":
        expected = {f"{digest}  ./{name}" for name, digest in digests.items()}
    else:
        expected = {f"SHA256 (./{name}) = {digest}" for name, digest in digests.items()}
    raw = sums.read_bytes()
    assert b"\r" not in raw and b"\\" not in raw, raw
    lines = raw.decode("utf-8").split("\n")
    assert lines[-1] == "" and len(lines) == len(expected) + 1 and set(lines[:-1]) == expected, lines
    proc = subprocess.run(["sha256sum", "-c", str(sums)], cwd=list_tree, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=60)
    assert proc.returncode == 0, proc
    assert sorted(proc.stdout.decode().splitlines()) == sorted(f"./{name}: OK" for name in LIST_FILES)
    proc = subprocess.run([WINE, HC_EXE, "check", "-s", win_path(sums)], cwd=list_tree, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    assert proc.returncode == 0 and proc.stdout.decode().count(": OK\n") == len(LIST_FILES), proc
    backslashed = tmp_path / "SUMS.backslashed"
    backslashed.write_bytes(raw.replace(b"./", b".\\").replace(b"/", b"\\"))
    proc = subprocess.run([WINE, HC_EXE, "sha256", "check", "-s", win_path(backslashed)], cwd=list_tree,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    assert proc.returncode == 0 and proc.stdout.decode().count(": OK\n") == len(LIST_FILES), proc


def test_hc_format_keeps_the_path_as_printed(list_tree):
    rc, out, err = run_exe_raw("md5", "dir", "-s", ".", "-r", "-l", cwd=list_tree)
    assert rc == 0, err
    name = "sub/a b.txt"
    assert f".\\sub\\a b.txt | 6 bytes | {hashlib.md5(LIST_FILES[name]).hexdigest()}\n".encode() in out, out


def test_hints_and_help_speak_cmd():
    rc, out, err = run_exe("md5", "string", "-s", "a", "b")
    assert (rc, err) == (2, 'hc: b: stray word: string mode takes its text with -s (quote a text with spaces: -s "a b")\n')
    helps = {args: run_exe(*args) for args in (("--help",), ("md5", "string", "-h"), ("md5", "dir", "-h"),
                                               ("md5", "file", "-h"), ("check", "-h"))}
    for args, (rc, text, err) in helps.items():
        assert (rc, err) == (0, ""), args
        assert max(len(line) for line in text.splitlines()) <= 80, args
        # no POSIX single quotes in an example's command
        assert not [line for line in text.splitlines() if line.startswith("  hc ") and "'" in line], text
    top = helps[("--help",)][1]
    assert "\nOn Windows:\n" in top, top
    for line in ('    hc md5 string -s "a b"', '    hc md5 dir -s D:\\isos -r -i "*.iso;*.img"',
                 "    hc sha256 file -s D:\\isos\\*.iso", "    hc check -s *.sha256",
                 "  A list on standard input: type list | hc check"):
        assert f"\n{line}\n" in top, top
    for args, example in [(("md5", "string", "-h"), 'hc md5 string -s "hello world"'),
                          (("md5", "dir", "-h"), 'hc md5 dir -s . -r -i "*.iso;*.img"'),
                          (("md5", "dir", "-h"), "hc md5 dir -s . -r -H 900150983CD24FB0D6963F7D28E17F72"),
                          (("md5", "file", "-h"), "type D:\\isos\\big.iso | hc md5 file"),
                          (("check", "-h"), "type list | hc check")]:
        assert f"\n  {example}\n" in helps[args][1], helps[args][1]
    assert "sha256sum *.iso" not in helps[("check", "-h")][1]


def test_wildcards_in_source_values_are_expanded(tmp_path):
    """cmd passes `-s *.iso` as typed: file and check modes take every
    match, sorted, as they do for bare words."""
    data = {"a.iso": b"one", "b.iso": b"two", "c.txt": b"three"}
    for name, content in data.items():
        (tmp_path / name).write_bytes(content)
    folder = win_path(tmp_path)
    sha = {name: hashlib.sha256(content).hexdigest() for name, content in data.items()}
    rc, out, err = run_exe("sha256", "file", "-s", folder + "\\*.iso", "-l")
    assert (rc, out) == (0, f"{folder}\\a.iso | 3 bytes | {sha['a.iso']}\n"
                            f"{folder}\\b.iso | 3 bytes | {sha['b.iso']}\n"), err
    (tmp_path / "one.sha256").write_text(f"{sha['a.iso']}  {win_path(tmp_path / 'a.iso')}\n")
    (tmp_path / "two.sha256").write_text(f"{sha['c.txt']}  {win_path(tmp_path / 'c.txt')}\n")
    rc, out, err = run_exe("check", "-s", folder + "\\*.sha256")
    assert rc == 0 and out.count(": OK\n") == 2, (out, err)
    rc, out, err = run_exe("check", "-s", folder + "\\*.nothing")
    assert rc == 2 and "No such file or directory" in err, (out, err)


def test_bench_has_no_load_average_to_show():
    rc, out, err = run_exe("bench", "md5", "--size", "4096")
    assert rc == 0, err
    assert "load average n/a" in out and "-1.00" not in out, out


def console_text(raw):
    """What Wine's console showed on the terminal: its cursor moves and
    colours dropped, and the blanks with them (it moves the cursor over
    them instead of printing them)."""
    text = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", raw).decode("utf-8", "replace")
    return re.sub(r"\s+", "", text)


def test_ctrl_c_on_the_console_stops_the_search():
    """hc.exe on a terminal (Wine gives it a console there): Ctrl+C typed
    once the search runs reaches the console control handler, which stops
    the search as SIGINT does on Linux: its report, `hc: interrupted`, 130."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(WINE, [WINE, HC_EXE, "md5", "hash", "-s", "00000000000000000000000000000001",
                        "-a", "abcdefghijklmnopqrstuvwxyz", "-n", "9", "-x", "9", "--progress"])
    raw, sent = b"", None
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], 120)
            assert ready, "hc.exe printed nothing for 120 s: " + console_text(raw)
            # a swallowed Ctrl+C leaves a 5-trillion-candidate search running
            if sent is not None and time.monotonic() - sent > 60:
                os.kill(pid, signal.SIGKILL)
                pytest.fail("hc.exe still ran 60 s after Ctrl+C: " + console_text(raw)[-300:])
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the terminal closed: hc.exe is gone
                break
            if not chunk:
                break
            raw += chunk
            if sent is None and "found0/1" in console_text(raw):  # a progress line: the search runs
                os.write(fd, b"\x03")
                sent = time.monotonic()
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    text = console_text(raw)
    assert sent is not None, text
    assert os.waitstatus_to_exitcode(status) == 130, text
    assert "Nothingfound" in text and text.endswith("hc:interrupted"), text


@pytest.mark.skip(reason="Wine has no SMB client: UNC paths (\\\\server\\share) cannot be opened here; the layer "
                         "turns them into \\\\?\\UNC\\ names, which test_platform_portable checks as text")
def test_unc_paths():
    pass
