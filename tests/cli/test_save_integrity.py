"""-o never destroys a user's data (docs/reliability.md, "The save file"):

* a save file that is an input of the run (file mode: any input, standard
  input included; dir mode: a file the walk would hash) is refused before
  anything is hashed: exit 2, one line on stderr, nothing on stdout, the
  file byte for byte as it was;
* an interrupted run writes no save file: an existing one stays as it was,
  a missing one is not created, and stderr says so;
* one stop request that reaches hc twice at once (`timeout` signals the
  child and then its process group) is one request; a second one later
  kills as before.

Every wait is for a state hc reached (a handler installed, a line printed,
a signal delivered, the walk held by the test shim), never a fixed time,
except where the rule itself is about time (a second request at least
PLAT_INTERRUPT_ECHO_MS after the first)."""
import hashlib
import os
import signal
import subprocess
import time

import pytest

from conftest import HC_BINARY, default_sigint, run_hc, spawn_hc, wait_for_handler

HC_READFAIL = os.environ.get("HC_READFAIL", "")
PRECIOUS = b"PRECIOUS: the user's only copy\n" * 1000
SMALL = b"precious, under 1 KiB: its size in bytes only\n"
ECHO_SECONDS = 0.5  # PLAT_INTERRUPT_ECHO_MS (src/platform/platform.h)


def sha256_line(path, data):
    return f"{path} | {len(data)} bytes | {hashlib.sha256(data).hexdigest().upper()}\n"


# ---- -o naming an input ----

def refusal(save, what):
    return (f"hc: -o {save}: it is {what}: refusing to overwrite it; nothing was hashed\n")


def test_file_mode_refuses_to_overwrite_its_input(tmp_path):
    (tmp_path / "self.bin").write_bytes(PRECIOUS)
    r = run_hc("sha256", "file", "-s", "self.bin", "-o", "self.bin", cwd=tmp_path)
    assert (r.rc, r.out, r.err) == (2, "", refusal("self.bin", "the input self.bin"))
    assert (tmp_path / "self.bin").read_bytes() == PRECIOUS


def test_file_mode_refuses_an_input_among_several_and_through_links(tmp_path):
    """The save file is found by identity: another spelling, a symlink to
    it, the second of several inputs."""
    (tmp_path / "a").write_bytes(b"a")
    (tmp_path / "self.bin").write_bytes(PRECIOUS)
    os.symlink("self.bin", tmp_path / "link")
    os.mkdir(tmp_path / "sub")
    r = run_hc("sha256", "a", "sub/../self.bin", "-o", "link", cwd=tmp_path)
    assert (r.rc, r.out, r.err) == (2, "", refusal("link", "the input sub/../self.bin"))
    assert (tmp_path / "self.bin").read_bytes() == PRECIOUS
    assert os.path.islink(tmp_path / "link")


def test_file_mode_refuses_the_file_on_standard_input(tmp_path):
    (tmp_path / "self.bin").write_bytes(PRECIOUS)
    with open(tmp_path / "self.bin", "rb") as stdin:
        r = run_hc("sha256", "file", "-o", "self.bin", cwd=tmp_path, stdin=stdin)
    assert (r.rc, r.out, r.err) == (2, "", refusal("self.bin", "the file on standard input"))
    assert (tmp_path / "self.bin").read_bytes() == PRECIOUS


def test_file_mode_saves_over_a_file_that_is_no_input(tmp_path):
    """The guard refuses inputs only: an unrelated existing file is still
    replaced, as before."""
    (tmp_path / "a").write_bytes(b"alpha")
    (tmp_path / "sums").write_bytes(PRECIOUS)
    r = run_hc("sha256", "file", "-s", "a", "-o", "sums", cwd=tmp_path)
    assert (r.rc, r.out, r.err) == (0, sha256_line("a", b"alpha"), "")
    assert (tmp_path / "sums").read_text() == r.out


def tree(tmp_path):
    os.makedirs(tmp_path / "d" / "sub")
    (tmp_path / "d" / "a.bin").write_bytes(SMALL)
    (tmp_path / "d" / "b").write_bytes(b"b")
    (tmp_path / "d" / "sub" / "c.bin").write_bytes(SMALL)


DIR_HINT = " (save the list outside the tree, or leave the file out with -e)"


@pytest.mark.parametrize("source, save, extra", [
    ("d", "d/a.bin", []),
    ("d", "d/sub/c.bin", ["-r"]),
    ("./d/../d", "d/a.bin", []),
    ("d/sub/..", "d/sub/c.bin", ["-r", "-i", "*.bin"]),
    ("d", "link", ["-r"]),
], ids=["top", "recursive", "other-spelling", "included", "symlink"])
def test_dir_mode_refuses_a_file_of_the_tree(tmp_path, source, save, extra):
    tree(tmp_path)
    os.symlink("d/sub/c.bin", tmp_path / "link")
    r = run_hc("sha256", "dir", "-s", source, *extra, "-o", save, cwd=tmp_path)
    message = refusal(save, f"a file of the tree {source}")
    assert (r.rc, r.out, r.err) == (2, "", message.replace("; nothing", DIR_HINT + "; nothing"))
    assert (tmp_path / "d" / "a.bin").read_bytes() == SMALL
    assert (tmp_path / "d" / "sub" / "c.bin").read_bytes() == SMALL


@pytest.mark.parametrize("save, extra, listed", [
    ("d/sub/c.bin", [], ["a.bin", "b"]),          # not recursive: sub is not walked
    ("d/a.bin", ["-e", "*.bin"], ["b"]),          # left out by -e
    ("d/a.bin", ["-i", "b"], ["b"]),              # not taken by -i
    ("d/new.txt", [], ["a.bin", "b"]),            # not there yet: nothing to destroy
], ids=["below-a-flat-walk", "excluded", "not-included", "new-file"])
def test_dir_mode_saves_where_the_walk_does_not_read(tmp_path, save, extra, listed):
    tree(tmp_path)
    contents = {"a.bin": SMALL, "b": b"b"}
    r = run_hc("sha256", "dir", "-s", "d", *extra, "-o", save, cwd=tmp_path)
    assert (r.rc, r.out, r.err) == (0, "".join(sha256_line(f"d/{n}", contents[n]) for n in listed), "")
    assert (tmp_path / save).read_text() == r.out


# ---- an interrupted run leaves the save file alone ----

NOT_WRITTEN = "hc: -o {}: not written, the run was interrupted (a file there is left as it was)\nhc: interrupted\n"


def delivered(pid, sig):
    """sig is no longer pending for the process: its handler has run or is
    running."""
    with open(f"/proc/{pid}/status") as status:
        fields = dict(line.split(":", 1) for line in status if ":" in line)
    pending = int(fields["SigPnd"], 16) | int(fields["ShdPnd"], 16)
    return not pending & (1 << (sig - 1))


def wait_delivered(pid, sig, timeout=30):
    deadline = time.monotonic() + timeout
    while not delivered(pid, sig):
        assert time.monotonic() < deadline, "the signal stayed pending"
        time.sleep(0.001)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("existing", [True, False], ids=["existing", "absent"])
def test_file_mode_interrupted_keeps_the_save_file(tmp_path, sig, existing):
    """hc waits on a FIFO that no one writes to: it has read nothing when
    the signal comes."""
    os.mkfifo(tmp_path / "fifo")
    if existing:
        (tmp_path / "s.txt").write_bytes(PRECIOUS)
    proc = spawn_hc(["md2", "file", "-s", "fifo", "-o", "s.txt"], stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, cwd=tmp_path)
    try:
        wait_for_handler(proc.pid, sig)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert (proc.returncode, out, err.decode()) == (130, b"", NOT_WRITTEN.format("s.txt"))
    if existing:
        assert (tmp_path / "s.txt").read_bytes() == PRECIOUS
    else:
        assert not os.path.lexists(tmp_path / "s.txt")


def test_dir_mode_interrupted_keeps_a_complete_list(tmp_path):
    """A complete list from an earlier run stays whole when the next run is
    stopped after its first line."""
    os.mkdir(tmp_path / "t")
    (tmp_path / "t" / "a").write_bytes(b"a")
    with open(tmp_path / "t" / "b", "wb") as big:
        big.truncate(1 << 30)  # minutes of md2
    (tmp_path / "list").write_bytes(PRECIOUS)
    proc = spawn_hc(["md2", "dir", "-s", "t", "-T", "1", "-o", "list"], stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, cwd=tmp_path)
    try:
        first = proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        rest, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert first == b"t/a | 1 bytes | 32EC01EC4A6DAC72C0AB96FB34C0B5D1\n"
    assert (proc.returncode, rest, err.decode()) == (130, b"", NOT_WRITTEN.format("list"))
    assert (tmp_path / "list").read_bytes() == PRECIOUS


# ---- one request that arrives twice is one request ----

def stalled_walk(tmp_path):
    """hc held in a call that signals cannot end (the shim's deaf stall),
    as on a hung network mount; returns the process and the release file."""
    os.makedirs(tmp_path / "root" / "held")
    release = tmp_path / "release"
    env = dict(os.environ, LD_PRELOAD=HC_READFAIL, HC_STALL_DIR_NAME="held", HC_STALL_RELEASE=str(release),
               HC_STALL_DEAF="1", ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0")
    proc = subprocess.Popen([HC_BINARY, "md5", "dir", "-s", str(tmp_path / "root"), "-r"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, preexec_fn=default_sigint)
    assert proc.stderr.readline() == b"hc-test: walk stalled\n"
    wait_for_handler(proc.pid, signal.SIGTERM)
    return proc, release


@pytest.mark.skipif(not HC_READFAIL, reason="needs the test shim (HC_READFAIL)")
def test_a_stop_that_arrives_twice_at_once_is_one(tmp_path):
    """`timeout -s TERM` signals hc, then its process group: two TERMs
    within microseconds. The second came after the first was handled here
    (the test waits for that), and still it must not kill."""
    proc, release = stalled_walk(tmp_path)
    try:
        proc.send_signal(signal.SIGTERM)
        wait_delivered(proc.pid, signal.SIGTERM)
        proc.send_signal(signal.SIGTERM)
        wait_delivered(proc.pid, signal.SIGTERM)
        release.touch()
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert (proc.returncode, out, err) == (130, b"", b"hc: interrupted\n")


@pytest.mark.skipif(not HC_READFAIL, reason="needs the test shim (HC_READFAIL)")
def test_a_second_request_later_kills(tmp_path):
    """The run does not stop (a call nothing can interrupt): the user's
    second Ctrl+C ends hc at once, by the signal."""
    proc, release = stalled_walk(tmp_path)
    try:
        proc.send_signal(signal.SIGINT)
        wait_delivered(proc.pid, signal.SIGINT)
        time.sleep(ECHO_SECONDS + 0.1)  # the rule itself is about time
        proc.send_signal(signal.SIGINT)
        rc = proc.wait(timeout=30)
    finally:
        release.touch()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert rc == -signal.SIGINT
