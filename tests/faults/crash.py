#!/usr/bin/env python3
"""Crash test against the real binary: concurrent visit saves and customer-info uploads (with a
picture), the server SIGKILLed at random moments and restarted. After the last round every
acknowledged (2xx) write must be in the database with its file byte for byte, the database must
pass `PRAGMA integrity_check`, and the upload store must hold no file without its row and no row
without its file.

    python3 tests/faults/crash.py                      # short pass (CI): 5 kills, ~1,000 writes
    python3 tests/faults/crash.py --kills 100 --writes 20000 --workers 16   # long run

FIELDSALES_BIN picks the binary (default target/release/fieldsales). Exit status 1 on any loss.
"""

import argparse
import os
import random
import shutil
import sqlite3
import sys
import threading
import time

from harness import Server, picture, save_info, save_visit, sign_in


def round_of_writes(server, token, round_no, workers, quota, acknowledged, refused, lock, rng):
    """Writers run until the server is killed once `quota` writes were acknowledged (plus a random
    few milliseconds, so the kill lands anywhere in a request: reading, storing, committing)."""
    killed = threading.Event()
    counter = {"acked": 0}

    def writer(w):
        n = 0
        while not killed.is_set():
            tag = f"r{round_no}-w{w}-{n}"
            n += 1
            kind = "info" if n % 3 == 0 else "visit"
            try:
                status, _ = (save_info if kind == "info" else save_visit)(server.port, token, tag)
            except OSError:
                continue  # refused or reset by the kill: not acknowledged, outcome unknown
            if 200 <= status < 300:
                with lock:
                    acknowledged.append((kind, tag))
                    counter["acked"] += 1
            elif not killed.is_set():
                with lock:
                    refused.append(f"{kind} {tag}: {status}")

    threads = [threading.Thread(target=writer, args=(w,), daemon=True) for w in range(workers)]
    for t in threads:
        t.start()
    deadline = time.time() + 120
    while counter["acked"] < quota and time.time() < deadline:
        time.sleep(0.002)
    time.sleep(rng.uniform(0, 0.05))
    server.kill()
    killed.set()
    for t in threads:
        t.join()


def check(db, data, acknowledged):
    conn = sqlite3.connect(db)
    integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
    visits = {r[0] for r in conn.execute("SELECT remark FROM visits WHERE remark LIKE 'r%-w%'")}
    infos = {r[0]: r[1] for r in conn.execute(
        "SELECT i.remark, f.file_name FROM customer_info i LEFT JOIN customer_info_files f ON f.info_id = i.id "
        "WHERE i.remark LIKE 'r%-w%'")}
    rows = {r[0] for r in conn.execute("SELECT file_name FROM customer_info_files")}
    conn.close()
    folder = os.path.join(data, "files", "info")
    on_disk = set(os.listdir(folder)) if os.path.isdir(folder) else set()
    lost = []
    for kind, tag in acknowledged:
        if kind == "visit" and tag not in visits:
            lost.append(tag)
        elif kind == "info":
            name = infos.get(tag)
            if name is None or name not in on_disk:
                lost.append(tag)
                continue
            with open(os.path.join(folder, name), "rb") as f:
                if f.read() != picture(tag):
                    lost.append(tag)
    # Unacknowledged writes may or may not have landed; landed infos must still be whole.
    for tag, name in infos.items():
        if name in on_disk:
            with open(os.path.join(folder, name), "rb") as f:
                if f.read() != picture(tag):
                    lost.append(f"{tag} (file damaged)")
    return {
        "integrity": integrity,
        "lost": lost,
        "orphan_files": sorted(on_disk - rows),
        "rows_without_file": sorted(rows - on_disk),
        "landed": len(visits) + len(infos),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=int(os.environ.get("CRASH_KILLS", 5)))
    parser.add_argument("--writes", type=int, default=int(os.environ.get("CRASH_WRITES", 1000)),
                        help="acknowledged writes to aim for over all rounds")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("CRASH_WORKERS", 8)))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("CRASH_SEED", time.time())))
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.time()
    server = Server()
    acknowledged, refused, lock = [], [], threading.Lock()
    per_round = max(1, args.writes // args.kills)
    try:
        for round_no in range(args.kills):
            server.start()
            token = sign_in(server.port, "agent1@demo.test")
            quota = rng.randint(per_round // 2, per_round * 3 // 2)
            round_of_writes(server, token, round_no, args.workers, quota, acknowledged, refused, lock, rng)
        # One more start: recovery and the orphan sweep run, then a clean stop.
        server.start()
        server.stop()
        result = check(server.db, server.data, acknowledged)
        swept = sum(len(files) for _, _, files in os.walk(os.path.join(server.data, "orphans")))
    finally:
        server.stop()
    ok = (result["integrity"] == "ok" and not result["lost"] and not result["orphan_files"]
          and not result["rows_without_file"] and not refused)
    print(f"crash: kills={args.kills} acknowledged={len(acknowledged)} landed={result['landed']} "
          f"lost={len(result['lost'])} refused={len(refused)} integrity={result['integrity']} "
          f"orphan_files={len(result['orphan_files'])} rows_without_file={len(result['rows_without_file'])} "
          f"swept_at_restart={swept} seed={args.seed} seconds={time.time() - started:.1f} "
          f"{'PASS' if ok else 'FAIL'}")
    if not ok:
        print(f"lost: {result['lost'][:20]}\nrefused: {refused[:20]}\norphans: {result['orphan_files'][:20]}\n"
              f"rows without file: {result['rows_without_file'][:20]}\nkept in {server.dir}", file=sys.stderr)
        sys.exit(1)
    if not args.keep:
        shutil.rmtree(server.dir, ignore_errors=True)


if __name__ == "__main__":
    main()
