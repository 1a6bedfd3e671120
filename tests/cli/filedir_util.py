"""Helpers shared by the file and dir mode tests."""
import functools
import hashlib
import os
import shutil
import subprocess
import tempfile
import time

import pytest

from conftest import HC_BINARY, Result, load_vectors, run_hc

VECTORS = {(alg, text): digest for alg, text, digest in load_vectors()}


def vector(alg, text):
    """The digest hc prints for text's bytes in file/dir modes. ntlm is plain
    MD4 of the bytes there (contract §6); the vector file's ntlm rows are
    string mode."""
    return VECTORS[("md4" if alg == "ntlm" else alg, text)]


@functools.lru_cache(maxsize=None)
def is_real(alg):
    """False while an algorithm is still a placeholder on this branch (its
    string-mode digest of "123" is not the published one)."""
    return run_hc(alg, "string", "-s", "123").out.strip() == VECTORS[(alg, "123")]


def require_real(alg):
    if not is_real(alg):
        pytest.skip(f"{alg} is a placeholder on this branch; runs once the algorithm is real")


def run_hc_input(data, *args, cwd=None, timeout=120):
    """Runs hc with data on a pipe as standard input."""
    proc = subprocess.run([HC_BINARY, *args], input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          cwd=cwd, timeout=timeout)
    return Result(proc)


def make_tree(root, files):
    """files: {relative path: bytes}."""
    for rel, data in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)


# ---- an unprivileged user, so that permissions mean something as root ----

NOBODY = 65534


@functools.lru_cache(maxsize=None)
def unprivileged_prefix():
    """argv prefix that runs a command without root's permission bypass, or
    None when impossible."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    prefix = (setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups")
    probe = subprocess.run([*prefix, HC_BINARY, "--version"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return prefix if probe.returncode == 0 else None


def run_hc_unprivileged(*args, cwd=None):
    prefix = unprivileged_prefix()
    if prefix is None:
        pytest.skip("cannot drop root privileges here (no setpriv, or hc not reachable by nobody)")
    proc = subprocess.run([*prefix, HC_BINARY, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                          timeout=120)
    return Result(proc)


@pytest.fixture(autouse=True)
def remove_test_files(tmp_path):
    """Big test files must not pile up in /tmp (pytest keeps the last
    runs' temporary folders)."""
    yield
    shutil.rmtree(tmp_path, ignore_errors=True)


@pytest.fixture
def open_tmp():
    """A temporary directory that an unprivileged user can enter (pytest's
    tmp_path lives under a 0700 directory)."""
    path = tempfile.mkdtemp(prefix="hc-test-")
    os.chmod(path, 0o755)
    yield path
    for root, dirs, _ in os.walk(path):
        for d in dirs:
            try:
                os.chmod(os.path.join(root, d), 0o755, follow_symlinks=False)
            except OSError:
                pass
    shutil.rmtree(path, ignore_errors=True)


# ---- independent implementations ----

HASHLIB_NAMES = {
    "md5": "md5", "sha1": "sha1", "sha224": "sha224", "sha256": "sha256", "sha384": "sha384",
    "sha512": "sha512", "blake2b": "blake2b", "blake2s": "blake2s", "sha-3-224": "sha3_224",
    "sha-3-256": "sha3_256", "sha-3-384": "sha3_384", "sha-3-512": "sha3_512",
}
RHASH_NAMES = {
    "tiger": "tiger", "tth": "tth", "gost": "gost94-cryptopro", "snefru128": "snefru128",
    "snefru256": "snefru256", "edonr256": "edon-r256", "edonr512": "edon-r512", "crc32": "crc32",
    "crc32c": "crc32c", "whirlpool": "whirlpool", "ripemd160": "ripemd160", "md4": "md4", "ntlm": "md4",
    "sha-3-224": "sha3-224", "sha-3-256": "sha3-256", "sha-3-384": "sha3-384", "sha-3-512": "sha3-512",
    "blake2b": "blake2b", "blake2s": "blake2s",
}


# libmhash (optional, through ctypes): HAVAL with 3 passes, RIPEMD-128/256/320
MHASH_NAMES = {
    "haval-128-3": "HAVAL128", "haval-160-3": "HAVAL160", "haval-192-3": "HAVAL192", "haval-224-3": "HAVAL224",
    "haval-256-3": "HAVAL256", "ripemd128": "RIPEMD128", "ripemd256": "RIPEMD256", "ripemd320": "RIPEMD320",
}


@functools.lru_cache(maxsize=None)
def mhash_library():
    import ctypes
    import ctypes.util
    name = ctypes.util.find_library("mhash")
    if name is None:
        return None
    lib = ctypes.CDLL(name)
    lib.mhash_init.restype = ctypes.c_void_p
    lib.mhash_init.argtypes = [ctypes.c_int]
    lib.mhash.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint32]
    lib.mhash_end.restype = ctypes.c_void_p
    lib.mhash_end.argtypes = [ctypes.c_void_p]
    lib.mhash_get_block_size.restype = ctypes.c_uint32
    lib.mhash_get_block_size.argtypes = [ctypes.c_int]
    lib.mhash_get_hash_name_static.restype = ctypes.c_char_p
    lib.mhash_get_hash_name_static.argtypes = [ctypes.c_int]
    # ids differ between mhash versions: look them up by name
    ids = {}
    for i in range(64):
        name = lib.mhash_get_hash_name_static(i)
        if name:
            ids[name.decode()] = i
    return lib, ids


def mhash_digest(name, data):
    import ctypes
    found = mhash_library()
    if found is None or name not in found[1]:
        return None
    lib, ids = found
    handle = lib.mhash_init(ids[name])
    lib.mhash(handle, data, len(data))
    digest = ctypes.string_at(lib.mhash_end(handle), lib.mhash_get_block_size(ids[name]))
    return digest.hex().upper()


def independent_digest(alg, path):
    """Upper-case hex digest of the file from another implementation, or
    None when none is at hand."""
    if alg in HASHLIB_NAMES:
        h = hashlib.new(HASHLIB_NAMES[alg])
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        return h.hexdigest().upper()
    if alg in RHASH_NAMES and shutil.which("rhash"):
        out = subprocess.run(["rhash", "-p", "%x{" + RHASH_NAMES[alg] + "}", path], stdout=subprocess.PIPE,
                             check=True).stdout.decode()
        assert "{" not in out, f"rhash does not know {RHASH_NAMES[alg]}"
        return out.strip().upper()
    if alg == "blake3" and shutil.which("b3sum"):
        out = subprocess.run(["b3sum", "--no-names", path], stdout=subprocess.PIPE, check=True).stdout
        return out.decode().strip().upper()
    with open(path, "rb") as f:
        data = f.read()
    if alg in MHASH_NAMES:
        return mhash_digest(MHASH_NAMES[alg], data)
    try:
        from Cryptodome.Hash import MD2, keccak  # optional: python3-pycryptodome
    except ImportError:
        return None
    if alg.startswith("sha-3k-"):
        return keccak.new(data=data, digest_bits=int(alg[7:])).hexdigest().upper()
    if alg == "md2":
        return MD2.new(data).hexdigest().upper()
    return None


@functools.lru_cache(maxsize=None)
def sanitized():
    """Is the binary built with a sanitizer (whose shadow memory multiplies
    every resident page)?"""
    with open(HC_BINARY, "rb") as f:
        binary = f.read()
    return any(name in binary for name in (b"__asan_init", b"__tsan_init", b"__msan_init"))


@functools.lru_cache(maxsize=None)
def thread_sanitized():
    """Is the binary built with ThreadSanitizer (which runs a background
    thread of its own in every process)?"""
    with open(HC_BINARY, "rb") as f:
        return b"__tsan_init" in f.read()


def pseudo_random_bytes(n, seed=1):
    """Deterministic, non-uniform bytes (runs of equal bytes mixed with
    noise) so that a digest depends on every position."""
    import random
    rng = random.Random(seed)
    out = bytearray(rng.randbytes(n))
    for start in range(0, n, 4099):
        out[start:start + 97] = bytes([start & 0xFF]) * len(out[start:start + 97])
    return bytes(out)


def wait_until(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return False


def has_started_reading(pid, path):
    """Has process pid begun to read path: mapped it, or read a MiB? (Either
    comes after the range to hash was fixed.) Where /proc does not say,
    holding it open is all that can be known."""
    try:
        with open(f"/proc/{pid}/maps") as f:
            if any(line.rstrip("\n").endswith(" " + path) for line in f):
                return True
        with open(f"/proc/{pid}/io") as f:
            fields = dict(line.split(": ") for line in f.read().splitlines())
        return int(fields["rchar"]) >= 2**20
    except (OSError, KeyError, ValueError):
        return has_open(pid, path)


def has_open(pid, path):
    """Does process pid hold path open?"""
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == path:
                    return True
            except OSError:
                pass
    except OSError:
        pass
    return False


class PtyDrain:
    """Reads a pty's master side on a thread while the program runs: a pty
    holds a few KiB, and a program whose progress line fills it waits for a
    reader (on a busy machine a run lasts long enough for that)."""

    def __init__(self, master):
        import threading
        self.master = master
        self.data = bytearray()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # EIO: the other side is closed
                break
            if not chunk:
                break
            self.data += chunk

    def finish(self):
        """Everything written, once the other side is closed; closes master."""
        self.thread.join(timeout=60)
        os.close(self.master)
        return bytes(self.data)


def read_pty(master):
    """Everything a closed pty's other side wrote; closes master."""
    import select
    data = b""
    while select.select([master], [], [], 0.2)[0]:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the other side is closed
            break
        if not chunk:
            break
        data += chunk
    os.close(master)
    return data
