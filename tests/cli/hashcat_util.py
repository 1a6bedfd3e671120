"""Running hashcat beside the suite (and beside anything else on the machine).

hashcat refuses to start while another instance runs under the same
session name ("Already an instance '/usr/bin/hashcat' running", the
default session being "hashcat"), and it writes a potfile and session
files under HOME. Every run here gets its own session name, no potfile
and a HOME private to this process, so a benchmark or a second suite
running beside it cannot make it fail."""
import atexit
import itertools
import os
import shutil
import subprocess
import tempfile

HASHCAT = shutil.which("hashcat")
_HOME = None
_SESSIONS = itertools.count()


def _private_home():
    # one per process: hashcat (pocl) caches its compiled kernels there,
    # which a fresh directory per run would compile again
    global _HOME
    if _HOME is None:
        _HOME = tempfile.mkdtemp(prefix="hc-hashcat-home-")
        atexit.register(shutil.rmtree, _HOME, True)
    return _HOME


def hashcat_command(*args, potfile=None):
    """The argument vector of one hashcat run with its own session name,
    and no potfile, or the one named."""
    session = f"hc-test-{os.getpid()}-{next(_SESSIONS)}"
    pot = ["--potfile-disable"] if potfile is None else ["--potfile-path", str(potfile)]
    return ["hashcat", "--session", session, *pot, *args]


def hashcat_env():
    return dict(os.environ, HOME=_private_home())


def run_hashcat(*args, check=True, potfile=None):
    return subprocess.run(hashcat_command(*args, potfile=potfile), capture_output=True, env=hashcat_env(), check=check)


def hashcat_stdout(*args):
    """The candidates `hashcat --stdout ARGS` prints, as lines without their line ends."""
    return run_hashcat("--stdout", *args).stdout.split(b"\n")[:-1]
