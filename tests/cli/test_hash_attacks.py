"""hash mode's masks, wordlists, rules, hybrids and --stdout (contract
§10.9): candidate order from Python's itertools, digests from hashlib,
bad input named with its file and line."""
import hashlib
import itertools
import math
import os
import string
import subprocess
import time

import pytest

from conftest import HC_BINARY, run_hc
from hashcat_util import HASHCAT, hashcat_stdout

LOWER, UPPER, DIGITS = string.ascii_lowercase, string.ascii_uppercase, string.digits
SPECIAL = "".join(chr(c) for c in range(0x20, 0x7F) if not chr(c).isalnum())


def md5(text):
    return hashlib.md5(text.encode() if isinstance(text, str) else text).hexdigest()


def ntlm(text):
    from Cryptodome.Hash import MD4
    return MD4.new(text.encode("utf-16-le")).hexdigest()


def stdout_lines(*args, stdin=None):
    r = run_hc("md5", "hash", *args, "--stdout", stdin=stdin)
    assert r.rc == 0, r
    return r.raw.split(b"\n")[:-1]


def product(*sets):
    return [("".join(p)).encode() for p in itertools.product(*sets)]


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return str(path)


# ---- masks ----

def test_mask_order_is_the_sets_in_order_rightmost_fastest():
    assert stdout_lines("--mask", "?d?l") == product(DIGITS, LOWER)
    assert stdout_lines("--mask", "x?sy") == product("x", SPECIAL, "y")
    assert stdout_lines("--mask", "?h??") == product(DIGITS + "abcdef", "?")


def test_custom_sets_use_builtins_and_drop_repeats():
    assert stdout_lines("-1", "?dab1", "--mask", "?1?1") == product(DIGITS + "ab", DIGITS + "ab")
    assert stdout_lines("-1", "xy", "-4", "?H", "--mask", "?4?1") == product(DIGITS + "ABCDEF", "xy")


def test_increment_walks_prefixes_shortest_first():
    expected = product(LOWER) + product(LOWER, DIGITS) + product(LOWER, DIGITS, "!")
    assert stdout_lines("--mask", "?l?d!", "--increment") == expected
    assert stdout_lines("--mask", "?l?d!", "--increment", "-n", "2", "-x", "2") == product(LOWER, DIGITS)


def test_all_bytes_set_has_256_members():
    lines = run_hc("md5", "hash", "--mask", "?b", "--stdout").raw
    assert len(lines) == 512 and lines[0:2] == b"\x00\n"


def test_stdout_into_head_ends_quietly():
    """`--stdout | head -1`: the reader going away stops the walk at once,
    with no message (as the other modes), status 2 under pipefail."""
    proc = subprocess.run(f"set -o pipefail; '{HC_BINARY}' md5 hash --mask '?a?a?a?a?a' --stdout | head -1",
                          shell=True, executable="/bin/bash", stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=60)
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, b"aaaaa\n", b"")


def test_parts_tile_the_mask_keyspace():
    whole = stdout_lines("--mask", "?d?d?d")
    parts = [stdout_lines("--mask", "?d?d?d", "--part", f"{k}/7") for k in range(1, 8)]
    assert sum(parts, []) == whole


@pytest.mark.parametrize("alg,fn", [("md5", md5), ("sha1", lambda t: hashlib.sha1(t.encode()).hexdigest()),
                                    ("sha256", lambda t: hashlib.sha256(t.encode()).hexdigest()), ("ntlm", ntlm)])
def test_mask_cracks_with_attempts_at_its_place(alg, fn):
    word = "Qz7!"
    r = run_hc(alg, "hash", "--noprobe", "-s", fn(word), "--mask", "?u?l?d?s")
    assert r.rc == 0, r
    assert r.nonblank[-1] == "Initial string is: " + word
    place = product(UPPER, LOWER, DIGITS, SPECIAL).index(word.encode()) + 1
    assert r.nonblank[0].startswith(f"Attempts: {place:,}".replace(",", " ") + " ")


def test_mask_with_many_targets(tmp_path):
    words = ["aa00", "zz99", "mq42"]
    hashes = write(tmp_path, "h.txt", "".join(md5(w) + "\n" for w in words))
    r = run_hc("md5", "hash", "--noprobe", "--hashes", hashes, "--mask", "?l?l?d?d", "-T", "2")
    assert r.rc == 0, r
    assert sorted(line for line in r.lines if ":" in line and not line.startswith(("Attempts", "Found"))) == \
        sorted(f"{md5(w)}:{w}" for w in words)


def test_a_charset_that_looks_like_a_mask_warns():
    r = run_hc("md5", "hash", "--noprobe", "-s", md5("?l"), "-a", "?l", "-x", "2")
    assert r.rc == 0 and "--mask" in r.err and r.nonblank[-1] == "Initial string is: ?l"


@pytest.mark.parametrize("mask,why", [("ab?", "'?' at the end"), ("?x", "unknown set"), ("?2", "custom set"),
                                      ("", "empty")])
def test_bad_masks_are_named(mask, why):
    r = run_hc("md5", "hash", "-s", md5("a"), "--mask", mask)
    assert r.rc == 2 and why in r.err and "--mask" in r.err, r


# ---- wordlists and rules ----

def test_wordlist_crlf_and_blank_lines_as_hashcat(tmp_path):
    words = write(tmp_path, "w.txt", b"one\r\n\r\ntwo\nthree")
    assert stdout_lines("--wordlist", words) == [b"one", b"", b"two", b"three"]


def test_rules_multiply_first_file_fastest(tmp_path):
    words = write(tmp_path, "w.txt", "ab\ncd\n")
    r1 = write(tmp_path, "1.rule", ":\nu\n# comment\n\n")
    r2 = write(tmp_path, "2.rule", "$1\n$2\n")
    assert stdout_lines("--wordlist", words, "--rules", r1, "--rules", r2) == \
        [b"ab1", b"AB1", b"ab2", b"AB2", b"cd1", b"CD1", b"cd2", b"CD2"]


@pytest.mark.parametrize("alg,fn", [("md5", md5), ("sha256", lambda t: hashlib.sha256(t.encode()).hexdigest()),
                                    ("ntlm", ntlm)])
def test_wordlist_with_rules_cracks(tmp_path, alg, fn):
    words = write(tmp_path, "w.txt", "".join(f"word{i}\n" for i in range(5000)) + "secret\n")
    rules = write(tmp_path, "r.rule", ":\nc\n$1\nc $2 $0\n")
    r = run_hc(alg, "hash", "--noprobe", "-s", fn("Secret20"), "--wordlist", words, "--rules", rules, "-T", "2")
    assert r.rc == 0, r
    assert r.nonblank[-1] == "Initial string is: Secret20"
    assert r.nonblank[0].startswith(f"Attempts: {5000 * 4 + 4:,}".replace(",", " ") + " ")


@pytest.mark.parametrize("alg,fn", [("md5", md5), ("sha1", lambda t: hashlib.sha1(t.encode()).hexdigest()),
                                    ("sha256", lambda t: hashlib.sha256(t.encode()).hexdigest()), ("ntlm", ntlm)])
def test_wordlist_candidates_in_the_middle_of_the_lanes(tmp_path, alg, fn):
    """Candidates are hashed in SIMD lanes, 256 to a thread: the answer is
    candidate 163, with candidates before and after it in its set of
    lanes; a 57-byte candidate, too long for one block, is hashed one at a
    time; a hybrid's candidate (word then mask) in the lanes too."""
    listed = [f"w{i:03d}x" for i in range(100)]
    listed[40] = "middle"
    listed[70] = "L" * 56
    words = write(tmp_path, "w.txt", "".join(w + "\n" for w in listed))
    rules = write(tmp_path, "r.rule", ":\nu\n$1\nc $!\n")
    for answer, place in (("middle1", 40 * 4 + 3), ("L" * 56 + "1", 70 * 4 + 3)):
        for threads in ("1", "2"):
            # each run searches: no potfile to answer the second
            r = run_hc(alg, "hash", "--noprobe", "-s", fn(answer), "--wordlist", words, "--rules", rules,
                       "-T", threads, "--potfile-disable")
            assert r.rc == 0, r
            assert r.nonblank[-1] == "Initial string is: " + answer
            assert r.nonblank[0].startswith(f"Attempts: {place:,}".replace(",", " ") + " "), r
    r = run_hc(alg, "hash", "--noprobe", "-s", fn("middle7"), "--wordlist", words, "--mask", "?d", "-T", "2")
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: middle7", r
    assert r.nonblank[0].startswith(f"Attempts: {40 * 10 + 8:,}".replace(",", " ") + " "), r


@pytest.mark.parametrize("alg,fn", [("md5", md5), ("ntlm", ntlm)])
def test_hybrid_with_a_large_mask_runs_each_word_as_a_mask(tmp_path, alg, fn):
    """100,000 mask candidates per word: each word runs as a mask in the
    brute-force kernels; the answer and its place as with the lanes."""
    words = write(tmp_path, "w.txt", "alpha\nbeta\nmiddle\ngamma\n")
    for threads in ("1", "2"):
        r = run_hc(alg, "hash", "--noprobe", "-s", fn("middle04217"), "--wordlist", words, "--mask", "?d?d?d?d?d",
                   "-T", threads, "--potfile-disable")
        assert r.rc == 0 and r.nonblank[-1] == "Initial string is: middle04217", r
        assert r.nonblank[0].startswith(f"Attempts: {2 * 100000 + 4218:,}".replace(",", " ") + " "), r


def test_wordlist_from_stdin_and_many_targets(tmp_path):
    hashes = write(tmp_path, "h.txt", md5("beta") + "\n" + md5("delta") + "\n")
    r = run_hc("md5", "hash", "--noprobe", "--hashes", hashes, "--wordlist", "-",
               stdin=subprocess.PIPE if False else open(write(tmp_path, "w.txt", "alpha\nbeta\ngamma\ndelta\n"), "rb"))
    assert r.rc == 0, r
    assert f"{md5('beta')}:beta" in r.lines and f"{md5('delta')}:delta" in r.lines


def test_hybrid_word_then_mask_and_mask_then_word(tmp_path):
    words = write(tmp_path, "w.txt", "ab\ncd\n")
    assert stdout_lines("--wordlist", words, "--mask", "?d") == product(["ab"], DIGITS) + product(["cd"], DIGITS)
    assert stdout_lines("--mask", "?d", "--wordlist", words) == product(DIGITS, ["ab"]) + product(DIGITS, ["cd"])
    r = run_hc("md5", "hash", "--noprobe", "-s", md5("7cd"), "--mask", "?d", "--wordlist", words)
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: 7cd", r


def test_hybrid_increment_reads_the_list_once_per_mask_prefix(tmp_path):
    """hashcat's -a 6/-a 7 --increment: every word with the mask's first
    position, then every word with its first two, ...; -n/-x bound them."""
    words = write(tmp_path, "w.txt", "ab\ncd\n")
    ab_cd = ["ab", "cd"]
    assert stdout_lines("--wordlist", words, "--mask", "?d?l", "--increment") == (
        product(ab_cd, DIGITS) + product(["ab"], DIGITS, LOWER) + product(["cd"], DIGITS, LOWER))
    assert stdout_lines("--mask", "?u?d!", "--wordlist", words, "--increment", "-n", "2", "-x", "2") == (
        product(UPPER, DIGITS, ["ab"]) + product(UPPER, DIGITS, ["cd"]))
    assert stdout_lines("--wordlist", words, "--mask", "?d?d", "--increment", "-n", "2") == product(ab_cd, DIGITS, DIGITS)


@pytest.mark.skipif(HASHCAT is None, reason="hashcat is not installed (scripts/deps.sh test installs it)")
def test_hybrid_increment_passes_are_hashcats(tmp_path):
    """Pass by pass the same candidates as `hashcat --stdout` (hashcat
    orders a pass's mask candidates its own way: compared as sets)."""
    words = write(tmp_path, "w.txt", "ab\n\nxyz\n")
    # each case: the sizes of the mask's prefixes' sets, the passes' prefix lengths
    cases = [(["-a", "6", words, "?d?l?d", "--increment"], ["--wordlist", words, "--mask", "?d?l?d", "--increment"],
              [10, 26, 10], [1, 2, 3]),
             (["-a", "7", "?u?d", words, "--increment", "--increment-min", "2"],
              ["--mask", "?u?d", "--wordlist", words, "--increment", "-n", "2"], [26, 10], [2])]
    for hashcat_args, hc_args, set_sizes, prefixes in cases:
        theirs, ours = hashcat_stdout(*hashcat_args), stdout_lines(*hc_args)
        assert len(theirs) == len(ours), hc_args
        start = 0
        for n in prefixes:
            size = 3 * math.prod(set_sizes[:n])  # 3 words, the empty one too
            assert sorted(theirs[start:start + size]) == sorted(ours[start:start + size]), (hc_args, n)
            start += size
        assert start == len(ours)


def test_hybrid_increment_finds_in_a_later_pass(tmp_path):
    words = write(tmp_path, "w.txt", "ab\ncd\n")
    r = run_hc("md5", "hash", "--noprobe", "-s", md5("cd42"), "--wordlist", words, "--mask", "?d?d", "--increment")
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: cd42", r
    # all of the first pass (2 words x 10), then ab00..ab99 and cd00..cd42
    assert r.nonblank[0].startswith("Attempts: 163 "), r
    # found in the first pass: the second is not run
    r = run_hc("md5", "hash", "--noprobe", "-s", md5("cd4"), "--wordlist", words, "--mask", "?d?d", "--increment")
    assert r.rc == 0 and r.nonblank[0].startswith("Attempts: 15 "), r


def test_hybrid_increment_many_targets_each_once(tmp_path):
    """a12 is met twice: word a1 with ?d (first pass), word a with ?d?d
    (second): one line for it; all found ends the run with exit 0."""
    words = write(tmp_path, "w.txt", "a1\na\n")
    hashes = write(tmp_path, "h.txt", "".join(md5(t) + "\n" for t in ("a12", "a19", "a77")))
    r = run_hc("md5", "hash", "--noprobe", "--hashes", hashes, "--wordlist", words, "--mask", "?d?d", "--increment")
    assert r.rc == 0, r
    for text in ("a12", "a19", "a77"):
        assert r.lines.count(f"{md5(text)}:{text}") == 1, r
    assert "Found 3 of 3 targets" in r.lines, r


# ---- bad input ----

def test_rule_file_with_garbage_names_each_bad_line(tmp_path):
    words = write(tmp_path, "w.txt", "abc\n")
    rules = write(tmp_path, "r.rule", b"$1\n\x00\xff\x01garbage\n$\nT\n\xfe\n^0\n")
    r = run_hc("md5", "hash", "--wordlist", words, "--rules", rules, "--stdout")
    assert r.rc == 0, r
    assert r.raw == b"abc1\n0abc\n"
    for line in (2, 3, 4, 5):
        assert f"r.rule:{line}: invalid rule" in r.err, r.err


def test_rule_line_over_the_limit_is_named_and_skipped_and_crlf_dropped(tmp_path):
    """No rule is 4096 bytes long: a longer line is named with its length
    and skipped, and the file goes on; a CRLF file's '\\r' belongs to no
    rule (with it, '$1' would be invalid) nor word."""
    words = write(tmp_path, "w.txt", b"abc\r\n")
    rules = write(tmp_path, "r.rule", b":\r\n" + b"u" * 5000 + b"\r\n$1\r\n")
    r = run_hc("md5", "hash", "--wordlist", words, "--rules", rules, "--stdout")
    assert (r.rc, r.raw) == (0, b"abc\nabc1\n"), r
    assert r.err == f"hc: {rules}:2: a rule of 5000 bytes is too long, skipped\n", r


def test_rule_file_without_valid_rules_is_an_error(tmp_path):
    words = write(tmp_path, "w.txt", "abc\n")
    rules = write(tmp_path, "r.rule", "$\n")
    r = run_hc("md5", "hash", "-s", md5("abc"), "--wordlist", words, "--rules", rules)
    assert r.rc == 2 and "r.rule:1: invalid rule '$'" in r.err and "no valid rule" in r.err, r


def test_empty_wordlist_and_directory_fail_clearly(tmp_path):
    empty = write(tmp_path, "empty.txt", "")
    r = run_hc("md5", "hash", "--noprobe", "-s", md5("a"), "--wordlist", empty)
    assert r.rc == 1 and "empty.txt: the wordlist is empty" in r.err and r.nonblank[-1] == "Nothing found", r
    r = run_hc("md5", "hash", "--noprobe", "-s", md5("a"), "--wordlist", str(tmp_path))
    assert r.rc == 1 and "Is a directory" in r.err, r
    r = run_hc("md5", "hash", "--noprobe", "-s", md5("a"), "--wordlist", str(tmp_path / "missing"))
    assert r.rc == 1 and "No such file" in r.err, r


def test_word_longer_than_a_candidate_is_named_and_skipped(tmp_path):
    words = write(tmp_path, "w.txt", "short\n" + "x" * 300 + "\n" + "y" * 256 + "\nlast\n")
    r = run_hc("md5", "hash", "--noprobe", "-s", md5("last"), "--wordlist", words)
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: last", r
    assert "w.txt:2: a word of 300 bytes is longer than 256, skipped" in r.err
    assert stdout_lines("--wordlist", words) == [b"short", b"y" * 256, b"last"]


def test_conflicting_options_are_usage_errors(tmp_path):
    words = write(tmp_path, "w.txt", "a\n")
    for args in (["-a", "abc", "--mask", "?d"], ["--rules", words], ["--increment"],
                 ["--increment", "--mask", "?d", "--wordlist", "-"]):
        r = run_hc("md5", "hash", "-s", md5("a"), *args)
        assert r.rc == 2 and r.err.startswith("hc: "), (args, r)
    assert "cannot be standard input" in r.err, r


def test_wordlist_memory_does_not_grow_with_the_list(tmp_path):
    """48 MiB of words through standard input: the peak resident memory
    stays far below the list (the reader keeps a piece, the batches 1 MiB)."""
    words = tmp_path / "w.txt"
    with open(words, "wb") as f:
        line = b"abcdefghijklmno\n"
        f.write(line * (48 * 1024 * 1024 // len(line)))
    with open(words, "rb") as stdin:  # GNU time: the peak of hc itself (%M, KiB) on the last line
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", HC_BINARY, "md5", "hash", "--noprobe", "--no-progress",
                               "-s", "0" * 32, "--wordlist", "-", "-T", "2"], stdin=stdin, capture_output=True)
    assert proc.returncode == 1 and b"Nothing found" in proc.stdout, proc
    peak_kib = int(proc.stderr.split()[-1])
    # a sanitizer's shadow memory adds to every resident page
    from filedir_util import sanitized
    assert peak_kib < 24 * 1024 * (3 if sanitized() else 1), peak_kib


def test_ctrl_c_stops_a_wordlist_search(tmp_path):
    import signal
    from conftest import spawn_hc, wait_for_handler
    words = tmp_path / "w.txt"
    words.write_bytes(b"abcdefghijklmno\n" * (4 * 1024 * 1024))  # 4M words: seconds of work
    proc = spawn_hc(["md5", "hash", "--noprobe", "-s", "0" * 32, "--wordlist", str(words), "--rules",
                     write(tmp_path, "r.rule", ":\nu\nc\nr\n")], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_handler(proc.pid, timeout=20)
    # the handler comes before the rules are read; the search runs once
    # the wordlist is open
    deadline = time.monotonic() + 60
    while not any(os.path.realpath(f"/proc/{proc.pid}/fd/{fd}") == str(words)
                  for fd in os.listdir(f"/proc/{proc.pid}/fd")):
        assert time.monotonic() < deadline and proc.poll() is None, "the wordlist was never opened"
        time.sleep(0.002)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, (out, err)
    assert err.endswith(b"hc: interrupted\n") and out.decode().splitlines()[-1] == "Nothing found"
