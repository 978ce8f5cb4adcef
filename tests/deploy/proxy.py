#!/usr/bin/env python3
"""deploy/Caddyfile in front of the real binary, as deploy/fieldsales.service starts it
(--trusted-proxy 127.0.0.1): the sign-in limit must count the client Caddy saw, whatever
X-Forwarded-For that client sends. Clients come from 127.0.0.2 and 127.0.0.3 (loopback source
addresses); Caddy runs from a copy of the Caddyfile with the site address, TLS and the log file
swapped for a plain-HTTP loopback port. Python 3 standard library; needs `caddy` on PATH and a
fieldsales with --trusted-proxy.

    python3 tests/deploy/proxy.py    # FIELDSALES_BIN picks the binary (default target/release/fieldsales)
"""

import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "faults"))
from harness import BIN, free_port, request  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LIMIT = 3


def caddyfile(listen, upstream):
    """The deployed Caddyfile with its site address as plain HTTP on loopback, no ACME e-mail and
    no log file; the reverse_proxy and header lines stay as they are."""
    with open(os.path.join(ROOT, "deploy", "Caddyfile")) as f:
        text = f.read()
    text = re.sub(r"(?m)^\{.*?^\}\n", "{\n\tadmin off\n\tauto_https off\n}\n", text, count=1, flags=re.S)
    text = re.sub(r"(?m)^sales\.example\.com \{", f"http://127.0.0.1:{listen} {{", text)
    text = re.sub(r"(?ms)^\tlog \{.*?^\t\}\n", "", text)
    if "reverse_proxy 127.0.0.1:8080" not in text:
        raise SystemExit("deploy/Caddyfile no longer proxies to 127.0.0.1:8080")
    return text.replace("reverse_proxy 127.0.0.1:8080", f"reverse_proxy 127.0.0.1:{upstream}")


def attempt(port, source, forwarded=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, source_address=(source, 0), timeout=30)
    headers = {"Cookie": "XSRF-TOKEN=x", "X-XSRF-TOKEN": "x", "Content-Type": "application/json"}
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    try:
        conn.request("POST", "/webapi/api/login/checkUser", body=json.dumps({"userName": f"probe-{source}@demo.test"}),
                     headers=headers)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def main():
    work = tempfile.mkdtemp(prefix="fieldsales-proxy-")
    upstream, listen = free_port(), free_port()
    with open(os.path.join(work, "Caddyfile"), "w") as f:
        f.write(caddyfile(listen, upstream))
    server = subprocess.Popen([BIN, "--db", os.path.join(work, "t.db"), "--data-dir", os.path.join(work, "data"),
                               "serve", "--demo", "--addr", f"127.0.0.1:{upstream}", "--login-rate", str(LIMIT),
                               "--trusted-proxy", "127.0.0.1"],
                              stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "server.log"), "wb"))
    caddy = subprocess.Popen(["caddy", "run", "--config", os.path.join(work, "Caddyfile"), "--adapter", "caddyfile"],
                             stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "caddy.log"), "wb"))
    failures = []
    try:
        deadline = time.time() + 60
        while True:
            try:
                if request(listen, "GET", "/healthz", timeout=2)[0] == 200:
                    break
            except OSError:
                pass
            if time.time() > deadline or server.poll() is not None or caddy.poll() is not None:
                raise SystemExit(f"server or caddy did not start; logs in {work}")
            time.sleep(0.1)
        forged = [attempt(listen, "127.0.0.2", f"10.0.0.{n}") for n in range(LIMIT + 2)]
        other = [attempt(listen, "127.0.0.3") for _ in range(2)]
        # Straight to the server from an address it does not trust: the forged header is ignored.
        direct = [attempt(upstream, "127.0.0.4", f"10.0.1.{n}") for n in range(LIMIT + 1)]
        if forged != [200] * LIMIT + [429, 429]:
            failures.append(f"a client forging X-Forwarded-For through Caddy: {forged} (want {LIMIT} x 200, then 429)")
        if other != [200, 200]:
            failures.append(f"a second client through Caddy shared the first one's budget: {other}")
        if direct != [200] * LIMIT + [429]:
            failures.append(f"an untrusted peer's X-Forwarded-For was believed: {direct}")
    finally:
        for proc in (caddy, server):
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    print(f"proxy: Caddy + --trusted-proxy 127.0.0.1, limit {LIMIT}/min: forging client {forged}, "
          f"second client {other}, untrusted direct {direct} {'PASS' if not failures else 'FAIL'}")
    if failures:
        print("\n".join(failures) + f"\nlogs in {work}", file=sys.stderr)
        sys.exit(1)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
