"""Small defects found by a hostile-user session (issue: hardening): each
test failed before the fix."""
import os
import subprocess
import time

from conftest import HC_BINARY, run_hc
from filedir_util import make_tree, open_tmp, run_hc_unprivileged, thread_sanitized

assert open_tmp  # a fixture, used by name

MD5_123 = "202CB962AC59075B964B07152D234B70"
HELP_LINE = "help: invoke the command with '-h/--h' flag to learn more."


def test_bad_hash_is_named_even_when_the_file_cannot_be_opened(tmp_path):
    """Before: only `open error` and exit 2, the bad -m never mentioned."""
    r = run_hc("md5", "file", "-s", str(tmp_path / "missing"), "-m", "zz")
    assert (r.rc, r.out) == (2, f"{tmp_path}/missing | open error\n")
    # why the file failed (§10.7), and what is wrong with -m
    assert r.err == (f"hc: {tmp_path}/missing: No such file or directory\n"
                     "hc: -m/--hash: 'zz' has 2 characters; an md5 digest is 32 hex digits\n")
    (tmp_path / "f").write_bytes(b"123")
    r = run_hc("md5", "file", "-s", str(tmp_path / "f"), "-m", "zz")
    assert (r.rc, r.out) == (2, f"{tmp_path}/f | invalid search hash\n")
    assert "hc: -m/--hash: 'zz' has 2 characters; an md5 digest is 32 hex digits" in r.err


def test_empty_word_in_command_position():
    """Before: `hc '' string -s 1` said unrecognized command 'string'."""
    for args in (["", "string", "-s", "1"], ["md5", "", "-s", "1"]):
        r = run_hc(*args)
        assert (r.rc, r.lines) == (2, ["error: unrecognized command ''", "", HELP_LINE]), args
    # empty words alone still mean "no arguments": help
    assert run_hc("", "").rc == 0 and run_hc("", "").out.startswith("Hash Calculator")
    assert run_hc("md5", "").out.startswith(run_hc("md5").out[:40])


def test_double_dash_ends_the_options():
    """Before: `--` was an unknown option ''."""
    r = run_hc("md5", "string", "-s", "123", "--")
    assert (r.rc, r.out) == (0, MD5_123 + "\n")
    # after it, even -s and -h are plain words (no mode takes one yet)
    r = run_hc("md5", "string", "--", "-s", "123")
    assert (r.rc, r.lines) == (2, ["error: unrecognized command '-s'", "", HELP_LINE])
    r = run_hc("md5", "string", "-s", "1", "--", "-h")
    assert r.rc == 2 and r.lines[0] == "error: unrecognized command '-h'"
    # as a value it is a value
    r = run_hc("md5", "string", "-s", "--")
    assert (r.rc, r.out) == (0, "CFAB1BA8C67C7C838DB98D666F02A132\n")


def most_threads(args, cwd):
    """Runs hc and samples its thread count; returns (status, stderr, most
    threads seen)."""
    proc = subprocess.Popen([HC_BINARY, *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    most = 0
    while proc.poll() is None:
        try:
            most = max(most, len(os.listdir(f"/proc/{proc.pid}/task")))
        except FileNotFoundError:
            break
        time.sleep(0.002)
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err.decode(), most


def test_threads_above_the_cpu_count_are_capped(tmp_path):
    """Before: file/dir -T 4096 started 4096 threads (BLAKE3 23 times
    slower on 2 CPUs)."""
    cpus = len(os.sched_getaffinity(0))
    big = tmp_path / "big"
    with open(big, "wb") as f:
        f.truncate(256 << 20)  # sparse: read fast, hashed with every thread
    for mode, source in (("file", "big"), ("dir", ".")):
        rc, err, most = most_threads(["blake3", mode, "-s", source, "-T", "4096"], cwd=tmp_path)
        assert rc == 0
        assert err == f"hc: --threads 4096 is more than the {cpus} CPUs this process may use; using {cpus}\n"
        # the pool, the caller, a read-ahead or streaming thread (and
        # ThreadSanitizer's own background thread)
        assert most <= cpus + 2 + thread_sanitized(), most
    r = run_hc("blake3", "file", "-s", str(big), "-T", str(cpus))
    assert (r.rc, r.err) == (0, "")


def test_walk_diagnostics_stay_out_of_checksum_lists(open_tmp):
    """Before: `<dir>: AccessDenied` was printed among the -c lines."""
    make_tree(open_tmp, {"u/a": b"123", "u/closed/x": b"x"})
    os.chmod(os.path.join(open_tmp, "u", "closed"), 0)
    r = run_hc_unprivileged("md5", "dir", "-s", "u", "-r", "-c", cwd=open_tmp)
    assert (r.rc, r.out) == (1, f"{MD5_123} u/a\n")
    assert r.err == "hc: u/closed: Permission denied\n"
    r = run_hc_unprivileged("crc32", "dir", "-s", "u", "-r", "--sfv", cwd=open_tmp)
    assert (r.rc, r.out) == (1, "a    884863D2\n")
    assert r.err == "hc: u/closed: Permission denied\n"
    # the other formats keep the contract's line on stdout
    r = run_hc_unprivileged("md5", "dir", "-s", "u", "-r", cwd=open_tmp)
    assert (r.rc, r.lines) == (1, [f"u/a | 3 bytes | {MD5_123}", "u/closed: AccessDenied"])
