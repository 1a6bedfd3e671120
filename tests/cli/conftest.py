"""Black-box tests of the hc binary: arguments in; stdout, stderr, exit out.

HC_BINARY names the binary, HC_TEST_DATA the tests/data folder (ctest sets both).
"""
import os
import pathlib
import subprocess

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


def load_vectors():
    """Rows (algorithm, input, digest) of tests/data/vectors/hc-vectors.tsv."""
    rows = []
    with open(DATA_DIR / "vectors" / "hc-vectors.tsv", encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            alg, text, digest = line.split("\t")
            rows.append((alg, text, digest))
    return rows


ALGORITHMS = sorted({row[0] for row in load_vectors()}, key=lambda s: s.encode())
