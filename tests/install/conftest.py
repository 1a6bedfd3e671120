"""Tests of what `cmake --install` lays out, the library's exported ABI, the
example built through pkg-config, the generated man page and completions
(against the help of the hc binary itself), and make install's rollback.

ctest sets HC_BINARY, HC_BUILD_DIR, HC_SOURCE_DIR, HC_LIBRARY_SO,
HC_ABI_VERSION and HC_SANITIZE."""
import os
import pathlib
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("HC_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
BUILD_DIR = pathlib.Path(os.environ.get("HC_BUILD_DIR", SOURCE_DIR / "build"))
HC_BINARY = os.environ.get("HC_BINARY", str(BUILD_DIR / "hc"))
LIBRARY_SO = pathlib.Path(os.environ.get("HC_LIBRARY_SO", BUILD_DIR / "libhc.so"))
ABI_VERSION = os.environ.get("HC_ABI_VERSION", "1")
PREFIX = "/usr/local"
# A sanitizer build's library needs the same sanitizer in what links it.
SANITIZE_FLAGS = [f"-fsanitize={os.environ['HC_SANITIZE']}"] if os.environ.get("HC_SANITIZE") else []


def run(args, **kwargs):
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    kwargs.setdefault("text", True)
    kwargs.setdefault("timeout", 300)
    return subprocess.run([str(a) for a in args], **kwargs)


def hc_help(*args):
    r = run([HC_BINARY, *args])
    assert r.returncode == 0, r
    return r.stdout.splitlines()


def help_list(words, heading):
    """The first word of each line under `heading` in `hc <words> --help`."""
    lines = hc_help(*words, "--help")
    names = []
    for line in lines[lines.index(heading) + 1:]:
        if not line.strip():
            break
        if len(line) - len(line.lstrip()) <= 4:  # not a wrapped description's next line
            names.append(line.split()[0])
    return names


def help_algorithms():
    """The algorithm names `hc --help` lists, in its order."""
    return help_list([], "Commands:")


def contract_algorithms():
    """The contract's algorithms: the ones tests/data/vectors/hc-vectors.tsv
    has vectors for (the table may have more: counts come from the help)."""
    names = set()
    with open(SOURCE_DIR / "tests" / "data" / "vectors" / "hc-vectors.tsv", encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                names.add(line.split("\t")[0])
    return names


def help_commands():
    """The other commands `hc --help` lists (bench, ...)."""
    return help_list([], "Other commands:")


def help_modes(algorithm="md5"):
    return help_list([algorithm], "Commands:")


def help_options(*words):
    """The option words (-s, --source, ...) of `hc <words> -h`, -h/--help included."""
    lines = hc_help(*words, "-h")
    start = lines.index("Options:") + 1
    options = []
    for line in lines[start:]:
        if len(line) - len(line.lstrip()) > 8:
            continue  # a wrapped description's next line (options stand at 4 or 8)
        spec = line.strip().split("  ")[0]  # "-s, --source=<file>"
        for part in spec.split(", "):
            options.append(part.split("=")[0])
    return options


@pytest.fixture(scope="session")
def installed(tmp_path_factory):
    """A DESTDIR install of the build tree: (destdir, prefix path inside it)."""
    destdir = tmp_path_factory.mktemp("destdir")
    env = dict(os.environ, DESTDIR=str(destdir))
    r = run(["cmake", "--install", BUILD_DIR, "--prefix", PREFIX], env=env)
    assert r.returncode == 0, r.stderr
    return destdir, destdir / PREFIX.lstrip("/")
