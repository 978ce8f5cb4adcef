#!/usr/bin/env python3
"""Hostile workbooks against the real binary, with the server's peak memory measured for each
(security, second round, items 1 and 2):

- the red team's bomb: shared strings that really inflate to 1 GiB while the zip declares 1,000
  bytes, under 1 MB on the wire, sent to the area manager's beat upload;
- the same forged sizes on every other sheet route, as an administrator;
- a sheet naming a shared string past the table's end (a panic inside calamine once);
- an XML entity expansion (a billion laughs) in the shared strings;
- a 45 MB body of deflate that does not compress (random bytes in the sheet part).

Each must be a 400 with a JSON message, change nothing, leave no panic in the server's log, and
raise the server's peak RSS (VmHWM) by less than 64 MB beyond the body it had to receive.

Then texts longer than a cell may be (security, third round, issue #49, finding 4), each a 400
`upload_text_too_long` with the server's peak RSS under 100 MiB all told:

- the red team's workbook: one cell of 250 MB (an inline string), about 2 MB on the wire;
- the same, four at once;
- one shared string of 60 MB (within the limit of a part calamine holds whole).

    python3 tests/hostile/workbooks.py

FIELDSALES_BIN picks the binary (default target/release/fieldsales). Exit status 1 on a failure.
"""

import os
import struct
import sys
import threading
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "faults"))
from harness import API, Server, multipart, request, sign_in  # noqa: E402

MB = 1024 * 1024
ALLOWED_RISE = 64 * MB
# The most the server's whole resident memory may reach while it refuses texts longer than a cell
# or pictures with more pixels than their size makes plausible (issue #49).
PEAK_LIMIT = 100 * MB

CONTENT_TYPES = (b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                 b'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                 b'<Default Extension="xml" ContentType="application/xml"/>'
                 b'<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
                 b'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                 b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
                 b'</Types>')
ROOT_RELS = (b'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
             b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
             b'</Relationships>')
WORKBOOK = (b'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
            b'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
            b'<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>')
WORKBOOK_RELS = (b'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                 b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
                 b'<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
                 b'</Relationships>')
SST_OPEN = b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'


def sheet(rows):
    """Sheet XML whose cells name shared strings by index: rows of ints."""
    out = [b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>']
    for r, row in enumerate(rows, 1):
        cells = b"".join(b'<c r="%s%d" t="s"><v>%d</v></c>' % (bytes([65 + c]), r, v) for c, v in enumerate(row))
        out.append(b'<row r="%d">%s</row>' % (r, cells))
    out.append(b"</sheetData></worksheet>")
    return b"".join(out)


def shared_strings(strings):
    return SST_OPEN + b"".join(b"<si><t>%s</t></si>" % s for s in strings) + b"</sst>"


def deflated(chunks):
    """Raw deflate of an iterable of byte chunks: (compressed, crc, real size)."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    out, crc, size = [], 0, 0
    for chunk in chunks:
        out.append(squeeze.compress(chunk))
        crc, size = zlib.crc32(chunk, crc), size + len(chunk)
    out.append(squeeze.flush())
    return b"".join(out), crc, size


def zip_of(parts):
    """A zip of (name, chunks, declared size or None for the real one), every part deflated."""
    body, central = bytearray(), bytearray()
    for name, chunks, declared in parts:
        name = name.encode()
        data, crc, size = deflated(chunks)
        size = size if declared is None else declared
        offset = len(body)
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(data), size, len(name), 0) + name + data
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(data), size,
                               len(name), 0, 0, 0, 0, 0, offset) + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(parts), len(parts), len(central), len(body), 0)
    return bytes(body + central + end)


def workbook(strings_chunks, sheet_xml, strings_declared=None, sheet_declared=None):
    return zip_of([
        ("[Content_Types].xml", [CONTENT_TYPES], None),
        ("_rels/.rels", [ROOT_RELS], None),
        ("xl/workbook.xml", [WORKBOOK], None),
        ("xl/_rels/workbook.xml.rels", [WORKBOOK_RELS], None),
        ("xl/sharedStrings.xml", strings_chunks, strings_declared),
        ("xl/worksheets/sheet1.xml", sheet_xml, sheet_declared),
    ])


def forged_bomb():
    """Shared strings of one 1 GiB string, declared as 1,000 bytes."""
    def chunks():
        yield SST_OPEN + b"<si><t>"
        block = b"a" * MB
        for _ in range(1024):
            yield block
        yield b"</t></si></sst>"
    return workbook(chunks(), [sheet([[0, 0]])], strings_declared=1000)


def missing_shared_string():
    return workbook([shared_strings([b"Product Name", b"SKU", b"Cola"])], [sheet([[0, 1], [2, 999]])])


def entity_expansion():
    doctype = b'<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY l0 "lol">'
    for level in range(1, 10):
        doctype += b'<!ENTITY l%d "%s">' % (level, b"".join(b"&l%d;" % (level - 1) for _ in range(10)))
    doctype += b"]>"
    strings = doctype + b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' \
        b"<si><t>Product Name</t></si><si><t>SKU</t></si><si><t>&l9;</t></si></sst>"
    return workbook([strings], [sheet([[0, 1], [2, 2]])])


def random_deflate(size):
    """A sheet part of `size` random bytes: the body is as big as the deflate inside it."""
    return workbook([shared_strings([b"Product Name", b"SKU"])], [os.urandom(MB) for _ in range(size // MB)])


def long_text(size):
    """`size` bytes of letters that deflate about 120:1 (a few random letters a kilobyte), under
    the ratio the server takes for a zip bomb, in 1 MB chunks."""
    noise = os.urandom(8 * 1024).translate(bytes(97 + i % 16 for i in range(256)))
    block = b"".join(b"a" * 1016 + noise[i * 8:(i + 1) * 8] for i in range(1024))
    for _ in range(size // MB):
        yield block


def long_cell(size=250 * MB):
    """The red team's workbook: one inline cell of `size` bytes on the second row."""
    def chunks():
        yield (b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
               b'<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
               b'<row r="2"><c r="A2" t="inlineStr"><is><t>')
        yield from long_text(size)
        yield b"</t></is></c></row></sheetData></worksheet>"
    return workbook([shared_strings([b"Product Name", b"SKU"])], chunks())


def long_shared_string(size=60 * MB):
    """One shared string of `size` bytes, named by the second row's first cell."""
    def chunks():
        yield SST_OPEN + b"<si><t>Product Name</t></si><si><t>SKU</t></si><si><t>"
        yield from long_text(size)
        yield b"</t></si></sst>"
    return workbook(chunks(), [sheet([[0, 1], [2, 1]])])


def at_once(n, send):
    """Calls `send(i)` for i < n, each on its own thread, all at once; the answers in order."""
    answers = [None] * n

    def run(i):
        answers[i] = send(i)
    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def reset_peak(pid):
    """Sets VmHWM back to the current RSS (Linux: writing 5 to clear_refs), so each case's peak is its own."""
    with open(f"/proc/{pid}/clear_refs", "w") as f:
        f.write("5")


def peak_rss(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise SystemExit("no VmHWM")


def footprint(port, token):
    """What an upload could have changed, as the administrator sees it."""
    status, products = request(port, "GET", f"{API}/master/product?pageNumber=1", token=token)
    status2, beats = request(port, "GET", f"{API}/master/beat", token=token)
    return (status, products.get("totalRecords") if products else None, status2, len(beats or []))


SHEET_ROUTES = [
    ("/users/customer/upload", "customerdata", {}),
    ("/users/customer/upload", "customerdata", {"isDelete": "true"}),
    ("/users/product/upload", "productdata", {}),
    ("/users/distributor/upload", "distributordata", {}),
    ("/users/scoreCard/upload", "scorecarddata", {}),
    ("/users/delivery/upload", "deliverydata", {}),
    ("/users/order/upload", "orderdata", {}),
    ("/master/info-type-subtype/upload", "data", {"infoId": "1"}),
    ("/users/beat/upload", "beatdata", {}),
]


def main():
    print("Making the hostile workbooks ...", flush=True)
    bomb = forged_bomb()
    assert len(bomb) < MB, len(bomb)
    cases = [
        ("forged sizes (1 GiB inflated), area manager's beat upload", "am@demo.test", "/users/beat/upload", "beatdata", {}, bomb),
        ("missing shared string", "admin@demo.test", "/users/product/upload", "productdata", {}, missing_shared_string()),
        ("entity expansion", "admin@demo.test", "/users/product/upload", "productdata", {}, entity_expansion()),
        ("45 MB body of deflate", "admin@demo.test", "/users/product/upload", "productdata", {}, random_deflate(45 * MB)),
    ]
    cases += [(f"forged sizes on {path} {extra}", "admin@demo.test", path, field, extra, bomb)
              for path, field, extra in SHEET_ROUTES if path != "/users/beat/upload"]

    server = Server()
    server.start()
    failures = []
    try:
        port = server.port
        tokens = {who: sign_in(port, who) for who in ("admin@demo.test", "am@demo.test")}
        # Warm up: a readable upload (refused for its header) brings in every code path but the bomb's.
        body, ctype = multipart({}, {"productdata": ("warm.xlsx", workbook([shared_strings([b"x"])], [sheet([[0]])]))})
        request(port, "POST", f"{API}/users/product/upload", body, token=tokens["admin@demo.test"], content_type=ctype)
        before = footprint(port, tokens["admin@demo.test"])
        print(f"{'case':72} {'status':>6} {'wire':>9} {'peak rise':>10}")
        for what, who, path, field, extra, data in cases:
            body, ctype = multipart(extra, {field: ("hostile.xlsx", data)})
            reset_peak(server.proc.pid)
            peak = peak_rss(server.proc.pid)
            status, answer = request(port, "POST", API + path, body, token=tokens[who], content_type=ctype, timeout=120)
            rise = peak_rss(server.proc.pid) - peak
            print(f"{what:72} {status:>6} {len(body) / MB:>7.2f}MB {rise / MB:>8.1f}MB  {(answer or {}).get('message')}", flush=True)
            if status != 400 or not (answer or {}).get("message"):
                failures.append(f"{what}: {status} {answer}")
            if rise >= ALLOWED_RISE + len(body):
                failures.append(f"{what}: peak RSS rose {rise / MB:.1f} MB (allowed 64 MB + the {len(body) / MB:.1f} MB body)")
        print("Making the long texts ...", flush=True)
        cell, shared = long_cell(), long_shared_string()
        long_cases = [("one 250 MB cell", cell, 1), ("one 250 MB cell, four at once", cell, 4), ("one 60 MB shared string", shared, 1)]
        for what, data, copies in long_cases:
            body, ctype = multipart({}, {"productdata": ("long.xlsx", data)})
            reset_peak(server.proc.pid)
            answers = at_once(copies, lambda _: request(port, "POST", f"{API}/users/product/upload", body,
                                                        token=tokens["admin@demo.test"], content_type=ctype, timeout=120))
            peak = peak_rss(server.proc.pid)
            codes = sorted({(status, (answer or {}).get("code")) for status, answer in answers})
            print(f"{what:72} {answers[0][0]:>6} {len(body) / MB:>7.2f}MB {peak / MB:>7.1f}MB peak  {codes}", flush=True)
            if codes != [(400, "upload_text_too_long")]:
                failures.append(f"{what}: {codes}")
            if peak >= PEAK_LIMIT:
                failures.append(f"{what}: peak RSS {peak / MB:.1f} MB (allowed {PEAK_LIMIT / MB:.0f} MB)")
        cases += long_cases
        if footprint(port, tokens["admin@demo.test"]) != before:
            failures.append("a hostile workbook changed the products or beats")
        if request(port, "GET", "/healthz")[0] != 200:
            failures.append("the server stopped answering")
    finally:
        server.stop()
    log = server.log()
    if "panicked" in log:
        failures.append("a panic in the server's log: " + log[log.index("panicked") - 200:][:600])
    for failure in failures:
        print("FAIL:", failure)
    print(f"hostile workbooks: {len(cases)} cases, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
