"""--skip N / --limit N in hash mode: exactly lines N+1..N+L of hc's own
--stdout, for masks, increments, wordlists, rules and hybrids, inside
--part K/N (the part is taken first). The streams are modelled here in
Python (itertools.product in the mask's order), or come from hashcat
--stdout -s/-l where hashcat counts in the same units (a plain wordlist:
one candidate per word); for rules and hybrids hashcat counts base words,
so there the expected lines are the slice of hc's own full --stdout,
which the other suites compare with hashcat."""
import hashlib
import itertools
import string

import pytest

from conftest import run_hc
from hashcat_util import HASHCAT, hashcat_stdout

DIGITS = string.digits
LOWER = string.ascii_lowercase


def stdout_lines(*args):
    r = run_hc("md5", "hash", *args, "--stdout")
    assert r.rc == 0 and r.err == "", r
    return r.out.split("\n")[:-1]


def mask_model(*sets):
    return ["".join(t) for t in itertools.product(*sets)]


def part_bounds(total, k, n):
    return total * (k - 1) // n, total * k // n


def attempts(r):
    line = next(line for line in r.out.splitlines() if line.startswith("Attempts: "))
    return int(line.split(" Time ")[0][len("Attempts: "):].replace(" ", ""))


@pytest.mark.parametrize("skip, limit", [(100, 50), (0, 1), (0, 1000), (999, 5), (990, None), (1000, 3), (5000, 3)])
def test_mask_window_is_a_slice_of_the_stream(skip, limit):
    whole = mask_model(DIGITS, DIGITS, DIGITS)
    args = ["--mask", "?d?d?d", "--skip", str(skip)] + (["--limit", str(limit)] if limit else [])
    end = skip + limit if limit else None
    assert stdout_lines(*args) == whole[skip:end]


def test_issue_example_lines_101_to_150():
    whole = stdout_lines("--mask", "?l?d?d")
    assert whole == mask_model(LOWER, DIGITS, DIGITS)
    assert stdout_lines("--mask", "?l?d?d", "--skip", "100", "--limit", "50") == whole[100:150]


def test_increment_window_crosses_the_lengths():
    whole = mask_model(DIGITS) + mask_model(DIGITS, DIGITS) + mask_model(DIGITS, DIGITS, DIGITS)
    assert stdout_lines("--mask", "?d?d?d", "--increment", "--skip", "5", "--limit", "120") == whole[5:125]
    assert stdout_lines("--mask", "?d?d?d", "--increment", "-n", "2", "--skip", "95", "--limit", "10") == whole[105:115]


def test_charset_window_counts_from_the_first_length():
    whole = mask_model("ab") + mask_model("ab", "ab") + mask_model("ab", "ab", "ab")
    assert stdout_lines("-a", "ab", "-x", "3", "--skip", "3", "--limit", "6") == whole[3:9]


@pytest.mark.parametrize("k, n", [(1, 3), (2, 3), (3, 3), (5, 7)])
def test_mask_part_first_then_the_window_inside_it(k, n):
    whole = mask_model(DIGITS, DIGITS, DIGITS)
    begin, end = part_bounds(len(whole), k, n)
    part = whole[begin:end]
    assert stdout_lines("--mask", "?d?d?d", "--part", f"{k}/{n}") == part
    assert stdout_lines("--mask", "?d?d?d", "--part", f"{k}/{n}", "--skip", "10", "--limit", "7") == part[10:17]
    # a skip past the part's end leaves nothing of it (the next part is not entered)
    assert stdout_lines("--mask", "?d?d?d", "--part", f"{k}/{n}", "--skip", str(len(part))) == []


@pytest.fixture
def words(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("".join(f"{w}\n" for w in ["alpha", "beta", "gamma", "delta", "pass", "x" * 300, "zeta", "eta"]))
    return path


@pytest.mark.skipif(HASHCAT is None, reason="needs hashcat")
@pytest.mark.parametrize("skip, limit", [(0, 1), (1, 3), (4, 2), (6, 10)])
def test_plain_wordlist_matches_hashcat_skip_limit(words, skip, limit):
    """Without rules hashcat's -s/-l count words, which are hc's candidates
    (its over-long line is dropped by both)."""
    expected = [w.decode() for w in hashcat_stdout("-a", "0", str(words), "-s", str(skip), "-l", str(limit))]
    got = run_hc("md5", "hash", "--wordlist", str(words), "--skip", str(skip), "--limit", str(limit), "--stdout")
    assert got.rc == 0 and got.out.split("\n")[:-1] == expected, got
    # the list is read up to the window's end: line 6 comes after five words
    warning = f"hc: {words}:6: a word of 300 bytes is longer than 256, skipped\n"
    assert got.err == (warning if skip + limit > 5 else "")


@pytest.fixture
def rules(tmp_path):
    path = tmp_path / "three.rule"
    path.write_text(":\nu\n$1\n")
    return path


def quiet_lines(*args):
    r = run_hc("md5", "hash", *args, "--stdout")
    assert r.rc == 0, r
    return r.out.split("\n")[:-1]


# windows that start and end inside words and across passes
WINDOWS = [(0, 1), (1, 1), (2, 5), (7, 13), (29, 40), (59, 1), (60, 100), (0, None), (45, None), (1000, 5)]


@pytest.mark.parametrize("skip, limit", WINDOWS)
@pytest.mark.parametrize("attack", [
    ["--rules", "RULES"],
    ["--mask", "?d"],
    ["--rules", "RULES", "--mask", "?d?d"],
    ["--mask", "?d", "WORDLIST_FIRST"],
    ["--mask", "?d?d", "--increment"],
], ids=["rules", "hybrid", "rules-hybrid", "mask-first", "hybrid-increment"])
def test_wordlist_window_is_a_slice_of_the_stream(words, rules, attack, skip, limit):
    args = [str(rules) if a == "RULES" else a for a in attack if a != "WORDLIST_FIRST"]
    if "WORDLIST_FIRST" in attack:
        args = args + ["--wordlist", str(words)]
    else:
        args = ["--wordlist", str(words)] + args
    whole = quiet_lines(*args)
    window = ["--skip", str(skip)] + (["--limit", str(limit)] if limit else [])
    end = skip + limit if limit else None
    assert quiet_lines(*args, *window) == whole[skip:end]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 200])
def test_wordlist_parts_tile_the_stream(words, rules, n):
    args = ["--wordlist", str(words), "--rules", str(rules), "--mask", "?d"]
    whole = quiet_lines(*args)
    tiles = []
    for k in range(1, n + 1):
        begin, end = part_bounds(len(whole), k, n)
        part = quiet_lines(*args, "--part", f"{k}/{n}")
        assert part == whole[begin:end]
        assert quiet_lines(*args, "--part", f"{k}/{n}", "--skip", "3", "--limit", "4") == part[3:7]
        tiles += part
    assert tiles == whole


def test_wordlist_part_from_standard_input_refused(words):
    r = run_hc("md5", "hash", "--wordlist", "-", "--part", "1/2", "--stdout", stdin=open(words, "rb"))
    assert r.rc == 2 and r.out == ""
    assert r.err == "hc: --part counts the words of --wordlist first: it cannot be standard input\n"


def md5(text):
    return hashlib.md5(text.encode()).hexdigest()


def test_search_finds_only_inside_the_window():
    """(Without the potfile: the first run's find would answer the others.)"""
    target = md5("345")  # candidate 346 of ?d?d?d
    found = run_hc("md5", "hash", "-s", target, "--mask", "?d?d?d", "--noprobe", "--potfile-disable", "--skip", "300",
                   "--limit", "46")
    assert found.rc == 0 and found.out.endswith("Initial string is: 345\n"), found
    assert attempts(found) == 346  # the skipped ones count: the answer's place in the stream
    for window, end in [(["--skip", "346"], 1000), (["--skip", "300", "--limit", "45"], 345)]:
        missed = run_hc("md5", "hash", "-s", target, "--mask", "?d?d?d", "--noprobe", "--potfile-disable", *window)
        assert missed.rc == 1 and missed.out.endswith("Nothing found\n"), missed
        assert attempts(missed) == end


def test_wordlist_search_finds_only_inside_the_window(words, rules):
    args = ["--wordlist", str(words), "--rules", str(rules), "--mask", "?d", "--potfile-disable"]
    whole = quiet_lines(*args)
    rank = whole.index("GAMMA7")
    target = md5("GAMMA7")
    found = run_hc("md5", "hash", "-s", target, *args, "--skip", str(rank), "--limit", "1")
    assert found.rc == 0 and found.out.endswith("Initial string is: GAMMA7\n"), found
    assert attempts(found) == rank + 1
    missed = run_hc("md5", "hash", "-s", target, *args, "--skip", str(rank + 1))
    assert missed.rc == 1 and attempts(missed) == len(whole), missed
    short = run_hc("md5", "hash", "-s", target, *args, "--limit", str(rank))
    assert short.rc == 1 and attempts(short) == rank, short


@pytest.mark.parametrize("option, value, least", [
    ("--skip", "-1", 0), ("--skip", "abc", 0), ("--skip", "1e3", 0), ("--skip", "", 0),
    ("--skip", "18446744073709551616", 0), ("--limit", "0", 1), ("--limit", "+5", 1), ("--limit", " 5", 1),
])
def test_bad_values_refused(option, value, least):
    r = run_hc("md5", "hash", "--mask", "?d", option, value, "--stdout")
    assert r.rc == 2 and r.out == ""
    assert r.err == (f"hc: invalid {option} value '{value}': expected a whole number of candidates, "
                              f"{least} or more\n")


def test_skip_at_the_largest_value_is_accepted():
    assert stdout_lines("--mask", "?d", "--skip", "18446744073709551615") == []


def test_increment_min_past_the_mask_refused_as_hashcat_does():
    r = run_hc("md5", "hash", "--mask", "?d?d?d", "-n", "5", "--increment", "--stdout")
    assert r.rc == 2 and r.out == ""
    assert r.err == "hc: invalid mask for --increment: -n 5 is longer than the mask '?d?d?d' (3 positions)\n"
    search = run_hc("md5", "hash", "-s", md5("123"), "--mask", "?d?d?d", "-n", "4", "--increment", "--noprobe")
    assert search.rc == 2 and search.out == ""
    assert "-n 4 is longer than the mask" in search.err


def test_increment_min_past_the_mask_of_a_hybrid_refused(words):
    r = run_hc("md5", "hash", "--wordlist", str(words), "--mask", "?d?d", "-n", "3", "--increment", "--stdout")
    assert r.rc == 2 and r.out == ""
    assert r.err == "hc: invalid mask for --increment: -n 3 is longer than the mask '?d?d' (2 positions)\n"


def test_increment_max_past_the_mask_stops_at_its_end():
    whole = mask_model(DIGITS) + mask_model(DIGITS, DIGITS) + mask_model(DIGITS, DIGITS, DIGITS)
    assert stdout_lines("--mask", "?d?d?d", "-x", "5", "--increment") == whole
    assert stdout_lines("--mask", "?d?d?d", "-n", "3", "--increment") == whole[110:]


@pytest.mark.skipif(HASHCAT is None, reason="needs hashcat")
def test_hashcat_has_the_same_sense_of_the_increment_bounds():
    """hashcat refuses an --increment-min past the mask ("Invalid mask.")
    and stops an --increment-max past it at the mask's end."""
    from hashcat_util import hashcat_command, hashcat_env
    import subprocess
    refused = subprocess.run(hashcat_command("--stdout", "-a", "3", "?d?d?d", "-i", "--increment-min", "5"),
                             env=hashcat_env(), capture_output=True)
    assert b"Invalid mask" in refused.stdout + refused.stderr
    capped = hashcat_stdout("-a", "3", "?d?d?d", "-i", "--increment-max", "5")
    assert sorted(w.decode() for w in capped) == sorted(stdout_lines("--mask", "?d?d?d", "-x", "5", "--increment"))


def test_status_line_counts_the_skipped_candidates():
    """SIGUSR1's line: the skipped candidates as done, of the window's end."""
    import signal
    import subprocess
    from conftest import spawn_hc, wait_for_handler
    skip, limit = 10 ** 9, 5 * 10 ** 9
    proc = spawn_hc(["md5", "hash", "-s", "0" * 32, "--mask", "?l?l?l?l?l?l?l?l", "--skip", str(skip), "--limit",
                     str(limit), "--noprobe", "-T", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for_handler(proc.pid, signal.SIGUSR1)
        proc.send_signal(signal.SIGUSR1)
        line = proc.stderr.readline().decode()
        wait_for_handler(proc.pid)
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    import re
    match = re.match(r"hc: status: ([\d ]+) of ([\d ]+) candidates \(([\d.]+)%\)", line)
    assert match, line
    done, total = (int(g.replace(" ", "")) for g in match.group(1, 2))
    assert skip <= done < skip + limit and total == skip + limit
    assert float(match.group(3)) >= 16.6  # a sixth of the stream was skipped
