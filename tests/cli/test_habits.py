"""What users of sha256sum, b3sum, openssl and hashcat type first
(contract §10.8, issue 26): standard input, plain file names, labelled
lines of several algorithms, the other tools' check lines, suggestions.
Known answers come from the peer tools, run here."""
import hashlib
import os
import re
import select
import signal
import subprocess
import time

import pytest

from conftest import HC_BINARY, run_hc, spawn_hc, wait_for_handler
from filedir_util import run_hc_input


def peer(*args, cwd=None, stdin=None):
    return subprocess.run(list(args), cwd=cwd, input=stdin, stdout=subprocess.PIPE, check=True).stdout.decode()


@pytest.fixture
def files(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"alpha\n")
    (tmp_path / "b.txt").write_bytes(b"bravo\n")
    (tmp_path / "sub").mkdir()
    return tmp_path


# ---- 1. standard input when it is not a terminal ----

def test_file_mode_hashes_a_pipe_without_s():
    data = b"from a pipe\n"
    want = peer("sha256sum", stdin=data).split()[0].upper()
    r = run_hc_input(data, "sha256", "file")
    assert (r.rc, r.lines) == (0, [f"- | 12 bytes | {want}"]), r
    # options but no -s: still standard input
    r = run_hc_input(data, "sha256", "file", "--format", "gnu")
    assert (r.rc, r.out) == (0, peer("sha256sum", stdin=data)), r


def test_check_reads_a_piped_list_and_fails_a_mismatch(files):
    """`sha256sum a | hc sha256 check`: a verification, never the help with
    exit 0."""
    listing = peer("sha256sum", "a.txt", cwd=files).encode()
    for words in (["sha256", "check"], ["check"], ["sha256", "check", "--quiet"]):
        r = run_hc_input(listing, *words, cwd=files)
        assert r.rc == 0 and "Usage" not in r.out, (words, r)
    r = run_hc_input(listing, "sha256", "check", cwd=files)
    assert r.lines == ["a.txt: OK"]
    bad = listing.replace(listing[:4], b"0000")
    r = run_hc_input(bad, "sha256", "check", cwd=files)
    assert (r.rc, r.lines) == (1, ["a.txt: FAILED"]), r


def test_no_input_keeps_the_help():
    """/dev/null (how harnesses start commands) is no input: help, exit 0."""
    for words in (["sha256", "file"], ["sha256", "check"], ["check"]):
        r = run_hc(*words)  # stdin: /dev/null
        assert r.rc == 0 and "Usage: hc " in r.out, (words, r)


# ---- 2. hc ALG PATH... ----

def test_plain_file_names_after_the_algorithm(files):
    want = {name: peer("sha256sum", name, cwd=files).split()[0].upper() for name in ("a.txt", "b.txt")}
    r = run_hc("sha256", "a.txt", "b.txt", cwd=files)
    assert (r.rc, r.lines) == (0, [f"a.txt | 6 bytes | {want['a.txt']}", f"b.txt | 6 bytes | {want['b.txt']}"]), r
    # options after the names, as file mode takes them
    r = run_hc("sha256", "a.txt", "--format", "gnu", cwd=files)
    assert r.out == peer("sha256sum", "a.txt", cwd=files)
    # a later name that is missing: its error line, exit 1
    r = run_hc("sha256", "a.txt", "missing", cwd=files)
    assert r.rc == 1 and r.lines[1] == "missing | open error"
    # '-' is standard input
    r = run_hc_input(b"alpha\n", "sha256", "-")
    assert r.lines == [f"- | 6 bytes | {want['a.txt']}"]


def test_a_directory_names_dir_mode(files):
    """sha256sum's words for the directory, exit 1 as there; then where
    its files are hashed."""
    r = run_hc("sha256", "sub", cwd=files)
    assert (r.rc, r.out, r.err) == (1, "sub | read error\n", "hc: sub: Is a directory\n"
                                    "hc: sub: to hash the files in it: 'hc sha256 dir -s sub -r'\n")


def test_a_word_that_is_neither_keeps_the_mode_suggestion(files):
    r = run_hc("sha256", "fiel", cwd=files)
    assert r.rc == 2
    assert r.lines[:2] == ["error: unrecognized command 'fiel'", "tip: a similar command exists: 'file'"]


# ---- 3. several algorithms: each hc line names its algorithm ----

def test_labelled_lines_read_back_by_check(files):
    r = run_hc("md5,sha1,sha256", "a.txt", cwd=files)
    assert r.rc == 0
    data = (files / "a.txt").read_bytes()
    want = [f"a.txt | 6 bytes | {alg} | {hashlib.new(alg, data).hexdigest().upper()}"
            for alg in ("md5", "sha1", "sha256")]
    assert r.lines == want
    (files / "list").write_text(r.out)
    r = run_hc("check", "-s", "list", cwd=files)
    assert (r.rc, r.lines, r.err) == (0, ["a.txt: OK"] * 3, ""), r
    # the label is what check uses: a SHA-1 digest labelled sha256 does not fit
    (files / "list").write_text(want[1].replace("| sha1 |", "| sha256 |") + "\n")
    r = run_hc("check", "-s", "list", "--strict", cwd=files)
    assert r.rc == 2 and "no properly formatted checksum lines" in r.err, r


# ---- 5. suggestions, stray words ----

@pytest.mark.parametrize("word,tip", [
    ("sha3", "tip: similar commands exist: 'sha-3-224', 'sha-3-256', 'sha-3-384', 'sha-3-512'"),
    ("SHA256", "tip: a similar command exists: 'sha256'"),
    ("sha3-256", "tip: a similar command exists: 'sha-3-256'"),
    ("blake", "tip: similar commands exist: 'blake2b', 'blake2s', 'blake3'"),
    ("shaa1", "tip: a similar command exists: 'sha1'"),
])
def test_algorithm_families_and_spellings(word, tip):
    r = run_hc(word, "string", "-s", "x")
    assert r.rc == 2
    assert r.lines == [f"error: unrecognized command '{word}'", tip, "",
                       "help: invoke the command with '-h/--h' flag to learn more."]


def test_mistyped_option_gets_a_suggestion():
    r = run_hc("md5", "file", "--sourc", "x")
    assert r.rc == 2 and r.lines[0] == "error: unrecognized option 'sourc'"
    assert r.err == "hc: --sourc: no such option; did you mean '--source' (-s)?\n"
    r = run_hc("md5", "file", "--no_progress", "-s", "x")
    assert r.err == "hc: --no_progress: no such option; did you mean '--no-progress'?\n"
    r = run_hc("md5", "file", "--zzzzzzzz", "-s", "x")
    assert r.err == ""


def test_stray_word_is_called_stray():
    r = run_hc("md5", "string", "-s", "abc", "extra")
    assert r.rc == 2 and r.lines[0] == "error: unrecognized command 'extra'"
    assert r.err == "hc: extra: stray word: string mode takes its text with -s (quote a text with spaces: -s 'a b')\n"


# ---- 7. the other tools' check lines ----

def test_openssl_and_cksum_tags_and_comments(files):
    lines = [peer("openssl", "dgst", "-md5", "a.txt", cwd=files),          # MD5(a.txt)= ...
             peer("openssl", "dgst", "-sha256", "b.txt", cwd=files),       # SHA2-256(b.txt)= ... (OpenSSL 3)
             peer("openssl", "dgst", "-sha3-256", "a.txt", cwd=files),     # SHA3-256(a.txt)= ...
             "# a note a person wrote\n"]
    sha256 = peer("sha256sum", "a.txt", cwd=files).split()[0]
    lines.append(f"SHA2-256 (a.txt) = {sha256}\n")  # cksum -a sha2 -l 256 --tag (coreutils 9.2 on)
    lines.append(f"SHA256(b.txt)= {peer('sha256sum', 'b.txt', cwd=files).split()[0]}\n")  # OpenSSL 1.1
    (files / "list").write_text("".join(lines))
    r = run_hc("check", "-s", "list", "--strict", "-w", cwd=files)
    assert (r.rc, r.lines, r.err) == (0, ["a.txt: OK", "b.txt: OK", "a.txt: OK", "a.txt: OK", "b.txt: OK"], ""), r
    (files / "a.txt").write_bytes(b"changed")
    r = run_hc("check", "-s", "list", cwd=files)
    assert r.rc == 1 and r.lines.count("a.txt: FAILED") == 3, r


def test_a_wrong_length_digest_names_the_length_expected(tmp_path):
    r = run_hc("md5", "hash", "-s", "123")
    assert (r.rc, r.out) == (2, "invalid search hash: 123\n")
    assert r.err == "hc: -s/--source: '123' has 3 characters; an md5 digest is 32 hex digits\n"
    r = run_hc("sha256", "hash", "-s", "123", "-b")
    assert r.err == "hc: -s/--source: '123' has 3 characters; a sha256 digest is 44 Base64 characters (with -b)\n"
    r = run_hc("sha1", "dir", "-s", str(tmp_path), "-H", "0" * 31)
    assert (r.rc, r.out) == (2, f"invalid search hash: {'0' * 31}\n")
    assert r.err == f"hc: -H/--search: '{'0' * 31}' has 31 characters; a sha1 digest is 40 hex digits\n"


def test_an_option_before_the_mode_says_where_options_go():
    r = run_hc("md5", "-s", "x", "string")
    assert (r.rc, r.lines[0]) == (2, "error: unrecognized option 's'")
    assert r.err == "hc: -s: options come after the mode: 'hc md5 <mode> -s ...'\n"


# ---- 4. help that fits the terminal ----

def help_on_terminal(args, columns):
    """hc's help with stdout on a terminal of that many columns."""
    import fcntl
    import pty
    import struct
    import termios
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    proc = subprocess.Popen([HC_BINARY, *args], stdout=slave, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the other side closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    assert proc.wait(timeout=60) == 0
    return b"".join(chunks).decode().replace("\r\n", "\n").splitlines()


HELPS = [[], ["md5"], ["md5,sha1"], ["check", "-h"], ["bench", "-h"]] + [
    ["crc32", mode, "-h"] for mode in ("string", "hash", "file", "dir", "check")]


def words(lines):
    return " ".join(lines).split()


@pytest.mark.parametrize("args", HELPS)
def test_help_fits_and_wraps_at_word_boundaries(args):
    """80 columns when stdout is not a terminal, the terminal's width when
    it is; the words are the same at every width (a word cut in two would
    be two words at one width and one at the other)."""
    plain = run_hc(*args)
    assert plain.rc == 0 and max(len(line) for line in plain.lines) <= 80, plain
    for columns in (40, 60, 100):
        lines = help_on_terminal(args, columns)
        assert max(len(line) for line in lines) <= columns, (columns, lines)
        assert words(lines) == words(plain.lines), columns


@pytest.mark.parametrize("mode", ["string", "hash", "file", "dir", "check"])
def test_every_mode_help_has_examples_and_distinct_texts(mode):
    r = run_hc("sha256", mode, "-h")
    assert "Examples:" in r.lines, r.out
    examples = r.lines[r.lines.index("Examples:") + 1:r.lines.index("Options:")]
    commands = [line.strip() for line in examples if line.startswith("  ") and not line.startswith("   ")]
    assert commands and all(c.split()[0] in ("hc", "tar", "sha256sum") for c in commands), examples
    # each option's description, its wrapped lines joined
    options = r.lines[r.lines.index("Options:") + 1:]
    texts, current = [], None
    for line in options:
        if len(line) - len(line.lstrip()) <= 8:  # options stand at 4 or 8, their wrapped text further in
            current = [" ".join(line.split()[1:] if line.split()[0].endswith(",") else line.split())]
            texts.append(current)
        else:
            current.append(line.strip())
    described = [" ".join(t) for t in texts]
    assert len(set(described)) == len(described), described
    # the last line stays the contract's (§1.5)
    assert r.lines[-1].startswith("    -h, --help") and r.lines[-1].endswith("Print this help and exit")


# ---- 10. hashcat's masks typed as a charset ----

def test_a_mask_typed_as_a_charset_is_taken_as_characters_with_a_warning():
    target = hashlib.md5(b"d?").hexdigest()
    r = run_hc("md5", "hash", "-s", target, "-a", "?d", "-x", "2", "--noprobe")
    assert r.rc == 0 and "Initial string is: d?" in r.lines, r
    assert r.err == ("hc: -a/--dict: '?d' is a set of characters, not a mask: '?d' stands for the two characters "
                     "'?' and 'd'; for hashcat's masks use --mask '?d'\n")
    r = run_hc("md5", "hash", "-s", hashlib.md5(b"ba").hexdigest(), "-a", "ab?", "-x", "2", "--noprobe")
    assert r.rc == 0 and "Initial string is: ba" in r.lines and r.err == "", r


# ---- 8. progress lines on narrow terminals ----

FIELD = re.compile(r"[\d.]+ \w+ of [\d.]+ \w+( \(\d+%\))?|\d+%|[\d.]+ \w+/s|ETA \S+( \S+)*|[\d.]+ \w+")


@pytest.mark.parametrize("columns", [20, 30, 40, 60])
def test_progress_line_drops_whole_fields(tmp_path, columns):
    """A slow hash (md2, one thread) with --progress on a pipe, COLUMNS
    wide: every frame fits columns - 3 and is made of whole fields."""
    path = tmp_path / "big"
    with open(path, "wb") as f:
        f.truncate(64 << 20)
    env = dict(os.environ, COLUMNS=str(columns))
    proc = spawn_hc(["md2", "file", "-s", str(path), "-T", "1", "--progress"], stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE, env=env)
    wait_for_handler(proc.pid)
    err = b""
    deadline = time.monotonic() + 60
    while err.count(b"\x1b[K") < 3 and time.monotonic() < deadline and proc.poll() is None:
        if select.select([proc.stderr], [], [], 0.1)[0]:
            err += os.read(proc.stderr.fileno(), 4096)
    proc.send_signal(signal.SIGINT)
    rest = proc.communicate(timeout=60)[1]
    frames = [f.decode() for f in re.findall(rb"\r([^\r\x1b]*)\x1b\[K", err + rest) if f]
    assert frames, err + rest
    for frame in frames:
        assert len(frame) <= columns - 3 and frame.startswith("hc: "), frame
        assert all(FIELD.fullmatch(field) for field in frame[4:].split(", ")), frame
    # the widest shows the amount; the narrowest at least the percentage
    if columns == 60:
        assert any(" of 64.0 MiB (" in frame for frame in frames), frames
    if columns == 20:
        assert all(re.fullmatch(r"hc: \d+%(, ETA \S+)?", frame) for frame in frames), frames


@pytest.mark.parametrize("alg, article", [
    ("md5", "an"), ("ntlm", "an"), ("edonr256", "an"),  # "em-dee", "en-tee", a vowel
    ("sha1", "a"), ("snefru128", "a"), ("tth", "a"), ("crc32", "a"), ("haval-128-3", "a"), ("ripemd160", "a"),
    ("whirlpool", "a"), ("gost", "a"), ("blake3", "a"),
])
def test_the_article_goes_by_the_names_sound(alg, article):
    r = run_hc(alg, "hash", "-s", "zz")
    assert (r.rc, r.out) == (2, "invalid search hash: zz\n")
    assert r.err.startswith(f"hc: -s/--source: 'zz' has 2 characters; {article} {alg} digest is "), r.err
