"""hash mode (contract §2.2, §5; exit statuses of §9): every output form,
the reference suite's cases, bad input, --part, Ctrl+C."""
import os
import re
import signal
import subprocess
import time

import pytest

from conftest import ALGORITHMS, load_vectors, run_hc, spawn_hc, wait_for_handler

CPUS = len(os.sched_getaffinity(0))
ATTEMPTS = re.compile(r"^Attempts: (\d{1,3}(?: \d{3})*) Time \d\d:\d\d:\d+\.\d{3} Speed: \d{1,3}(?: \d{3})* attempts/second$")
PROBE = re.compile(r"^May take approximatelly: (?:\d+ (?:years|days|hr|min) )*\d+\.\d{3} sec \((\d{1,3}(?: \d{3})*) attempts\)$")
MD5_123 = "202cb962ac59075b964b07152d234b70"
VECTORS = {(alg, text): digest for alg, text, digest in load_vectors()}


def attempts_of(line):
    m = ATTEMPTS.match(line)
    assert m, line
    return int(m.group(1).replace(" ", ""))


def digest(alg, text):
    r = run_hc(alg, "string", "-s", text)
    assert r.rc == 0
    return r.lines[0]


# ---- the reference suite's cases ----------------------------------------------------------


def test_crack_123_one_thread():
    r = run_hc("md5", "hash", "-s", MD5_123, "-x", "3", "-T", "1", "--noprobe")
    assert r.rc == 0
    assert r.lines[0] == ""
    assert len(r.nonblank) == 2
    assert attempts_of(r.nonblank[0]) == 7878
    assert r.nonblank[1] == "Initial string is: 123"


@pytest.mark.parametrize("threads", ["1", "2"])
def test_crack_123_upper_case_and_threads(threads):
    if int(threads) > CPUS:
        pytest.skip("needs more CPUs")
    r = run_hc("md5", "hash", "-s", MD5_123.upper(), "-x", "3", "-T", threads, "--noprobe")
    assert r.rc == 0
    # Attempts are the position of the answer, whatever the thread count.
    assert attempts_of(r.nonblank[0]) == 7878
    assert r.nonblank[1] == "Initial string is: 123"


def test_utf8_dictionary_split_into_bytes():
    r = run_hc("md5", "hash", "-a", "еграб", "-n", "6", "-x", "6", "-s", "327108899019B3BCFFF1683FBFDAF226")
    assert r.rc == 0
    assert len(r.nonblank) == 3
    assert PROBE.match(r.nonblank[0]), r.nonblank[0]
    # 7 distinct bytes; lengths 1..5 are counted though never hashed.
    assert attempts_of(r.nonblank[1]) >= 7 + 49 + 343 + 2401 + 16807
    assert r.nonblank[2] == "Initial string is: егр"


@pytest.mark.parametrize("alg", ALGORITHMS)
def test_performance_mode_all_algorithms(alg):
    r = run_hc(alg, "hash", "-p", "-a", "12345", "-x", "5", "-n", "5")
    assert r.rc == 0, r
    assert len(r.nonblank) == 3, r
    assert PROBE.match(r.nonblank[0]), r.nonblank[0]
    # 5 + 25 + 125 + 625 shorter ones, then 12345 is candidate 194 of length 5.
    assert attempts_of(r.nonblank[1]) == 975
    assert r.nonblank[2] == "Initial string is: 12345"


@pytest.mark.parametrize("alg", ALGORITHMS)
def test_empty_string_digest(alg):
    # (-a and -x only keep a wrong implementation from searching for long)
    r = run_hc(alg, "hash", "-s", VECTORS[(alg, "")], "-a", "ab", "-x", "2")
    assert r.rc == 0
    assert r.lines == ["", "Attempts: 0 Time 00:00:0.000 Speed: 0 attempts/second", "Initial string is: Empty string"]


def test_empty_string_digest_ignores_dictionary_and_lengths():
    r = run_hc("md5", "hash", "-s", "D41D8CD98F00B204E9800998ECF8427E", "-a", "", "-n", "3", "-x", "4")
    assert r.rc == 0
    assert r.nonblank[-1] == "Initial string is: Empty string"


def test_bracket_dictionary_is_literal():
    r = run_hc("md5", "hash", "-s", VECTORS[("md5", "2")], "-a", "[0-9]", "--noprobe")
    assert r.rc == 0
    # "[0123456789]": the brackets are members, so "2" is the 4th candidate.
    assert attempts_of(r.nonblank[0]) == 4
    assert r.nonblank[1] == "Initial string is: 2"


@pytest.mark.parametrize("text", ["123", "12", "2", "23"])
def test_ntlm_utf16(text):
    r = run_hc("ntlm", "hash", "-s", VECTORS[("ntlm", text)], "-x", "3", "--noprobe")
    assert r.rc == 0
    assert r.nonblank[-1] == f"Initial string is: {text}"


def test_ntlm_prints_code_units_as_utf8():
    # "é" typed as UTF-8 is two bytes, each one UTF-16 unit: U+00C3 U+00A9,
    # which is the text "Ã©" (contract §6).
    target = digest("ntlm", "Ã©")
    r = run_hc("ntlm", "hash", "-s", target, "-a", "é", "-x", "2", "--noprobe")
    assert r.rc == 0
    assert r.nonblank[-1] == "Initial string is: Ã©"


@pytest.mark.parametrize("threads", ["-1", "10000", "0", "abc", " 1"])
def test_bad_thread_count_is_a_warning(threads):
    r = run_hc("md5", "hash", "-s", MD5_123, "-x", "3", "-T", threads, "--noprobe")
    assert r.rc == 0
    assert len(r.nonblank) == 3
    shown = {"-1": "-1", "10000": "10000"}.get(threads, "0")
    assert r.nonblank[0] == f"Threads number must be between 1 and {CPUS} but it was set to {shown}. Reset to default {CPUS}"
    assert r.nonblank[2] == "Initial string is: 123"


def test_bad_thread_count_with_probe():
    r = run_hc("md5", "hash", "-s", MD5_123, "-x", "3", "--threads=-1")
    assert r.rc == 0
    assert len(r.nonblank) == 4
    assert r.nonblank[0].startswith("Threads number must be between 1 and ")
    assert PROBE.match(r.nonblank[1])


# ---- output forms -------------------------------------------------------------------------------


def test_probe_line_then_summary():
    r = run_hc("md5", "hash", "-s", MD5_123, "-x", "3")
    assert r.rc == 0
    m = PROBE.match(r.lines[0])
    assert m, r.lines[0]
    # N counts every attempt of a full run: 62 + 62^2 + 62^3.
    assert int(m.group(1).replace(" ", "")) == 62 + 62**2 + 62**3
    assert ATTEMPTS.match(r.lines[1])
    assert r.lines[2] == "Initial string is: 123"


def test_probe_count_is_capped_at_2_pow_63():
    ab = VECTORS[("md5", "12")]
    r = run_hc("md5", "hash", "-s", ab, "-x", "536870911")
    assert r.rc == 0
    m = PROBE.match(r.lines[0])
    assert m, r.lines[0]
    assert m.group(1) == "9 223 372 036 854 775 808"
    assert r.nonblank[-1] == "Initial string is: 12"


def test_base64_target():
    r = run_hc("md5", "hash", "-b", "-s", "ICy5YqxZB1uWSwcVLSNLcA==", "-x", "3", "--noprobe")
    assert r.rc == 0
    assert r.nonblank[-1] == "Initial string is: 123"
    r = run_hc("crc32", "hash", "-b", "-s", "iEhj0g==", "-x", "3", "--noprobe")
    assert r.rc == 0
    assert r.nonblank[-1] == "Initial string is: 123"


def test_performance_mode_with_source_text_and_defaults():
    r = run_hc("sha1", "hash", "-p", "-s", "cab", "-a", "abc", "-x", "3", "--noprobe")
    assert r.rc == 0
    assert attempts_of(r.nonblank[0]) == 3 + 9 + 19 + 1
    assert r.nonblank[1] == "Initial string is: cab"
    # -b is ignored with -p
    r = run_hc("md5", "hash", "-p", "-b", "-a", "12345", "-n", "5", "-x", "5", "--noprobe")
    assert r.nonblank[-1] == "Initial string is: 12345"


def test_nothing_found_exits_1():
    r = run_hc("md5", "hash", "-s", "0" * 32, "-a", "abc", "-x", "3", "--noprobe")
    assert r.rc == 1
    assert r.lines[0] == ""
    assert attempts_of(r.lines[1]) == 39
    assert r.lines[2] == "Nothing found"


def test_min_length_counts_shorter_candidates():
    r = run_hc("md5", "hash", "-s", digest("md5", "ab").lower(), "-a", "abc", "-n", "2", "-x", "3", "--noprobe")
    assert r.rc == 0
    assert attempts_of(r.nonblank[0]) == 3 + 2
    r = run_hc("md5", "hash", "-s", digest("md5", "a"), "-a", "abc", "-n", "2", "-x", "3", "--noprobe")
    assert r.rc == 1
    assert attempts_of(r.nonblank[0]) == 39


def test_raw_bytes_are_printed_as_they_are():
    target = subprocess.run(["md5sum"], input=b"\xff\xfe", stdout=subprocess.PIPE, check=True).stdout.split()[0]
    r = run_hc(b"md5", b"hash", b"-s", target, b"-a", b"\xfe\xff", b"-x", b"2", b"--noprobe")
    assert r.rc == 0
    assert r.raw.endswith(b"\nInitial string is: \xff\xfe\n")


def test_first_match_is_deterministic_with_crc32_collisions():
    # CRC-32("lzl1u") = CRC-32("p500a") = 399D9DEC; the first in the order wins
    # (each run searches: no potfile answers the next)
    for threads in {"1", str(min(2, CPUS))}:
        r = run_hc("crc32", "hash", "-s", "399D9DEC", "-a", "lz1up50a", "-n", "5", "-x", "5", "-T", threads, "--noprobe",
                   "--potfile-disable")
        assert r.rc == 0
        assert r.nonblank[-1] == "Initial string is: lzl1u"
        assert attempts_of(r.nonblank[0]) == 8 + 64 + 512 + 4096 + 531 + 1
        r = run_hc("crc32", "hash", "-s", "399D9DEC", "-a", "p50alz1u", "-n", "5", "-x", "5", "-T", threads, "--noprobe",
                   "--potfile-disable")
        assert r.nonblank[-1] == "Initial string is: p500a"


def test_empty_dictionary_finds_nothing():
    r = run_hc("md5", "hash", "-s", MD5_123, "-a", "")
    assert r.rc == 1
    assert r.lines[0] == "May take approximatelly: 0.000 sec (0 attempts)"
    assert attempts_of(r.lines[1]) == 0
    assert r.lines[2] == "Nothing found"


# ---- --part ---------------------------------------------------------------------------------------


def test_parts_cover_the_keyspace_once():
    target = digest("md5", "ba")
    found, total = [], 0
    for k in range(1, 6):
        r = run_hc("md5", "hash", "-s", target, "-a", "abc", "-x", "3", "--part", f"{k}/5", "--noprobe")
        assert r.rc in (0, 1)
        if r.rc == 0:
            found.append(k)
            assert r.nonblank[-1] == "Initial string is: ba"
        else:
            total += attempts_of(r.nonblank[0])
    assert len(found) == 1
    # The 39 candidates in 5 slices of 7 or 8: "ba" (number 7) is in the 1st.
    assert found == [1]
    assert total == 39 - 7


def test_part_whole():
    r = run_hc("md5", "hash", "-s", MD5_123, "-x", "3", "--part", "1/1", "--noprobe")
    assert r.rc == 0
    assert attempts_of(r.nonblank[0]) == 7878


@pytest.mark.parametrize("value", ["0/3", "4/3", "x", "3", "1/0", "1/3/4", "-1/3", " 1/3", "1/", "/3", "", "99999999999999999999/1"])
def test_bad_part(value):
    r = run_hc("md5", "hash", "-s", MD5_123, "--part", value)
    assert r.rc == 2
    assert r.out == ""
    assert r.err.startswith(f"hc: invalid --part value '{value}'")


# ---- bad input ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "target",
    [
        "202cb962ac59075b964b07152d234b7",    # odd number of digits
        "202cb962ac59075b964b07152d234b70a",  # 33
        "202cb962ac59075b964b07152d234b7g",   # not hex
        "202cb962",                           # crc32-sized
        "202cb962ac59075b964b07152d234b70202cb962",
        " 202cb962ac59075b964b07152d234b70",
    ],
)
def test_malformed_hex_target(target):
    r = run_hc("md5", "hash", "-s", target)
    assert r.rc == 2
    assert r.lines == [f"invalid search hash: {target}"]


@pytest.mark.parametrize("target", ["ICy5YqxZB1uWSwcVLSNLcA=", "ICy5YqxZB1uWSwcVLSNLcA", "!Cy5YqxZB1uWSwcVLSNLcA==", "iEhj0g==", "ICy5YqxZB1uWSwcVLSNLcB=="])
def test_malformed_base64_target(target):
    r = run_hc("md5", "hash", "-b", "-s", target)
    assert r.rc == 2
    assert r.lines == [f"invalid search hash: {target}"]


def test_hex_target_is_not_base64_without_b():
    r = run_hc("md5", "hash", "-s", "ICy5YqxZB1uWSwcVLSNLcA==")
    assert r.rc == 2


@pytest.mark.parametrize("args", [[], ["-s", ""], ["-b"], ["-x", "3"]])
def test_source_required(args):
    r = run_hc("md5", "hash", *args) if args else run_hc("md5", "hash", "--noprobe")
    assert r.rc == 2
    assert r.lines[0] == "--source option is required to restore hash. Use -p to run performance test without it"
    assert "Usage: hc md5 hash [OPTIONS]" in r.lines


def test_min_greater_than_max():
    r = run_hc("md5", "hash", "-s", MD5_123, "-n", "11")
    assert r.rc == 2
    assert r.lines == ["Minimum password length 11 is greater than maximum 10"]
    r = run_hc("md5", "hash", "-s", MD5_123, "-n", "4", "-x", "3")
    assert r.lines == ["Minimum password length 4 is greater than maximum 3"]


def test_zero_lengths_mean_defaults():
    r = run_hc("md5", "hash", "-s", MD5_123, "-n", "0", "-x", "0", "-T", "1", "--noprobe")
    assert r.rc == 0
    assert attempts_of(r.nonblank[0]) == 7878


@pytest.mark.parametrize(
    "option,value,expected",
    [
        ("-x", "abc", ["Invalid parameter --max abc. Must be number"]),
        ("-n", "10abc", ["Invalid parameter --min 10abc. Must be number"]),
        ("-x", "3000000000", ["Invalid parameter --max 3000000000. Must be a 32-bit number"]),
        ("-x", "18446744073709551615", ["Invalid parameter --max 18446744073709551615. Must be a 64-bit number"]),
    ],
)
def test_bad_lengths(option, value, expected):
    r = run_hc("md5", "hash", "-s", MD5_123, option, value)
    assert r.rc == 2
    assert r.lines == expected


def test_negative_length():
    r = run_hc("md5", "hash", "-s", MD5_123, "-x", "-5")
    assert r.rc == 2
    assert len(r.nonblank) == 3
    assert r.nonblank[-1] == "Invalid max option must be positive but was -5"


def test_max_length_too_big():
    r = run_hc("md5", "hash", "-s", MD5_123, "-x", "536870912")
    assert r.rc == 1
    assert r.lines == [
        "Max string length is too big: 536870912",
        "",
        "Attempts: 0 Time 00:00:0.000 Speed: 0 attempts/second",
        "Nothing found",
    ]


def test_keyspace_beyond_64_bits():
    # 62^11 > 2^64: counts go on without wrapping. Lengths below 12 are
    # counted as attempts, so finding the first 12-byte string takes
    # 62 + ... + 62^11 + 1 attempts.
    first = digest("md5", "0" * 12)
    r = run_hc("md5", "hash", "-s", first, "-n", "12", "-x", "12", "--noprobe")
    assert r.rc == 0
    shorter = sum(62**k for k in range(1, 12))
    assert shorter > 2**64
    assert attempts_of(r.nonblank[0]) == shorter + 1
    # With a part only the slice counts; the probe shows the capped total.
    r = run_hc("md5", "hash", "-s", first, "-n", "12", "-x", "20", "--part", "1/18446744073709551615")
    assert r.rc == 0
    m = PROBE.match(r.lines[0])
    assert m and int(m.group(1).replace(" ", "")) == sum(62**k for k in range(12, 21)) // 18446744073709551615
    assert attempts_of(r.lines[1]) == 1


def test_unfindable_min_length_beyond_64_bits():
    r = run_hc("md5", "hash", "-s", "0" * 32, "-a", "0-9a-zA-Z", "-n", "12", "-x", "12", "--noprobe", "--part", "1/10000000000000000000")
    assert r.rc == 1
    assert 1 <= attempts_of(r.nonblank[0]) < 10**3


def test_ntlm_performance_source_must_be_utf8():
    r = run_hc(b"ntlm", b"hash", b"-p", b"-s", b"\xff")
    assert r.rc == 2
    assert r.err.startswith("hc: ntlm")


def test_no_lower_option():
    r = run_hc("md5", "hash", "-s", MD5_123, "-l")
    assert r.lines[0] == "error: unrecognized option 'l'"


# ---- Ctrl+C -----------------------------------------------------------------------------------------


def interrupt_when_ready(proc, settle=0.0):
    """Send SIGINT once hc has installed its handler, after settle seconds."""
    wait_for_handler(proc.pid, timeout=20)
    time.sleep(settle)
    proc.send_signal(signal.SIGINT)


def test_interrupt_prints_the_summary():
    """§5.10's lines, then the interrupted outcome of §10.7: stderr says so,
    exit 130 (a search that ran out exits 1)."""
    proc = spawn_hc(["md5", "hash", "-s", "0" * 32, "-x", "9", "--noprobe"], stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    interrupt_when_ready(proc, settle=0.4)
    start = time.monotonic()
    out, err = proc.communicate(timeout=10)
    assert time.monotonic() - start < 2
    lines = out.decode().splitlines()
    assert (proc.returncode, err) == (130, b"hc: interrupted\n")
    assert lines[0] == ""
    assert attempts_of(lines[1]) > 0
    assert lines[2] == "Nothing found"


def test_interrupt_during_probe():
    proc = spawn_hc(["sha512", "hash", "-s", "0" * 128, "-x", "9"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    interrupt_when_ready(proc)
    out, err = proc.communicate(timeout=10)
    assert (proc.returncode, err) == (130, b"hc: interrupted\n")
    assert out.decode().splitlines()[-1] == "Nothing found"
