"""Progress and status lines, interruption (contract §10.7), in real
pseudo-terminals: a pty from pexpect (a real Ctrl+C is the terminal's
interrupt character) and tmux (what the screen shows, look by look).

Time bounds are generous: the machine is loaded and the suite also runs
under ASan and TSan. Runs that would take long are stopped with Ctrl+C once
the test has seen what it needs."""
import hashlib
import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import tempfile
import threading
import time

import pexpect
import pytest

from conftest import HC_BINARY, default_sigint, spawn_hc, wait_for_handler
from filedir_util import make_tree

TERM_ENV = {"TERM": "xterm"}  # a CI's TERM=dumb would turn the line off
CRACK = ["md5", "hash", "-s", "0" * 32, "-x", "9", "-T", "1", "--noprobe"]
LIVE_CRACK = re.compile(r"hc: ([\d.]+(?: [kMGTPEZY])?) of ([\d.]+ [kMGTPEZY]) \((<0\.1|[\d.]+)%\), length (\d+), "
                        r"[\d.]+(?: [kMGTPEZY])?/s, ETA .+, found 0/1")
FULL_CRACK = re.compile(r"hc: status: ([\d ]+) of ([\d ]+) candidates \((<0\.1|[\d.]+)%\), length \d+ \(1-9\), "
                        r"[\d.]+(?: [kMGTPEZY])?/s, elapsed \d+:\d\d:\d\d, ETA .+, found 0 of 1")


class Pty:
    """hc on a pseudo-terminal (stdin, stderr and, unless redirected, stdout),
    with everything it writes kept with its arrival time."""

    def __init__(self, args, cwd=None, stdout_to=None, env=None):
        command = "exec " + " ".join(shlex.quote(a) for a in [HC_BINARY, *args])
        if stdout_to:
            command += " > " + shlex.quote(stdout_to)
        full_env = dict(os.environ, **TERM_ENV)
        full_env.update(env or {})
        self.child = pexpect.spawn("/bin/sh", ["-c", command], cwd=cwd, env=full_env, dimensions=(24, 200),
                                   preexec_fn=default_sigint)
        self.chunks = []

    @property
    def pid(self):
        return self.child.pid

    def wait_ready(self):
        """Returns once the shell has become hc and hc catches Ctrl+C and
        SIGUSR1."""
        binary = os.path.realpath(HC_BINARY)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if os.readlink(f"/proc/{self.pid}/exe") == binary:
                    break
            except OSError:
                pass
            time.sleep(0.002)
        wait_for_handler(self.pid, signal.SIGINT)
        wait_for_handler(self.pid, signal.SIGUSR1)

    @property
    def text(self):
        """Everything, less the terminal's echo of Ctrl+C."""
        return b"".join(data for _, data in self.chunks).decode("utf-8", "replace").replace("^C", "")

    def read_for(self, seconds, until=None):
        """Reads for up to seconds, or until until(self) is true."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not (until and until(self)):
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
                self.chunks.append((time.monotonic(), data))
            except pexpect.TIMEOUT:
                pass
            except pexpect.EOF:
                break

    def finish(self, timeout=60):
        """Reads to the end; returns the exit status."""
        self.read_for(timeout, until=lambda p: not p.child.isalive() and p._drained())
        self.child.close()
        return self.child.exitstatus if self.child.signalstatus is None else -self.child.signalstatus

    def _drained(self):
        try:
            data = self.child.read_nonblocking(65536, timeout=0.05)
            self.chunks.append((time.monotonic(), data))
            return False
        except (pexpect.TIMEOUT, pexpect.EOF):
            return True

    def frames(self):
        """(time, text) of every live frame drawn ("\\r" + text + erase)."""
        found = []
        for when, data in self.chunks:
            for piece in re.findall(rb"\r(hc: [^\r\n\x1b]*)\x1b\[K", data):
                found.append((when, piece.decode()))
        return found

    def kill(self):
        if self.child.isalive():
            self.child.kill(signal.SIGKILL)
        self.child.close()


@pytest.fixture
def pty_runs():
    started = []

    def start(*args, **kwargs):
        run = Pty(*args, **kwargs)
        started.append(run)
        return run

    yield start
    for run in started:
        run.kill()


def distinct_texts(frames):
    texts = []
    for when, text in frames:
        if not texts or texts[-1][1] != text:
            texts.append((when, text))
    return texts


def short_count(text):
    """12.3 G -> 12.3e9 (the live line's counts)."""
    number, _, prefix = text.partition(" ")
    return float(number) * 1000 ** (" kMGTPEZY".index(prefix) if prefix else 0)


def status_line(proc, timeout=20):
    """Asks a running hc for its status (SIGUSR1); the line it prints."""
    proc.send_signal(signal.SIGUSR1)
    line = b""
    deadline = time.monotonic() + timeout
    while not line.endswith(b"\n") and time.monotonic() < deadline:
        if select.select([proc.stderr], [], [], 0.1)[0]:
            line += os.read(proc.stderr.fileno(), 4096)
    return line.decode()


def stop(proc):
    """Ctrl+C; returns (exit status, stdout, the rest of stderr)."""
    try:
        wait_for_handler(proc.pid)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        return proc.returncode, out, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# ---- brute force -------------------------------------------------------------------------------------


def test_crack_status_line_changes_second_by_second(pty_runs):
    run = pty_runs(CRACK)
    run.wait_ready()
    run.read_for(30, until=lambda r: len(distinct_texts(r.frames())) >= 3)
    texts = distinct_texts(run.frames())
    assert len(texts) >= 3, run.text
    for _, text in texts:
        assert LIVE_CRACK.fullmatch(text), text
    done = [short_count(LIVE_CRACK.fullmatch(text).group(1)) for _, text in texts]
    assert done == sorted(done) and done[-1] > done[0]
    # about once a second, never faster than twice a second
    gaps = [later - earlier for (earlier, _), (later, _) in zip(texts, texts[1:])]
    assert min(gaps) > 0.5, gaps
    # a real Ctrl+C: the line is erased, the contract's lines, then the outcome
    run.child.sendintr()
    assert run.finish() == 130
    assert re.search(r"\x1b\[K\r\x1b\[K\r\nAttempts: [\d ]+ Time \S+ Speed: [\d ]+ attempts/second\r\n"
                     r"Nothing found\r\nhc: interrupted\r\n$", run.text), run.text[-500:]


FULL_WORDS = re.compile(r"hc: status: ([\d ]+) candidates, (?:(<0\.1|[\d.]+)%|([\d.]+ [KMG]?i?B)) of the "
                        r"wordlist, [\d.]+(?: [kMGTPEZY])?/s, elapsed \S+, ETA (\S+), found 0 of 1")


def wordlist_run(tmp_path, wordlist):
    """A wordlist search that takes long: a million words, each with 1024
    rules (two appended characters)."""
    words = tmp_path / "words.txt"
    with open(words, "w") as f:
        f.writelines(f"word{i:07d}\n" for i in range(1_000_000))
    rules = tmp_path / "two.rule"
    chars = "0123456789abcdefghijklmnopqrstuv"
    rules.write_text("".join(f"${a}${b}\n" for a in chars for b in chars))
    return ["md5", "hash", "-s", "0" * 32, "--noprobe", "-T", "1", "--wordlist", wordlist, "--rules", str(rules)], words


def test_a_wordlist_status_says_how_much_of_the_list_is_searched(tmp_path):
    """A wordlist's candidates cannot be counted before its end: the status
    gives the share of its bytes searched, and the ETA their pace gives."""
    args, words = wordlist_run(tmp_path, None)
    args[args.index(None)] = str(words)
    proc = spawn_hc(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_handler(proc.pid, signal.SIGUSR1)
    deadline, match = time.monotonic() + 60, None
    while time.monotonic() < deadline:  # until batches of words are searched, and their pace known
        line = status_line(proc)
        match = FULL_WORDS.fullmatch(line.rstrip("\n"))
        assert match and match.group(2), line
        if match.group(2) not in ("0.0", "<0.1") and match.group(4) != "-":
            break
    rc, out, err = stop(proc)
    assert (rc, err) == (130, b"hc: interrupted\n")
    assert 0 < float(match.group(2)) < 100 and re.fullmatch(r"[\d:.]+", match.group(4)), match.group(0)


def test_a_wordlist_on_standard_input_shows_its_bytes(tmp_path):
    """Standard input has no size: the status says how much was read."""
    args, words = wordlist_run(tmp_path, "-")
    cat = subprocess.Popen(["cat", str(words)], stdout=subprocess.PIPE)  # a pipe: no size
    proc = spawn_hc(args, stdin=cat.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    cat.stdout.close()
    wait_for_handler(proc.pid, signal.SIGUSR1)
    line = status_line(proc)
    rc, out, err = stop(proc)
    cat.kill()
    cat.wait()
    assert (rc, err) == (130, b"hc: interrupted\n")
    match = FULL_WORDS.fullmatch(line.rstrip("\n"))
    assert match and match.group(3) and match.group(4) == "-", line


def test_sigusr1_prints_a_status_line_without_a_terminal():
    proc = spawn_hc(CRACK, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_handler(proc.pid, signal.SIGUSR1)
    lines = []
    for _ in range(2):
        time.sleep(0.3)
        lines.append(status_line(proc))
    rc, out, err = stop(proc)
    assert (rc, err) == (130, b"hc: interrupted\n")
    matches = [FULL_CRACK.fullmatch(line.rstrip("\n")) for line in lines]
    assert all(matches), lines
    counts = [int(match.group(1).replace(" ", "")) for match in matches]
    assert counts[1] > counts[0] > 0
    # the exact keyspace: 62 + 62^2 + ... + 62^9
    assert int(matches[0].group(2).replace(" ", "")) == sum(62**n for n in range(1, 10))
    # stderr is not a terminal: no live line, no control characters
    assert not any("\r" in line or "\x1b" in line for line in lines)
    assert out.decode().splitlines()[-1] == "Nothing found"


def test_status_line_exact_after_part():
    """--part 2/3: the total is that part's share of the keyspace."""
    proc = spawn_hc(CRACK + ["--part", "2/3"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_handler(proc.pid, signal.SIGUSR1)
    line = status_line(proc)
    assert stop(proc)[0] == 130
    total = sum(62**n for n in range(1, 10))
    match = FULL_CRACK.fullmatch(line.rstrip("\n"))
    assert match, line
    assert int(match.group(2).replace(" ", "")) == total * 2 // 3 - total // 3


def test_enter_prints_a_status_line(pty_runs):
    """Enter on the terminal, as hashcat's status key: the full line, in
    place of the live line (which moved down with the echoed newline)."""
    run = pty_runs(CRACK)
    run.wait_ready()
    run.read_for(30, until=lambda r: r.frames())
    assert run.frames(), run.text
    run.child.send("\r")
    run.read_for(20, until=lambda r: "hc: status:" in r.text)
    status = run.text[run.text.index("\x1b[A\r\x1b[Khc: status:"):]
    assert FULL_CRACK.match(status[len("\x1b[A\r\x1b[K"):]), status
    run.child.sendintr()
    assert run.finish() == 130


@pytest.mark.parametrize("args, env", [(["--no-progress"], {}), ([], {"TERM": "dumb"})],
                         ids=["no-progress", "TERM=dumb"])
def test_no_live_line(pty_runs, args, env):
    run = pty_runs(CRACK + args, env=env)
    run.wait_ready()
    run.read_for(2.5)
    assert run.frames() == [] and "\x1b" not in run.text, run.text
    # asked for, a status line still comes
    os.kill(run.pid, signal.SIGUSR1)
    run.read_for(20, until=lambda r: "hc: status:" in r.text)
    assert "hc: status:" in run.text
    run.child.sendintr()
    assert run.finish() == 130


def forced_frames(columns):
    """Two live lines of brute force with --progress on a pipe, COLUMNS
    wide; (the frames' text, the exit status, all of stderr)."""
    env = dict(os.environ, COLUMNS=str(columns))
    proc = spawn_hc(CRACK + ["--progress"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    wait_for_handler(proc.pid)
    err = b""
    deadline = time.monotonic() + 30
    while err.count(b"\x1b[K") < 2 and time.monotonic() < deadline:
        if select.select([proc.stderr], [], [], 0.1)[0]:
            err += os.read(proc.stderr.fileno(), 4096)
    rc, _, rest = stop(proc)
    frames = [f.decode() for f in re.findall(rb"\r([^\r\x1b]*)\x1b\[K", err) if f]
    return frames, rc, err + rest


def test_progress_forced_on_a_pipe():
    frames, rc, err = forced_frames(80)
    assert frames and all(re.fullmatch(r"hc: .* of .*, length \d+, .*/s, ETA .*, found 0/1", f) for f in frames), err
    assert rc == 130 and err.endswith(b"\r\x1b[Khc: interrupted\n")


def test_a_narrow_line_keeps_the_count_found():
    """The line is cut at the width, and "found" comes last: a narrow
    terminal (or a long ETA on 80 columns: "340 days 17 h") gets a shorter
    line, never one without the count."""
    frames, rc, err = forced_frames(68)
    assert frames and all(len(f) <= 65 and f.endswith(", found 0/1") for f in frames), err
    # what is dropped depends on the speed (the ETA's length): under the sanitizers "ETA 3.0 years" costs the
    # percentage too
    assert all(re.fullmatch(r"hc: .+ of .+, .+/s, ETA .+, found 0/1", f) for f in frames), err
    assert rc == 130


# ---- trees and files ---------------------------------------------------------------------------------


def sparse_tree(root, count, size, small=0):
    """count sparse files of size bytes (md2 hashes a few MiB a second), and
    small tiny ones."""
    os.makedirs(os.path.join(root, "t"))
    for i in range(count):
        with open(os.path.join(root, "t", f"f{i:03}"), "wb") as f:
            f.truncate(size)
    make_tree(root, {f"t/s{i:03}": b"%d" % i for i in range(small)})


class Tmux:
    """A private tmux server with one pane running a shell command."""

    def __init__(self, command, cwd, width=150):
        self.dir = tempfile.mkdtemp(prefix="hc-tmux-")
        self.socket = os.path.join(self.dir, "s")
        env = dict(os.environ)
        env.pop("TMUX", None)
        # the shell outlives hc's Ctrl+C (a handler, not an ignored
        # SIGINT, which hc would then inherit and honour)
        script = f"trap : INT; cd {shlex.quote(cwd)}; {command}; echo exit=$?; sleep 60"
        subprocess.run(["tmux", "-S", self.socket, "-f", "/dev/null", "new-session", "-d", "-x", str(width), "-y", "30",
                        "-s", "t", "sh", "-c", script], check=True, env=env, preexec_fn=default_sigint)

    def screen(self):
        """The pane's text, wrapped rows joined back into their lines."""
        return subprocess.run(["tmux", "-S", self.socket, "capture-pane", "-p", "-J", "-t", "t"], stdout=subprocess.PIPE,
                              check=True).stdout.decode()

    def keys(self, *keys):
        subprocess.run(["tmux", "-S", self.socket, "send-keys", "-t", "t", *keys], check=True)

    def wait_for(self, pattern, timeout=60):
        """The screen once pattern (a compiled regex) is on it, or at the
        deadline."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if pattern.search(screen) or time.monotonic() > deadline:
                return screen
            time.sleep(0.05)

    def interrupt(self):
        """Ctrl+C, then the screen once the shell has printed hc's exit."""
        self.keys("C-c")
        return self.wait_for(re.compile(r"^exit=", re.M))

    def close(self):
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], stderr=subprocess.DEVNULL)
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_tree_line_stays_while_results_go_to_a_file(tmp_path):
    """The issue's look test: hc dir > file in a real terminal, the screen
    looked at four times a second: the line (with totals, percent and ETA
    once the counting walk is done) is there in nearly every look, never
    wiped by the results; Ctrl+C clears it, stdout keeps whole lines."""
    sparse_tree(str(tmp_path), 40, 4 << 20)  # 160 MiB of md2: a minute, stopped after a few seconds
    tmux = Tmux(f"{shlex.quote(HC_BINARY)} md2 dir -s t -T 1 > out.txt", str(tmp_path))
    try:
        line = re.compile(r"^hc: (\d+) of 40 files, [\d.]+ \w+ of 160\.0 MiB \((\d+)%\), [\d.]+ \w+/s, ETA .+$", re.M)
        tmux.wait_for(line)
        looks = []
        for _ in range(12):
            time.sleep(0.25)
            looks.append(tmux.screen())
        shown = [look for look in looks if line.search(look)]
        assert len(shown) >= 0.75 * len(looks), looks
        screen = tmux.interrupt()
    finally:
        tmux.close()
    assert re.search(r"^hc: interrupted\nexit=130$", screen, re.M), screen
    assert "files," not in screen  # cleared, not left half-written
    lines = (tmp_path / "out.txt").read_text().split("\n")
    assert lines[-1] == ""  # whole lines only
    for i, text in enumerate(lines[:-1]):  # the first files, in order
        assert re.fullmatch(rf"t/f{i:03} \| 4\.00 Mb \(4194304 bytes\) \| [0-9A-F]{{32}}", text), text


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_crack_screen_after_ctrl_c_as_without_the_line(tmp_path):
    """On a narrow terminal, with the estimate line (no newline of its own,
    wrapped over two rows) and the terminal's echo of ^C: after Ctrl+C the
    screen reads as it would without a status line — no blank row, no
    remnant of the line."""
    tmux = Tmux(f"{shlex.quote(HC_BINARY)} {' '.join(CRACK[:-1])}", str(tmp_path), width=60)
    try:
        # made to fit the width; capture-pane -J keeps a row's trailing
        # blanks (seen under ThreadSanitizer, where the slower line reads
        # "ETA 2.8 years")
        live = re.compile(r"^hc: .* of .*, found 0/1 *$", re.M)
        screen = tmux.wait_for(live)
        assert live.search(screen), screen
        screen = tmux.interrupt()
    finally:
        tmux.close()
    text = "\n".join(line.rstrip() for line in screen.splitlines()).strip("\n")
    assert re.fullmatch(r"May take approximatelly: .* attempts\)\n"
                        r"Attempts: [\d ]+ Time \S+ Speed: [\d ]+ attempts/second\n"
                        r"Nothing found\nhc: interrupted\nexit=130", text), screen


def test_redirected_stdout_identical_with_and_without_progress(pty_runs, tmp_path):
    """A tree with digests and error lines (-q past the tiny files): the
    same bytes whether the line was drawn or not (the two runs side by
    side)."""
    sparse_tree(str(tmp_path), 8, 4 << 20, small=20)  # md2, 13 MB/s here: 2.5 s (the line starts after 1 s)
    args = ["md2", "dir", "-s", "t", "-T", "1", "-q", "100"]
    with open(tmp_path / "without.txt", "wb") as out:
        plain = subprocess.Popen([HC_BINARY, *args], cwd=tmp_path, stdout=out, stderr=subprocess.PIPE)
    try:
        run = pty_runs(args, cwd=str(tmp_path), stdout_to="with.txt")
        assert run.finish(timeout=120) == 1  # the error lines
        _, plain_err = plain.communicate(timeout=120)
    finally:
        if plain.poll() is None:
            plain.kill()
            plain.wait()
    assert run.frames(), run.text  # the line was there
    assert plain.returncode == 1 and plain_err == b""
    assert (tmp_path / "with.txt").read_bytes() == (tmp_path / "without.txt").read_bytes()
    assert len((tmp_path / "with.txt").read_text().splitlines()) == 28
    # the line was erased at the end; nothing else reached the terminal
    assert run.text.endswith("\r\x1b[K")
    assert re.sub(r"\rhc: [^\r\n\x1b]*\x1b\[K", "", run.text) == "\r\x1b[K"


def test_dir_status_on_request_and_interrupted_without_a_terminal(tmp_path):
    """SIGUSR1 in dir mode with stderr a pipe: the files line; then Ctrl+C:
    whole lines in order, exit 130."""
    sparse_tree(str(tmp_path), 40, 4 << 20)
    proc = spawn_hc(["md2", "dir", "-s", "t", "-T", "1"], cwd=tmp_path, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    wait_for_handler(proc.pid, signal.SIGUSR1)
    time.sleep(0.5)
    line = status_line(proc)
    rc, out, err = stop(proc)
    assert re.fullmatch(r"hc: status: ([\d ]+ files, )?[\d.]+ \w+, [\d.]+ \w+/s, elapsed \d:\d\d:\d\d\n", line), line
    assert (rc, err) == (130, b"hc: interrupted\n")
    lines = out.decode().split("\n")
    assert lines[-1] == "" and len(lines) < 41
    for i, text in enumerate(lines[:-1]):
        assert re.fullmatch(rf"t/f{i:03} \| 4\.00 Mb \(4194304 bytes\) \| [0-9A-F]{{32}}", text), text


def test_file_mode_interrupted(pty_runs, tmp_path):
    with open(tmp_path / "big", "wb") as f:
        f.truncate(400 << 20)  # minutes of md2
    run = pty_runs(["md2", "file", "-s", "big", "-o", "saved.txt"], cwd=str(tmp_path), stdout_to="out.txt")
    run.wait_ready()
    # the first frames may come before the first MiB is done (sanitizers)
    run.read_for(60, until=lambda r: r.frames() and "ETA" in r.frames()[-1][1])
    assert re.fullmatch(r"hc: [\d.]+ \w+ of 400\.0 MiB \(\d+%\), [\d.]+ \w+/s, ETA .+", run.frames()[-1][1])
    run.child.sendintr()
    assert run.finish() == 130
    assert run.text.endswith("\r\x1b[Khc: -o saved.txt: not written, the run was interrupted (a file there is left"
                             " as it was)\r\nhc: interrupted\r\n")
    # no line for the file, and an interrupted run writes no save file
    assert (tmp_path / "out.txt").read_bytes() == b""
    assert not os.path.lexists(tmp_path / "saved.txt")


def test_file_mode_waiting_for_standard_input(pty_runs):
    """Standard input is the terminal and nothing is typed: Ctrl+C still
    ends the read at once."""
    run = pty_runs(["md5", "file", "-s", "-"])
    run.wait_ready()
    started = time.monotonic()
    run.child.sendintr()
    assert run.finish() == 130
    assert time.monotonic() - started < 20
    assert run.text.endswith("hc: interrupted\r\n")


def test_reason_does_not_mix_with_the_line(pty_runs, tmp_path):
    """A file given as a directory: the contract's line on stdout, the
    OS's reason on the terminal."""
    os.mkdir(tmp_path / "d")
    run = pty_runs(["md5", "file", "-s", "d"], cwd=str(tmp_path), stdout_to="out.txt")
    assert run.finish() == 1
    assert (tmp_path / "out.txt").read_text() == "d | read error\n"
    assert run.text == "hc: d: Is a directory\r\n"


# ---- several inputs and check lists: totals known ahead -----------------------------------------------

SEVERAL_LINE = re.compile(r"hc: (\d+) of 40 files, [\d.]+ \w+ of 160\.0 MiB \((\d+)%\), [\d.]+ \w+/s(, ETA .+)?")


def interrupt_after_eta(run, first_line_in=None):
    """Waits for a frame with the totals and an ETA (and, with
    first_line_in, for a whole line in that file), then Ctrl+C; the frames
    drawn and the exit status."""
    run.wait_ready()

    def line_written():
        return first_line_in is None or (first_line_in.exists() and b"\n" in first_line_in.read_bytes())

    run.read_for(90, until=lambda r: line_written() and any(SEVERAL_LINE.fullmatch(t) and "ETA" in t
                                                             for _, t in r.frames()))
    frames = run.frames()
    run.child.sendintr()
    return frames, run.finish()


def test_several_inputs_line_has_totals_and_ctrl_c(pty_runs, tmp_path):
    """hc md2 file f000 ... f039 > out.txt on a terminal: every frame has the
    totals (a stat of each input, up front), percent and ETA; Ctrl+C clears
    the line, leaves whole lines in argument order, exit 130."""
    sparse_tree(str(tmp_path), 40, 4 << 20)  # 160 MiB of md2: a minute, stopped after a few seconds
    names = [f"t/f{i:03}" for i in reversed(range(40))]  # argument order, not the directory's
    run = pty_runs(["md2", "file", *names, "-T", "1"], cwd=str(tmp_path), stdout_to="out.txt")
    frames, status = interrupt_after_eta(run)
    assert status == 130
    assert frames and all(SEVERAL_LINE.fullmatch(text) for _, text in frames), frames
    done = [int(SEVERAL_LINE.fullmatch(text)[1]) for _, text in frames]
    assert done == sorted(done) and done[-1] < 40
    assert run.text.endswith("\r\x1b[Khc: interrupted\r\n")
    lines = (tmp_path / "out.txt").read_text().split("\n")
    assert lines[-1] == "" and len(lines) - 1 < 40
    for name, text in zip(names, lines[:-1]):
        assert re.fullmatch(rf"{name} \| 4\.00 Mb \(4194304 bytes\) \| [0-9A-F]{{32}}", text), text


def test_check_line_has_totals_and_ctrl_c(pty_runs, tmp_path):
    """hc check of two lists (the second names each file twice, MD2 and MD4
    lines, verified with one read) on a terminal: the lists are counted
    ahead on their own thread, so the line gets 40 files and 160 MiB, percent
    and ETA; Ctrl+C: whole verdict lines in list order, no summary, exit
    130."""
    sparse_tree(str(tmp_path), 40, 4 << 20)
    zero = "0" * 32  # every file FAILs: what is printed is not the point here
    (tmp_path / "first").write_text("".join(f"MD2 (t/f{i:03}) = {zero}\n" for i in range(20)))
    (tmp_path / "second").write_text("".join(f"MD2 (t/f{i:03}) = {zero}\nMD4 (t/f{i:03}) = {zero}\n"
                                             for i in range(20, 40)))
    run = pty_runs(["check", "-s", "first", "-s", "second", "-T", "1"], cwd=str(tmp_path), stdout_to="out.txt")
    # the first verdict line is the state Ctrl+C must come after (on a busy
    # machine the ETA could be drawn before it)
    frames, status = interrupt_after_eta(run, first_line_in=tmp_path / "out.txt")
    assert status == 130
    with_totals = [text for _, text in frames if SEVERAL_LINE.fullmatch(text)]
    assert with_totals, frames
    # before the count is in (a loaded machine), the line without totals
    for _, text in frames:
        assert SEVERAL_LINE.fullmatch(text) or re.fullmatch(r"hc: (\d+ files, )?[\d.]+ \w+, [\d.]+ \w+/s", text), text
    assert run.text.endswith("\r\x1b[Khc: interrupted\r\n")
    expected = [f"t/f{i:03}: FAILED" for i in range(20)]
    expected += [f"t/f{i:03}: FAILED" for i in range(20, 40) for _ in range(2)]
    lines = (tmp_path / "out.txt").read_text().split("\n")
    assert lines[-1] == "" and 0 < len(lines) - 1 < len(expected)
    assert lines[:-1] == expected[:len(lines) - 1]


def test_check_list_on_a_pipe_has_no_totals(tmp_path):
    """A list on standard input cannot be read twice: the line shows what is
    done, without totals (--progress draws it on a pipe)."""
    sparse_tree(str(tmp_path), 3, 10 << 20)  # md2, 13 MB/s here: 2.4 s (the line starts after 1 s)
    listing = "".join(f"MD2 (t/f{i:03}) = {'0' * 32}\n" for i in range(3)).encode()
    done = subprocess.run([HC_BINARY, "check", "-s", "-", "-T", "1", "--progress"], input=listing, cwd=tmp_path,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert done.returncode == 1
    frames = re.findall(r"\r(hc: [^\r\n\x1b]*)\x1b\[K", done.stderr.decode())
    assert frames, done.stderr
    assert all(" of " not in text for text in frames), frames


def test_dir_part_totals_are_the_parts(tmp_path):
    """dir --part K/N: the counting walk totals only the files of part K
    (the rule of docs/file-dir.md, computed here with hashlib), not the
    whole tree (--progress draws the line on a pipe)."""
    sparse_tree(str(tmp_path), 12, 8 << 20)  # md2, 13 MB/s here: the part's 3-6 files take 2-4 s

    def part_of(rel):
        return int.from_bytes(hashlib.sha256(rel.encode()).digest()[:8], "big") % 3 + 1

    parts = [[name for name in sorted(os.listdir(tmp_path / "t")) if part_of(name) == k] for k in (1, 2, 3)]
    part = max(range(3), key=lambda k: len(parts[k]))
    files = len(parts[part])
    done = subprocess.run([HC_BINARY, "md2", "dir", "-s", "t", "--part", f"{part + 1}/3", "-T", "1", "--progress"],
                          cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.decode().splitlines()) == files + 2  # the part's header and end lines around them
    frames = re.findall(r"\r(hc: [^\r\n\x1b]*)\x1b\[K", done.stderr.decode())
    with_totals = [text for text in frames if " of " in text]
    assert with_totals, frames
    for text in with_totals:
        assert re.fullmatch(rf"hc: \d+ of {files} files, [\d.]+ \w+ of {files * 8}\.0 MiB \(\d+%\), .*", text), text


def test_check_count_leaves_a_fifo_list_alone(tmp_path):
    """A FIFO among the lists is left to the verifying side: the count gives
    up on totals without opening it (an open would release the writer into
    a FIFO that nobody reads once the count closes it: a lost list, a hang)."""
    sparse_tree(str(tmp_path), 3, 1 << 20)  # md2: the first list keeps hc busy while the count runs ahead
    zero = "0" * 32
    (tmp_path / "first").write_text("".join(f"MD2 (t/f{i:03}) = {zero}\n" for i in range(3)))
    os.mkfifo(tmp_path / "second")

    def write_second():
        with open(tmp_path / "second", "w") as f:
            f.write(f"MD2 (t/f001) = {zero}\n")

    writer = threading.Thread(target=write_second, daemon=True)
    writer.start()
    done = subprocess.run([HC_BINARY, "check", "-s", "first", "-s", "second", "-T", "1", "--progress"], cwd=tmp_path,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=90)
    writer.join(timeout=10)
    assert done.stdout.decode() == "t/f000: FAILED\nt/f001: FAILED\nt/f002: FAILED\nt/f001: FAILED\n", done.stderr
    assert done.returncode == 1
    frames = re.findall(r"\r(hc: [^\r\n\x1b]*)\x1b\[K", done.stderr.decode())
    assert all(" of " not in text for text in frames), frames
