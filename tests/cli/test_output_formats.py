"""Output formats (contract §10.3): --format hc|gnu|bsd|sfv|json, -u."""
import base64
import hashlib
import json
import os
import shutil
import subprocess

import pytest

from conftest import HC_BINARY, run_hc
from filedir_util import remove_test_files, run_hc_input

assert remove_test_files  # fixture, used by name

ODD_NAMES = [b"plain", b"with space", b"back\\slash", b"new\nline", b"carriage\rreturn", b"star*", b"(paren) = x"]


@pytest.fixture
def odd(tmp_path):
    """Files with names sha256sum has to escape, each holding its name."""
    d = tmp_path / "odd"
    d.mkdir()
    for name in ODD_NAMES:
        with open(os.path.join(os.fsencode(d), name), "wb") as f:
            f.write(name)
    return tmp_path


def tool(*argv, cwd):
    return subprocess.run(list(argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, check=True).stdout


def names(prefix=b"odd/"):
    return [prefix + n for n in ODD_NAMES]


def hc_raw(*args, cwd=None, rc=0):
    proc = subprocess.run([HC_BINARY, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
    assert proc.returncode == rc, proc
    return proc.stdout


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="coreutils not installed")
@pytest.mark.parametrize("alg,gnu_tool", [("sha256", "sha256sum"), ("md5", "md5sum"), ("sha1", "sha1sum"),
                                          ("sha512", "sha512sum"), ("blake2b", "b2sum")])
def test_gnu_and_bsd_lines_equal_coreutils(odd, alg, gnu_tool):
    """Byte for byte what coreutils writes, escaping of \\, newline and
    carriage return included; --tag is the BSD format."""
    assert hc_raw(alg, "file", "--format", "gnu", *names(), cwd=odd) == tool(gnu_tool, *names(), cwd=odd)
    assert hc_raw(alg, "file", "--format", "bsd", *names(), cwd=odd) == tool(gnu_tool, "--tag", *names(), cwd=odd)
    # dir mode walks byte-wise sorted, as sorted() orders bytes
    assert hc_raw(alg, "dir", "-s", "odd", "--format", "gnu", cwd=odd) == tool(gnu_tool, *sorted(names()), cwd=odd)


@pytest.mark.skipif(shutil.which("b3sum") is None, reason="b3sum not installed")
def test_gnu_lines_equal_b3sum_for_plain_names(odd):
    plain = [b"odd/plain", b"odd/with space"]
    assert hc_raw("blake3", "file", "--format", "gnu", *plain, cwd=odd) == tool("b3sum", *plain, cwd=odd)


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="coreutils not installed")
def test_sha256sum_verifies_what_hc_writes(odd):
    """hc writes, the peer checks: sha256sum -c and b2sum -c read hc's gnu
    and bsd lists, odd names included."""
    for fmt in ("gnu", "bsd"):
        listing = hc_raw("sha256", "dir", "-s", "odd", "--format", fmt, cwd=odd)
        (odd / "SUMS").write_bytes(listing)
        proc = subprocess.run(["sha256sum", "--strict", "-c", "SUMS"], cwd=odd, stdout=subprocess.PIPE)
        assert proc.returncode == 0 and proc.stdout.count(b": OK\n") == len(ODD_NAMES)
    (odd / "SUMS").write_bytes(hc_raw("blake2b", "dir", "-s", "odd", "--format", "gnu", cwd=odd))
    assert subprocess.run(["b2sum", "--strict", "-c", "SUMS"], cwd=odd, stdout=subprocess.DEVNULL).returncode == 0
    if shutil.which("b3sum"):
        (odd / "SUMS").write_bytes(hc_raw("blake3", "file", "--format", "gnu", "odd/plain", "odd/star*", cwd=odd))
        assert subprocess.run(["b3sum", "--check", "SUMS"], cwd=odd, stdout=subprocess.DEVNULL).returncode == 0


def test_bsd_tags(tmp_path):
    """cksum --tag's names, RHash's where only it has the row (it reads no
    other GOST tag); every other row its hc name in upper case."""
    (tmp_path / "f").write_bytes(b"x")
    tags = {"md5": "MD5", "sha1": "SHA1", "sha224": "SHA224", "sha512": "SHA512", "sha-3-256": "SHA3-256",
            "sha-3-512": "SHA3-512", "blake2b": "BLAKE2b", "blake2s": "BLAKE2s", "blake3": "BLAKE3",
            "crc32": "CRC32", "crc32c": "CRC32C", "ripemd160": "RIPEMD160", "sha-3k-256": "SHA-3K-256",
            "haval-128-3": "HAVAL-128-3", "tiger2": "TIGER2", "gost": "GOST94-CRYPTOPRO", "md2": "MD2",
            "edonr256": "EDON-R256", "edonr512": "EDON-R512", "snefru128": "SNEFRU-128",
            "snefru256": "SNEFRU-256", "tth": "TTH", "whirlpool": "WHIRLPOOL", "tiger": "TIGER"}
    r = run_hc(",".join(tags), "file", "-s", "f", "--format", "bsd", cwd=tmp_path)
    assert r.rc == 0
    assert [line.split(" (")[0] for line in r.lines] == list(tags.values())


def test_upper_lower_and_base64(tmp_path):
    (tmp_path / "f").write_bytes(b"123")
    md5 = hashlib.md5(b"123")
    r = run_hc("md5", "file", "-s", "f", "--format", "gnu", "-u", cwd=tmp_path)
    assert r.lines == [f"{md5.hexdigest().upper()}  f"]
    r = run_hc("md5", "file", "-s", "f", "--format", "bsd", "-l", cwd=tmp_path)
    assert r.lines == [f"MD5 (f) = {md5.hexdigest()}"]
    r = run_hc("md5", "file", "-s", "f", "--format", "gnu", "-b", cwd=tmp_path)
    assert r.lines == [f"{base64.b64encode(md5.digest()).decode()}  f"]
    r = run_hc("md5", "file", "-s", "f", "--format", "hc", "-u", cwd=tmp_path)
    assert r.lines == [f"f | 3 bytes | {md5.hexdigest().upper()}"]
    # -t is a column of the hc format only
    r = run_hc("md5", "file", "-s", "f", "--format", "gnu", "-t", cwd=tmp_path)
    assert r.lines == [f"{md5.hexdigest()}  f"]


def test_sfv_format_is_the_sfv_option(tmp_path):
    (tmp_path / "f").write_bytes(b"123")
    a = run_hc("crc32", "file", "-s", "f", "--format", "sfv", cwd=tmp_path)
    b = run_hc("crc32", "file", "-s", "f", "--sfv", cwd=tmp_path)
    assert (a.rc, a.out) == (b.rc, b.out) == (0, "f    884863D2\n")
    c = run_hc("crc32", "file", "-s", "f", "--sfv", "--format", "sfv", cwd=tmp_path)
    assert c.out == a.out


@pytest.mark.parametrize("args,message", [
    (["-c", "--format", "gnu"], "hc: -c/--checksumfile is the hc checksum line; it cannot be used with --format gnu"),
    (["--sfv", "--format", "json"], "hc: --sfv cannot be used with another --format"),
    (["-l", "-u", "--format", "gnu"], "hc: -l/--lower and -u/--upper cannot be used together"),
    (["--format", "xml"], "hc: invalid value 'xml' for option '--format': expected one of hc, gnu, bsd, sfv, json"),
    (["--format", "sfv"], "hc: --format sfv is for crc32 and crc32c only, not for 'md5'"),
])
def test_conflicting_format_options(tmp_path, args, message):
    alg = "crc32" if "--sfv" in args else "md5"
    (tmp_path / "f").write_bytes(b"123")
    r = run_hc(alg, "file", "-s", "f", *args, cwd=tmp_path)
    # hc's own usage errors: one line on stderr, nothing on stdout
    assert (r.rc, r.out, r.err) == (2, "", message + "\n")


def json_lines(out):
    return [json.loads(line) for line in out.splitlines()]


def test_json_records(tmp_path):
    (tmp_path / "f").write_bytes(b"123")
    r = run_hc("md5,sha1", "file", "f", "missing", "--format", "json", cwd=tmp_path)
    assert r.rc == 1
    records = json_lines(r.out)
    assert [set(rec) for rec in records] == [{"path", "size", "algorithm", "digest", "seconds"}] * 2 + [
        {"path", "error"}]
    assert records[0]["path"] == "f" and records[0]["size"] == 3 and records[0]["algorithm"] == "md5"
    assert records[0]["digest"] == hashlib.md5(b"123").hexdigest()
    assert records[1]["digest"] == hashlib.sha1(b"123").hexdigest()
    assert isinstance(records[0]["seconds"], float)
    assert records[2] == {"path": "missing", "error": "open error"}
    # -m adds the verdict
    r = run_hc("md5", "file", "f", "-m", hashlib.md5(b"123").hexdigest(), "--format", "json", cwd=tmp_path)
    assert json_lines(r.out)[0]["valid"] is True


def test_json_escaping_and_names_that_are_not_utf8(tmp_path):
    names = [b"quote\"back\\slash", b"ctl\x01\x1f\ttab", b"new\nline", "ünïcödé ✓".encode(), b"bad\xff\xfe"]
    # the edges of every well-formed form (Unicode's table of well-formed
    # UTF-8 byte sequences), and one step past each: overlongs, surrogates,
    # above U+10FFFF, a cut sequence; Python's strict decoder is the judge
    edges = [b"\xc2\x80", b"\xdf\xbf", b"\xe0\xa0\x80", b"\xec\xbf\xbf", b"\xed\x9f\xbf", b"\xee\x80\x80",
             b"\xf0\x90\x80\x80", b"\xf3\xbf\xbf\xbf", b"\xf4\x8f\xbf\xbf", b"\xc1\xbf", b"\xe0\x9f\xbf",
             b"\xed\xa0\x80", b"\xf0\x8f\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xe1\x80",
             b"\xe1\x80\xc0"]
    names += [b"edge%d-" % i + e for i, e in enumerate(edges)]
    for name in names:
        with open(os.path.join(os.fsencode(tmp_path), name), "wb") as f:
            f.write(b"x")
    r = hc_raw("md5", "dir", "-s", ".", "--format", "json", cwd=tmp_path)
    records = [json.loads(line) for line in r.decode("utf-8").splitlines()]
    assert len(records) == len(names)
    by_path = {}
    for rec in records:
        raw = base64.b64decode(rec["path_bytes_b64"]) if "path_bytes_b64" in rec else rec["path"].encode()
        by_path[raw] = rec
    for name in names:
        rec = by_path[b"./" + name]
        valid = True
        try:
            name.decode("utf-8")
        except UnicodeDecodeError:
            valid = False
        assert ("path_bytes_b64" in rec) == (not valid)
        if name.startswith(b"bad"):
            assert rec["path"] == "./bad\ufffd\ufffd"
    # raw control characters never appear inside a JSON line
    assert all(c >= 0x20 for line in r.split(b"\n") for c in line)


def test_json_has_nothing_else_on_stdout(tmp_path):
    (tmp_path / "f").write_bytes(b"123")
    r = run_hc("md5", "dir", "-s", "nonexistent", "--format", "json", cwd=tmp_path)
    assert (r.rc, r.out) == (1, "")
    assert "nonexistent: cannot open directory" in r.err
    r = run_hc("md5", "hash", "-s", hashlib.md5(b"123").hexdigest(), "-x", "3", "-T", "99999", "--format", "json")
    assert r.rc == 0
    (record,) = json_lines(r.out)
    assert record == {"algorithm": "md5", "target": hashlib.md5(b"123").hexdigest(), "found": True, "string": "123",
                      "attempts": record["attempts"], "seconds": record["seconds"]}
    assert "Threads number must be between" in r.err and "May take approximatelly" in r.err


def test_hash_mode_json(hc):
    r = hc("md5", "hash", "--noprobe", "-s", hashlib.md5(b"zz").hexdigest(), "-a", "0-9", "-x", "2", "-T", "1",
           "--format", "json")
    assert r.rc == 1
    assert json_lines(r.out) == [{"algorithm": "md5", "target": hashlib.md5(b"zz").hexdigest(), "found": False,
                                  "attempts": 110, "seconds": json_lines(r.out)[0]["seconds"]}]
    r = hc("md5", "hash", "-s", hashlib.md5(b"").hexdigest().upper(), "--format", "json")
    assert r.rc == 0 and json_lines(r.out)[0]["string"] == "" and json_lines(r.out)[0]["found"] is True
    # ntlm finds UTF-16 text, printed as UTF-8
    r = hc("ntlm", "hash", "-p", "-s", "é", "-a", b"\xe9", "-x", "1", "--noprobe", "--format", "json")
    assert r.rc == 0 and json_lines(r.out)[0]["string"] == "é"
    r = hc("md5", "hash", "-p", "-a", "\xff", "-x", "2", "--noprobe", "--format", "json")
    assert r.rc == 1


def test_string_mode_formats(hc):
    md5 = hashlib.md5(b"a\\b").hexdigest()
    assert hc("md5", "string", "-s", "a\\b", "--format", "gnu").lines == [f"\\{md5}  a\\\\b"]
    assert hc("md5", "string", "-s", "a\\b", "--format", "bsd").lines == [f"\\MD5 (a\\\\b) = {md5}"]
    assert json_lines(hc("md5,sha1", "string", "-s", "a\\b", "--format", "json").out) == [
        {"string": "a\\b", "algorithm": "md5", "digest": md5},
        {"string": "a\\b", "algorithm": "sha1", "digest": hashlib.sha1(b"a\\b").hexdigest()}]
    assert hc("md5", "string", "-s", "x", "--format", "hc").lines == [hashlib.md5(b"x").hexdigest().upper()]


def test_dir_search_in_a_format(tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a").write_bytes(b"123")
    (tmp_path / "d" / "b").write_bytes(b"456")
    md5 = hashlib.md5(b"123").hexdigest()
    r = run_hc("md5", "dir", "-s", "d", "-H", md5, "--format", "gnu", cwd=tmp_path)
    assert (r.rc, r.lines) == (0, [f"{md5}  d/a"])
    r = run_hc("md5", "dir", "-s", "d", "-H", md5, cwd=tmp_path)
    assert (r.rc, r.lines) == (0, ["d/a | 3 bytes"])


def test_save_file_holds_the_json(tmp_path):
    (tmp_path / "f").write_bytes(b"123")
    r = run_hc("md5", "file", "-s", "f", "--format", "json", "-o", "out.json", cwd=tmp_path)
    assert r.rc == 0 and (tmp_path / "out.json").read_text() == r.out
    r = run_hc_input(b"123", "md5", "file", "-s", "-", "--format", "json")
    assert json_lines(r.out)[0]["path"] == "-"
