"""dir -r on trees of any depth: a bounded number of descriptors and memory
linear in the depth (docs/file-dir.md, "Deep trees"). The trees are made
and removed with descriptor-relative calls: their paths are longer than
PATH_MAX."""
import array
import fcntl
import hashlib
import os
import resource
import shutil
import subprocess
import sys
import termios
import time

import pytest

from conftest import HC_BINARY

DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
PATH_MAX = os.pathconf("/", "PC_PATH_MAX")


def make_chain(root, depth, file_every, name="d"):
    """root/d/d/.../d, depth levels below root; level i (0 = root) holds a
    file f with the text i when i % file_every == 0, and the last level
    always. Returns the relative paths and contents of the files."""
    fd = os.open(root, DIR_FLAGS)
    try:
        for level in range(depth + 1):
            if level % file_every == 0 or level == depth:
                data = b"%d" % level
                out = os.open("f", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644, dir_fd=fd)
                os.write(out, data)
                os.close(out)
            if level == depth:
                break
            os.mkdir(name, dir_fd=fd)
            child = os.open(name, DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = child
    finally:
        os.close(fd)
    return chain_files(depth, file_every, name)


def chain_files(depth, file_every, name="d"):
    """The files make_chain makes: {relative path: contents}."""
    return {"/".join([name] * level + ["f"]): b"%d" % level
            for level in range(depth + 1) if level % file_every == 0 or level == depth}


def remove_tree(path):
    """shutil.rmtree for trees deeper than PATH_MAX: down one descriptor at
    a time, emptying each directory and removing it on the way back up
    (through '..', with the names of the way down kept)."""
    if not os.path.exists(path):
        return
    fd = os.open(path, DIR_FLAGS)
    way_down = []
    try:
        while True:
            sub = None
            with os.scandir(fd) as entries:
                names = [(e.name, e.is_dir(follow_symlinks=False)) for e in entries]
            for name, is_dir in names:
                if is_dir:
                    sub = name
                else:
                    os.unlink(name, dir_fd=fd)
            if sub is not None:
                child = os.open(sub, DIR_FLAGS, dir_fd=fd)
                os.close(fd)
                fd = child
                way_down.append(sub)
                continue
            if not way_down:
                break
            parent = os.open("..", DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = parent
            os.rmdir(way_down.pop(), dir_fd=fd)
    finally:
        os.close(fd)
    os.rmdir(path)


def remove_chain(root, name="d"):
    """Faster than remove_tree for a chain of make_chain: no directory
    listings. Leaves anything else for remove_tree."""
    fd = os.open(root, DIR_FLAGS)
    depth = 0
    try:
        while True:
            try:
                child = os.open(name, DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                break
            os.close(fd)
            fd, depth = child, depth + 1
        for _ in range(depth + 1):
            try:
                os.unlink("f", dir_fd=fd)
            except FileNotFoundError:
                pass
            if depth == 0:
                break
            parent = os.open("..", DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd, depth = parent, depth - 1
            os.rmdir(name, dir_fd=fd)
    finally:
        os.close(fd)


def md5(data):
    return hashlib.md5(data).hexdigest().upper()


def tmpfs_usable():
    """Root with unshare and tmpfs: a deep chain is then made in a private
    tmpfs (ext4 on a busy disk spends seconds per thousand directories made
    and removed, a tmpfs milliseconds, and the mount vanishes with its
    namespace: nothing to clean up)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs tmpfs /mnt"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


# AddressSanitizer keeps freed memory (up to 256 MB) in quarantine: each
# level's closed DIR buffer (32 KiB) would count as hc's memory.
SANITIZER_ENV = dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=1")


def hash_chain(tmp_path, depth, file_every, nofile):
    """Makes a chain (make_chain), runs `hc md5 dir -s . -r -c` at its top
    with RLIMIT_NOFILE = nofile under /usr/bin/time (for the max RSS of hc
    alone: a child forked from this Python would count its memory too).
    Returns (exit status, stdout, stderr, max RSS in KiB, files)."""
    if not os.path.exists("/usr/bin/time"):
        pytest.skip("no /usr/bin/time")
    rss = tmp_path / "rss.txt"
    if tmpfs_usable():
        mnt = tmp_path / "mnt"
        mnt.mkdir()
        script = ('mount -t tmpfs tmpfs "$1" && "$2" "$3" make "$1/deep" "$4" "$5" && cd "$1/deep" && '
                  'ulimit -n "$6" && exec /usr/bin/time -f %M -o "$7" "$8" md5 dir -s . -r -c')
        proc = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", str(mnt), sys.executable, __file__,
                               str(depth), str(file_every), str(nofile), str(rss), HC_BINARY],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=SANITIZER_ENV, timeout=300)
        files = chain_files(depth, file_every)
    else:
        root = tmp_path / "deep"
        root.mkdir()
        try:
            files = make_chain(root, depth, file_every)

            def limit():
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

            proc = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", str(rss), HC_BINARY, "md5", "dir", "-s", ".",
                                   "-r", "-c"], cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  preexec_fn=limit, env=SANITIZER_ENV, timeout=300)
        finally:
            remove_chain(root)
            remove_tree(root)
    rss_kib = int(rss.read_text().split()[-1]) if rss.exists() else 0
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode(), rss_kib, files


def test_2000_levels_with_64_descriptors(tmp_path):
    """Before: one descriptor per level, so the walk stopped at depth 60 with
    ProcessFdQuotaExceeded and exit 1."""
    rc, out, err, _, files = hash_chain(tmp_path, 2000, 1, nofile=64)
    assert rc == 0, out[-300:] + err[-300:]
    lines = out.splitlines()
    assert len(lines) == 2001
    # walk order: a directory's file before its sub-directory
    want = [f"{md5(data)} ./{rel}" for rel, data in sorted(files.items(), key=lambda kv: kv[0].count("/"))]
    assert lines == want


def test_30000_levels_memory_linear(tmp_path):
    """Before: the walk stopped at depth 19,995, its memory grown with the
    square of the depth to 560 MB (each level kept its whole path). Now it
    completes, with memory linear in the depth: 30,000 levels cost about
    8 MiB (docs/file-dir.md)."""
    rc, out, err, rss_deep, files = hash_chain(tmp_path, 30000, 1000, nofile=64)
    lines = out.splitlines()
    assert len(lines) == len(files) == 31
    assert lines[-1] == f"{md5(b'30000')} ./{'d/' * 30000}f"
    # the files past PATH_MAX are listed, and said (a check could not open them)
    assert rc == 1, err[-300:]
    assert err.splitlines() == [too_long_said(line[33:]) for line in lines if len(line) - 33 >= PATH_MAX]
    # against a 10-level chain with the same binary (a sanitizer's own
    # memory then counts on both sides)
    small = tmp_path / "small"
    small.mkdir()
    _, _, _, rss_small, _ = hash_chain(small, 10, 1000, nofile=64)
    assert 0 < rss_deep - rss_small < 64 * 1024, (rss_small, rss_deep)


def too_long_said(path):
    return (f"hc: {path}: a path this long cannot be opened by its name (the walk went folder by folder): "
            "`hc check` of this list would not find it")


def test_a_path_too_long_to_open_by_name_is_said(tmp_path):
    """dir reaches every file of a deep tree folder by folder, but `hc
    check` opens a listed file by its path: one past PATH_MAX was listed
    with exit 0, and check then failed on it with `File name too long`.
    Now each such file is named on stderr, every file is still listed, and
    the exit status is 1. `-s deep` makes the paths even-length, so one of
    exactly PATH_MAX bytes (too long: the limit counts the NUL) is met."""
    root = tmp_path / "deep"
    root.mkdir()
    try:
        files = make_chain(root, PATH_MAX // 2, 1)
        paths = ["deep/" + rel for rel in sorted(files, key=lambda rel: rel.count("/"))]
        too_long = [p for p in paths if len(p.encode()) >= PATH_MAX]
        assert len(too_long) == 4 and len(too_long[0]) == PATH_MAX
        r = subprocess.run([HC_BINARY, "md5", "dir", "-s", "deep", "-r"], cwd=tmp_path, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=300)
        assert r.returncode == 1, r.stderr[-300:]
        assert r.stdout.decode().splitlines() == [
            f"{p} | {len(files[p[5:]])} bytes | {md5(files[p[5:]])}" for p in paths]
        assert r.stderr.decode().splitlines() == [too_long_said(p) for p in too_long]
        # the kernel agrees: check of the list finds every other file
        (tmp_path / "SUMS").write_bytes(r.stdout)
        checked = subprocess.run([HC_BINARY, "md5", "check", "-s", "SUMS"], cwd=tmp_path, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, timeout=300)
        assert checked.stdout.decode().splitlines() == [
            f"{p}: {'FAILED open or read' if p in too_long else 'OK'}" for p in paths]
        assert checked.stderr.decode().count("File name too long") == len(too_long)
    finally:
        remove_chain(root)
        remove_tree(root)


def pipe_bytes(fd):
    buf = array.array("i", [0])
    fcntl.ioctl(fd, termios.FIONREAD, buf)
    return buf[0]


def test_directory_moved_during_the_walk(tmp_path):
    """Closed directories are reopened through '..' of the child just left,
    checked by device and inode. Here a directory is moved away while hc is
    below it (hc is held still by a full stdout pipe): '..' then leads
    elsewhere, and the parent is found again by its path instead, so its
    other sub-directory is still hashed."""
    name = "c" * 200  # long names fill the pipe within a few levels
    root = tmp_path / "m"
    (root / "a").mkdir(parents=True)
    (root / "z").mkdir()
    (root / "z" / "x").write_bytes(b"x")
    make_chain(root / "a", 60, file_every=1, name=name)
    # level 9 also has e/y, walked after its chain
    fd = os.open(root / "a", DIR_FLAGS)
    for _ in range(9):
        child = os.open(name, DIR_FLAGS, dir_fd=fd)
        os.close(fd)
        fd = child
    level9 = fd
    os.mkdir("e", dir_fd=level9)
    out = os.open("e/y", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=level9)
    os.write(out, b"y")
    os.close(out)

    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))

    proc = subprocess.Popen([HC_BINARY, "md5", "dir", "-s", "m", "-r", "-c"], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=limit)
    try:
        # wait until the pipe is full: hc is then at level 25-35, far from
        # coming back up
        deadline, last, still = time.monotonic() + 60, -1, 0
        while time.monotonic() < deadline and still < 30:
            now = pipe_bytes(proc.stdout.fileno())
            still = still + 1 if now == last and now > 32768 else 0
            last = now
            time.sleep(0.01)
        assert proc.poll() is None, "hc ended before its output filled the pipe"
        m = os.open(root, DIR_FLAGS)
        os.rename(name, "moved", src_dir_fd=level9, dst_dir_fd=m)
        os.close(m)
        out, err = proc.communicate(timeout=60)
    finally:
        os.close(level9)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    lines = out.decode().splitlines()
    # 200-byte names: the deeper files are past PATH_MAX, listed and said
    assert proc.returncode == 1, err
    assert err.decode().splitlines() == [too_long_said(line[33:]) for line in lines if len(line) - 33 >= PATH_MAX]
    prefix = "m/a/" + "/".join([name] * 9)
    assert f"{md5(b'y')} {prefix}/e/y" in lines
    assert lines[-1] == f"{md5(b'x')} m/z/x"
    assert len(lines) == 61 + 2
    remove_tree(root)


if __name__ == "__main__":
    # make DIR DEPTH FILE_EVERY: hash_chain's helper inside a private tmpfs
    if sys.argv[1] == "make":
        os.mkdir(sys.argv[2])
        make_chain(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
