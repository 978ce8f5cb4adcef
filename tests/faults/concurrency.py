#!/usr/bin/env python3
"""Concurrency test against the real binary: 200 concurrent visit saves while an outside sqlite3
connection holds the write lock (`BEGIN IMMEDIATE`) for 10 s. No writer may get a 500 ("database
is locked" must never reach a client as one); a writer may wait (the busy timeout is 30 s) or get
a 503 with a `{"message"}`. After the lock goes every writer completes, and new writes succeed.

    python3 tests/faults/concurrency.py [--writers 200] [--hold 10]

FIELDSALES_BIN picks the binary (default target/release/fieldsales). Exit status 1 on failure.
"""

import argparse
import os
import shutil
import sqlite3
import sys
import threading
import time

from harness import Server, save_visit, sign_in


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writers", type=int, default=int(os.environ.get("CONCURRENCY_WRITERS", 200)))
    parser.add_argument("--hold", type=float, default=float(os.environ.get("CONCURRENCY_HOLD", 10)))
    args = parser.parse_args()
    server = Server()
    server.start()
    try:
        tokens = [sign_in(server.port, f"agent{n}@demo.test") for n in (1, 2, 3, 4)]
        # Each agent writes to one of their own customers.
        conn = sqlite3.connect(server.db, isolation_level=None, timeout=30)
        buyers = [conn.execute("SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id "
                               "WHERE u.email = ? ORDER BY c.customer_id LIMIT 1", (f"agent{n}@demo.test",)).fetchone()[0]
                  for n in (1, 2, 3, 4)]
        results = [None] * args.writers
        go = threading.Barrier(args.writers + 1)

        def writer(i):
            go.wait()
            began = time.time()
            try:
                status, body = save_visit(server.port, tokens[i % 4], f"locked-{i}", buyers[i % 4])
            except OSError as err:
                status, body = f"error {err}", None
            results[i] = (status, body, time.time() - began)

        threads = [threading.Thread(target=writer, args=(i,)) for i in range(args.writers)]
        for t in threads:
            t.start()
        conn.execute("BEGIN IMMEDIATE")
        locked_at = time.time()
        go.wait()
        time.sleep(args.hold)
        conn.execute("COMMIT")
        held = time.time() - locked_at
        for t in threads:
            t.join(timeout=120)
        unfinished = sum(1 for t in threads if t.is_alive())
        after = [save_visit(server.port, tokens[n % 4], f"after-{n}", buyers[n % 4])[0] for n in range(20)]
        saved = {r[0] for r in conn.execute("SELECT remark FROM visits WHERE remark LIKE 'locked-%'")}
        conn.close()
    finally:
        server.stop()
    done = [r for r in results if r is not None]
    ok = [i for i, r in enumerate(results) if r and isinstance(r[0], int) and 200 <= r[0] < 300]
    busy = [r for r in done if r[0] == 503]
    busy_without_message = [r for r in busy if not (isinstance(r[1], dict) and r[1].get("message"))]
    other = [r for r in done if not (isinstance(r[0], int) and (200 <= r[0] < 300 or r[0] == 503))]
    server_errors = [r for r in done if isinstance(r[0], int) and r[0] >= 500 and r[0] != 503]
    missing = [i for i in ok if f"locked-{i}" not in saved]
    after_ok = sum(1 for s in after if 200 <= s < 300)
    slowest = max((r[2] for r in done), default=0)
    passed = (not unfinished and len(done) == args.writers and not other and not busy_without_message
              and not missing and after_ok == len(after))
    print(f"concurrency: writers={args.writers} lock_held={held:.1f}s ok={len(ok)} busy_503={len(busy)} "
          f"errors_5xx={len(server_errors)} other={len(other)} unfinished={unfinished} acknowledged_missing={len(missing)} "
          f"slowest={slowest:.1f}s after_release_ok={after_ok}/{len(after)} {'PASS' if passed else 'FAIL'}")
    if not passed:
        print(f"other answers: {other[:10]}\nkept in {server.dir}", file=sys.stderr)
        sys.exit(1)
    shutil.rmtree(server.dir, ignore_errors=True)


if __name__ == "__main__":
    main()
