#!/usr/bin/env python3
"""No secret in any log line: runs the real binary with RUST_LOG=debug, signs in with a password,
changes it, signs in again, asks for and redeems a one-time code, asks for a temporary password,
impersonates an agent and downloads a report through its single-use link, then asserts that the
server's output holds none of the passwords, codes, tokens or Authorization header values.

    python3 tests/faults/log_secrets.py

FIELDSALES_BIN picks the binary (default target/release/fieldsales). Exit status 1 on a leak.
"""

import secrets
import shutil
import sys
import time

from harness import API, PASSWORD, Server, request, sign_in


def main():
    server = Server(env={"RUST_LOG": "debug"})
    server.start()
    found = {}
    try:
        port = server.port
        agent = sign_in(port, "agent2@demo.test")
        new_password = "Leak" + secrets.token_hex(8) + "9"
        status, body = request(port, "POST", f"{API}/users/passwordUpdate",
                               {"currentPassword": PASSWORD, "newPassword": new_password, "confirmPassword": new_password},
                               token=agent)
        assert status == 200, (status, body)
        again = sign_in(port, "agent2@demo.test", new_password)

        status, body = request(port, "POST", f"{API}/login/generateOTP", {"userName": "agent3@demo.test"})
        assert status == 200, (status, body)
        code = server.mailed("agent3@demo.test", "Code: ")
        status, body = request(port, "POST", f"{API}/login/authOTP",
                               {"userName": "agent3@demo.test", "password": code, "otp": code, "terms": True, "loginMethod": "otp"})
        assert status == 200, (status, body)
        by_code = body["token"]

        status, body = request(port, "POST", f"{API}/login/reset", {"userName": "agent4@demo.test"})
        assert status == 200, (status, body)
        temporary = server.mailed("agent4@demo.test", "Temporary password: ")

        admin = sign_in(port, "admin@demo.test")
        status, body = request(port, "POST", f"{API}/users/impersonate-rca", {"userName": "agent1@demo.test"}, token=admin)
        assert status == 200, (status, body)
        one_time = body["token"]
        status, body = request(port, "POST", f"{API}/users/impersonate-rca-token", {"userName": one_time}, token=admin)
        assert status == 200, (status, body)
        acting = body["token"]

        today = time.strftime("%Y-%m-%d")
        status, body = request(port, "GET", f"{API}/report/customer-visit?fromDate={today}&toDate={today}", token=admin)
        assert status == 200, (status, body)
        link = body["excelPath"]
        download = link.split("token=")[1]
        status, _ = request(port, "GET", link)
        assert status == 200, status
        # A wrong password is logged as a failed attempt, never with the password itself.
        wrong = "Wrong" + secrets.token_hex(6) + "1"
        assert request(port, "POST", f"{API}/login/auth",
                       {"userName": "am@demo.test", "password": wrong, "terms": True, "loginMethod": "password"})[0] == 401
        found = {
            "demo password": PASSWORD, "new password": new_password, "wrong password": wrong, "one-time code": code,
            "temporary password": temporary, "token": agent, "second token": again, "token from a code": by_code,
            "admin token": admin, "impersonation one-time token": one_time, "impersonated session token": acting,
            "download token": download,
        }
    finally:
        server.stop()
    log, stdout = server.log(), server.stdout()
    lines = log.count("\n")
    # The log must really be a debug log of these requests, or the check proves nothing.
    assert lines > 20 and "/webapi/api/login/auth" in log and "DEBUG" in log, log[-2000:]
    leaks = [what for what, value in found.items() if value in log]
    # stdout carries the start-up banner, which names the demo password on purpose (README).
    leaks += [f"{what} (stdout)" for what, value in found.items() if what != "demo password" and value in stdout]
    # A JWT's signature alone is as good as the token.
    leaks += [f"{what} signature" for what, value in found.items() if value.count(".") == 2 and value.rsplit(".", 1)[1] in log]
    print(f"log secrets: log_lines={lines} secrets_checked={len(found)} leaks={len(leaks)} {'PASS' if not leaks else 'FAIL'}")
    if leaks:
        print(f"leaked: {leaks}\nkept in {server.dir}", file=sys.stderr)
        sys.exit(1)
    shutil.rmtree(server.dir, ignore_errors=True)


if __name__ == "__main__":
    main()
