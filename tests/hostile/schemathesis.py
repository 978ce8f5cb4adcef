#!/usr/bin/env python3
"""Schemathesis against the real binary, once per kind of caller.

Starts `fieldsales serve --demo` on a temporary database, signs in the demo administrator, area
manager and agent, and runs schemathesis over `/webapi/api/openapi.json` for each of them and for
nobody (no token). Every request carries the anti-forgery cookie and header, so requests reach the
handlers instead of stopping at the anti-forgery check.

Passes when schemathesis finds no failure (no 5xx, responses matching the documented schemas,
statuses and content types) and the server's log shows no 5xx and no panic. Prints one summary
line and writes the figures to `$OUT` (JSON) when set.

Environment: FIELDSALES_BIN (default target/release/fieldsales), SCHEMATHESIS (the schemathesis
command), MAX_TIME (seconds per caller, default 40), MAX_EXAMPLES (per operation, default 20),
SEED (default 1).
"""
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("FIELDSALES_BIN", os.path.join(ROOT, "target/release/fieldsales"))
SCHEMATHESIS = os.environ.get("SCHEMATHESIS", "schemathesis")
MAX_TIME = os.environ.get("MAX_TIME", "40")
MAX_EXAMPLES = os.environ.get("MAX_EXAMPLES", "20")
SEED = os.environ.get("SEED", "1")
PASSWORD = "Demo12345678"
XSRF = "schemathesis-xsrf"
# Calls that end the caller's own session would turn the rest of a run into 401s; they get a
# run of their own at the end.
SESSION_ENDERS = r"^/webapi/api/(logout|users/passwordUpdate)$"
CALLERS = [("nobody", None), ("agent", "agent1@demo.test"), ("manager", "am@demo.test"), ("admin", "admin@demo.test")]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sign_in(port, login):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"userName": login, "password": PASSWORD, "terms": True, "loginMethod": "password"})
    conn.request("POST", "/webapi/api/login/auth", body, {
        "Content-Type": "application/json", "Cookie": f"XSRF-TOKEN={XSRF}", "X-XSRF-TOKEN": XSRF})
    reply = conn.getresponse()
    data = json.loads(reply.read() or b"{}")
    if reply.status != 200 or "token" not in data:
        sys.exit(f"signing in {login} failed: {reply.status} {data}")
    return data["token"]


def run_schemathesis(port, name, token, only_session_enders, report):
    cmd = [SCHEMATHESIS, "run", f"http://127.0.0.1:{port}/webapi/api/openapi.json",
           "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
           "--max-time", MAX_TIME, "--max-examples", MAX_EXAMPLES, "--seed", SEED, "--workers", "2",
           "--request-timeout", "20", "--no-shrink", "--continue-on-failure",
           "--report", "ndjson", "--report-ndjson-path", report,
           "-H", f"Cookie: XSRF-TOKEN={XSRF}", "-H", f"X-XSRF-TOKEN: {XSRF}"]
    if token:
        cmd += ["-H", f"Authorization: Bearer {token}"]
    cmd += ["--include-path-regex" if only_session_enders else "--exclude-path-regex", SESSION_ENDERS]
    print(f"==> schemathesis as {name}", flush=True)
    run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(run.stdout, flush=True)
    # A check that failed is ours to fix; an error inside schemathesis's own generator (its
    # "ERRORS" section, e.g. a KeyError in its coverage phase) is its bug and is only reported.
    failed = "= FAILURES =" in run.stdout
    if run.returncode != 0 and not failed:
        print(f"(schemathesis reported internal errors for {name}; no check failed)")
    return failed


def main():
    if shutil.which(SCHEMATHESIS) is None and not os.path.exists(SCHEMATHESIS):
        sys.exit(f"schemathesis not found ({SCHEMATHESIS})")
    work = tempfile.mkdtemp(prefix="fieldsales-schemathesis-")
    port = free_port()
    log_path = os.path.join(work, "server.log")
    log = open(log_path, "w")
    server = subprocess.Popen(
        [BIN, "--db", os.path.join(work, "t.db"), "--data-dir", os.path.join(work, "data"),
         "serve", "--demo", "--addr", f"127.0.0.1:{port}", "--login-rate", "0"],
        stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, "RUST_LOG": "info,tower_http=debug", "NO_COLOR": "1"})
    failures = 0
    try:
        deadline = time.time() + 60
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            if server.poll() is not None or time.time() > deadline:
                sys.exit("the server did not start:\n" + open(log_path).read())
            time.sleep(0.1)
        tokens = {name: sign_in(port, login) if login else None for name, login in CALLERS}
        for name, _ in CALLERS:
            failures += run_schemathesis(port, name, tokens[name], False, os.path.join(work, f"{name}.ndjson"))
        for name, _ in CALLERS[1:]:
            failures += run_schemathesis(port, f"{name} (session-ending calls)", tokens[name], True,
                                         os.path.join(work, f"{name}-end.ndjson"))
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()

    text = open(log_path).read()
    statuses = [int(s) for s in re.findall(r"finished processing request.*?status=(\d{3})", text)]
    server_errors = sum(1 for s in statuses if s >= 500)
    panics = text.count("panicked")
    figures = {"requests": len(statuses), "server_errors": server_errors, "panics": panics,
               "schemathesis_failed_runs": failures, "max_time_per_caller_s": int(MAX_TIME)}
    print(f"schemathesis: {len(statuses)} requests tried, {server_errors} 5xx, {panics} panics, "
          f"{failures} failing runs")
    if os.environ.get("OUT"):
        with open(os.environ["OUT"], "w") as f:
            json.dump(figures, f)
    if failures or server_errors or panics or not statuses:
        print(f"server log kept in {log_path}")
        sys.exit(1)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
