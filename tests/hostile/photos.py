#!/usr/bin/env python3
"""Hostile visit photos against the real binary, with the server's peak memory measured for each
(issue #37): a PHP script named .jpg (bare, and behind a JPEG's first bytes), an SVG, a PNG
decompression bomb (20,000 x 20,000 pixels of zeros, a few kB on the wire), a JPEG whose header
claims 60,000 x 60,000 pixels, a JPEG cut short, and a 50 MB body (413 once the server has read past its 2 MiB limit).

Each must be a 4xx with a JSON message, store no photo, leave no panic in the server's log, and
raise the server's peak RSS (VmHWM) by less than 64 MB beyond the body it had to receive.

Then the pixel flood of the third round (issue #49, finding 4): a JPEG of about 600 bytes whose
header claims 4700 x 4700 pixels, sent alone and eight at once, must be a 400
`photo_implausibly_small` with the server's peak RSS under 100 MiB all told; and while one agent
sends such floods eight at a time, another agent's photo of about 40 KB must be saved within 200 ms.

    python3 tests/hostile/photos.py

FIELDSALES_BIN picks the binary (default target/release/fieldsales). Exit status 1 on a failure.
"""

import json
import os
import socket
import sqlite3
import struct
import sys
import threading
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "faults"))
from harness import API, Server, multipart, request, save_visit, sign_in  # noqa: E402
from workbooks import ALLOWED_RISE, MB, PEAK_LIMIT, at_once, peak_rss, reset_peak  # noqa: E402


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


class Bits:
    """The entropy-coded bits of a JPEG scan, with the 0xFF bytes stuffed."""

    def __init__(self):
        self.out, self.acc, self.n = bytearray(), 0, 0

    def put(self, value, length):
        self.acc, self.n = (self.acc << length) | (value & ((1 << length) - 1)), self.n + length
        while self.n >= 8:
            self.n -= 8
            byte = (self.acc >> self.n) & 0xFF
            self.out.append(byte)
            if byte == 0xFF:
                self.out.append(0)
        self.acc &= (1 << self.n) - 1

    def end(self):
        if self.n:
            self.put((1 << (8 - self.n)) - 1, 8 - self.n)
        return bytes(self.out)


def photo_jpeg(width, height, coefficients=12, seed=1):
    """A valid baseline greyscale JPEG of `width` x `height` (multiples of 8) whose every block has
    `coefficients` random AC coefficients: noise that does not compress, about 40 KB at 640 x 480.
    Its own Huffman tables: DC differences all 0 (code 00); AC run 0, sizes 1-4, and the end of
    block (codes 000-100)."""
    rng = __import__("random").Random(seed)
    segment = lambda marker, data: b"\xff" + bytes([marker]) + struct.pack(">H", len(data) + 2) + data  # noqa: E731
    counts = lambda lengths: bytes(lengths.get(n, 0) for n in range(1, 17))  # noqa: E731
    tables = bytes([0x00]) + counts({2: 2}) + bytes([0, 1]) + bytes([0x10]) + counts({3: 5}) + bytes([0, 1, 2, 3, 4])
    bits = Bits()
    for _ in range((width // 8) * (height // 8)):
        bits.put(0b00, 2)
        for _ in range(coefficients):
            size = rng.randint(1, 4)
            value = rng.randint(1 << (size - 1), (1 << size) - 1)
            bits.put(size, 3)
            bits.put(value if rng.random() < 0.5 else ~value, size)
        bits.put(0b000, 3)
    return (b"\xff\xd8" + segment(0xDB, bytes([0]) + bytes([16] * 64))
            + segment(0xC0, struct.pack(">BHHB", 8, height, width, 1) + bytes([1, 0x11, 0]))
            + segment(0xC4, tables) + segment(0xDA, bytes([1, 1, 0x00, 0, 63, 0])) + bits.end() + b"\xff\xd9")


def claiming(jpeg, width, height):
    """`jpeg` with its frame header patched to claim `width` x `height`."""
    at = jpeg.index(b"\xff\xc0")
    return jpeg[:at + 5] + struct.pack(">HH", height, width) + jpeg[at + 9:]


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
        failures += pixel_floods(server, agent)
        if request(port, "GET", "/healthz")[0] != 200:
            failures.append("the server stopped answering")
    finally:
        server.stop()
    log = server.log()
    if "panicked" in log:
        failures.append("a panic in the server's log: " + log[log.index("panicked") - 200:][:600])
    for failure in failures:
        print("FAIL:", failure)
    print(f"hostile photos: {len(cases) + 4} cases, {len(failures)} failures")
    return 1 if failures else 0


def pixel_floods(server, flooder):
    """The pixel flood alone, eight at once, and another agent's photo while floods go on; the
    failures."""
    port, pid, failures = server.port, server.proc.pid, []
    flood = claiming(photo_jpeg(64, 48), 4700, 4700)
    normals = [photo_jpeg(640, 480, seed=n) for n in range(4)]
    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as db:
        buyer = db.execute("SELECT buyer_id FROM customers WHERE agent_id = (SELECT uid FROM users WHERE email = ?)"
                           " ORDER BY buyer_id LIMIT 1", ("agent2@demo.test",)).fetchone()[0]
    other = sign_in(port, "agent2@demo.test")
    status, answer = save_visit(port, other, "photos during a flood", buyer=buyer, client_id="flood-other-visit")
    if status != 200:
        return [f"the other agent's visit was not saved: {status} {answer}"]

    def send(token, client_id, visit, data):
        body, ctype = multipart({"clientId": client_id, "visitClientId": visit, "label": "shelf"}, {"file": ("shelf.jpg", data)})
        started = time.monotonic()
        status, answer = request(port, "POST", f"{API}/users/visit/photo", body, token=token, content_type=ctype, timeout=120)
        return status, (answer or {}).get("code"), (time.monotonic() - started) * 1000

    for what, copies in [(f"a {len(flood)}-byte JPEG claiming 4700 x 4700", 1), ("the same, eight at once", 8)]:
        reset_peak(pid)
        answers = at_once(copies, lambda i: send(flooder, f"flood-{copies}-{i}", "hostile-photos-visit", flood))
        peak = peak_rss(pid)
        codes = sorted({(status, code) for status, code, _ in answers})
        print(f"{what:48} {answers[0][0]:>6} {len(flood) / MB:>7.4f}MB {peak / MB:>7.1f}MB peak  {codes}", flush=True)
        if codes != [(400, "photo_implausibly_small")]:
            failures.append(f"{what}: {codes}")
        if peak >= PEAK_LIMIT:
            failures.append(f"{what}: peak RSS {peak / MB:.1f} MB (allowed {PEAK_LIMIT / MB:.0f} MB)")

    alone = send(other, "normal-alone", "flood-other-visit", normals[0])
    print(f"{f'a {len(normals[0]) // 1024} KB photo, alone':48} {alone[0]:>6} {alone[2]:>8.0f} ms", flush=True)
    flooding, rounds = threading.Event(), [0]

    def flood_on():
        while not flooding.is_set():
            at_once(8, lambda i: send(flooder, f"flood-on-{rounds[0]}-{i}", "hostile-photos-visit", flood))
            rounds[0] += 1
    flooding.clear()
    thread = threading.Thread(target=flood_on)
    thread.start()
    try:
        time.sleep(0.5)
        during = [send(other, f"normal-during-{n}", "flood-other-visit", normals[n + 1]) for n in range(3)]
    finally:
        flooding.set()
        thread.join()
    for n, (status, code, ms) in enumerate(during):
        print(f"{f'another during a flood ({n + 1})':48} {status:>6} {ms:>8.0f} ms  {code}", flush=True)
        if status != 200 or ms >= 200:
            failures.append(f"another agent's photo during a flood: {status} {code} in {ms:.0f} ms (allowed 200 ms)")
    print(f"(the flood sent {rounds[0] * 8} photos meanwhile)", flush=True)
    if alone[0] != 200:
        failures.append(f"a normal photo alone: {alone}")
    return failures


if __name__ == "__main__":
    sys.exit(main())
