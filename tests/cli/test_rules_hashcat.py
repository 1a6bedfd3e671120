"""hc's rule engine against hashcat's, at test time (contract §10.9).

`hashcat --stdout -r FILE WORDS` prints the candidates hashcat tries;
`hc md5 hash --wordlist WORDS --rules FILE --stdout` must print the same,
line for line, for hashcat's own rule files over a wordlist of ASCII,
UTF-8, long (up to and past 256 bytes) and empty words.

The order differs (see below); the candidates must be the same.
hashcat 6.2.6 prints --stdout candidates through a CPU copy of its GPU
rule code, which after some shortening functions leaves stale bytes that a
later duplicating function (d, p, f, ...) picks up (e.g. '] ] ] d' on
'MiXeD CaSe wOrD' or 'd' on 'password' print bytes no function wrote,
newlines among them: a few percent of these files' candidates).
Where the two streams differ, hc's candidate for that word and rule must
equal what hashcat's own CPU rule engine makes of them (`hashcat --stdout
-j RULE`). The words hold no control bytes: a rule can turn a tab into a
newline (+N), which --stdout cannot tell from a line end.
"""
import collections
import os
import shutil
import subprocess
import tempfile

import pytest

from conftest import DATA_DIR, HC_BINARY

HC = HC_BINARY
DATA = str(DATA_DIR)
RULES_DIR = "/usr/share/hashcat/rules"
WORDS = os.path.join(DATA, "rules", "words.txt")
CPU_CHECKS = 4
# functions that copy bytes of the word (hashcat's stale bytes come with them)
DUPLICATING = (b"d", b"p", b"f", b"q", b"y", b"Y", b"z", b"Z")

pytestmark = pytest.mark.skipif(shutil.which("hashcat") is None or not os.path.isdir(RULES_DIR),
                                reason="hashcat is not installed (scripts/deps.sh test installs it)")


def hashcat(*args):
    # a private HOME and session name: hashcat keeps its session files there
    # and refuses to start while another instance runs under the same name
    # ("Already an instance ... running"), which a parallel run of the suite,
    # or a benchmark beside it, would otherwise be
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home)
        session = f"hc-test-{os.getpid()}-{os.path.basename(home)}"
        return subprocess.run(["hashcat", "--stdout", "--session", session, *args], capture_output=True, env=env,
                              check=True).stdout


def valid_rules(path, stderr):
    """The rule lines hc kept, in order: the file less comments, blank and named-invalid lines."""
    skipped = {int(line.split(":")[2]) for line in stderr.decode(errors="replace").splitlines()
               if "invalid rule" in line or "too long" in line}
    rules = []
    with open(path, "rb") as f:
        for number, line in enumerate(f.read().split(b"\n"), 1):
            line = line[:-1] if line.endswith(b"\r") else line
            if line and not line.startswith(b"#") and number not in skipped:
                rules.append(line)
    return rules


def cpu_engine(rule, word):
    with tempfile.NamedTemporaryFile(suffix=".txt") as f:
        f.write(word + b"\n")
        f.flush()
        out = hashcat("-j", rule.decode("latin-1"), f.name)
    return out[:-1] if out.endswith(b"\n") else out


# Under a sanitizer (make sanitize, make tsan: HC_SANITIZED) the rule
# engine's memory and threads are what is checked, and best64 exercises
# every function class; the three long files (3 million candidates for
# dive) run in the plain build only.
RULE_FILES = ["best64"] if os.environ.get("HC_SANITIZED") else ["best64", "d3ad0ne", "dive", "T0XlC"]


@pytest.mark.parametrize("name", RULE_FILES)
def test_rule_file_matches_hashcat(name):
    path = os.path.join(RULES_DIR, name + ".rule")
    ours = subprocess.run([HC, "md5", "hash", "--wordlist", WORDS, "--rules", path, "--stdout"],
                          capture_output=True, check=True)
    theirs = hashcat("-r", path, WORDS).split(b"\n")[:-1]
    # hashcat --stdout writes its warnings about rules it skips to stdout, first
    while theirs and theirs[0].startswith((b"Cannot convert rule", b"Skipping invalid or unsupported rule")):
        theirs.pop(0)
    mine = ours.stdout.split(b"\n")[:-1]
    words = [w for w in open(WORDS, "rb").read().split(b"\n")[:-1] if len(w) <= 256]
    rules = valid_rules(path, ours.stderr)
    assert len(mine) == len(words) * len(rules)
    # hashcat hands its rules out in blocks of a device-sized count (all
    # words through one block, then the next), hc word by word: the same
    # candidates in another order, so the two are compared as multisets.
    missing = collections.Counter(mine) - collections.Counter(theirs)
    extra = collections.Counter(theirs) - collections.Counter(mine)
    differ = sum(missing.values())
    # each line hashcat did not print as often: as many of its makers in hc
    # must be rules that duplicate (where hashcat's stale bytes show), and
    # hashcat's CPU engine decides the first few
    makers = collections.defaultdict(list)
    for i, line in enumerate(mine):
        if missing[line]:
            makers[line].append((words[i // len(rules)], rules[i % len(rules)]))
    checked = 0
    for line, count in missing.items():
        duplicating = [(w, r) for w, r in makers[line] if any(f in r for f in DUPLICATING)]
        assert len(duplicating) >= count, (name, line, makers[line][:3])
        if checked < CPU_CHECKS:
            word, rule = duplicating[0]
            assert line == cpu_engine(rule, word), (name, word, rule, line)
            checked += 1
    # hashcat's stale-byte lines are what it printed instead (newlines in them split lines)
    assert sum(extra.values()) >= differ
    # a broken engine would differ everywhere
    assert differ <= max(20, len(mine) // 20), differ
