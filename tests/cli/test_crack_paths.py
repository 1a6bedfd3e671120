"""Brute force's path chosen by measurement (docs/backends.md): hc --version
and hc bench name each row's fastest path and by how much; HC_SIMD caps the
paths timed; the choice never changes an answer or its attempts."""
import hashlib
import json
import re
import resource

import pytest

from conftest import run_hc

ORDER = ["portable", "sse41", "avx2", "avx512"]
LINE = re.compile(r"^  (\S+): (.+?) ([\d.]+) ([Mk])/s, ([\d.]+)x the next \((.+?), ([\d.]+) ([Mk])/s\)$")
ALONE = re.compile(r"^  (\S+): one at a time \(no kernel at this SIMD level\)$")
PATHS = re.compile(r"^(avx512|avx2|portable) kernel$|^(sha-ni )?one at a time$")


def detected():
    return run_hc("--version").out.split("CPU supports ")[1].split(")")[0]


def rate(value, unit):
    return float(value) * (1e6 if unit == "M" else 1e3)


def version_paths(env=None):
    """hc --version's brute-force lines: {row: (winner, rate, lead, next, rate)}."""
    r = run_hc("--version", env=env)
    assert r.rc == 0 and r.err == "", r
    start = r.lines.index("Brute force, each row's fastest path measured now (one thread; hc bench: every row):")
    rows = {}
    for line in r.lines[start + 1:]:
        m, alone = LINE.match(line), ALONE.match(line)
        assert m or alone, line
        if alone:
            rows[alone.group(1)] = None
            continue
        rows[m.group(1)] = (m.group(2), rate(m.group(3), m.group(4)), float(m.group(5)), m.group(6),
                            rate(m.group(7), m.group(8)))
    assert list(rows) == ["md5", "ntlm", "sha1", "sha256", "sha512"]
    return rows


def test_version_names_the_winner_and_its_lead():
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    rows = version_paths()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # five rows calibrated: about 25 ms of CPU; a busy machine stretches
    # the wall clock, not this
    assert (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime) < 0.3
    top = detected()
    for name, row in rows.items():
        if row is None:
            assert name == "sha512" and top != "avx512"  # SHA-512's kernel is AVX-512 only
            continue
        winner, first, lead, runner_up, second = row
        assert PATHS.match(winner) and PATHS.match(runner_up) and winner != runner_up
        assert first >= second > 0
        # the lead is the two rates' ratio (each rounded to 0.1 M/s)
        assert abs(lead - first / second) <= 0.01 + 0.1e6 / second * lead, (name, row)
        # the SHA extensions are named only for the rows OpenSSL runs them for
        assert ("sha-ni" in winner + runner_up) <= (name in ("sha1", "sha256"))


@pytest.mark.parametrize("level", ["portable", "avx2"])
def test_hc_simd_caps_the_paths(level):
    top = detected()
    cap = ORDER[min(ORDER.index(level), ORDER.index(top))]
    rows = version_paths(env={"HC_SIMD": level})
    for name, row in rows.items():
        if row is None:
            continue
        for path in (row[0], row[3]):
            if path.endswith(" kernel"):
                assert ORDER.index(path.split()[0]) <= ORDER.index(cap), (name, path)
    assert rows["sha512"] is None  # no SHA-512 kernel below AVX-512


def test_bench_reports_every_path_timed():
    r = run_hc("bench", "md5,sha256,crc32", "--size", "1K", "--format", "json", env={"HC_SIMD": "avx2"},
               timeout=120)
    assert r.rc == 0, r
    top = ORDER[min(ORDER.index("avx2"), ORDER.index(detected()))]
    for row in map(json.loads, r.lines):
        paths = row["crack_paths"]
        names = [p["path"] for p in paths]
        # every level with a kernel of its own up to the cap, and one at a time
        expected = [level for level in ("portable", "avx2") if ORDER.index(level) <= ORDER.index(top)]
        assert sorted(names) == sorted(expected + ["generic"]), row
        rates = [p["per_s"] for p in paths]
        assert rates == sorted(rates, reverse=True) and rates[-1] > 0
        assert row["crack_kernel"] == names[0]
    text = run_hc("bench", "md5", "--size", "1K", env={"HC_SIMD": "avx2"})
    assert text.rc == 0
    tail = text.lines[text.lines.index("Brute-force paths, timed per row on this CPU (searches take the fastest):"):]
    assert len(tail) == 2 and LINE.match(tail[1]) and tail[1].startswith("  md5: ")


@pytest.mark.parametrize("alg, hasher", [("md5", hashlib.md5), ("sha1", hashlib.sha1), ("sha256", hashlib.sha256)])
def test_every_cap_finds_the_same_answer_with_the_same_attempts(alg, hasher):
    # "k9Z" over [0-9a-zA-Z]: 62 + 62^2 shorter candidates, then its index
    digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    index = (digits.index("k") * 62 + digits.index("9")) * 62 + digits.index("Z")
    attempts = 62 + 62 * 62 + index + 1
    digest = hasher(b"k9Z").hexdigest()
    for level in ["portable", "avx2", "avx512"]:
        r = run_hc(alg, "hash", "-s", digest, "-x", "3", "--noprobe", "--potfile-disable", env={"HC_SIMD": level})
        assert r.rc == 0 and r.err == "", r
        assert r.nonblank[0].startswith(f"Attempts: {attempts:,}".replace(",", " ") + " "), r
        assert r.nonblank[1] == "Initial string is: k9Z"
