"""string mode (contract §2.1, §3.1) against tests/data/vectors/hc-vectors.tsv
(and vectors/added/ for algorithms added since)."""
import base64

import pytest

from conftest import ALGORITHMS, CONTRACT_ALGORITHMS, load_vectors, run_hc

VECTORS = load_vectors()


def test_vectors_cover_every_algorithm_of_the_table():
    assert set(CONTRACT_ALGORITHMS) <= set(ALGORITHMS)  # the contract's list is there
    # every algorithm of the table on each of the files' five inputs, once
    for alg in ALGORITHMS:
        assert sorted(t for a, t, _ in VECTORS if a == alg) == sorted(["123", "", "12", "2", "23"]), alg


@pytest.mark.parametrize("alg,text,digest", VECTORS, ids=[f"{a}-{t or 'empty'}" for a, t, _ in VECTORS])
def test_digest_upper_lower_base64(alg, text, digest):
    r = run_hc(alg, "string", "-s", text)
    assert (r.rc, r.out) == (0, digest + "\n")
    r = run_hc(alg, "string", "-s", text, "-l")
    assert (r.rc, r.out) == (0, digest.lower() + "\n")
    r = run_hc(alg, "string", "--base64", "--source", text)
    assert (r.rc, r.out) == (0, base64.b64encode(bytes.fromhex(digest)).decode() + "\n")


def test_examples_of_the_contract(hc):
    assert hc("md5", "string", "-s", "123").out == "202CB962AC59075B964B07152D234B70\n"
    assert hc("md5", "string", "-s", "123", "-b").out == "ICy5YqxZB1uWSwcVLSNLcA==\n"
    assert hc("crc32", "string", "-s", "123", "-b").out == "iEhj0g==\n"
    assert hc("ntlm", "string", "-s", "123").out == "3DBDE697D71690A769204BEB12283678\n"


def test_option_spellings(hc):
    expected = "202cb962ac59075b964b07152d234b70\n"
    for args in (["-s", "123", "-l"], ["-s=123", "-l"], ["-s123", "-l"], ["--source=123", "--lower"],
                 ["-ls", "123"], ["-l", "--source", "123"]):
        r = hc("md5", "string", *args)
        assert (r.rc, r.out) == (0, expected), args


def test_value_starting_with_dash_is_taken(hc):
    # contract §9: -s -abc takes "-abc" as the value, as getopt_long does
    r = hc("md5", "string", "-s", "-abc")
    assert r.rc == 0
    assert r.out == hc("md5", "string", "-s=-abc").out


def test_empty_string_and_large_argument(hc):
    assert hc("md5", "string", "-s", "").out == "D41D8CD98F00B204E9800998ECF8427E\n"
    import hashlib
    big = "0123456789abcdef" * 6400  # 100 KiB
    r = hc("sha256", "string", "-s", big)
    assert (r.rc, r.out) == (0, hashlib.sha256(big.encode()).hexdigest().upper() + "\n")


def test_non_utf8_bytes(hc):
    import hashlib
    raw = b"\xff\xfe\x80abc"
    r = hc("md5", "string", "-s", raw)
    assert (r.rc, r.out) == (0, hashlib.md5(raw).hexdigest().upper() + "\n")
    # ntlm needs text: a clear message on stderr, nothing on stdout, status 2
    r = hc("ntlm", "string", "-s", raw)
    assert r.rc == 2 and r.out == "" and "UTF-8" in r.err


def test_ntlm_utf16_beyond_bmp(hc):
    from Cryptodome.Hash import MD4  # python3-pycryptodome, installed by scripts/deps.sh test
    text = "pässwörd😀"
    md4 = MD4.new(text.encode("utf-16-le")).hexdigest().upper()
    assert hc("ntlm", "string", "-s", text).out == md4 + "\n"


def test_missing_source(hc):
    r = hc("md5", "string", "-l")
    assert (r.rc, r.out) == (2, "--source option is required\n")
