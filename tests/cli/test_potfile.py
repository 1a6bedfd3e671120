"""Hash mode's potfile, --show, --left, --username and --outfile, against
hashcat itself: the same potfile lines for the same finds, the same
--show/--left listings for the same files. Digests come from the
published vectors (tests/data/vectors) and Python's hashlib, never from
hc."""
import hashlib
import os

import pytest

from conftest import load_vectors, run_hc
from hashcat_util import HASHCAT, hashcat_stdout, run_hashcat

needs_hashcat = pytest.mark.skipif(HASHCAT is None, reason="hashcat is not installed (scripts/deps.sh test installs it)")

# hc's rows that hashcat has, and hashcat's mode of each
HASHCAT_MODES = {
    "md4": 900, "md5": 0, "ntlm": 1000, "sha1": 100, "sha224": 1300, "sha256": 1400, "sha384": 10800,
    "sha512": 1700, "sha-3-224": 17300, "sha-3-256": 17400, "sha-3-384": 17500, "sha-3-512": 17600,
    "sha-3k-224": 17700, "sha-3k-256": 17800, "sha-3k-384": 17900, "sha-3k-512": 18000, "ripemd160": 6000,
    "whirlpool": 6100, "blake2b": 600, "gost": 6900, "crc32": 11500,
}

VECTORS = {}
for _alg, _text, _digest in load_vectors():
    VECTORS.setdefault(_alg, {})[_text] = _digest.lower()


def hash_form(alg, digest):
    """A digest as hashcat writes it for the mode (its example hashes)."""
    return {"blake2b": "$BLAKE2$" + digest, "crc32": digest + ":00000000"}.get(alg, digest)


def md5(data):
    return hashlib.md5(data).hexdigest()


def write(path, data):
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return str(path)


# The plains hashcat writes as they are, and those it writes as $HEX[...]
# (measured with hashcat 6.2.6: its potfile after cracking each one).
PLAINS = [b"abc", b"a b", b"#x", b" lead", "caf\u00e9".encode(), b"\xc2\xa0", b"\xef\xbf\xbf", b"a]", b"$HEX[",
          b"$HEX[4]", b"x$HEX[41]", b"$hex[41]", b"",
          b"a:b", b"a\x01", b"a\tb", b"x\x7f", b"\xff\xfe", b"\xc2\x80", b"\xc2\x9f", b"\xed\xa0\x80", b"\xc0\xaf",
          b"\xf4\x90\x80\x80", b"\xe2\x82", b"$HEX[41]", b"$HEX[]", b"$HEX[4A]"]


def hex_word(plain):
    return b"$HEX[" + plain.hex().encode() + b"]"


# ---- the potfile's lines ----


@needs_hashcat
def test_potfile_lines_are_hashcats(tmp_path):
    """hashcat and hc crack the same digests from the same $HEX[] wordlist:
    the same potfile lines, hc's screen shows them as hits, and hc's
    --outfile (default and 1,2,3) holds what hashcat's -o does."""
    hashes = write(tmp_path / "h.txt", "".join(md5(p) + "\n" for p in PLAINS) + "f" * 32 + "\n")
    words = write(tmp_path / "w.txt", b"".join(hex_word(p) + b"\n" for p in PLAINS))
    theirs, ours = tmp_path / "hashcat.pot", tmp_path / "hc.pot"
    theirs_out = tmp_path / "hashcat.out"
    r = run_hashcat("-m", "0", "-a", "0", "--quiet", "-o", str(theirs_out), "--outfile-format", "1,2,3", hashes,
                    words, check=False, potfile=theirs)
    assert r.returncode == 1, r  # the last digest is never found
    r = run_hc("md5", "hash", "--hashes", hashes, "--wordlist", words, "--potfile-path", str(ours),
               "--outfile", str(tmp_path / "hc.out"), "--noprobe")
    assert r.rc == 1, r
    pot_lines = sorted(ours.read_bytes().splitlines())
    assert pot_lines == sorted(theirs.read_bytes().splitlines())
    assert len(pot_lines) == len(PLAINS)
    assert sorted(line for line in r.raw.splitlines() if line and not line.startswith((b"Attempts", b"Found"))) == pot_lines
    assert sorted((tmp_path / "hc.out").read_bytes().splitlines()) == pot_lines
    r = run_hc("md5", "hash", "--hashes", hashes, "--wordlist", words, "--potfile-disable",
               "--outfile", str(tmp_path / "hc3.out"), "--outfile-format", "3,1,2", "--noprobe")
    assert r.rc == 1, r
    assert sorted((tmp_path / "hc3.out").read_bytes().splitlines()) == sorted(theirs_out.read_bytes().splitlines())


def test_outfile_fields_and_appends(tmp_path):
    hashes = write(tmp_path / "h.txt", md5(b"a:b") + "\n")
    words = write(tmp_path / "w.txt", "x\na:b\n")
    out = tmp_path / "out"
    out.write_bytes(b"kept\n")
    for fields, line in (("2", b"$HEX[613a62]"), ("3", b"613a62"), ("2,3", b"$HEX[613a62]:613a62"),
                         ("1", md5(b"a:b").encode())):
        r = run_hc("md5", "hash", "--hashes", hashes, "--wordlist", words, "--potfile-disable", "--outfile", str(out),
                   "--outfile-format", fields)
        assert r.rc == 0, r
        assert out.read_bytes().splitlines()[-1] == line, fields
    assert out.read_bytes().startswith(b"kept\n")  # appended, never replaced
    assert len(out.read_bytes().splitlines()) == 5


@pytest.mark.parametrize("option", ["--hashes", "--wordlist", "--rules", "--potfile-path"])
def test_outfile_never_an_input(tmp_path, option):
    hashes = write(tmp_path / "h.txt", md5(b"ab") + "\n")
    words = write(tmp_path / "w.txt", "ab\n")
    rules = write(tmp_path / "r.rule", ":\n")
    pot = write(tmp_path / "p.pot", "")
    target = {"--hashes": hashes, "--wordlist": words, "--rules": rules, "--potfile-path": pot}[option]
    before = open(target, "rb").read()
    what = {"--potfile-path": "the potfile"}.get(option, option)
    r = run_hc("md5", "hash", "--hashes", hashes, "--wordlist", words, "--rules", rules, "--potfile-path", pot,
               "--outfile", target)
    assert (r.rc, r.out, r.err) == (2, "", f"hc: --outfile {target} is {what} of this run: refusing to write into it\n")
    assert open(target, "rb").read() == before


@pytest.mark.parametrize("value", ["4", "1,1", "", "1,", "12", "0"])
def test_outfile_format_refused(tmp_path, value):
    r = run_hc("md5", "hash", "-s", md5(b"ab"), "--outfile", str(tmp_path / "o"), "--outfile-format", value)
    assert r.rc == 2 and r.out == "", r
    assert r.err == (f"hc: --outfile-format '{value}': a list of 1 (hash), 2 (plain), 3 (hex plain), each once, "
                     "such as 1,2\n")
    assert not (tmp_path / "o").exists()


# ---- answers from the potfile ----


def test_a_digest_in_the_potfile_is_answered_at_once(tmp_path):
    pot = tmp_path / "p.pot"
    r = run_hc("md5", "hash", "-s", md5(b"zz9").upper(), "-a", "0-9a-z", "-x", "3", "--noprobe", "--potfile-path", str(pot))
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: zz9", r
    assert pot.read_text() == f"{md5(b'zz9')}:zz9\n"
    r = run_hc("md5", "hash", "-s", md5(b"zz9"), "-a", "0-9a-z", "-x", "3", "--noprobe", "--potfile-path", str(pot))
    assert (r.rc, r.nonblank) == (0, ["Attempts: 0 Time 00:00:0.000 Speed: 0 attempts/second",
                                      "Initial string is: zz9"]), r
    assert r.err == f"hc: answered from the potfile {pot} (no search)\n"
    assert pot.read_text() == f"{md5(b'zz9')}:zz9\n"  # not appended again
    # one part of one is the whole search: the potfile answers it too
    r = run_hc("md5", "hash", "-s", md5(b"zz9"), "-a", "0-9a-z", "-x", "3", "--noprobe", "--potfile-path", str(pot),
               "--part", "1/1")
    assert (r.rc, r.nonblank[-1], r.err) == (0, "Initial string is: zz9",
                                             f"hc: answered from the potfile {pot} (no search)\n"), r


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_device_as_potfile_or_outfile_is_written_not_read(tmp_path):
    """/dev/full reads as zeros without end: as the potfile it is not read
    (the run would never start), and each failed append is said once; the
    find is printed all the same. /dev/null keeps the finds nowhere."""
    target = md5(b"ab")
    for args, err in [(["--potfile-path", "/dev/full"], "hc: cannot write the potfile /dev/full: No space left on device\n"),
                      (["--potfile-disable", "--outfile", "/dev/full"],
                       "hc: cannot write --outfile /dev/full: No space left on device\n"),
                      (["--potfile-path", "/dev/null"], "")]:
        r = run_hc("md5", "hash", "-s", target, "-a", "a-z", "-x", "2", "--noprobe", *args, timeout=30)
        assert (r.rc, r.nonblank[-1], r.err) == (0, "Initial string is: ab", err), r
    # a file that cannot be opened: the open's reason
    for args, err in [(["--potfile-path", str(tmp_path / "none" / "p")], "the potfile"),
                      (["--potfile-disable", "--outfile", str(tmp_path / "none" / "o")], "--outfile")]:
        r = run_hc("md5", "hash", "-s", target, "-a", "a-z", "-x", "2", "--noprobe", *args, timeout=30)
        assert (r.rc, r.nonblank[-1], r.err) == (
            0, "Initial string is: ab", f"hc: cannot write {err} {args[-1]}: No such file or directory\n"), r
    # two finds, one message
    targets = write(tmp_path / "two", f"{md5(b'ab')}\n{md5(b'cd')}\n")
    for args, err in [(["--potfile-path", "/dev/full"], "hc: cannot write the potfile /dev/full: No space left on device\n"),
                      (["--potfile-disable", "--outfile", "/dev/full"],
                       "hc: cannot write --outfile /dev/full: No space left on device\n")]:
        r = run_hc("md5", "hash", "--hashes", targets, "-a", "a-z", "-x", "2", "--noprobe", *args, timeout=30)
        assert (r.rc, r.nonblank[:2], r.nonblank[-1], r.err) == (
            0, [f"{md5(b'ab')}:ab", f"{md5(b'cd')}:cd"], "Found 2 of 2 targets", err), r


def test_hashes_search_only_what_the_potfile_lacks(tmp_path):
    """zzzz is the last candidate of 0-9a-z up to 4 characters, ab an early
    one: with zzzz in the potfile the search ends long before the end."""
    pot = write(tmp_path / "p.pot", f"{md5(b'zzzz')}:zzzz\n")
    hashes = write(tmp_path / "h.txt", md5(b"zzzz") + "\n" + md5(b"ab") + "\n")
    r = run_hc("md5", "hash", "--hashes", hashes, "-a", "0-9a-z", "-x", "4", "--noprobe", "--potfile-path", pot)
    assert r.rc == 0, r
    assert r.lines[0] == f"{md5(b'zzzz')}:zzzz"
    assert f"{md5(b'ab')}:ab" in r.lines and r.lines[-1] == "Found 2 of 2 targets"
    attempts = int(r.lines[-2].split(" Time ")[0][len("Attempts: "):].replace(" ", ""))
    assert attempts < (36 + 36 ** 2 + 36 ** 3 + 36 ** 4) // 2, r
    assert r.err == f"hc: 1 of 2 targets answered from the potfile {pot}; searching for the rest\n"
    assert open(pot).read() == f"{md5(b'zzzz')}:zzzz\n{md5(b'ab')}:ab\n"
    # all of them there: no search at all
    r = run_hc("md5", "hash", "--hashes", hashes, "-a", "0-9a-z", "-x", "4", "--noprobe", "--potfile-path", pot)
    assert r.rc == 0 and r.lines[-2].startswith("Attempts: 0 ") and r.lines[-1] == "Found 2 of 2 targets", r
    assert r.err == f"hc: 2 of 2 targets answered from the potfile {pot} (no search)\n"


def test_a_line_cut_short_and_a_wrong_line_are_never_answers(tmp_path):
    """A line whose plain does not make its digest (another mode's, a line
    cut by a crash mid-write) answers nothing; the next find goes on a
    line of its own after a cut last line, the rest kept."""
    wrong = f"{md5(b'ab')}:xy\n"
    cut = f"{md5(b'abc')}:ab"
    pot = tmp_path / "p.pot"
    pot.write_text(wrong + cut)
    for target in ("abc", "ab"):
        r = run_hc("md5", "hash", "-s", md5(target.encode()), "-a", "abc", "-x", "3", "--noprobe", "--potfile-path",
                   str(pot))
        assert r.rc == 0 and r.err == "" and r.nonblank[-1] == "Initial string is: " + target, r
        assert not r.nonblank[0].startswith("Attempts: 0 "), r
    assert pot.read_text() == wrong + cut + "\n" + f"{md5(b'abc')}:abc\n" + f"{md5(b'ab')}:ab\n"
    r = run_hc("md5", "hash", "-s", md5(b"abc"), "-a", "abc", "-x", "3", "--noprobe", "--potfile-path", str(pot))
    assert r.rc == 0 and r.nonblank == ["Attempts: 0 Time 00:00:0.000 Speed: 0 attempts/second",
                                        "Initial string is: abc"], r


def test_the_empty_string_is_kept_too(tmp_path):
    pot = tmp_path / "p.pot"
    r = run_hc("md5", "hash", "-s", md5(b""), "--potfile-path", str(pot))
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: Empty string", r
    assert pot.read_text() == f"{md5(b'')}:\n"  # hashcat's line for an empty plain


def test_a_whole_last_line_without_its_newline_answers(tmp_path):
    pot = tmp_path / "p.pot"
    pot.write_text(f"{md5(b'ab')}:ab")
    r = run_hc("md5", "hash", "-s", md5(b"ab"), "-a", "ab", "-x", "2", "--noprobe", "--potfile-path", str(pot))
    assert r.rc == 0 and r.nonblank[0].startswith("Attempts: 0 ") and r.nonblank[-1] == "Initial string is: ab", r


def test_default_potfile_and_disable(tmp_path):
    data, home = tmp_path / "data", tmp_path / "home"
    home.mkdir()
    env = {"XDG_DATA_HOME": str(data)}
    r = run_hc("md5", "hash", "-s", md5(b"ab"), "-a", "ab", "-x", "2", "--noprobe", env=env)
    assert r.rc == 0, r
    assert (data / "hc" / "hc.potfile").read_text() == f"{md5(b'ab')}:ab\n"
    env = dict(os.environ, HOME=str(home))
    del env["XDG_DATA_HOME"]
    import subprocess
    from conftest import HC_BINARY
    p = subprocess.run([HC_BINARY, "md5", "hash", "-s", md5(b"ba"), "-a", "ab", "-x", "2", "--noprobe"],
                       env=env, capture_output=True)
    assert p.returncode == 0, p
    assert (home / ".local" / "share" / "hc" / "hc.potfile").read_text() == f"{md5(b'ba')}:ba\n"
    r = run_hc("md5", "hash", "-s", md5(b"bb"), "-a", "ab", "-x", "2", "--noprobe", "--potfile-disable", env=env)
    assert r.rc == 0 and r.err == "", r
    assert (data / "hc" / "hc.potfile").read_text() == f"{md5(b'ab')}:ab\n"


# ---- --show and --left ----


def show_files(tmp_path, alg):
    """A potfile with the vectors' "123", "" and "12" of the row (hc cracks
    "12" itself, so hashcat reads hc's own line too), and hash lists: every
    vector digest (one twice, upper case) and one never cracked; with users,
    two users of one digest and an empty user."""
    vec = VECTORS[alg]
    pot = tmp_path / f"{alg}.pot"
    pot.write_text(f"{hash_form(alg, vec['123'])}:123\n{hash_form(alg, vec[''])}:\n")
    r = run_hc(alg, "hash", "-s", vec["12"], "-a", "0-9", "-x", "2", "--noprobe", "--potfile-path", str(pot))
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: 12", r
    never = "f" * len(vec["123"])  # (all zeros is the CRC of "")
    digests = [vec["23"], vec["123"], vec["123"].upper(), vec[""], never, vec["12"], vec["2"]]
    plain = write(tmp_path / f"{alg}.txt", "".join(hash_form(alg, d) + "\n" for d in digests))
    users = ["carol", "bob", "bob2", "eve", "zed", "", "al"]
    named = write(tmp_path / f"{alg}.users", "".join(f"{u}:{hash_form(alg, d)}\n" for u, d in zip(users, digests)))
    return pot, plain, named


@needs_hashcat
@pytest.mark.parametrize("alg", sorted(HASHCAT_MODES))
def test_show_and_left_are_hashcats(tmp_path, alg):
    pot, plain, named = show_files(tmp_path, alg)
    for hashes, extra in ((plain, []), (named, ["--username"])):
        for listing in ("--show", "--left"):
            theirs = run_hashcat("-m", str(HASHCAT_MODES[alg]), listing, *extra, hashes, potfile=pot)
            assert theirs.returncode == 0, theirs
            ours = run_hc(alg, "hash", listing, *extra, "--hashes", hashes, "--potfile-path", str(pot))
            assert ours.raw == theirs.stdout, (listing, extra, ours, theirs.stdout)
            assert ours.rc == 0, ours
            # the twice-listed digest is named on stderr without --username
            assert ours.err == ("" if extra else f"hc: {hashes}:3: the same digest as line 2 (skipped)\n"), ours
            assert ours.raw.count(b"\n") == {("--show", False): 3, ("--left", False): 3,
                                             ("--show", True): 4, ("--left", True): 3}[(listing, bool(extra))]


def test_show_with_bad_lines_and_plains_in_hex(tmp_path):
    pot = write(tmp_path / "p.pot", f"{md5(b'a:b')}:$HEX[613a62]\n{md5(b'ab')}:ab\n")
    hashes = write(tmp_path / "h.txt", f"alice:{md5(b'a:b')}\nnouser\nbob:xyz\n:{md5(b'ab')}\n")
    r = run_hc("md5", "hash", "--show", "--username", "--hashes", hashes, "--potfile-path", pot)
    assert r.rc == 1, r
    assert r.out == f"alice:{md5(b'a:b')}:$HEX[613a62]\n{md5(b'ab')}:ab\n"
    assert r.err == (f"hc: {hashes}:2: no user field (--username): 'nouser' (skipped)\n"
                     f"hc: {hashes}:3: not a hex digest: 'xyz' (skipped)\n")


@pytest.mark.parametrize("args,message", [
    (["--show", "--left", "--hashes"], "--show and --left exclude each other"),
    (["--show", "-s", md5(b"ab")], "--show and --left list the targets of --hashes: give one"),
    (["--left", "--potfile-disable", "--hashes"], "--show and --left read the potfile: leave out --potfile-disable"),
])
def test_show_usage(tmp_path, args, message):
    hashes = write(tmp_path / "h.txt", md5(b"ab") + "\n")
    if args[-1] == "--hashes":
        args = args + [hashes]
    r = run_hc("md5", "hash", *args)
    assert r.rc == 2 and f"error: {message}" in r.out, r


def test_username_in_a_search(tmp_path):
    hashes = write(tmp_path / "h.txt", f"alice:{md5(b'ab')}\nbob:{md5(b'ba')}\n")
    r = run_hc("md5", "hash", "--username", "--hashes", hashes, "-a", "ab", "-x", "2", "--noprobe", "--potfile-disable")
    assert r.rc == 0 and r.err == "", r
    assert sorted(r.lines[:2]) == sorted([f"{md5(b'ab')}:ab", f"{md5(b'ba')}:ba"])
    r = run_hc("md5", "hash", "--hashes", hashes, "-a", "ab", "-x", "2", "--noprobe", "--potfile-disable")
    assert r.rc == 2 and "not a hex digest: 'alice:" in r.err, r


# ---- $HEX[] in ----


@needs_hashcat
def test_hex_words_and_rules_are_hashcats(tmp_path):
    words = write(tmp_path / "w.txt", b"$HEX[41:42]\n$HEX[4142]\n$HEX[414]\n$HEX[4a4B]\n$HEX[3a00ff]\nplain\n$HEX[]\n")
    rules = write(tmp_path / "r.rule", ":\nu\n$!\n")
    r = run_hc("md5", "hash", "--wordlist", words, "--rules", rules, "--stdout")
    assert r.rc == 0, r
    assert r.raw.split(b"\n")[:-1] == hashcat_stdout("-a", "0", words, "-r", rules)
    assert r.raw.startswith(b"$HEX[41:42]\n$HEX[41:42]\n$HEX[41:42]!\nAB\nAB\nAB!\n")


def test_hex_word_is_tried_as_its_bytes(tmp_path):
    words = write(tmp_path / "w.txt", "$HEX[616263]\n")
    r = run_hc("md5", "hash", "-s", md5(b"abc"), "--wordlist", words, "--potfile-disable")
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: abc", r


@needs_hashcat
@pytest.mark.parametrize("mask,sets", [("?1?d3f41", ["-1", "41423f"]), ("?d3f", []), ("?1", ["-1", "?d41"]),
                                       ("?1?2", ["-1", "3F3f", "-2", "?l7e"])])
def test_hex_charset_is_hashcats(mask, sets):
    r = run_hc("md5", "hash", "--hex-charset", *sets, "--mask", mask, "--stdout")
    assert r.rc == 0, r
    # hashcat orders a mask's candidates its own way: compared as sets
    theirs = hashcat_stdout("-a", "3", "--hex-charset", *sets, mask)
    assert sorted(r.raw.split(b"\n")[:-1]) == sorted(theirs)
    assert len(theirs) == len(set(theirs))


@pytest.mark.parametrize("args,message", [
    (["--mask", "?d3"], "hc: --hex-charset: --mask '?d3': literal bytes are pairs of hex digits (at byte 3)\n"),
    (["-1", "41zz", "--mask", "?1"], "hc: --hex-charset: -1 '41zz': literal bytes are pairs of hex digits (at byte 3)\n"),
    (["-2", "0041", "--mask", "?2"], "hc: --hex-charset: -2 '0041': a custom set cannot hold the byte 00 (at byte 1)\n"),
])
def test_hex_charset_refusals(args, message):
    r = run_hc("md5", "hash", "--hex-charset", *args, "--stdout")
    assert (r.rc, r.out, r.err) == (2, "", message)


# ---- hashcat's options: one line each ----


@pytest.mark.parametrize("args,hint", [
    (["-m", "0"], "hc: -m is hashcat's; the algorithm is hc's first word: hc md5 hash (-m 0), hc ntlm hash (-m 1000), "
                  "hc sha256 hash (-m 1400); hc -h lists them"),
    (["-r", "best64.rule"], "hc: -r is hashcat's; the rules are --rules FILE (with --wordlist; repeat it to multiply "
                            "the files)"),
    (["-i"], "hc: -i is hashcat's; hc's --increment has no short form"),
    (["-o", "out.txt"], "hc: -o is hashcat's; hc's outfile is --outfile FILE (--outfile-format for its fields)"),
    (["-O"], "hc: -O is hashcat's; hc has one kernel per algorithm, always its fastest: leave it out"),
    (["--attack-mode", "3"], "hc: --attack-mode is hashcat's; hc takes no attack number: -a 0 is --wordlist FILE, "
                             "-a 3 --mask MASK, -a 6 --wordlist FILE --mask MASK, -a 7 --mask MASK --wordlist FILE"),
])
def test_hashcat_options_get_a_hint(args, hint):
    r = run_hc("md5", "hash", "-s", md5(b"ab"), *args)
    assert r.rc == 2 and "error: unrecognized option" in r.out, r
    assert r.err == hint + "\n"


def test_attack_mode_number_to_a_is_hinted_and_used_as_a_charset():
    r = run_hc("md5", "hash", "-s", md5(b"33"), "-a", "3", "-x", "2", "--noprobe", "--potfile-disable")
    assert r.rc == 0 and r.nonblank[-1] == "Initial string is: 33", r
    assert r.err == ("hc: -a 3 is hc's charset (the one character '3'), not hashcat's attack mode: hashcat's -a 0 is "
                     "--wordlist FILE, -a 3 --mask MASK, -a 6/-a 7 --wordlist with --mask\n")
