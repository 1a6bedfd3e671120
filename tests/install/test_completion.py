"""The generated bash, zsh and fish completions offer exactly what hc's own
help lists: the algorithms and commands first, then the modes, then each
mode's options for each algorithm (--sfv only for the CRCs, --length only
for BLAKE3, ...). Each shell is run for real: bash through its completion
function and compgen, fish through `complete -C`, zsh interactively on a
pseudo-terminal (pexpect), pressing TAB."""
import os
import re
import shutil

import pytest

from conftest import (BUILD_DIR, contract_algorithms, help_algorithms, help_commands, help_modes,
                      help_options, run)

COMPLETIONS = BUILD_DIR / "share" / "completions"


def all_combinations():
    return [(alg, mode) for alg in help_algorithms() for mode in help_modes(alg)]


# ---- bash ------------------------------------------------------------------

BASH_DRIVER = r'''
source "$1"
complete -p hc >/dev/null || exit 3
shift
# each argument: the words of a command line, the last one being completed
for line in "$@"; do
    read -r -a COMP_WORDS <<< "$line"
    [[ $line == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
    COMPREPLY=()
    _hc
    printf '%s\n' "$line|${COMPREPLY[*]}"
done
'''


def bash_complete(lines):
    r = run(["bash", "--norc", "--noprofile", "-c", BASH_DRIVER, "driver", COMPLETIONS / "hc.bash", *lines])
    assert r.returncode == 0, r.stderr
    out = {}
    for row in r.stdout.splitlines():
        line, _, words = row.partition("|")
        out[line] = words.split()
    return out


def test_bash_first_word_is_every_algorithm_and_command():
    got = bash_complete(["hc "])["hc "]
    assert set(got) == set(help_algorithms()) | set(help_commands()) | {"-h", "--help", "--version"}
    assert contract_algorithms() <= set(help_algorithms())


def test_bash_prefix_and_modes():
    got = bash_complete(["hc sha-3", "hc md5 ", "hc whirlpool fi", "hc bench sha1,sha-3k-2"])
    assert got["hc sha-3"] == ["sha-3-224", "sha-3-256", "sha-3-384", "sha-3-512",
                               "sha-3k-224", "sha-3k-256", "sha-3k-384", "sha-3k-512"]
    assert set(got["hc md5 "]) == set(help_modes("md5")) | {"-h", "--help"}
    assert got["hc whirlpool fi"] == ["file"]
    assert got["hc bench sha1,sha-3k-2"] == ["sha1,sha-3k-224", "sha1,sha-3k-256"]


def test_bash_options_of_every_mode_of_every_algorithm():
    combos = all_combinations()
    got = bash_complete([f"hc {alg} {mode} -" for alg, mode in combos])
    for alg, mode in combos:
        assert set(got[f"hc {alg} {mode} -"]) == set(help_options(alg, mode)), (alg, mode)
    for command in help_commands():
        assert set(bash_complete([f"hc {command} md5 -"])[f"hc {command} md5 -"]) == set(help_options(command))


def test_bash_values(tmp_path):
    (tmp_path / "somefile.txt").write_text("x")
    (tmp_path / "somedir").mkdir()
    got = bash_complete([f"hc md5 file -s {tmp_path}/some", f"hc md5 dir --source {tmp_path}/some",
                         "hc bench --format ", "hc md5 hash -a "])
    assert sorted(got[f"hc md5 file -s {tmp_path}/some"]) == [f"{tmp_path}/somedir", f"{tmp_path}/somefile.txt"]
    assert got[f"hc md5 dir --source {tmp_path}/some"] == [f"{tmp_path}/somedir"]
    assert got["hc bench --format "] == ["hc", "json"]
    assert got["hc md5 hash -a "] == []  # free text: nothing offered


# ---- fish --------------------------------------------------------------------

def fish_complete(lines):
    script = f"source {COMPLETIONS / 'hc.fish'}\n"
    for line in lines:
        quoted = line.replace("\\", "\\\\").replace("'", "\\'")
        script += f"echo '@@{quoted}'\ncomplete -C '{quoted}'\n"
    r = run(["fish", "--no-config", "-c", script], env=dict(os.environ, HOME=str(BUILD_DIR)))
    assert r.returncode == 0, r.stderr
    out, current = {}, None
    for row in r.stdout.splitlines():
        if row.startswith("@@"):
            current = row[2:]
            out[current] = []
        else:
            out[current].append(row.split("\t")[0])
    return out


def test_fish():
    combos = all_combinations()
    lines = ["hc ", "hc sha-3k", "hc md5 ", "hc bench sha1,sha-3k-2", "hc bench --format "]
    lines += [f"hc {alg} {mode} -" for alg, mode in combos]
    got = fish_complete(lines)
    assert set(got["hc "]) == set(help_algorithms()) | set(help_commands())
    assert got["hc sha-3k"] == ["sha-3k-224", "sha-3k-256", "sha-3k-384", "sha-3k-512"]
    assert set(got["hc md5 "]) == set(help_modes("md5"))
    assert sorted(got["hc bench sha1,sha-3k-2"]) == ["sha1,sha-3k-224", "sha1,sha-3k-256"]
    assert sorted(got["hc bench --format "]) == ["hc", "json"]
    for alg, mode in combos:
        assert set(got[f"hc {alg} {mode} -"]) == set(help_options(alg, mode)), (alg, mode)


# ---- zsh -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def zsh(tmp_path_factory):
    pexpect = pytest.importorskip("pexpect")
    home = tmp_path_factory.mktemp("zsh-home")
    shell = pexpect.spawn("zsh", ["-f", "-i"], env=dict(os.environ, TERM="dumb", HOME=str(home)),
                          dimensions=(300, 250), encoding="utf-8", timeout=30)
    # hc is a function that prints its words, so completing a line and
    # pressing Enter shows what the completion wrote.
    shell.sendline(f"PS1='READY> '; LISTMAX=1000; fpath=({COMPLETIONS} $fpath); autoload -Uz compinit; "
                   "compinit -u -D; hc() { print -r -- \"ARGS:$*\" }")
    shell.expect("READY> ")
    shell.expect("READY> ")
    yield shell
    shell.sendline("exit")
    shell.close()


def zsh_accept(shell, typed):
    """Types `typed` (with TABs), presses Enter, returns the words hc got."""
    shell.send(typed)
    shell.sendline("")
    shell.expect(r"ARGS:([^\r\n]*)\r\n")
    words = shell.match.group(1)
    shell.expect("READY> ")
    return words


def zsh_list(shell, typed):
    """Types `typed` and TAB twice: the candidates zsh lists."""
    shell.send(typed + "\t\t")
    shell.expect("READY> ")  # the prompt drawn again below the listing
    listing = shell.before
    shell.send("\x03")
    shell.expect("READY> ")
    words = set()
    for line in re.split(r"[\r\n]+", listing):
        line = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", line)
        names = line.split(" -- ")[0] if " -- " in line else ""
        words.update(w for w in names.split() if w)
    return words


def test_zsh_completes_names(zsh):
    assert zsh_accept(zsh, "hc whirl\t") == "whirlpool"
    assert zsh_accept(zsh, "hc sha-3k-5\t") == "sha-3k-512"
    assert zsh_accept(zsh, "hc md5 fi\t") == "md5 file"
    assert zsh_accept(zsh, "hc crc32 file --sf\t") == "crc32 file --sfv"
    assert zsh_accept(zsh, "hc blake3 string --der\t") == "blake3 string --derive-key"
    assert zsh_accept(zsh, "hc bench whirl\t") == "bench whirlpool"
    assert zsh_accept(zsh, "hc bench --form\t") == "bench --format"


def test_zsh_lists(zsh):
    first = zsh_list(zsh, "hc ")
    assert set(help_algorithms()) | set(help_commands()) <= first
    assert zsh_list(zsh, "hc md5 ") >= set(help_modes("md5"))
    for alg, mode in [("md5", "file"), ("crc32", "dir"), ("blake3", "string"), ("ntlm", "hash")]:
        listed = zsh_list(zsh, f"hc {alg} {mode} -")
        assert listed == set(help_options(alg, mode)), (alg, mode, listed)


def test_every_shell_is_installed_here():
    for shell in ("bash", "zsh", "fish"):
        assert shutil.which(shell), f"{shell} is missing: scripts/deps.sh test installs it"

