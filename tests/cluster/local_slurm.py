"""A one-node Slurm cluster on this machine, for the tests and the
benchmark of the cluster recipes: a munge key and munged, a slurm.conf
for this host (CPUs from os.sched_getaffinity / nproc, ports that are
free), slurmctld and slurmd in the foreground, all under one directory,
all stopped by stop(). Every Slurm command goes through run() with
SLURM_CONF set (without it the tools look for a configuration server in
DNS)."""
import os
import shutil
import socket
import subprocess
import time

PROGRAMS = ["munged", "mungekey", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "sinfo"]


def missing_programs():
    """The programs the cluster needs that are not installed."""
    paths = os.environ.get("PATH", "") + ":/usr/sbin:/sbin"
    return [p for p in PROGRAMS if shutil.which(p, path=paths) is None]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(predicate, timeout, what):
    """Polls predicate (every 50 ms) until it returns something true."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {timeout} s")
        time.sleep(0.05)


class LocalSlurm:
    def __init__(self, root, cpus=None):
        self.root = os.path.abspath(root)
        self.cpus = cpus or len(os.sched_getaffinity(0))
        self.host = socket.gethostname().split(".")[0]
        self.conf = os.path.join(self.root, "slurm.conf")
        self.socket = os.path.join(self.root, "munge", "munge.socket")
        self.env = dict(os.environ, SLURM_CONF=self.conf,
                        PATH=os.environ.get("PATH", "") + ":/usr/sbin:/sbin")
        self.daemons = []

    def _write_conf(self):
        spool = os.path.join(self.root, "spool")
        state = os.path.join(self.root, "state")
        for d in (spool, state):
            os.makedirs(d, exist_ok=True)
        lines = [
            "ClusterName=hctest",
            f"SlurmctldHost={self.host}(127.0.0.1)",
            "AuthType=auth/munge",
            "CredType=cred/munge",
            f"AuthInfo=socket={self.socket}",
            f"SlurmctldPort={free_port()}",
            f"SlurmdPort={free_port()}",
            "SlurmUser=root",
            "SlurmdUser=root",
            f"StateSaveLocation={state}",
            f"SlurmdSpoolDir={spool}",
            f"SlurmctldPidFile={self.root}/slurmctld.pid",
            f"SlurmdPidFile={self.root}/slurmd.pid",
            f"SlurmctldLogFile={self.root}/slurmctld.log",
            f"SlurmdLogFile={self.root}/slurmd.log",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_CPU",
            "SchedulerType=sched/backfill",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "JobCompType=jobcomp/none",
            "MpiDefault=none",
            "ReturnToService=2",
            "MinJobAge=600",
            "SlurmdTimeout=30",
            "InactiveLimit=0",
            "KillWait=5",
            f"NodeName={self.host} NodeAddr=127.0.0.1 CPUs={self.cpus} State=UNKNOWN",
            "PartitionName=hc Nodes=ALL Default=YES MaxTime=INFINITE State=UP",
        ]
        with open(self.conf, "w") as f:
            f.write("\n".join(lines) + "\n")

    def _start_munge(self):
        mdir = os.path.dirname(self.socket)
        os.makedirs(mdir, mode=0o700, exist_ok=True)
        key = os.path.join(mdir, "munge.key")
        subprocess.run(["mungekey", "--create", f"--keyfile={key}", "--force"], env=self.env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.chmod(key, 0o600)
        self._spawn(["munged", "--foreground", "--force", f"--socket={self.socket}", f"--key-file={key}",
                     f"--pid-file={mdir}/munged.pid", f"--log-file={mdir}/munged.log",
                     f"--seed-file={mdir}/munged.seed"], "munged")
        wait_until(lambda: os.path.exists(self.socket), 20, "munged's socket")

    def _spawn(self, argv, name):
        log = open(os.path.join(self.root, f"{name}.out"), "wb")
        proc = subprocess.Popen(argv, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        self.daemons.append(proc)
        return proc

    def start(self):
        os.makedirs(self.root, exist_ok=True)
        self._write_conf()
        self._start_munge()
        self._spawn(["slurmctld", "-D", "-i"], "slurmctld")
        self._spawn(["slurmd", "-D"], "slurmd")
        wait_until(self.node_ready, 60, "the Slurm node to be idle")
        return self

    def node_ready(self):
        for proc in self.daemons:
            if proc.poll() is not None:
                raise RuntimeError(f"{proc.args[0]} exited with {proc.returncode}: " + self.logs())
        r = self.run(["sinfo", "-h", "-N", "-o", "%T"], check=False)
        return r.returncode == 0 and r.stdout.strip() in ("idle", "mixed", "allocated")

    def logs(self):
        text = []
        for name in ("slurmctld.out", "slurmd.out", "slurmctld.log", "slurmd.log", "munge/munged.log"):
            path = os.path.join(self.root, name)
            if os.path.exists(path):
                with open(path, errors="replace") as f:
                    text.append(f"--- {name}\n" + f.read()[-3000:])
        return "\n".join(text)

    def run(self, argv, check=True, **kwargs):
        r = subprocess.run(argv, env=kwargs.pop("env", self.env), capture_output=True, text=True, **kwargs)
        if check and r.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)}: exit {r.returncode}: {r.stderr}")
        return r

    def stop(self):
        for proc in reversed(self.daemons):
            if proc.poll() is None:
                proc.terminate()
        for proc in reversed(self.daemons):
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.daemons = []

    # ---- jobs ----

    def tasks(self, job):
        """{task id: (state, exit code)} of an array job, from scontrol."""
        r = self.run(["scontrol", "-o", "show", "job", str(job)], check=False)
        found = {}
        for line in r.stdout.splitlines():
            fields = dict(f.split("=", 1) for f in line.split() if "=" in f)
            if "ArrayTaskId" in fields:
                found[fields["ArrayTaskId"]] = (fields.get("JobState"), fields.get("ExitCode"))
        return found

    def wait_finished(self, job, timeout):
        """Waits until no task of the job is pending or running (squeue
        empty) and returns the tasks' final states."""
        def done():
            r = self.run(["squeue", "-h", "-j", str(job)], check=False)
            return r.returncode == 0 and r.stdout.strip() == ""
        wait_until(done, timeout, f"job {job} to finish")
        return self.tasks(job)
