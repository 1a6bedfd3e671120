"""Grammar, help and parser messages (contract §1, §9)."""
import pytest

from conftest import ALGORITHMS, CONTRACT_ALGORITHMS

HELP_HINT = "help: invoke the command with '-h/--h' flag to learn more."


def parse_error(message):
    return f"error: {message}\n\n{HELP_HINT}\n"


@pytest.mark.parametrize("args,word", [
    (["foo", "string", "-s", "1"], "foo"),
    (["md5", "strng", "-s", "1"], "strng"),
    (["md5", "string", "-s", "1", "extra"], "extra"),
])
def test_unrecognized_command(hc, args, word):
    r = hc(*args)
    assert r.rc == 2
    assert r.lines[0] == f"error: unrecognized command '{word}'"
    assert r.lines[-1] == HELP_HINT


def test_unknown_algorithm_suggests_the_closest_name(hc):
    r = hc("sha3-256", "string", "-s", "1")
    assert r.lines[0] == "error: unrecognized command 'sha3-256'"
    assert "'sha-3-256'" in r.lines[1]
    r = hc("MD5", "string", "-s", "1")
    assert "'md5'" in r.lines[1]
    r = hc("zzzzzzzz", "string", "-s", "1")
    assert r.out == "error: unrecognized command 'zzzzzzzz'\n\n" + HELP_HINT + "\n"


@pytest.mark.parametrize("args,name", [
    (["md5", "-s", "x", "string"], "s"),
    (["md5", "string", "-s", "1", "-q", "1"], "q"),
    (["md5", "string", "-s", "1", "--bogus"], "bogus"),
    (["md5", "string", "-s", "1", "--sfv"], "sfv"),
    (["crc32", "string", "-s", "1", "--sfv"], "sfv"),
    (["md5", "hash", "-s", "1", "--sfv"], "sfv"),
    (["md5", "file", "-s", "x", "--sfv"], "sfv"),
    (["md5", "hash", "-s", "1", "-l"], "l"),
    (["md5", "file", "-s", "x", "-r"], "r"),
    (["md5", "string", "-s", "1", "--length", "4"], "length"),
    (["--version2"], "version2"),
])
def test_unrecognized_option(hc, args, name):
    r = hc(*args)
    assert (r.rc, r.out) == (2, parse_error(f"unrecognized option '{name}'"))


def test_missing_value_and_unexpected_value(hc):
    r = hc("md5", "string", "-s")
    assert (r.rc, r.out) == (2, parse_error("a value is missing for option '-s/--source'"))
    r = hc("md5", "string", "-s", "1", "--lower=yes")
    assert (r.rc, r.out) == (2, parse_error("a value 'yes' was not expected for option '-l/--lower'"))
    r = hc("blake3", "string", "-s", "1", "--length")
    assert (r.rc, r.out) == (2, parse_error("a value is missing for option '--length'"))


@pytest.mark.parametrize("args", [[], ["-h"], ["--help"], ["--h"], ["help"], ["h"], [""]])
def test_top_help(hc, args):
    r = hc(*args)
    assert r.rc == 0
    assert r.lines[0].startswith("Hash Calculator ")
    assert r.lines[r.lines.index("Usage: hc <ALGORITHM> <MODE> [OPTIONS]") + 1:][:2] == [
        "       hc <ALGORITHM> FILE... | -c LIST", "       hc <COMMAND> [OPTIONS]"]
    commands = r.lines[r.lines.index("Commands:") + 1:]
    commands = commands[:commands.index("")]
    names = [line.split()[0] for line in commands if line.startswith("    ") and not line.startswith("     ")]
    assert names == sorted(names, key=lambda s: s.encode()) and names == ALGORITHMS
    assert set(CONTRACT_ALGORITHMS) <= set(names)
    assert "sha-3k-256" in names and "crc32c" in names and "ntlm" in names


@pytest.mark.parametrize("args", [["md5"], ["md5", "-h"], ["md5", "help"], ["md5", ""]])
def test_algorithm_help(hc, args):
    r = hc(*args)
    assert r.rc == 0
    assert "Usage: hc md5 <COMMAND>" in r.lines
    for mode in ("string", "hash", "file", "dir"):
        assert any(line.split()[:1] == [mode] for line in r.lines)


@pytest.mark.parametrize("args", [["md5", "file"], ["md5", "file", "-h"], ["md5", "file", "-s", "x", "--help"],
                                  ["md5", "file", "h"], ["md5", "file", "-lh"]])
def test_mode_help(hc, args):
    r = hc(*args)
    assert r.rc == 0
    assert r.lines[0] == "calculate hash sum of a file"
    assert "Usage: hc md5 file [OPTIONS]" in r.lines
    assert any(line.startswith("    -s, --source=<file>") for line in r.lines)
    assert r.lines[-1].startswith("    -h, --help") and r.lines[-1].endswith("Print this help and exit")
    assert not any("--sfv" in line for line in r.lines)


def test_sfv_and_blake3_options_only_where_offered(hc):
    assert any("--sfv" in line for line in hc("crc32", "file", "-h").lines)
    assert any("--sfv" in line for line in hc("crc32c", "dir", "-h").lines)
    assert any("--length" in line for line in hc("blake3", "string", "-h").lines)
    assert not any("--length" in line for line in hc("sha256", "string", "-h").lines)


def test_version(hc):
    r = hc("--version")
    assert r.rc == 0
    assert r.lines[0].startswith("hc ")
    assert any(line.startswith("SIMD: ") for line in r.lines)
