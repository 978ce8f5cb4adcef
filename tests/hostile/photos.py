#!/usr/bin/env python3
"""Hostile visit photos against the real binary, with the server's peak memory measured for each
(issue #37): a PHP script named .jpg (bare, and behind a JPEG's first bytes), an SVG, a PNG
decompression bomb (20,000 x 20,000 pixels of zeros, a few kB on the wire), a JPEG whose header
claims 60,000 x 60,000 pixels, a JPEG cut short, and a 50 MB body (413 once the server has read past its 2 MiB limit).

Each must be a 4xx with a JSON message, store no photo, leave no panic in the server's log, and
raise the server's peak RSS (VmHWM) by less than 64 MB beyond the body it had to receive.

    python3 tests/hostile/photos.py

FIELDSALES_BIN picks the binary (default target/release/fieldsales). Exit status 1 on a failure.
"""

import json
import os
import socket
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "faults"))
from harness import API, Server, multipart, request, save_visit, sign_in  # noqa: E402
from workbooks import ALLOWED_RISE, MB, peak_rss, reset_peak  # noqa: E402


def png_bomb(side=20000):
    """A valid PNG of `side` x `side` grey pixels, all zero: 400 MB decoded, a few kB compressed."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\0" * (side + 1)
    packer = zlib.compressobj(9)
    raw = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def jpeg_claiming(width, height):
    """A JPEG's start and a frame header claiming `width` x `height`, then an end marker."""
    sof = struct.pack(">HBHHB", 11, 8, height, width, 1) + bytes([1, 0x11, 0])
    return b"\xff\xd8" + b"\xff\xc0" + sof + b"\xff\xd9"


def streamed(port, path, token, body, ctype):
    """Sends a request with its whole `body` in chunks on a raw socket, going on as long as the
    server reads, and returns the answer it gave: a server that stops reading an oversized body
    answers early and may close the connection before the rest is sent."""
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            f"Cookie: XSRF-TOKEN=fault-test-xsrf\r\nX-XSRF-TOKEN: fault-test-xsrf\r\n"
            f"Content-Type: {ctype}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        try:
            sock.sendall(head.encode())
            for start in range(0, len(body), 1 << 20):
                sock.sendall(body[start:start + (1 << 20)])
                sent = start + (1 << 20)
        except (BrokenPipeError, ConnectionResetError):
            pass
        raw = b""
        try:
            while chunk := sock.recv(65536):
                raw += chunk
        except ConnectionResetError:
            pass
    head, _, answer = raw.partition(b"\r\n\r\n")
    status = int(head.split()[1]) if head else 0
    try:
        return status, json.loads(answer), min(sent, len(body))
    except ValueError:
        return status, None, min(sent, len(body))


def main():
    php = b"<?php system($_GET['c']); ?>\n"
    cases = [
        ("a PHP script named shelf.jpg", "shelf.jpg", php),
        ("a PHP script behind a JPEG's first bytes", "shelf.jpg", b"\xff\xd8\xff\xe0" + php),
        ("an SVG", "shelf.svg", b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ("a PNG decompression bomb (20000 x 20000)", "shelf.png", png_bomb()),
        ("a JPEG header claiming 60000 x 60000", "shelf.jpg", jpeg_claiming(60000, 60000)),
        ("a JPEG cut short", "shelf.jpg", jpeg_claiming(640, 480)[:-2] + b"\x00" * 1000),
    ]
    server = Server()
    server.start()
    failures = []
    try:
        port = server.port
        agent = sign_in(port, "agent1@demo.test")
        manager = sign_in(port, "am@demo.test")
        status, answer = save_visit(port, agent, "hostile photos", client_id="hostile-photos-visit")
        if status != 200:
            raise SystemExit(f"the visit to attach photos to was not saved: {status} {answer}")

        def photos_stored():
            status, page = request(port, "GET", f"{API}/users/visit/photos?pageNumber=1", token=manager)
            return status, (page or {}).get("totalRecords")

        before = photos_stored()
        print(f"{'case':48} {'status':>6} {'wire':>9} {'peak rise':>10}")
        for n, (what, name, data) in enumerate(cases):
            fields = {"clientId": f"hostile-{n}", "visitClientId": "hostile-photos-visit", "label": "shelf"}
            body, ctype = multipart(fields, {"file": (name, data)})
            reset_peak(server.proc.pid)
            peak = peak_rss(server.proc.pid)
            status, answer = request(port, "POST", f"{API}/users/visit/photo", body, token=agent, content_type=ctype, timeout=120)
            rise = peak_rss(server.proc.pid) - peak
            print(f"{what:48} {status:>6} {len(body) / MB:>7.2f}MB {rise / MB:>8.1f}MB  {(answer or {}).get('code')}", flush=True)
            if not 400 <= status < 500 or not (answer or {}).get("message"):
                failures.append(f"{what}: {status} {answer}")
            if rise >= ALLOWED_RISE + len(body):
                failures.append(f"{what}: peak RSS rose {rise / MB:.1f} MB (allowed 64 MB + the {len(body) / MB:.1f} MB body)")
        # A 50 MB photo: the server stops reading past its limit (2 MiB) and answers 413.
        body, ctype = multipart({"clientId": "hostile-big", "visitClientId": "hostile-photos-visit"},
                                {"file": ("shelf.jpg", b"\xff\xd8\xff" + os.urandom(50 * MB))})
        reset_peak(server.proc.pid)
        peak = peak_rss(server.proc.pid)
        status, answer, sent = streamed(port, f"{API}/users/visit/photo", agent, body, ctype)
        rise = peak_rss(server.proc.pid) - peak
        print(f"{'a 50 MB body':48} {status:>6} {sent / MB:>7.2f}MB {rise / MB:>8.1f}MB  {(answer or {}).get('code')} (sent before the answer)",
              flush=True)
        if status != 413 or not (answer or {}).get("message"):
            failures.append(f"a 50 MB body: {status} {answer}")
        if rise >= ALLOWED_RISE:
            failures.append(f"a 50 MB body: peak RSS rose {rise / MB:.1f} MB")
        if photos_stored() != before:
            failures.append(f"a hostile file was stored: {before} -> {photos_stored()}")
        if request(port, "GET", "/healthz")[0] != 200:
            failures.append("the server stopped answering")
    finally:
        server.stop()
    log = server.log()
    if "panicked" in log:
        failures.append("a panic in the server's log: " + log[log.index("panicked") - 200:][:600])
    for failure in failures:
        print("FAIL:", failure)
    print(f"hostile photos: {len(cases) + 1} cases, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
