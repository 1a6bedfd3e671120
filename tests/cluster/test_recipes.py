"""The cluster recipes of docs/hash-mode.md and docs/file-dir.md, run as the
docs give them (examples/cluster/), on real engines on this machine: a
one-node Slurm cluster (Debian's slurm-wlm and munge, started here) and GNU
parallel. Sizes come from the machine: the CPUs this process may use.

A search is set up so that one part holds the string and every other part
would run for hours: any part that ends was stopped, and the test checks
that each part running when the marker appeared ended within 2 s of it."""
import hashlib
import os
import pathlib
import shutil
import subprocess
import threading
import time

import pytest

from local_slurm import LocalSlurm, missing_programs, wait_until

ROOT = pathlib.Path(__file__).resolve().parents[2]
HC = os.environ.get("HC_BINARY", str(ROOT / "build" / "hc"))
RECIPES = ROOT / "examples" / "cluster"
CPUS = len(os.sched_getaffinity(0))
DICT = "0123456789abcdefghijklmnopqrstuvwxyz"  # what -a 0-9a-z expands to
MIN_LEN, MAX_LEN = 1, 8                        # parts of hours each: only a stop ends them
STOP_WITHIN = 2.0


# ---- the keyspace: which string sits where ----------------------------------------------------


def keyspace_size():
    return sum(len(DICT) ** n for n in range(MIN_LEN, MAX_LEN + 1))


def candidate_at(index):
    """The candidate at a position of hc's order: shortest first, then by
    dictionary position with the rightmost character fastest."""
    for length in range(MIN_LEN, MAX_LEN + 1):
        count = len(DICT) ** length
        if index < count:
            text = ""
            for _ in range(length):
                text = DICT[index % len(DICT)] + text
                index //= len(DICT)
            return text
        index -= count
    raise ValueError("past the keyspace")


def marker_text(target, parts, finder, text):
    """A marker of the recipes' search as docs/cli.md §10.10 lays it out."""
    return (f"hc stop marker 1\nalgorithm: md5\ntarget: {target}\nkeyspace: -a {DICT} -n {MIN_LEN} -x {MAX_LEN}\n"
            f"parts: {parts}\nfound by --part {finder}/{parts}\nInitial string is: {text}\n")


def leave_marker(path, target, parts, finder, text):
    """A leftover of an earlier search, made complete at once as hc makes it."""
    temporary = f"{path}.tmp"
    with open(temporary, "w") as f:
        f.write(marker_text(target, parts, finder, text))
    os.link(temporary, path)
    os.unlink(temporary)


def part_start(k, parts):
    return keyspace_size() * (k - 1) // parts


def one_thread_rate():
    """Candidates per second of one thread here, now (a short search)."""
    r = subprocess.run([HC, "md5", "hash", "-s", "0" * 32, "-a", "0-9a-z", "-n", "5", "-x", "5", "-T", "1",
                        "--noprobe", "--part", "1/4"], capture_output=True, text=True, timeout=120)
    speed = next(line for line in r.stdout.splitlines() if line.startswith("Attempts:"))
    return int(speed.split("Speed:")[1].split("attempts")[0].replace(" ", ""))


def target_in_part(k, parts, seconds):
    """A string in part k that one thread reaches after about `seconds`
    (so that the other parts are running when it is found)."""
    offset = min(int(one_thread_rate() * seconds), keyspace_size() // parts - 1)
    text = candidate_at(part_start(k, parts) + offset)
    return text, hashlib.md5(text.encode()).hexdigest()


# ---- watching the parts -----------------------------------------------------------------------


class PartWatch:
    """Polls /proc every 20 ms for the hc processes whose command line names
    the marker, noting when each was last seen, until stopped."""

    def __init__(self, marker):
        self.token = b"--stop-file\0" + str(marker).encode() + b"\0"
        self.marker = pathlib.Path(marker)
        self.last_seen = {}
        self.running_at_find = None
        self.found_at = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _parts(self):
        pids = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    cmdline = f.read()
            except OSError:
                continue
            if self.token in cmdline and cmdline.startswith(HC.encode() + b"\0"):
                pids.append(int(entry))
        return pids

    def _run(self):
        before = set()
        while not self._stop.is_set():
            pids = set(self._parts())
            now = time.time()
            for pid in pids:
                self.last_seen[pid] = now
            if self.found_at is None and self.marker.exists():
                # the marker's own time (the finder wrote it); running then:
                # what this scan and the one before it saw
                self.found_at = self.marker.stat().st_mtime
                self.running_at_find = before | pids
            before = pids
            time.sleep(0.02)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()

    def check_stopped(self, finder_pid_count=1):
        """Every part that was running when the marker appeared was gone
        within STOP_WITHIN seconds (the finder among them)."""
        assert self.found_at is not None, "the marker never appeared"
        late = {pid: self.last_seen[pid] - self.found_at for pid in self.running_at_find
                if self.last_seen[pid] - self.found_at > STOP_WITHIN}
        assert not late, f"parts still running {late} s after the find"
        # the stop was exercised: some part besides the finder was running
        assert len(self.running_at_find) > finder_pid_count, "no other part was running at the find"


def kill_leftovers(watch):
    for pid in list(watch.last_seen):
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass


# ---- Slurm ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def slurm(tmp_path_factory):
    missing = missing_programs()
    if missing:
        pytest.skip(f"Slurm is not installed (scripts/deps.sh cluster installs it): no {', '.join(missing)}")
    cluster = LocalSlurm(tmp_path_factory.mktemp("slurm"), cpus=CPUS)
    try:
        cluster.start()
    except Exception as error:
        cluster.stop()
        pytest.fail(f"the one-node Slurm cluster did not start: {error}\n{cluster.logs()}")
    yield cluster
    cluster.stop()


def sbatch(cluster, workdir, script, *options, env=None):
    full_env = dict(cluster.env, HC=HC, **(env or {}))
    r = cluster.run(["sbatch", "--parsable", *options, str(RECIPES / script)], cwd=workdir, env=full_env)
    return r.stdout.strip().split(";")[0]


def test_slurm_array_finds_and_stops_every_other_part(slurm, tmp_path):
    parts = 2 * CPUS          # two waves: the second starts after the find
    finder = min(2, CPUS)     # in the first wave, not its first part
    text, target = target_in_part(finder, parts, seconds=1.5)
    marker = tmp_path / "found"
    with PartWatch(marker) as watch:
        job = sbatch(slurm, tmp_path, "slurm-crack.sbatch", f"--array=1-{parts}", "--cpus-per-task=1",
                     env={"TARGET": target, "DICT": "0-9a-z", "MIN": str(MIN_LEN), "MAX": str(MAX_LEN),
                          "MARKER": str(marker)})
        try:
            states = slurm.wait_finished(job, timeout=90)
        finally:
            slurm.run(["scancel", job], check=False)
            kill_leftovers(watch)
    outputs = {k: (tmp_path / f"hc-crack-{job}-{k}.out").read_text() for k in range(1, parts + 1)}
    assert f"Initial string is: {text}\n" in outputs[finder], outputs[finder]
    assert marker.read_text() == marker_text(target, parts, finder, text)
    for k, out in outputs.items():
        if k != finder:
            assert out.endswith(f"hc: stopped: {marker} appeared\n"), (k, out)
    watch.check_stopped()
    # the finder COMPLETED, and so did every stopped part: afterok fires
    assert states == {str(k): ("COMPLETED", "0:0") for k in range(1, parts + 1)}, states


def test_slurm_array_refuses_another_search_marker(slurm, tmp_path):
    """The false find of issue 33: MARKER left by a search for another
    digest. Every part refuses it at once (hc's 2: the task FAILED, the
    afterok dependency broken), says what it is, and leaves it."""
    parts = 3
    marker = tmp_path / "found"
    leave_marker(marker, hashlib.md5(b"hello").hexdigest(), parts, 2, "hello")
    before = marker.read_text()
    target = hashlib.md5(b"world").hexdigest()
    job = sbatch(slurm, tmp_path, "slurm-crack.sbatch", f"--array=1-{parts}", "--cpus-per-task=1",
                 env={"TARGET": target, "DICT": "0-9a-z", "MIN": str(MIN_LEN), "MAX": str(MAX_LEN),
                      "MARKER": str(marker)})
    states = slurm.wait_finished(job, timeout=90)
    assert states == {str(k): ("FAILED", "2:0") for k in range(1, parts + 1)}, states
    for k in range(1, parts + 1):
        out = (tmp_path / f"hc-crack-{job}-{k}.out").read_text()
        assert out == (f"hc: {marker}: the stop marker of another search (algorithm: md5; "
                       f"target: {hashlib.md5(b'hello').hexdigest()}; keyspace: -a {DICT} -n {MIN_LEN} -x {MAX_LEN}; "
                       f"parts: {parts}; found by --part 2/{parts}) is there; remove it, or give "
                       "--replace-stop-file to have it removed\n"), out
    assert marker.read_text() == before


def make_tree(root, files):
    """files small files over a few levels, names that sort differently as
    names and as paths."""
    for i in range(files):
        sub = ["", "a/", "a-b/", "a/b/", "a.d/c/"][i % 5]
        path = root / f"{sub}f{i:05d}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"%d\n" % i * (i % 7))
    return root


def slurm_tree_round(slurm, tmp_path, tree, parts):
    """The array of slurm-tree.sbatch and its merge job, as docs/file-dir.md
    runs them; returns the array job's id."""
    env = {"ALG": "sha256", "TREE": str(tree), "LISTS": str(tmp_path / "lists"), "OUT": str(tmp_path / "all")}
    array = sbatch(slurm, tmp_path, "slurm-tree.sbatch", f"--array=1-{parts}", "--cpus-per-task=1", env=env)
    merge = sbatch(slurm, tmp_path, "slurm-tree-merge.sbatch", f"--dependency=afterok:{array}",
                   env=dict(env, JOB=array))
    states = slurm.wait_finished(array, timeout=90)
    assert states == {str(k): ("COMPLETED", "0:0") for k in range(1, parts + 1)}, states
    wait_until(lambda: slurm.run(["squeue", "-h", "-j", merge], check=False).stdout.strip() == "", 60,
               "the merge job")
    merge_state = slurm.run(["scontrol", "-o", "show", "job", merge]).stdout
    assert "JobState=COMPLETED" in merge_state and "ExitCode=0:0" in merge_state, merge_state
    one_run = subprocess.run([HC, "sha256", "dir", "-s", str(tree), "-r", "--format", "gnu"], capture_output=True)
    assert (tmp_path / "all").read_bytes() == one_run.stdout
    assert len(list((tmp_path / "lists" / array).iterdir())) == parts
    return array


def test_slurm_tree_parts_merge_to_one_run(slurm, tmp_path):
    tree = make_tree(tmp_path / "tree", 500)
    first = slurm_tree_round(slurm, tmp_path, tree, 2 * CPUS)
    # again with fewer parts, into the same LISTS, the tree changed: the
    # merge takes this run's parts only (the first run's are still there)
    (tree / "a" / "f00001").write_bytes(b"changed\n")
    second = slurm_tree_round(slurm, tmp_path, tree, max(1, CPUS - 1))
    assert sorted(p.name for p in (tmp_path / "lists").iterdir()) == sorted([first, second])


# ---- GNU parallel -----------------------------------------------------------------------------


needs_parallel = pytest.mark.skipif(shutil.which("parallel") is None,
                                    reason="GNU parallel is not installed (scripts/deps.sh cluster installs it)")


def recipe_env(**values):
    path = os.path.dirname(HC) + ":" + os.environ.get("PATH", "")
    return dict(os.environ, HC=HC, PATH=path, **values)


@needs_parallel
def test_parallel_finds_and_stops_every_other_part(tmp_path):
    parts = 2 * CPUS
    finder = min(2, CPUS)
    text, target = target_in_part(finder, parts, seconds=1.5)
    marker = tmp_path / "found"
    env = recipe_env(N=str(parts), TARGET=target, DICT="0-9a-z", MIN=str(MIN_LEN), MAX=str(MAX_LEN),
                     MARKER=str(marker))
    with PartWatch(marker) as watch:
        proc = subprocess.Popen([str(RECIPES / "parallel-crack.sh")], env=env, cwd=tmp_path,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            out, err = proc.communicate(timeout=90)
        finally:
            proc.kill()
            kill_leftovers(watch)
        returned_at = time.time()
    assert proc.returncode == 0, err
    out = out.decode()
    assert f"{finder}\tInitial string is: {text}\n" in out
    assert marker.read_text() == marker_text(target, parts, finder, text)
    watch.check_stopped()
    # parallel waited for the stopped parts: none outlived it
    assert all(seen <= returned_at for seen in watch.last_seen.values())


@needs_parallel
def test_parallel_refuses_a_leftover_marker(tmp_path):
    marker = tmp_path / "found"
    leave_marker(marker, hashlib.md5(b"hello").hexdigest(), 4, 2, "hello")
    before = marker.read_text()
    env = recipe_env(N="4", TARGET=hashlib.md5(b"world").hexdigest(), DICT="0-9a-z", MIN=str(MIN_LEN),
                     MAX=str(MAX_LEN), MARKER=str(marker))
    r = subprocess.run([str(RECIPES / "parallel-crack.sh")], env=env, cwd=tmp_path, capture_output=True, timeout=60)
    assert r.returncode == 2
    assert r.stdout == b""  # no part ran
    assert r.stderr.decode() == (f"hc-crack: {marker} exists already, left by an earlier search; remove it "
                                 "(or name another MARKER) first\n")
    assert marker.read_text() == before


@needs_parallel
def test_parallel_another_search_marker_during_the_run_is_no_find(tmp_path):
    """A search for another digest sharing MARKER marks its find while
    this one runs: its parts stop with 2 and the script says the marker is
    not this search's (exit 2), never success."""
    marker = tmp_path / "found"
    target = hashlib.md5(b"world").hexdigest()
    env = recipe_env(N="2", TARGET=target, DICT="0-9a-z", MIN=str(MIN_LEN), MAX=str(MAX_LEN), MARKER=str(marker))
    with PartWatch(marker) as watch:
        proc = subprocess.Popen([str(RECIPES / "parallel-crack.sh")], env=env, cwd=tmp_path,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            wait_until(lambda: len(watch.last_seen) == 2, 30, "both parts running")
            leave_marker(marker, hashlib.md5(b"hello").hexdigest(), 2, 1, "hello")
            out, err = proc.communicate(timeout=60)
        finally:
            proc.kill()
            kill_leftovers(watch)
    assert proc.returncode == 2, (out, err)
    out = out.decode()
    for k in (1, 2):
        assert f"{k}\tNothing found\n" in out, out
    err = err.decode()
    other = f"the stop marker of another search (algorithm: md5; target: {hashlib.md5(b'hello').hexdigest()};"
    for k in (1, 2):
        assert f"{k}\thc: stopped: {marker} appeared, and it is {other}" in err, err
    assert f"\nhc-crack: {marker} is not this search's marker: hc: {marker}: {other}" in err, err


@needs_parallel
def test_parallel_tree_parts_merge_to_one_run(tmp_path):
    tree = make_tree(tmp_path / "tree", 500)
    for parts in (2 * CPUS + 1, max(1, CPUS - 1)):  # the second run, with fewer parts, into the same LISTS
        (tree / "a" / "f00001").write_bytes(b"run with %d parts\n" % parts)
        env = recipe_env(N=str(parts), ALG="sha256", TREE=str(tree), LISTS=str(tmp_path / "lists"),
                         OUT=str(tmp_path / "all"))
        r = subprocess.run([str(RECIPES / "parallel-tree.sh")], env=env, cwd=tmp_path, capture_output=True,
                           timeout=120)
        assert r.returncode == 0, r.stderr
        one_run = subprocess.run([HC, "sha256", "dir", "-s", str(tree), "-r", "--format", "gnu"],
                                 capture_output=True)
        assert (tmp_path / "all").read_bytes() == one_run.stdout
        assert sorted(p.name for p in (tmp_path / "lists").iterdir()) == \
            sorted(f"part-{k}.sha256" for k in range(1, parts + 1))


@needs_parallel
def test_parallel_not_found(tmp_path):
    env = recipe_env(N=str(CPUS + 1), TARGET="0" * 32, DICT="abc", MIN="1", MAX="6", MARKER=str(tmp_path / "m"))
    r = subprocess.run([str(RECIPES / "parallel-crack.sh")], env=env, cwd=tmp_path, capture_output=True, timeout=120)
    assert r.returncode == 1, r
    assert r.stdout.decode().count("Nothing found") == CPUS + 1
    assert not (tmp_path / "m").exists()
