"""-o writes where the path points, as a shell's `>` does (docs/reliability.md):
through symlinks, into devices and FIFOs, keeping an existing file's mode,
owner and links; a file hc creates is removed when it cannot be written
completely, an existing one is left as it was."""
import os
import resource
import shutil
import stat
import subprocess
import threading

import pytest

from conftest import HC_BINARY, run_hc
from filedir_util import NOBODY, make_tree, run_hc_unprivileged, unprivileged_prefix

MD5_123 = "202CB962AC59075B964B07152D234B70"
LINE = f"t/notempty | 3 bytes | {MD5_123}\n"


@pytest.fixture
def t(tmp_path):
    make_tree(tmp_path, {"t/notempty": b"123"})
    return tmp_path


def save(cwd, target, *extra, **kwargs):
    return run_hc("md5", "file", "-s", "t/notempty", "-o", str(target), *extra, cwd=cwd, **kwargs)


def test_symlink_is_followed(t):
    (t / "real").write_bytes(b"old contents, longer than the new text........\n")
    os.symlink("real", t / "link")
    r = save(t, "link")
    assert (r.rc, r.out) == (0, LINE)
    assert os.path.islink(t / "link") and os.readlink(t / "link") == "real"
    assert (t / "real").read_text() == LINE  # rewritten and cut to the new length


def test_dangling_symlink_creates_its_target(t):
    (t / "d").mkdir()
    os.symlink("d/new.txt", t / "link")
    r = save(t, "link")
    assert r.rc == 0
    assert os.path.islink(t / "link")
    assert (t / "d" / "new.txt").read_text() == LINE


def test_hard_links_stay_linked(t):
    (t / "a").write_text("old\n")
    os.link(t / "a", t / "b")
    r = save(t, "a")
    assert r.rc == 0
    assert os.stat(t / "a").st_nlink == 2
    assert (t / "b").read_text() == LINE


def test_mode_and_owner_kept(t):
    target = t / "private"
    target.write_text("secret\n")
    os.chmod(target, 0o600)
    if os.geteuid() == 0:
        os.chown(target, NOBODY, NOBODY)
    before = os.stat(target)
    r = save(t, target)
    assert r.rc == 0
    after = os.stat(target)
    assert stat.S_IMODE(after.st_mode) == 0o600
    assert (after.st_uid, after.st_gid, after.st_ino) == (before.st_uid, before.st_gid, before.st_ino)
    assert target.read_text() == LINE


def test_writable_file_in_read_only_directory(tmp_path):
    """`echo > file` works there, and so must -o (a rename cannot)."""
    if unprivileged_prefix() is None:
        pytest.skip("cannot drop root privileges here")
    make_tree(tmp_path, {"t/notempty": b"123"})
    ro = tmp_path / "ro"
    ro.mkdir()
    (ro / "sums").write_text("old old old old old old old old old\n")
    for path in (tmp_path, tmp_path / "t", tmp_path / "t" / "notempty", ro, ro / "sums"):
        if os.geteuid() == 0:
            os.chown(path, NOBODY, NOBODY)
    os.chmod(ro, 0o555)
    os.chmod(tmp_path, 0o755)
    r = run_hc_unprivileged("md5", "file", "-s", "t/notempty", "-o", "ro/sums", cwd=tmp_path)
    assert (r.rc, r.out) == (0, LINE)
    assert (ro / "sums").read_text() == LINE
    # a new file cannot be made there: the OS reason, exit 2, nothing left
    r = run_hc_unprivileged("md5", "file", "-s", "t/notempty", "-o", "ro/new", cwd=tmp_path)
    # known before hashing: the one message, nothing hashed
    assert (r.rc, r.out, r.err) == (2, "Error opening file: ro/new Error message: Permission denied\n", "")
    assert sorted(os.listdir(ro)) == ["sums"]
    os.chmod(ro, 0o755)


def test_fifo_written_directly(t):
    fifo = t / "fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
    reader.start()
    r = save(t, fifo, timeout=60)
    reader.join(60)
    assert r.rc == 0
    assert got == [LINE.encode()]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_stdout_link_written_directly(t):
    """What /dev/stdout is: a symlink to /proc/self/fd/1. With stdout on a
    file, the file holds the text once and the link stays a link."""
    os.symlink("/proc/self/fd/1", t / "stdout")
    with open(t / "console", "wb") as console:
        proc = subprocess.run([HC_BINARY, "md5", "file", "-s", "t/notempty", "-o", "stdout"], cwd=t, stdout=console,
                              stderr=subprocess.PIPE, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert os.path.islink(t / "stdout")
    assert (t / "console").read_text() == LINE
    # and through a pipe
    r = save(t, "/dev/stdout")
    assert (r.rc, r.out) == (0, LINE * 2)


def test_device_written_directly(t):
    r = save(t, "/dev/null")
    assert (r.rc, r.out) == (0, LINE)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    r = save(t, "/dev/full")
    assert r.rc == 2
    assert r.lines[-1] == "Error opening file: /dev/full Error message: No space left on device"


def test_directory_and_missing_directory(t):
    r = save(t, "t")
    assert (r.rc, r.out, r.err) == (2, "Error opening file: t Error message: Is a directory\n", "")
    r = save(t, "no/such/out")
    assert (r.rc, r.out, r.err) == (2, "Error opening file: no/such/out Error message: No such file or directory\n", "")
    (t / "plain").write_bytes(b"keep")
    r = save(t, "plain/out")
    assert (r.rc, r.out, r.err) == (2, "Error opening file: plain/out Error message: Not a directory\n", "")
    assert (t / "plain").read_bytes() == b"keep"
    (t / "plain").unlink()
    assert sorted(os.listdir(t)) == ["t"]


def file_size_limit(limit):
    def apply():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def many_lines_tree(root):
    make_tree(root, {f"m/file{i:02}": b"%d" % i for i in range(40)})  # about 2,000 bytes of output


def test_created_file_removed_when_a_write_fails(tmp_path):
    """Past RLIMIT_FSIZE the write fails (EFBIG) part way: hc reports it and
    removes the file it created (before: killed by SIGXFSZ, a partial file
    left behind)."""
    many_lines_tree(tmp_path)
    proc = subprocess.run([HC_BINARY, "md5", "dir", "-s", "m", "-o", "sums"], cwd=tmp_path, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, preexec_fn=file_size_limit(1000), timeout=60)
    lines = proc.stdout.decode().splitlines()
    assert proc.returncode == 2
    assert lines[-1] == "Error opening file: sums Error message: File too large"
    assert len(lines) == 40 + 2
    assert sorted(os.listdir(tmp_path)) == ["m"]


def test_existing_file_restored_when_a_write_fails(tmp_path):
    """The old bytes are put back when the new text cannot be written
    completely."""
    many_lines_tree(tmp_path)
    old = bytes(range(256)) * 4  # 1,024 bytes
    (tmp_path / "sums").write_bytes(old)
    proc = subprocess.run([HC_BINARY, "md5", "dir", "-s", "m", "-o", "sums"], cwd=tmp_path, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, preexec_fn=file_size_limit(1500), timeout=60)
    assert proc.returncode == 2
    assert proc.stdout.decode().splitlines()[-1] == "Error opening file: sums Error message: File too large"
    assert (tmp_path / "sums").read_bytes() == old


def run_in_small_filesystem(tmp_path, script):
    """Runs a shell script in a private mount namespace with a 64 KiB tmpfs
    at ./small (the mount disappears with the namespace)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare to mount a small file system")
    (tmp_path / "small").mkdir()
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs small"], cwd=tmp_path,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if probe.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    full = ("set -e; mount -t tmpfs -o size=64k tmpfs small; " + script)
    return subprocess.run(["unshare", "-m", "sh", "-c", full], cwd=tmp_path, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=60, env={**os.environ, "HC": HC_BINARY})


def test_full_file_system(tmp_path):
    """ENOSPC: a new file is removed, an existing one keeps its bytes (the
    space is reserved before any byte changes)."""
    # about 6,000 bytes of output: more than the page the old file has
    make_tree(tmp_path, {f"m/file{i:03}": b"%d" % i for i in range(120)})
    script = """
        printf 'old text\\n' > small/kept
        head -c 1000000 /dev/zero > small/filler 2>/dev/null || true
        set +e
        "$HC" md5 dir -s m -o small/new; echo "new:$?"
        "$HC" md5 dir -s m -o small/kept; echo "kept:$?"
        ls small; cat small/kept
    """
    proc = run_in_small_filesystem(tmp_path, script)
    out = proc.stdout.decode()
    assert "new:2" in out and "kept:2" in out, out + proc.stderr.decode()
    assert out.count("Error message: No space left on device") == 2
    listing, kept = out.split("kept:2\n")[1].split("kept\n")[0], out.split("kept\n", 1)[1]
    assert listing.split() == ["filler"]  # no new file left behind
    assert kept == "old text\n"
