"""SIGKILL during a big customer import (issue #50): the import goes in pieces, each committed on its
own; after a kill and a restart the upload's record says it stopped (where, and why: the server
stopped), and the same file uploaded again leaves every row present exactly once.

python3 tests/faults/import_kill.py [--rows 100000]   (FIELDSALES_BIN: the binary, as harness.py)
Python 3 standard library only."""

import argparse
import os
import sqlite3
import sys
import threading
import time
import zipfile
from xml.sax.saxutils import escape

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import API, Server, multipart, request, sign_in  # noqa: E402

HEADER = ["Buyer ID", "Buyer Name", "Mobile", "Country", "Agent Email"]


def workbook(path, rows):
    """A minimal .xlsx with inline strings: the header and `rows` customers of agent1."""
    def row_xml(r, cells):
        return '<row r="%d">%s</row>' % (r, "".join(
            '<c r="%s%d" t="inlineStr"><is><t>%s</t></is></c>' % ("ABCDE"[c], r, escape(v)) for c, v in enumerate(cells)))

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml",
                   '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                   '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                   '<Default Extension="xml" ContentType="application/xml"/>'
                   '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
                   '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                   '</Types>')
        z.writestr("_rels/.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                   '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
                   '</Relationships>')
        z.writestr("xl/workbook.xml",
                   '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                   'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
                   '<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                   '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
                   '</Relationships>')
        body = [row_xml(1, HEADER)]
        body += [row_xml(i + 2, [f"K{i:07d}", f"Kill Test Store {i}", f"97{i:08d}", "India", "agent1@demo.test"]) for i in range(rows)]
        z.writestr("xl/worksheets/sheet1.xml",
                   '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                   "<sheetData>" + "".join(body) + "</sheetData></worksheet>")


def upload(port, token, data, timeout=600):
    body, content_type = multipart({"isDelete": "false"}, {"customerdata": ("customers.xlsx", data)})
    return request(port, "POST", f"{API}/users/customer/upload", body, token, content_type, timeout=timeout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100_000)
    args = parser.parse_args()
    server = Server()
    path = os.path.join(server.dir, "customers.xlsx")
    workbook(path, args.rows)
    data = open(path, "rb").read()
    server.start()
    failures = []
    try:
        token = sign_in(server.port, "admin@demo.test")
        # Send the file, and kill the server once some pieces are in but not all.
        def first_upload():
            try:
                upload(server.port, token, data)
            except OSError:
                pass  # the server was killed under it

        threading.Thread(target=first_upload, daemon=True).start()
        applied = 0
        deadline = time.time() + 300
        while time.time() < deadline:
            status, latest = request(server.port, "GET", f"{API}/users/upload/latest?kind=customer", token=token)
            if status == 200 and latest and latest["state"] == "running" and latest["applied"] >= min(20_000, args.rows // 4):
                applied = latest["applied"]
                break
            time.sleep(0.05)
        if not applied:
            raise SystemExit("the import never got under way")
        server.kill()
        db = sqlite3.connect(server.db)
        present = db.execute("SELECT COUNT(*) FROM customers WHERE buyer_id LIKE 'K%'").fetchone()[0]
        db.close()
        print(f"killed with {applied:,} rows seen applied; {present:,} customers of the file present after the kill")
        if not (applied <= present < args.rows):
            failures.append(f"after the kill {present} rows were present, expected between {applied} and {args.rows - 1}")
        server.start()
        token = sign_in(server.port, "admin@demo.test")
        status, latest = request(server.port, "GET", f"{API}/users/upload/latest?kind=customer", token=token)
        print(f"after the restart the upload says: {latest}")
        if status != 200 or not latest or latest["state"] != "stopped" or latest["stoppedCode"] != "upload_interrupted" or latest["applied"] != present:
            failures.append(f"the upload's record after the restart: {status} {latest}")
        started = time.time()
        status, answer = upload(server.port, token, data)
        print(f"uploaded again in {time.time() - started:.1f} s: {status} {answer and answer.get('message')}")
        if status != 200 or answer["message"] != f"{args.rows} rows uploaded, 0 rejected.":
            failures.append(f"the second upload answered {status} {answer}")
        db = sqlite3.connect(server.db)
        rows, distinct = db.execute("SELECT COUNT(*), COUNT(DISTINCT buyer_id) FROM customers WHERE buyer_id LIKE 'K%'").fetchone()
        integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
        db.close()
        # (The search index is checked by the API tests: Python's SQLite may not read its FTS5 options.)
        print(f"every row once: {rows:,} rows, {distinct:,} distinct; integrity {integrity}")
        if (rows, distinct, integrity) != (args.rows, args.rows, "ok"):
            failures.append(f"after the second upload: {rows} rows, {distinct} distinct, integrity {integrity}")
    finally:
        server.stop()
    print(f"{0 if failures else 1} passed, {len(failures)} failed")
    for f in failures:
        print("  " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
