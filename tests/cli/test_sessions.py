"""--session NAME / --restore in hash mode: a search stopped by Ctrl+C,
SIGTERM or the q key saves its position and continues from it; a
finished one leaves no state; a state of another search, or one that is
no hc state at all, is refused. The state folder is HC_SESSION_DIR here.

Every wait is for a state the test needs (the state file with a position,
the process's handler), never a fixed time."""
import hashlib
import os
import re
import signal
import subprocess
import time

import pytest

from conftest import HC_BINARY, default_sigint, run_hc, wait_for_handler

LOWER = "abcdefghijklmnopqrstuvwxyz"


def md5(text):
    return hashlib.md5(text.encode()).hexdigest()


def rank_of(word, sets):
    """The place of word in the mask's order (rightmost fastest), from 0."""
    r = 0
    for ch, chars in zip(word, sets):
        r = r * len(chars) + chars.index(ch)
    return r


@pytest.fixture
def state_dir(tmp_path):
    d = tmp_path / "sessions"
    return d


def env_of(state_dir):
    return {"HC_SESSION_DIR": str(state_dir)}


def hc_session(state_dir, *args, **kwargs):
    return run_hc("md5", "hash", *args, env=env_of(state_dir), **kwargs)


def attempts(out):
    return int(re.search(r"^Attempts: ([\d ]+) Time", out, re.M).group(1).replace(" ", ""))


def position(path):
    text = path.read_text()
    return int(re.search(r"^position: (\d+)\nend\n\Z", text, re.M).group(1))


def start(state_dir, args):
    return subprocess.Popen([HC_BINARY, "md5", "hash", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=dict(os.environ, **env_of(state_dir)), preexec_fn=default_sigint)


def wait_for_position(proc, path, least=1, timeout=120):
    """Waits until the state file holds a position of at least `least`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the search ended before its checkpoint"
        try:
            if position(path) >= least:
                return position(path)
        except (OSError, AttributeError):
            pass
        time.sleep(0.01)
    raise AssertionError("no checkpoint")


def interrupt(proc, sig=signal.SIGINT):
    wait_for_handler(proc.pid, sig)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out.decode(), err.decode()


# A mask search long enough to be stopped: the answer far in, the window
# ending soon after it.
MASK = "?l?l?l?l?l?l?l"
ANSWER = "baaaaaa"
RANK = rank_of(ANSWER, [LOWER] * 7)
LIMIT = RANK + 1000
MASK_ARGS = ["-s", md5(ANSWER), "--mask", MASK, "--limit", str(LIMIT), "--noprobe", "-T", "1"]


def stopped_session(state_dir, name, sig=signal.SIGINT):
    """A mask search with --session NAME stopped by sig once it checkpointed
    a position: its exit status, output, and the state file."""
    path = state_dir / f"{name}.session"
    proc = start(state_dir, MASK_ARGS + ["--session", name])
    try:
        saved = wait_for_position(proc, path)
        rc, out, err = interrupt(proc, sig)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert saved < RANK, "the machine outran the test: the answer was passed before the stop"
    return rc, out, err, path


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_stopped_search_continues_with_restore(state_dir, sig):
    rc, out, err, path = stopped_session(state_dir, "stop", sig)
    assert rc == 130 and err == "hc: interrupted\n" and out.endswith("Nothing found\n"), (rc, out, err)
    saved = position(path)
    # the last checkpoint is the stop's: every candidate before it was tried, none after the summary's count
    assert 0 < saved <= attempts(out) < RANK
    assert path.read_text().startswith("hc session 1\n")
    assert not (state_dir / "stop.session.tmp").exists()
    restored = hc_session(state_dir, *MASK_ARGS, "--session", "stop", "--restore")
    assert restored.rc == 0 and restored.err == "", restored
    assert restored.out.endswith(f"Initial string is: {ANSWER}\n")
    assert attempts(restored.out) == RANK + 1  # counting on, as if never stopped
    assert not path.exists()  # a finished session's state goes
    assert os.listdir(state_dir) == []


def test_restore_starts_at_the_saved_position(state_dir):
    """The position in the file decides where the search goes on: just
    before the answer it is found at once; just past it, it is not."""
    _, _, _, path = stopped_session(state_dir, "edit")
    text = path.read_text()
    path.write_text(re.sub(r"position: \d+", f"position: {RANK + 1}", text))
    missed = hc_session(state_dir, *MASK_ARGS, "--session", "edit", "--restore")
    assert missed.rc == 1 and missed.out.endswith("Nothing found\n") and missed.err == "", missed
    assert attempts(missed.out) == LIMIT
    assert not path.exists()  # searched to its end: finished
    path.write_text(re.sub(r"position: \d+", f"position: {RANK}", text))
    found = hc_session(state_dir, *MASK_ARGS, "--session", "edit", "--restore")
    assert found.rc == 0 and found.out.endswith(f"Initial string is: {ANSWER}\n"), found
    assert attempts(found.out) == RANK + 1
    assert not path.exists()


def test_default_session_name(state_dir):
    _, _, _, path = stopped_session(state_dir, "hc")
    restored = hc_session(state_dir, *MASK_ARGS, "--restore")
    assert restored.rc == 0 and attempts(restored.out) == RANK + 1, restored
    assert not path.exists()


def test_finished_sessions_leave_no_state(state_dir):
    found = hc_session(state_dir, "-s", md5("77"), "--mask", "?d?d", "--session", "quick", "--noprobe")
    assert found.rc == 0 and found.out.endswith("Initial string is: 77\n"), found
    missed = hc_session(state_dir, "-s", md5("zz"), "--mask", "?d?d", "--session", "quick", "--noprobe")
    assert missed.rc == 1 and missed.out.endswith("Nothing found\n"), missed
    assert os.listdir(state_dir) == []


@pytest.mark.parametrize("change", [
    ["-s", md5("qqqqqqq")],
    ["--mask", "?l?l?l?l?l?l?u"],
    ["--limit", str(LIMIT + 1)],
    ["--skip", "5"],
    ["--part", "1/1"],
    ["-1", "abc"],
], ids=["digest", "mask", "limit", "skip", "part", "custom-set"])
def test_restore_with_other_options_refused(state_dir, change):
    _, _, _, path = stopped_session(state_dir, "changed")
    before = path.read_bytes()
    args = list(MASK_ARGS)
    for i in range(0, len(change), 2):
        if change[i] in args:
            args[args.index(change[i]) + 1] = change[i + 1]
        else:
            args += change[i:i + 2]
    r = hc_session(state_dir, *args, "--session", "changed", "--restore")
    assert r.rc == 2 and r.out == "", r
    assert r.err == (f"hc: --restore: session '{path}' was saved by another search (the digests, the keyspace "
                     "options or the files' contents differ): refused; give the options it was started with\n")
    assert path.read_bytes() == before


def test_restore_after_the_wordlist_changed_refused(state_dir, tmp_path):
    """A wordlist session stopped once its state is written: the list
    edited afterwards makes it another search."""
    words = tmp_path / "words.txt"
    words.write_text("".join(f"{a}{b}{c}\n" for a in LOWER for b in LOWER for c in LOWER))
    args = ["-s", md5("zzz99999"), "--wordlist", str(words), "--mask", "?d?d?d?d?d", "-T", "1"]
    path = state_dir / "list.session"
    proc = start(state_dir, args + ["--session", "list"])
    try:
        wait_for_position(proc, path, least=0)
        rc, _, _ = interrupt(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert rc == 130
    words.write_text(words.read_text().replace("abc\n", "abd\n"))
    r = hc_session(state_dir, *args, "--session", "list", "--restore")
    assert r.rc == 2 and "was saved by another search" in r.err, r
    assert path.exists()


@pytest.mark.parametrize("content", [
    b"",
    b"garbage\n",
    b"hc session 1\n",
    b"hc session 2\nposition: 5\nend\n",
    b"hc session 1\nposition: 5\n",
    b"hc session 1\nposition: x5\nend\n",
    b"hc session 1\nposition: \nend\n",
    b"hc session 1\nposition: 99999999999999999999999\nend\n",
    b"hc session 1\nposition: 5\nend\n\x00",
    b"hc session 1\n\x00\nposition: 5\nend\n",
    b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8,
    b"hc session 1\n" + b"x" * (1 << 20) + b"\nposition: 5\nend\n",
], ids=["empty", "garbage", "header-only", "other-version", "no-end", "bad-number", "no-number", "overflow", "nul",
        "nul-inside", "binary", "too-large"])
def test_corrupt_or_foreign_state_refused(state_dir, content):
    state_dir.mkdir()
    path = state_dir / "bad.session"
    path.write_bytes(content)
    r = hc_session(state_dir, *MASK_ARGS, "--session", "bad", "--restore")
    assert r.rc == 2 and r.out == "", r
    if len(content) > 1 << 20:
        assert r.err == f"hc: --restore: {path}: too large for a session state: refused\n"
    else:
        assert r.err == f"hc: --restore: {path} is not an hc session state (corrupt or foreign): refused\n"
    assert path.read_bytes() == content


def test_identity_mismatch_with_a_valid_frame_refused(state_dir):
    state_dir.mkdir()
    path = state_dir / "frame.session"
    path.write_text("hc session 1\nalgorithm: md5\nposition: 5\nend\n")
    r = hc_session(state_dir, *MASK_ARGS, "--session", "frame", "--restore")
    assert r.rc == 2 and "was saved by another search" in r.err, r


def test_restore_without_a_state(state_dir):
    r = hc_session(state_dir, *MASK_ARGS, "--session", "none", "--restore")
    assert r.rc == 2 and r.out == ""
    assert r.err == f"hc: --restore: no saved session at {state_dir / 'none.session'}\n"


def test_a_saved_session_is_not_overwritten_by_a_new_one(state_dir):
    _, _, _, path = stopped_session(state_dir, "kept")
    before = path.read_bytes()
    r = hc_session(state_dir, *MASK_ARGS, "--session", "kept")
    assert r.rc == 2 and r.out == ""
    assert r.err == (f"hc: --session: session 'kept' is saved at {path}: continue it with --restore, "
                     "or remove the file\n")
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", ["", ".hidden", "a/b", "a b", "x" * 65, "..", "naïve"])
def test_bad_session_names_refused(state_dir, name):
    r = hc_session(state_dir, *MASK_ARGS, "--session", name)
    assert r.rc == 2 and r.out == ""
    assert r.err == (f"hc: invalid --session name '{name}': 1 to 64 letters, digits, '.', '_' or '-', "
                     "not starting with '.'\n")
    assert not state_dir.exists()


@pytest.mark.parametrize("other, message", [
    (["--stdout"], "hc: --session saves a search's position: --stdout prints the candidates instead (cut them with "
                   "--skip)\n"),
    (["--hashes", "-"], "hc: --session saves the search of one digest (-s); with --hashes, split the list's search "
                        "with --part and --skip instead\n"),
])
def test_session_with_options_it_cannot_save(state_dir, other, message):
    args = ["--mask", "?d", "--session", "s"] + other
    r = hc_session(state_dir, *args)
    assert r.rc == 2 and r.out == "" and r.err == message, r


def test_default_state_folder_is_per_user(tmp_path):
    """Without HC_SESSION_DIR: $XDG_STATE_HOME/hc/sessions, else
    $HOME/.local/state/hc/sessions."""
    home = tmp_path / "home"
    env = {"HOME": str(home), "XDG_STATE_HOME": ""}
    r = run_hc("md5", "hash", "-s", md5("1"), "--mask", "?d?d", "--session", "d", "--restore", env=env)
    assert r.err == f"hc: --restore: no saved session at {home}/.local/state/hc/sessions/d.session\n"
    assert (home / ".local/state/hc/sessions").is_dir()
    assert oct((home / ".local/state/hc/sessions").stat().st_mode & 0o777) == "0o700"
    env = {"HOME": str(home), "XDG_STATE_HOME": str(tmp_path / "xdg")}
    r = run_hc("md5", "hash", "-s", md5("1"), "--mask", "?d?d", "--session", "d", "--restore", env=env)
    assert r.err == f"hc: --restore: no saved session at {tmp_path}/xdg/hc/sessions/d.session\n"


def test_status_keys_s_and_q(state_dir):
    """On a terminal: s (and Enter) print the status line, q stops the run
    as Ctrl+C does, saving the session."""
    from test_progress import Pty
    run = Pty(["md5", "hash"] + MASK_ARGS + ["--session", "keys"], env=env_of(state_dir))
    try:
        run.wait_ready()
        run.child.send("s\r")
        run.read_for(60, until=lambda r: "hc: status:" in r.text)
        assert re.search(r"hc: status: [\d ]+ of [\d ]+ candidates", run.text), run.text
        path = state_dir / "keys.session"
        run.read_for(60, until=lambda r: path.exists())
        run.child.send("q\r")
        assert run.finish() == 130
        assert "Nothing found" in run.text and "hc: interrupted" in run.text
        assert position(path) > 0
    finally:
        run.kill()
    restored = hc_session(state_dir, *MASK_ARGS, "--session", "keys", "--restore")
    assert restored.rc == 0 and attempts(restored.out) == RANK + 1, restored


def test_wordlist_session_continues_from_its_last_batch(state_dir, tmp_path):
    """A hybrid wordlist search saves its position at the end of each batch
    of words searched (1024 words of 100 000 candidates here), and goes on
    from there."""
    words = tmp_path / "words.txt"
    words.write_text("".join(f"{a}{b}{c}\n" for a in LOWER for b in LOWER for c in LOWER))
    rank = rank_of("zsa", [LOWER] * 3) * 100000 + 99999
    args = ["-s", md5("zsa99999"), "--wordlist", str(words), "--mask", "?d?d?d?d?d", "-T", "1"]
    path = state_dir / "batches.session"
    proc = start(state_dir, args + ["--session", "batches"])
    try:
        wait_for_position(proc, path)
        rc, out, _ = interrupt(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    saved = position(path)
    assert rc == 130 and saved % (1024 * 100000) == 0 and 0 < saved <= attempts(out), (saved, out)
    assert saved < rank, "the machine outran the test"
    restored = hc_session(state_dir, *args, "--session", "batches", "--restore")
    assert restored.rc == 0 and restored.out.endswith("Initial string is: zsa99999\n"), restored
    assert attempts(restored.out) == rank + 1
    assert not path.exists()
