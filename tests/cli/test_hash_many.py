"""hash mode with many targets (`--hashes FILE`): each hit printed as found,
the summary, exit statuses, JSON lines, Base64, stdin, bad lines named,
duplicates, --part, the empty string, Ctrl+C."""
import itertools
import json
import os
import re
import signal
import subprocess
import zlib

import pytest

from conftest import run_hc, spawn_hc, wait_for_handler

ATTEMPTS = re.compile(r"^Attempts: (\d{1,3}(?: \d{3})*) Time \d\d:\d\d:\d+\.\d{3} Speed: \d{1,3}(?: \d{3})* attempts/second$")
# published MD5 digests (RFC 1321 §A.5 and common knowledge of "123")
MD5 = {
    "a": "0cc175b9c0f1b6a831c399e269772661",
    "abc": "900150983cd24fb0d6963f7d28e17f72",
    "123": "202cb962ac59075b964b07152d234b70",
    "": "d41d8cd98f00b204e9800998ecf8427e",
}
NEVER = "00112233445566778899aabbccddeeff"


def digest(alg, text):
    r = run_hc(alg, "string", "-s", text)
    assert r.rc == 0
    return r.lines[0].lower()


def write(tmp_path, lines, name="targets.txt"):
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines))
    return str(path)


def attempts_of(line):
    m = ATTEMPTS.match(line)
    assert m, line
    return int(m.group(1).replace(" ", ""))


def hits_of(r, alg="md5"):
    """The hit lines as {hash: plain}: hashcat's hash:plain, the hash as
    hashcat writes it (CRC32's with its salt ":00000000", taken off)."""
    hits = {}
    for line in r.lines:
        if not line or line.startswith(("Attempts", "Found", "May take")):
            continue
        digest, plain = line.split(":", 1)
        if alg == "crc32":
            salt, plain = plain.split(":", 1)
            assert salt == "00000000", line
        assert digest not in hits, line
        hits[digest] = plain
    return hits


def test_all_found(tmp_path):
    path = write(tmp_path, [MD5["abc"], MD5["a"].upper(), MD5["123"]])
    r = run_hc("md5", "hash", "--hashes", path, "-a", "0123456789abc", "-x", "3", "--noprobe")
    assert r.rc == 0, r
    hits = [line for line in r.lines if ":" in line and not line.startswith(("Attempts", "Found"))]
    # hashcat's hash:plain, the digest in small hex digits, the order as found
    assert sorted(hits) == sorted([f"{MD5['a']}:a", f"{MD5['123']}:123", f"{MD5['abc']}:abc"])
    assert r.lines[-1] == "Found 3 of 3 targets"
    # all found: the run ends there, before the end of the keyspace (13 + 169 + 2197)
    assert attempts_of(r.lines[-2]) <= 13 + 169 + 2197


def test_some_not_found_runs_to_the_end(tmp_path):
    path = write(tmp_path, [MD5["abc"], NEVER])
    r = run_hc("md5", "hash", "--hashes", path, "-a", "abc", "-x", "3", "--noprobe")
    assert r.rc == 1, r
    assert f"{MD5['abc']}:abc" in r.lines
    assert r.lines[-1] == "Found 1 of 2 targets"
    assert attempts_of(r.lines[-2]) == 3 + 9 + 27


@pytest.mark.parametrize("alg", ["md5", "ntlm", "sha256", "crc32", "crc32c", "gost", "whirlpool", "sha-3-256",
                                 "tiger", "tth", "edonr512", "md2"])
def test_rows_many_and_few(tmp_path, alg):
    """3 and 8 targets through several kernel families' filter mode (more
    than one target), the CRC scan's included. A CRC target may be found
    by a string other than the one it was made from (short strings
    collide): for those only the digests found are compared."""
    words = ["b", "ca", "abc", "dcba", "cc", "a1", "2d", "d"]
    for chosen in (words[:3], words):
        path = write(tmp_path, [digest(alg, w) for w in chosen])
        r = run_hc(alg, "hash", "--hashes", path, "-a", "0123456789abcd", "-x", "4", "--noprobe")
        assert r.rc == 0, r
        hits = hits_of(r, alg)
        if alg.startswith("crc"):
            assert set(hits) == {digest(alg, w) for w in chosen}
            assert all(digest(alg, w) == d for d, w in hits.items())
        else:
            assert {digest(alg, w): w for w in chosen} == hits


def test_json_lines(tmp_path):
    path = write(tmp_path, [MD5["abc"], NEVER, MD5[""]])
    r = run_hc("md5", "hash", "--hashes", path, "-a", "abc", "-x", "3", "--noprobe", "--format", "json")
    assert r.rc == 1, r
    objects = [json.loads(line) for line in r.lines]
    assert {"algorithm": "md5", "target": MD5[""], "found": True, "string": ""} in objects
    assert {"algorithm": "md5", "target": MD5["abc"], "found": True, "string": "abc"} in objects
    assert objects[-1] == {"algorithm": "md5", "target": NEVER, "found": False}
    assert len(objects) == 3
    # the summary goes to stderr
    assert "Found 2 of 3 targets" in r.err


def test_base64_and_stdin(tmp_path):
    import base64
    b64 = base64.b64encode(bytes.fromhex(MD5["abc"])).decode()
    r = run_hc("md5", "hash", "--hashes", "-", "-b", "-a", "abc", "-x", "3", "--noprobe",
               stdin=open(write(tmp_path, [b64, ""]), "rb"))
    assert r.rc == 0, r
    assert f"{b64}:abc" in r.lines


def test_bad_lines_are_named(tmp_path):
    path = write(tmp_path, [MD5["abc"], "xyz", "  ", MD5["a"][:30], MD5["abc"].upper(), "abcd" * 10])
    r = run_hc("md5", "hash", "--hashes", path, "-a", "abc", "-x", "3", "--noprobe")
    # everything valid found, but lines were skipped: not a full success
    assert r.rc == 1, r
    assert f"{path}:2: not a hex digest: 'xyz' (skipped)" in r.err
    assert f"{path}:4: 30 hex digits, an md5 digest has 32" in r.err
    assert f"{path}:5: the same digest as line 1 (skipped)" in r.err
    assert f"{path}:6: 40 hex digits, an md5 digest has 32" in r.err
    assert ":3:" not in r.err  # a blank line is no target and no error
    assert r.lines[-1] == "Found 1 of 1 targets (lines of the file were skipped)"


def test_bad_base64_lines(tmp_path):
    path = write(tmp_path, ["YWJj", "!!!!"])
    r = run_hc("md5", "hash", "--hashes", path, "-b", "-x", "2", "--noprobe")
    assert r.rc == 2, r
    assert ":1: 3 bytes of Base64, an md5 digest has 16" in r.err
    assert ":2: not padded Base64" in r.err
    assert "no md5 digest in --hashes file" in r.err


def test_duplicates_alone_are_no_failure(tmp_path):
    path = write(tmp_path, [MD5["abc"], MD5["abc"]])
    r = run_hc("md5", "hash", "--hashes", path, "-a", "abc", "-x", "3", "--noprobe")
    assert r.rc == 0, r
    assert ":2: the same digest as line 1 (skipped)" in r.err
    assert r.lines[-1] == "Found 1 of 1 targets"


def test_usage_errors(tmp_path):
    path = write(tmp_path, [MD5["abc"]])
    r = run_hc("md5", "hash", "--hashes", path, "-s", MD5["abc"])
    assert (r.rc, r.out, r.err) == (2, "", "hc: --hashes takes the place of -s and -p: give one of them\n")
    r = run_hc("md5", "hash", "--hashes", path, "-p")
    assert r.rc == 2
    r = run_hc("md5", "hash", "--hashes", str(tmp_path / "missing.txt"))
    assert r.rc == 2
    assert r.err.startswith(f"hc: cannot open --hashes file {tmp_path / 'missing.txt'}: No such file")
    r = run_hc("md5", "hash", "--hashes", write(tmp_path, [], "empty.txt"))
    assert r.rc == 2 and "no md5 digest in --hashes file" in r.err


def test_parts_tile_the_keyspace(tmp_path):
    """--part unchanged: the parts together find every target once."""
    words = ["a", "cb", "bca", "ccc", "ab"]
    path = write(tmp_path, [digest("sha1", w) for w in words])
    found = []
    for k in range(1, 4):
        r = run_hc("sha1", "hash", "--hashes", path, "-a", "abc", "-x", "3", "--noprobe", "--part", f"{k}/3")
        assert r.rc in (0, 1), r
        found += hits_of(r, "sha1").values()
    assert sorted(found) == sorted(words)


def test_ten_thousand_targets(tmp_path):
    """10,000 targets, a few of them real: all real ones found, one pass."""
    real = ["zz9", "q1", "abc", "7"]
    lines = [os.urandom(16).hex() for _ in range(10000 - len(real))] + [digest("md5", w) for w in real]
    path = write(tmp_path, lines)
    r = run_hc("md5", "hash", "--hashes", path, "-a", "0-9a-z", "-x", "3", "--noprobe")
    assert r.rc == 1, r
    assert sorted(hits_of(r).values()) == sorted(real)
    assert r.lines[-1] == "Found 4 of 10000 targets"
    assert attempts_of(r.lines[-2]) == 36 + 36 ** 2 + 36 ** 3


def crc32c(data):
    """CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), bit by bit:
    independent of hc's tables."""
    reg = 0xFFFFFFFF
    for byte in data:
        reg ^= byte
        for _ in range(8):
            reg = (reg >> 1) ^ (0x82F63B78 if reg & 1 else 0)
    return reg ^ 0xFFFFFFFF


CRC = {"crc32": zlib.crc32, "crc32c": crc32c}


@pytest.mark.parametrize("simd", ["portable", "avx2", "avx512"])
@pytest.mark.parametrize("alg", ["crc32", "crc32c"])
def test_crc_targets_in_every_lane(tmp_path, alg, simd):
    """The CRC scan's filter mode at each SIMD level (HC_SIMD caps it at
    what the CPU has): every seventh of the 4 096 strings of 3 characters
    of 0-9 and a-f, the first and the last among them, so that targets sit
    in every lane of the kernel's vectors over its 4 096-entry table, plus
    one CRC no such string has. A CRC maps strings of one length up to 4
    bytes one to one, so each target has exactly its own string."""
    crc = CRC[alg]
    assert crc(b"123456789") == {"crc32": 0xCBF43926, "crc32c": 0xE3069283}[alg]  # the published check values
    strings = ["".join(t) for t in itertools.product("0123456789abcdef", repeat=3)]
    chosen = strings[::7]
    assert chosen[-1] == strings[-1]  # 4 095 = 7 * 585: the last string too
    taken = {crc(s.encode()) for s in strings}
    decoy = next(v for v in range(1, 1 << 32) if v not in taken)  # 0: the empty string
    path = write(tmp_path, [f"{crc(w.encode()):08x}" for w in chosen] + [f"{decoy:08X}"])
    r = run_hc(alg, "hash", "--hashes", path, "-a", "0123456789abcdef", "-n", "3", "-x", "3", "--noprobe",
               env={"HC_SIMD": simd})
    assert r.rc == 1, r
    assert hits_of(r, alg) == {f"{crc(w.encode()):08x}": w for w in chosen}
    assert r.lines[-1] == f"Found {len(chosen)} of {len(chosen) + 1} targets"
    assert attempts_of(r.lines[-2]) == 16 + 16 ** 2 + 16 ** 3


def test_interrupt(tmp_path):
    path = write(tmp_path, [NEVER, MD5["a"]])
    proc = spawn_hc(["md5", "hash", "--hashes", path, "-x", "9", "--noprobe"], stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    # the search is running once the hit for "a" is printed (Ctrl+C while
    # the list is read ends hc before any summary)
    first = proc.stdout.readline()
    assert first.startswith(MD5["a"].encode()), first
    wait_for_handler(proc.pid, timeout=20)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130, (out, err)
    assert err.endswith(b"hc: interrupted\n")
    assert out.decode().splitlines()[-1].startswith("Found ")
