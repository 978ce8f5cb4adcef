#!/usr/bin/env python3
"""A wrong password takes the same time for a known and an unknown login id (security, second round,
item 5): against the real binary, alone on the machine, interleaved pairs of sign-ins with a wrong
password, one for a demo user and one for a made-up id; the two medians must be within 20% of each
other, and every answer the same status and body.

Each demo user gets at most 4 wrong passwords, so no account reaches the lock (the fifth would
answer "locked", which says the id exists: that is the contract's answer, tested elsewhere).

    python3 tests/hostile/sign_in_timing.py

FIELDSALES_BIN picks the binary (default target/release/fieldsales). Exit status 1 on a failure.
"""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "faults"))
from harness import API, Server, request  # noqa: E402

KNOWN = ["admin@demo.test", "am@demo.test", "agent1@demo.test", "agent2@demo.test", "agent3@demo.test", "agent4@demo.test"]
WRONG_PER_USER = 4


class QuietServer(Server):
    """Without the per-account limit (10 a minute), which 24 wrong passwords would meet."""

    def command(self):
        return super().command() + ["--account-login-rate", "0"]


def wrong_password(port, login):
    body = {"userName": login, "password": "Wrong-password-1", "terms": True, "loginMethod": "password"}
    started = time.perf_counter()
    status, answer = request(port, "POST", f"{API}/login/auth", body)
    return status, answer, time.perf_counter() - started


def main():
    server = QuietServer()
    server.start()
    known_times, unknown_times, answers = [], [], set()
    try:
        port = server.port
        wrong_password(port, "warm-up@demo.test")
        pairs = [(login, f"ghost{n}-{i}@demo.test") for i in range(WRONG_PER_USER) for n, login in enumerate(KNOWN)]
        for i, (known, unknown) in enumerate(pairs):
            order = [(known, known_times), (unknown, unknown_times)]
            for login, times in order if i % 2 == 0 else reversed(order):
                status, answer, took = wrong_password(port, login)
                answers.add((status, str(answer)))
                times.append(took)
    finally:
        server.stop()
    known_median, unknown_median = statistics.median(known_times), statistics.median(unknown_times)
    gap = abs(known_median - unknown_median) / max(known_median, unknown_median)
    print(f"sign-in with a wrong password, {len(known_times)} pairs: median known {known_median * 1e3:.1f} ms, "
          f"unknown {unknown_median * 1e3:.1f} ms, gap {gap:.0%} (at most 20%); answers: {sorted(answers)}")
    failures = []
    if len(answers) != 1 or next(iter(answers))[0] != 401:
        failures.append(f"known and unknown ids answered differently: {sorted(answers)}")
    if gap > 0.2:
        failures.append(f"the medians differ by {gap:.0%}")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
