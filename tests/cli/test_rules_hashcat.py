"""hc's rule engine against hashcat's, candidate by candidate (contract §10.9).

`hc md5 hash --wordlist WORDS --rules FILE --stdout` against
`hashcat --stdout -r FILE WORDS` for hashcat's own rule files over
tests/data/rules/words.txt (ASCII, UTF-8, empty words, long words up to
256 bytes; the one past it is checked apart). Every candidate of every
word and rule is compared with the one hashcat prints in the same place:

- Order: hc goes word by word, rule by rule. hashcat hands its rules out in
  blocks (every word through one block, then the next block); the block's
  size is measured here by a probe run, and hc's candidates are put in that
  order before they are compared.
- Rules hashcat skips (it names them first on stdout) are the lines hc
  names as invalid on stderr: the same line numbers, no more, no fewer.
- hashcat 6.2.6 prints --stdout candidates through a CPU copy of its GPU
  rule code, which for some rules (`d` on an 8-byte word, `] ] ] d`, `f`)
  ORs stale bytes of earlier words into the candidate (1 to 3% of these
  files' candidates, of up to 1,900 rules a file). Where a candidate
  differs, hc's must be exactly what hashcat's CPU rule engine
  (`hashcat --stdout -j RULE`) makes of the word: tests/cli/rule_model.py,
  that engine written out in Python and held to hashcat's own answers at
  every function's edges by test_rule_edges.py (asking hashcat -j itself,
  one run of a second a rule, would take an hour). Each one is checked,
  none is forgiven.

The words hold no control bytes: a rule can turn a tab into a newline
(+N), which --stdout cannot tell from a line end; the line counts must be
equal. generated2.rule is left out for that reason: its shifts and
decrements make newlines of letters ('password', '0000').
"""
import os

import pytest

from conftest import DATA_DIR, run_hc
from hashcat_util import HASHCAT, hashcat_stdout
from rule_model import apply_rule

RULES_DIR = "/usr/share/hashcat/rules"
WORDS = os.path.join(str(DATA_DIR), "rules", "words.txt")
MAX_WORD = 256

pytestmark = pytest.mark.skipif(HASHCAT is None or not os.path.isdir(RULES_DIR),
                                reason="hashcat is not installed (scripts/deps.sh test installs it)")

# Under a sanitizer (make sanitize, make tsan: HC_SANITIZED) the rule
# engine's memory and threads are what is checked, and best64 exercises
# every function class; the four long files (3 million candidates for
# dive) run in the plain build only.
RULE_FILES = ["best64"] if os.environ.get("HC_SANITIZED") else ["best64", "d3ad0ne", "dive", "T0XlC", "generated"]


def read_lines(path):
    return open(path, "rb").read().split(b"\n")[:-1]


@pytest.fixture(scope="module")
def short_words(tmp_path_factory):
    """words.txt less its words longer than 256 bytes, as a file of its own.

    hashcat 6.2.6 also skips a word longer than its maximum, but then drops
    the list's last word as well; hc's skipping of long words is checked by
    test_long_words_are_skipped below."""
    words = [w for w in read_lines(WORDS) if len(w) <= MAX_WORD]
    path = tmp_path_factory.mktemp("words") / "short.txt"
    path.write_bytes(b"".join(w + b"\n" for w in words))
    return str(path), words


@pytest.fixture(scope="module")
def rule_block(tmp_path_factory):
    """How many rules hashcat --stdout hands out at a time: with 1000 rules
    and two words, the run of the first word's candidates at the start."""
    tmp = tmp_path_factory.mktemp("probe")
    (tmp / "r.rule").write_bytes(b"$x\n" * 1000)
    (tmp / "w.txt").write_bytes(b"a\nb\n")
    lines = hashcat_stdout("-r", str(tmp / "r.rule"), str(tmp / "w.txt"))
    block = lines.index(b"bx")
    assert lines[:block] == [b"ax"] * block and len(lines) == 2000
    return block


def hashcat_skipped_lines(lines):
    """hashcat --stdout names the rules it skips on its first lines of stdout."""
    skipped = set()
    while lines and lines[0].startswith((b"Cannot convert rule", b"Skipping invalid or unsupported rule")):
        skipped.add(int(lines.pop(0).rsplit(b" on line ", 1)[1].split(b":", 1)[0]))
    return skipped


def hc_skipped_lines(stderr):
    return {int(line.split(":")[2]) for line in stderr.splitlines() if "invalid rule" in line}


def rules_of(path, skipped):
    """The rules of a file in order: less comments, blank lines and the skipped lines."""
    rules = []
    for number, line in enumerate(open(path, "rb").read().split(b"\n"), 1):
        line = line[:-1] if line.endswith(b"\r") else line
        if line and not line.startswith(b"#") and number not in skipped:
            rules.append(line)
    return rules


def hashcat_order(word_count, rule_count, block):
    """(word, rule) of each candidate in the order hashcat --stdout prints them."""
    return [(w, r) for first in range(0, rule_count, block) for w in range(word_count)
            for r in range(first, min(first + block, rule_count))]


def disputed_cells(ours, theirs, order):
    """The (word, rule) places whose candidate hashcat --stdout printed otherwise."""
    assert len(ours) == len(theirs), f"hc made {len(ours)} candidates, hashcat printed {len(theirs)} lines"
    return [cell for cell, a, b in zip(order, ours, theirs) if a != b]


def check_with_model(disputed, words, rules, candidate):
    wrong = [(rules[r], words[w], candidate(w, r), apply_rule(rules[r], words[w])) for w, r in disputed
             if candidate(w, r) != apply_rule(rules[r], words[w])]
    assert wrong == [], f"{len(wrong)} candidates differ from hashcat's CPU engine, e.g. (rule, word, hc, hashcat): " \
                        f"{wrong[:5]}"


@pytest.mark.parametrize("name", RULE_FILES)
def test_rule_file_matches_hashcat(name, short_words, rule_block):
    path = os.path.join(RULES_DIR, name + ".rule")
    words_path, words = short_words
    r = run_hc("md5", "hash", "--wordlist", words_path, "--rules", path, "--stdout")
    assert r.rc == 0, r.err
    theirs = hashcat_stdout("-r", path, words_path)
    skipped = hashcat_skipped_lines(theirs)
    assert hc_skipped_lines(r.err) == skipped
    rules = rules_of(path, skipped)
    mine = r.raw.split(b"\n")[:-1]
    assert len(mine) == len(words) * len(rules)

    def candidate(w, rule):
        return mine[w * len(rules) + rule]

    order = hashcat_order(len(words), len(rules), rule_block)
    ours = [candidate(w, rule) for w, rule in order]
    check_with_model(disputed_cells(ours, theirs, order), words, rules, candidate)


def test_long_words_are_skipped(short_words, tmp_path):
    """The full list gives the candidates of its words of up to 256 bytes,
    and names the one longer word with its line."""
    rule = tmp_path / "r.rule"
    rule.write_bytes(b"u\n$1 r\n")
    full = run_hc("md5", "hash", "--wordlist", WORDS, "--rules", str(rule), "--stdout")
    short = run_hc("md5", "hash", "--wordlist", short_words[0], "--rules", str(rule), "--stdout")
    assert (full.rc, short.rc) == (0, 0)
    assert full.raw == short.raw
    long_lines = [n for n, w in enumerate(read_lines(WORDS), 1) if len(w) > MAX_WORD]
    assert full.err == "".join(f"hc: {WORDS}:{n}: a word of {len(read_lines(WORDS)[n - 1])} bytes is longer than "
                               f"{MAX_WORD}, skipped\n" for n in long_lines)
