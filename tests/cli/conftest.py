"""Black-box tests of the hc binary: arguments in; stdout, stderr, exit out.

HC_BINARY names the binary, HC_TEST_DATA the tests/data folder (ctest sets both).
"""
import os
import pathlib
import signal
import subprocess
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
HC_BINARY = os.environ.get("HC_BINARY", str(ROOT / "build" / "hc"))
DATA_DIR = pathlib.Path(os.environ.get("HC_TEST_DATA", str(ROOT / "tests" / "data")))


class Result:
    def __init__(self, proc):
        self.rc = proc.returncode
        self.out = proc.stdout.decode("utf-8", "surrogateescape")
        self.err = proc.stderr.decode("utf-8", "surrogateescape")
        self.raw = proc.stdout

    @property
    def lines(self):
        return self.out.splitlines()

    @property
    def nonblank(self):
        """The lines the reference's test suite compares: blank ones dropped."""
        return [line for line in self.lines if line.strip()]

    def __repr__(self):
        return f"Result(rc={self.rc}, out={self.out!r}, err={self.err!r})"


def run_hc(*args, env=None, cwd=None, stdin=None, timeout=120):
    """Runs hc with args (str or bytes) and returns a Result."""
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    proc = subprocess.run(
        [HC_BINARY, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        env=full_env,
        cwd=cwd,
        timeout=timeout,
    )
    return Result(proc)


@pytest.fixture
def hc():
    return run_hc


def read_vector_file(path):
    """Rows (algorithm, input, digest) of one vector file."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            alg, text, digest = line.split("\t")
            rows.append((alg, text, digest))
    return rows


def table_algorithms():
    """The binary's algorithm table: the names `hc --help` lists, in its
    order (sorted by name). Every count in the tests comes from here."""
    lines = run_hc("--help").lines
    start = lines.index("Commands:") + 1
    names = []
    for line in lines[start:]:
        if not line.startswith("    "):
            break
        names.append(line.split()[0])
    return names


ALGORITHMS = table_algorithms()

# The contract's algorithms: the ones of hc-vectors.tsv.
CONTRACT_ALGORITHMS = sorted({row[0] for row in read_vector_file(DATA_DIR / "vectors" / "hc-vectors.tsv")},
                             key=lambda s: s.encode())


def load_vectors():
    """Rows (algorithm, input, digest) of tests/data/vectors/hc-vectors.tsv
    and of the files in tests/data/vectors/added/ (one per algorithm added
    after the contract's), for the algorithms this build has."""
    rows = read_vector_file(DATA_DIR / "vectors" / "hc-vectors.tsv")
    for path in sorted((DATA_DIR / "vectors" / "added").glob("*.tsv")):
        rows += read_vector_file(path)
    return [row for row in rows if row[0] in ALGORITHMS]


# ---- signals (contract §10.7) ----

def default_sigint():
    """preexec_fn: SIGINT as a terminal's Ctrl+C finds it. A runner that
    started the suite with SIGINT ignored (a background job of a script)
    would pass that on, and hc rightly leaves an ignored SIGINT alone."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn_hc(args, **kwargs):
    """Popen of hc with SIGINT at its default (see default_sigint)."""
    return subprocess.Popen([HC_BINARY, *args], preexec_fn=default_sigint, **kwargs)


def handler_installed(pid, sig=signal.SIGINT):
    with open(f"/proc/{pid}/status") as status:
        caught = next(line for line in status if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) & (1 << (sig - 1)))


def wait_for_handler(pid, sig=signal.SIGINT, timeout=30):
    """Returns once hc catches sig: a signal sent before (slow starts under
    the sanitizers) would simply kill it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not handler_installed(pid, sig):
        time.sleep(0.002)


@pytest.fixture(autouse=True)
def private_potfile(tmp_path_factory, monkeypatch):
    """Each test its own default potfile (hash mode keeps its finds in the
    user's data folder): nothing one test cracks answers another's search,
    and the suite never writes the potfile of the user who runs it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
