"""The result workbook read back as a spreadsheet program reads it (issue #50): an invoice upload
through the real binary, its result downloaded and opened with openpyxl; amounts must be numeric
cells (in the currency's format), dates date cells, text text, and a refused cell the text typed.

Run by tests/run-all.sh with openpyxl from PyPI in target/openpyxl-venv (FIELDSALES_BIN: the
binary, as the fault tests' harness)."""

import datetime
import http.client
import io
import os
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "faults"))
from harness import API, Server, multipart, request, sign_in  # noqa: E402

import openpyxl  # noqa: E402


def workbook(rows):
    """A minimal .xlsx of text cells (inline strings), as tests/browser/make_xlsx.py writes it."""
    from xml.sax.saxutils import escape
    cols = "ABCDEFGH"
    body = "".join('<row r="%d">%s</row>' % (r + 1, "".join(
        '<c r="%s%d" t="inlineStr"><is><t>%s</t></is></c>' % (cols[c], r + 1, escape(v)) for c, v in enumerate(row) if v))
        for r, row in enumerate(rows))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                   '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                   '<Default Extension="xml" ContentType="application/xml"/>'
                   '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
                   '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>')
        z.writestr("_rels/.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                   '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        z.writestr("xl/workbook.xml", '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                   'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                   '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
        z.writestr("xl/worksheets/sheet1.xml", '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                   "<sheetData>" + body + "</sheetData></worksheet>")
    return out.getvalue()


def main():
    server = Server()
    server.start()
    failures = []
    try:
        token = sign_in(server.port, "admin@demo.test")
        rows = [["Invoice No", "Buyer ID", "Invoice Date", "Amount", "Due Date"],
                ["OX-1", "B100001", "22/11/2026", "₹ 1,00,000.50", "22-Dec-2026"],
                ["OX-2", "B100001", "22/11/2026", "99.999", "22-Dec-2026"]]
        body, content_type = multipart({}, {"invoicedata": ("invoices.xlsx", workbook(rows))})
        status, answer = request(server.port, "POST", f"{API}/users/invoice/upload", body, token, content_type)
        if status != 200 or not answer.get("excelLink"):
            raise SystemExit(f"the upload answered {status} {answer}")
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("GET", answer["excelLink"], headers={"Authorization": f"Bearer {token}"})
        response = conn.getresponse()
        data = response.read()
        if response.status != 200:
            raise SystemExit(f"the result workbook answered {response.status}")
        sheet = openpyxl.load_workbook(io.BytesIO(data)).worksheets[0]
        header = [c.value for c in sheet[1]]
        good = {h: c for h, c in zip(header, sheet[2])}
        refused = {h: c for h, c in zip(header, sheet[3])}
        checks = [
            ("Invoice No is text", good["Invoice No"].data_type == "s" and good["Invoice No"].value == "OX-1"),
            ("Amount is a number", good["Amount"].data_type == "n" and good["Amount"].value == 100000.5),
            ("Amount shows the currency", "₹" in good["Amount"].number_format),
            ("Invoice Date is a date", good["Invoice Date"].is_date and good["Invoice Date"].value.date() == datetime.date(2026, 11, 22)),
            ("Due Date is a date", good["Due Date"].is_date and good["Due Date"].value.date() == datetime.date(2026, 12, 22)),
            ("the refused amount stays as typed", refused["Amount"].data_type == "s" and refused["Amount"].value == "99.999"),
            ("the refused row says why", refused["Status"].value == "Rejected" and "more than two decimals" in refused["Reason"].value),
        ]
        for name, ok in checks:
            print(("ok   " if ok else "FAIL ") + name)
            if not ok:
                failures.append(name)
    finally:
        server.stop()
    print(f"{len(checks) - len(failures)} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
