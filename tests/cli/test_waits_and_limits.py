"""Nothing waits deaf to Ctrl+C, nothing grows without bound, every list hc
writes verifies (issue 28).

Every wait here is for a state hc reached (its handler installed, a line
printed, the walk held in a directory), never a fixed time: the file runs
under load in CI (.ci/run)."""
import hashlib
import os
import resource
import signal
import subprocess
import time

import pytest

from filedir_util import sanitized
from conftest import HC_BINARY, default_sigint, run_hc, spawn_hc, wait_for_handler

HC_READFAIL = os.environ.get("HC_READFAIL", "")
# hc's memory while it reads one endless line: the line limit is 1 MiB, so
# a fraction of this; before the limit, /dev/zero filled it in a second.
ADDRESS_SPACE = 512 << 20


def bounded_memory():
    default_sigint()
    # A sanitizer reserves terabytes of address space for its shadow at
    # start: no cap fits it, and the plain build proves the bound.
    if not sanitized():
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run_bounded(*args, timeout=60):
    proc = subprocess.run([HC_BINARY, *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, preexec_fn=bounded_memory, timeout=timeout)
    return proc.returncode, proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace")


def interrupt(proc, timeout=30):
    """SIGINT once hc catches it; its (rc, stdout, stderr)."""
    try:
        wait_for_handler(proc.pid)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode, out, err


# ---- one line limit, said when it is passed ----

def test_hashes_from_an_endless_line_stop_at_the_limit():
    """`--hashes /dev/zero`: a line that never ends is reported once it
    passes 1 MiB, and nothing more is read (memory stayed bounded)."""
    rc, out, err = run_bounded("md5", "hash", "--hashes", "/dev/zero")
    assert rc == 2, (rc, out, err)
    assert "hc: /dev/zero:1: a line longer than 1 MiB; the file is not read further\n" in err


def test_check_of_an_endless_line_reports_at_once():
    """`check -s /dev/zero -w` used to run with no output at all: a long
    line was reported only at its end."""
    rc, out, err = run_bounded("sha256", "check", "-s", "/dev/zero", "-w")
    assert rc == 2, (rc, out, err)
    assert "hc: /dev/zero: line 1 is longer than 1 MiB; the list is not read further\n" in err


def bytes_read(pid):
    with open(f"/proc/{pid}/io") as io:
        return int(next(line for line in io if line.startswith("rchar:")).split()[1])


def test_a_wordlist_skips_an_endless_line_in_bounded_memory():
    """Wordlists go through the same reader, but a word past 1 MiB is
    skipped rather than ending the list: said once, its rest read and
    dropped. Reading on past the process's address space proves nothing
    of the line is held; Ctrl+C still ends the read."""
    proc = subprocess.Popen([HC_BINARY, "md5", "hash", "--noprobe", "-s", hashlib.md5(b"a").hexdigest(), "--wordlist",
                             "/dev/zero"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=bounded_memory)
    try:
        said = proc.stderr.readline()
        assert said == b"hc: /dev/zero:1: a word of more than 1 MiB is longer than 256, skipped\n", said
        deadline = time.monotonic() + 60
        while bytes_read(proc.pid) < 2 * ADDRESS_SPACE and time.monotonic() < deadline:
            time.sleep(0.01)
        assert bytes_read(proc.pid) >= 2 * ADDRESS_SPACE
        rc, out, err = interrupt(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert rc == 130 and out.splitlines()[-1] == b"Nothing found", (rc, out, err)
    assert err == b"hc: interrupted\n"


def overlong_words(tmp_path):
    """A wordlist whose answer comes after words past 1 MiB (one just past
    it, one of 2 MiB, one that ends the file without a line end) and one
    of exactly 1 MiB (a line, too long a word)."""
    words = tmp_path / "words"
    words.write_bytes(b"first\n" + b"x" * ((1 << 20) + 1) + b"\n" + b"y" * (2 << 20) + b"\r\nabc\n"
                      + b"z" * (1 << 20) + b"\nlast\n" + b"w" * (3 << 20))
    return words


OVERLONG_SAID = ("hc: {0}:2: a word of more than 1 MiB is longer than 256, skipped\n"
                 "hc: {0}:3: a word of more than 1 MiB is longer than 256, skipped\n"
                 "hc: {0}:5: a word of 1048576 bytes is longer than 256, skipped\n"
                 "hc: {0}:7: a word of more than 1 MiB is longer than 256, skipped\n")


def test_the_answer_after_a_word_past_one_mib_is_found(tmp_path):
    """Such a word ended the whole list: `Nothing found`, exit 1."""
    words = overlong_words(tmp_path)
    r = run_hc("md5", "hash", "--noprobe", "-s", hashlib.md5(b"abc").hexdigest(), "--wordlist", str(words))
    assert r.rc == 0 and r.out.splitlines()[-1] == "Initial string is: abc", r
    assert r.err == OVERLONG_SAID.format(words), r


def test_every_word_around_those_past_one_mib_is_tried(tmp_path):
    words = overlong_words(tmp_path)
    r = run_hc("md5", "hash", "--stdout", "--wordlist", str(words))
    assert (r.rc, r.out) == (0, "first\nabc\nlast\n"), r
    assert r.err == OVERLONG_SAID.format(words), r


def test_a_rule_file_line_past_one_mib_is_an_error(tmp_path):
    """A rule file is no wordlist: such a line says the file is not one."""
    (tmp_path / "words").write_bytes(b"abc\n")
    (tmp_path / "rules").write_bytes(b":\n" + b"u" * (2 << 20) + b"\n$1\n")
    r = run_hc("md5", "hash", "--noprobe", "-s", hashlib.md5(b"abc1").hexdigest(), "--wordlist", "words", "--rules",
               "rules", cwd=tmp_path)
    assert (r.rc, r.out) == (2, ""), r
    assert r.err == "hc: rules:2: a line longer than 1 MiB; the file is not read further\n", r


def test_ctrl_c_while_a_wordlist_is_read_from_stdin():
    proc = spawn_hc(["md5", "hash", "--noprobe", "-s", hashlib.md5(b"a").hexdigest(), "--wordlist", "-"],
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        proc.stdin.write(b"x\ny\n")
        proc.stdin.flush()
        rc, out, err = interrupt(proc)
    finally:
        proc.stdin.close()
    assert rc == 130 and err.endswith(b"hc: interrupted\n"), (rc, out, err)


def test_lines_before_an_overlong_one_are_verified(tmp_path):
    """The rule: the lines before the long one count, the long one ends the
    list."""
    (tmp_path / "a").write_bytes(b"alpha")
    digest = hashlib.sha256(b"alpha").hexdigest()
    (tmp_path / "SUMS").write_bytes(f"{digest}  a\n".encode() + b"x" * ((1 << 20) + 1) + b"\n"
                                    + f"{digest}  a\n".encode())
    r = run_hc("sha256", "check", "-s", "SUMS", cwd=tmp_path)
    assert r.rc == 2 and r.out == "a: OK\n", r
    assert "hc: SUMS: line 2 is longer than 1 MiB; the list is not read further" in r.err


def test_a_line_of_exactly_the_limit_is_a_line(tmp_path):
    """1 MiB is allowed: a malformed line, not the end of the list."""
    (tmp_path / "a").write_bytes(b"alpha")
    digest = hashlib.sha256(b"alpha").hexdigest()
    (tmp_path / "SUMS").write_bytes(b"y" * (1 << 20) + b"\n" + f"{digest}  a\n".encode())
    r = run_hc("sha256", "check", "-s", "SUMS", cwd=tmp_path)
    assert r.rc == 0 and r.out == "a: OK\n", r
    assert "1 line is improperly formatted" in r.err


# ---- messages escape what they quote ----

def test_a_hashes_line_of_nul_bytes_is_shown_escaped(tmp_path):
    """It was shown as '' (the message stopped at the first NUL)."""
    (tmp_path / "list").write_bytes(b"\0\0\0\n\x1b[2Jab\\\n" + hashlib.md5(b"").hexdigest().encode() + b"\n")
    r = run_hc("md5", "hash", "--hashes", str(tmp_path / "list"))
    assert "list:1: not a hex digest: '\\x00\\x00\\x00' (skipped)" in r.err, r
    assert "list:2: not a hex digest: '\\x1b[2Jab\\\\' (skipped)" in r.err, r


# ---- every blocking open or read answers the first Ctrl+C ----

def test_ctrl_c_while_o_waits_for_a_fifo_reader(tmp_path):
    """`-o FIFO` with no reader: open(2) waited deaf to Ctrl+C, and a second
    one killed hc by the signal."""
    (tmp_path / "in").write_bytes(b"abc")
    os.mkfifo(tmp_path / "fifo")
    proc = spawn_hc(["md5", "file", "-s", "in", "-o", "fifo"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    cwd=tmp_path)
    line = proc.stdout.readline()  # the result is printed before the save
    assert line.startswith(b"in | 3 bytes | "), line
    rc, out, err = interrupt(proc)
    assert (rc, out, err) == (130, b"", b"hc: interrupted\n")


def test_ctrl_c_while_a_check_list_fifo_has_no_writer(tmp_path):
    os.mkfifo(tmp_path / "SUMS")
    proc = spawn_hc(["sha256", "check", "-s", "SUMS"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    cwd=tmp_path)
    assert interrupt(proc) == (130, b"", b"hc: interrupted\n")


def wait_until_waiting_on(proc, fifo, timeout=30):
    """Returns once hc holds fifo open and sleeps in a wait for its data
    (the kernel's wchan names a poll), or has ended."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            opened = any(os.readlink(f"/proc/{proc.pid}/fd/{fd}") == str(fifo)
                         for fd in os.listdir(f"/proc/{proc.pid}/fd"))
            with open(f"/proc/{proc.pid}/wchan") as wchan:
                if opened and "poll" in wchan.read():
                    return
        except FileNotFoundError:  # an fd closed while listed
            pass
        time.sleep(0.002)


FIFO_WAITS = {
    # (arguments, the FIFO's place; what stdout holds once interrupted)
    "rules": (["-s", hashlib.md5(b"abc").hexdigest(), "--wordlist", "words", "--rules", "fifo"], []),
    "wordlist": (["-s", hashlib.md5(b"abc").hexdigest(), "--wordlist", "fifo"], ["", "Attempts: 0", "Nothing found"]),
    "stdout": (["--stdout", "--wordlist", "fifo"], []),
    "hashes": (["--hashes", "fifo", "--wordlist", "words"], []),
}


@pytest.mark.parametrize("writer", ["no-writer", "silent-writer"])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("where", sorted(FIFO_WAITS))
def test_a_signal_while_a_list_waits_on_a_fifo(tmp_path, where, sig, writer):
    """Every wait before the search answers Ctrl+C and SIGTERM alike: the
    rule file's was deaf (hc killed by the signal), the wordlist's said
    `the wordlist is empty` before `hc: interrupted`."""
    (tmp_path / "words").write_bytes(b"abc\n")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    args, out_lines = FIFO_WAITS[where]
    proc = spawn_hc(["md5", "hash", "--noprobe", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    cwd=tmp_path)
    held = None
    try:
        wait_until_waiting_on(proc, fifo)
        if writer == "silent-writer":
            held = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if held is not None:
            os.close(held)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert (proc.returncode, err) == (130, b"hc: interrupted\n"), (proc.returncode, out, err)
    got = out.decode().splitlines()
    assert len(got) == len(out_lines) and all(line.startswith(want) for line, want in zip(got, out_lines)), out


@pytest.mark.parametrize("given", [b"", b"0" * 32 + b"\n" * 1000, b"f" * (600 << 10)],
                         ids=["nothing-yet", "lines-and-more-to-come", "half-a-huge-line"])
def test_ctrl_c_while_hashes_are_read_from_stdin(given):
    """--hashes - while the writer still writes: Ctrl+C used to kill hc by
    the signal (its handler came after the list)."""
    proc = spawn_hc(["md5", "hash", "--hashes", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    try:
        proc.stdin.write(given)
        proc.stdin.flush()
        rc, out, err = interrupt(proc)
    finally:
        proc.stdin.close()
    assert (rc, out) == (130, b""), err
    assert err.endswith(b"hc: interrupted\n"), err


@pytest.mark.skipif(not HC_READFAIL, reason="needs the test shim (HC_READFAIL)")
@pytest.mark.parametrize("include", ["*.nomatch", "*"], ids=["nothing-matches", "only-empty-directories"])
def test_ctrl_c_stops_a_walk_that_finds_nothing(tmp_path, include):
    """A walk that hands out no file gave the mode nothing to stop between:
    the walk itself must answer Ctrl+C. The shim holds the walk in one
    directory of a tree of empty ones until the signal has been handled;
    what follows must be the end, not the rest of the tree."""
    root = tmp_path / "root"
    for i in range(60):
        (root / f"d{i:02d}" / "in").mkdir(parents=True)
    release = tmp_path / "release"
    env = dict(os.environ, LD_PRELOAD=HC_READFAIL, HC_STALL_DIR_NAME="d30", HC_STALL_RELEASE=str(release),
               # an ASan build wants its runtime first; the shim only wraps calls
               ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0")
    proc = subprocess.Popen([HC_BINARY, "md5", "dir", "-s", str(root), "-r", "-i", include],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, preexec_fn=default_sigint)
    try:
        assert proc.stderr.readline() == b"hc-test: walk stalled\n"
        wait_for_handler(proc.pid)
        proc.send_signal(signal.SIGINT)
        release.touch()
        out, err = proc.communicate(timeout=30)
        rc = proc.returncode
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert (rc, out, err) == (130, b"", b"hc: interrupted\n")


# ---- every list hc writes verifies, or hc says which names it cannot ----

ODD_NAMES = ["plain", "  sp", "tr ", ";semi", "nl\nx", "a\\b", "*star", "cr\r", "\\lead"]
FORMATS = {"sfv": ["--sfv"], "checksum": ["-c"], "gnu": ["--format", "gnu"], "bsd": ["--format", "bsd"], "hc": [],
           "hc-time": ["-t"], "hc-two-algorithms": []}


def check_shows(path):
    """A name as check prints it: GNU's escape for a line break in it."""
    if not any(c in path for c in "\n\r"):
        return path
    return "\\" + path.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("mode", ["file", "dir"])
def test_a_written_list_verifies_or_names_what_it_cannot_carry(tmp_path, fmt, mode):
    """Every name is either verified by `hc check` of the list, or named on
    stderr by the run that wrote it, which then fails."""
    tree = tmp_path / "t"
    tree.mkdir()
    for i, name in enumerate(ODD_NAMES):
        (tree / name).write_bytes(f"content {i}".encode())
    algorithm = "crc32,md5" if fmt == "hc-two-algorithms" else "crc32"
    if mode == "file":
        args = [algorithm, "file", *ODD_NAMES]
    else:
        args = [algorithm, "dir", "-s", "."]
    written = run_hc(*args, *FORMATS[fmt], cwd=tree)
    named = [n for n in ODD_NAMES
             if any(line.startswith(f"hc: {shown}: ") or line.startswith(f"hc: ./{shown}: ")
                    for shown in [n.replace("\\", "\\\\").replace("\n", "\\x0a").replace("\r", "\\x0d")]
                    for line in written.err.splitlines())]
    assert written.rc == (1 if named else 0), written
    listing = tree / ("zz.sfv" if fmt == "sfv" else "zz.txt")
    listing.write_bytes(written.raw)
    checked = run_hc(algorithm, "check", "-s", listing.name, cwd=tree)
    for name in ODD_NAMES:
        path = name if mode == "file" or fmt == "sfv" else "./" + name
        verified = check_shows(path) + ": OK\n" in checked.out
        assert verified or name in named, (name, written.out, written.err, checked)
    assert "plain" not in named


def test_dir_names_a_line_feed_its_hc_lines_cannot_carry(tmp_path):
    """dir's own format listed such a name with exit 0, and the list then
    failed `hc check`."""
    (tmp_path / "a").write_bytes(b"abc")
    (tmp_path / "new\nline").write_bytes(b"")
    r = run_hc("md5", "dir", "-s", ".", cwd=tmp_path)
    assert r.rc == 1, r
    assert r.out == (f"./a | 3 bytes | {hashlib.md5(b'abc').hexdigest().upper()}\n"
                     f"./new\nline | 0 bytes | {hashlib.md5(b'').hexdigest().upper()}\n"), r
    assert r.err == ("hc: ./new\\x0aline: an hc line cannot carry this name (a line feed); --format gnu escapes it: "
                     "`hc check` of this list would not find it\n"), r


def test_file_mode_verdicts_are_no_list_lines(tmp_path):
    """-m puts its verdict where the digest goes: not a line check reads,
    nothing to warn about."""
    (tmp_path / "a").write_bytes(b"abc")
    r = run_hc("md5", "file", "-s", "a", "-m", hashlib.md5(b"abc").hexdigest(), cwd=tmp_path)
    assert (r.rc, r.out, r.err) == (0, "a | 3 bytes | File is valid\n", ""), r


def test_the_issue_case_sfv_of_a_name_with_leading_spaces(tmp_path):
    (tmp_path / "  sp").write_bytes(b"")
    r = run_hc("crc32", "file", "-s", "  sp", "--sfv", cwd=tmp_path)
    assert r.rc == 1 and r.out == "  sp    00000000\n", r
    assert r.err.startswith("hc:   sp: an SFV line cannot carry this name"), r
