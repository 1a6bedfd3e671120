"""The generated man page documents every algorithm, mode, command and
option that the hc binary's help shows, each option in its own mode's
section, rendered by man itself."""
import os
import re

from conftest import (BUILD_DIR, PREFIX, contract_algorithms, help_algorithms, help_commands, help_modes,
                      help_options, run)

MAN_PAGE = BUILD_DIR / "share" / "man" / "man1" / "hc.1"


def rendered():
    r = run(["man", "-l", MAN_PAGE], env=dict(os.environ, MANWIDTH="200", MAN_KEEP_FORMATTING="0", PAGER="cat"))
    assert r.returncode == 0, r.stderr
    text = re.sub(r".\x08", "", r.stdout)  # overstrike bold/underline
    assert "@" not in text.replace("@VERSION", ""), "a template marker was left unfilled"
    return text


def section(text, start, end):
    lines = text.splitlines()
    begin = next(i for i, line in enumerate(lines) if line.strip() == start or line.startswith(start))
    stop = next((i for i in range(begin + 1, len(lines)) if end(lines[i])), len(lines))
    return "\n".join(lines[begin:stop])


def test_every_algorithm():
    text = rendered()
    algorithms = section(text, "ALGORITHMS", lambda l: l and not l.startswith(" "))
    listed = {line.split()[0] for line in algorithms.splitlines()[1:] if re.match(r"^ {7}\S", line)}
    assert set(help_algorithms()) <= listed
    assert contract_algorithms() <= set(help_algorithms())


def test_every_option_of_every_mode_in_its_section():
    text = rendered()
    for mode in help_modes():
        part = section(text, f"   hc ALGORITHM {mode} ", lambda l: l.startswith("   hc ") or (l and not l.startswith(" ")))
        offered = set()
        for alg in help_algorithms():
            offered |= set(help_options(alg, mode))
        for option in offered:
            assert re.search(rf"(^|[ ,]){re.escape(option)}([=, ]|$)", part, re.M), (mode, option)
        # --sfv is marked as the CRCs' only
        if "--sfv" in offered:
            assert "(only for: crc32 crc32c)" in part


def test_every_command():
    text = rendered()
    for command in help_commands():
        part = section(text, f"   hc {command} ", lambda l: l.startswith("   hc ") or (l and not l.startswith(" ")))
        for option in help_options(command):
            assert option in part, (command, option)


def test_version_filled_in():
    version = run([os.environ.get("HC_BINARY", str(BUILD_DIR / "hc")), "--version"]).stdout.split()[1]
    assert f"hc {version}" in rendered()


def test_synopsis_exit_status_and_the_installed_documents(installed):
    """Every mode in SYNOPSIS (check and `hc ALG PATH...` too), every exit
    status (130 included), and a documents folder that install fills."""
    text = rendered()
    synopsis = section(text, "SYNOPSIS", lambda l: l and not l.startswith(" "))
    for mode in help_modes():
        assert f"hc algorithm {mode}" in synopsis, mode
    assert "hc check " in synopsis and "hc algorithm path [path...]" in synopsis
    status = section(text, "EXIT STATUS", lambda l: l and not l.startswith(" "))
    for code in ("0", "1", "2", "130"):
        assert re.search(rf"^ {{7}}{code} ", status, re.M), code
    named = re.search(r"(/\S+)/cli\.md where hc is installed", text)
    assert named, "the page names no installed cli.md"
    destdir, prefix = installed
    assert named.group(1).startswith(PREFIX + "/")
    assert (prefix / named.group(1)[len(PREFIX) + 1:] / "cli.md").is_file(), named.group(1)
    # examples of every mode, with its commands
    for mode in help_modes():
        part = section(text, f"   hc ALGORITHM {mode} ", lambda l: l.startswith("   hc ") or (l and not l.startswith(" ")))
        assert "Examples:" in part and re.search(rf"^ {{7}}hc \S+ {mode} ", part, re.M) or mode == "file", mode
