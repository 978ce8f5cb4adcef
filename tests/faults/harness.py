"""Shared helpers of the fault tests: start the real fieldsales binary on a temporary database,
sign in, and call the API the way the web app does (anti-forgery cookie and header, bearer token).
Python 3 standard library only."""

import http.client
import json
import os
import signal
import socket
import subprocess
import tempfile
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get("FIELDSALES_BIN") or os.path.join(HERE, "..", "..", "target", "release", "fieldsales")
PASSWORD = "Demo12345678"
XSRF = "fault-test-xsrf"
API = "/webapi/api"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`fieldsales serve --demo` on `<dir>/t.db` and `<dir>/data`, restartable on the same files."""

    def __init__(self, workdir=None, env=None):
        self.dir = workdir or tempfile.mkdtemp(prefix="fieldsales-faults-")
        self.db = os.path.join(self.dir, "t.db")
        self.data = os.path.join(self.dir, "data")
        self.port = free_port()
        self.env = {**os.environ, "RUST_LOG": "warn", **(env or {})}
        self.proc = None
        self.stdout_path = os.path.join(self.dir, "server.out")
        self.stderr_path = os.path.join(self.dir, "server.log")

    def start(self, timeout=120):
        if not os.path.exists(BIN):
            raise SystemExit(f"no binary at {BIN}; build it or set FIELDSALES_BIN")
        with open(self.stdout_path, "ab") as out, open(self.stderr_path, "ab") as err:
            self.proc = self.spawn(out, err)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"the server exited with {self.proc.returncode}:\n{self.log()[-3000:]}")
            try:
                if request(self.port, "GET", "/healthz", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise SystemExit("the server did not start in time")

    def command(self):
        """The `serve` command line (a subclass may add options or wrap it)."""
        return [BIN, "--db", self.db, "--data-dir", self.data, "serve", "--demo",
                "--addr", f"127.0.0.1:{self.port}", "--login-rate", "0"]

    def spawn(self, out, err):
        return subprocess.Popen(self.command(), stdout=out, stderr=err, env=self.env)

    def kill(self):
        """SIGKILL: no shutdown code runs, as in a crash or an OOM kill."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self):
        with open(self.stderr_path, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def stdout(self):
        with open(self.stdout_path, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def outbox(self):
        with open(os.path.join(self.data, "outbox.jsonl"), encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]

    def mailed(self, to, label):
        """The value after `label` in the newest mail to `to` (e.g. "Code: ")."""
        mail = [m for m in self.outbox() if m["to"] == to][-1]
        return next(line[len(label):].strip() for line in mail["body"].splitlines() if line.startswith(label))


def request(port, method, path, body=None, token=None, content_type="application/json", timeout=60):
    """One request on a fresh connection; returns (status, parsed JSON or None)."""
    headers = {"Cookie": f"XSRF-TOKEN={XSRF}", "X-XSRF-TOKEN": XSRF}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        headers["Content-Type"] = content_type
        if not isinstance(body, bytes):
            body = json.dumps(body).encode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        raw = response.read()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return response.status, parsed
    finally:
        conn.close()


def sign_in(port, email, password=PASSWORD):
    status, body = request(port, "POST", f"{API}/login/auth",
                           {"userName": email, "password": password, "terms": True, "loginMethod": "password"})
    if status != 200:
        raise SystemExit(f"sign-in of {email} failed: {status} {body}")
    return body["token"]


def multipart(fields, files):
    """A multipart/form-data body: `fields` {name: text}, `files` {name: (file name, bytes)}."""
    boundary = "----fieldsales-" + uuid.uuid4().hex
    out = bytearray()
    for name, value in fields.items():
        out += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
    for name, (file_name, data) in files.items():
        out += (f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{file_name}"\r\n'
                f"Content-Type: application/octet-stream\r\n\r\n").encode()
        out += data + b"\r\n"
    out += f"--{boundary}--\r\n".encode()
    return bytes(out), f"multipart/form-data; boundary={boundary}"


# A 1x1 PNG; the fault tests append a unique tag so every stored file can be matched to its request.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" "1f15c4890000000a49444154789c6300010000050001" "0d0a2db40000000049454e44ae426082"
)


def picture(tag):
    return PNG + tag.encode()


def save_visit(port, token, remark, buyer="B100001", client_id=None):
    """A visit save; with `client_id` (the phone's id of the save) a resend is answered as the same visit."""
    body = {"buyerID": buyer, "outcomeId": 1, "remark": remark}
    if client_id is not None:
        body["clientId"] = client_id
    return request(port, "POST", f"{API}/users/customer/details", body, token=token)


def save_info(port, token, remark, buyer="B100001"):
    body, content_type = multipart({"infoTypeId": "1", "infoSubTypeId": "1", "remark": remark},
                                   {"img1": ("shelf.png", picture(remark))})
    return request(port, "POST", f"{API}/users/customer/info/{buyer}", body, token=token, content_type=content_type)
