"""Every rule function at the edges of its word, against hashcat's answers
recorded in tests/data/rules/edge_vectors.tsv (its header names the
generating command): a position of 0, the word's length, one less, one
more, past it; the empty word; words of 127 to 256 bytes, which a growing
function must leave alone where the candidate would reach 256 bytes.
hashcat is not needed to run these."""
import collections

from conftest import DATA_DIR, run_hc
from rule_model import apply_rule

VECTORS = DATA_DIR / "rules" / "edge_vectors.tsv"


def edge_vectors():
    """{rule: {word: candidate or None (rejected)}} in the file's order."""
    vectors = collections.OrderedDict()
    for line in VECTORS.read_bytes().split(b"\n"):
        if not line or line.startswith(b"#"):
            continue
        rule, word, candidate = line.split(b"\t")
        vectors.setdefault(rule, collections.OrderedDict())[bytes.fromhex(word.decode())] = \
            None if candidate == b"-" else bytes.fromhex(candidate.decode())
    return vectors


def test_vectors_cover_every_function():
    functions = {rule[0:1] for rule in edge_vectors()}
    assert functions >= {bytes([c]) for c in b":lucCtrdf{}[]kKqETpDzZyYLR+-.,'xO*io$^@es3"}


def test_hc_makes_hashcats_candidates(tmp_path):
    vectors = edge_vectors()
    rules = list(vectors)
    words = list(next(iter(vectors.values())))
    assert all(list(answers) == words for answers in vectors.values())
    assert all(None not in answers.values() for answers in vectors.values()), "hashcat rejected a word"
    (tmp_path / "edges.rule").write_bytes(b"".join(rule + b"\n" for rule in rules))
    (tmp_path / "words.txt").write_bytes(b"".join(word + b"\n" for word in words))
    r = run_hc("md5", "hash", "--wordlist", str(tmp_path / "words.txt"), "--rules", str(tmp_path / "edges.rule"),
               "--stdout")
    assert (r.rc, r.err) == (0, "")
    ours = r.raw.split(b"\n")[:-1]
    assert len(ours) == len(words) * len(rules)
    wrong = [(rule, word, ours[w * len(rules) + k], vectors[rule][word])
             for w, word in enumerate(words) for k, rule in enumerate(rules)
             if ours[w * len(rules) + k] != vectors[rule][word]]
    assert wrong == []


def test_python_model_makes_hashcats_candidates():
    """The model test_rules_hashcat.py asks where hashcat --stdout -r is wrong."""
    wrong = [(rule, word, apply_rule(rule, word), candidate) for rule, answers in edge_vectors().items()
             for word, candidate in answers.items() if apply_rule(rule, word) != candidate]
    assert wrong == []
