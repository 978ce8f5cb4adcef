#!/usr/bin/env bash
# Visit saves while an administrator uploads ROWS customers (issue #50): wrk saves visits as an
# agent at 8 and at 128 connections for DURATION, first alone, then while the upload goes in (sent
# again as soon as it ends, so the whole window has an import under way); the figures of each pair
# come from the same server in the same run. Also the upload's own rate alone and under the saves.
# Prints key=value lines (p50, p99 and the slowest save in ms; requests; the import's rows/s).
#   [ROWS=100000] [CUSTOMERS=20000] [DURATION=10s] bash bench/import_field.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${ROWS:-100000}
CUSTOMERS=${CUSTOMERS:-20000}
LINES=${LINES:-0} VISITS=${VISITS:-0} DELIVERIES=${DELIVERIES:-0}
DURATION=${DURATION:-10s}
source bench/common.sh
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
DIR=$OUT/import-field
rm -rf "$DIR" && mkdir -p "$DIR"
build_release >&2
seed_once >&2
cp "$DB" "$DIR/run.db"
# The workbook, written as a stream (a million rows fit the 256 MB unpacked limit): Buyer ID and
# name inline, the mobile a number cell, the country and the agent's email shared strings.
# Two files of the same customers under other names: the uploads alternate, so every upload after
# the first changes every row (its search entries too), not only the first.
for NAMES in Store Shop; do
python3 - "$DIR/customers-$NAMES.xlsx" "$ROWS" "$NAMES" <<'PY'
import sys, zipfile
path, n, names = sys.argv[1], int(sys.argv[2]), sys.argv[3]
agents = [f"agent{a + 1}@scale.test" for a in range(200)]
shared = ["Buyer ID", "Buyer Name", "Mobile", "Country", "Agent Email", "India"] + agents
ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
               '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
               '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
               '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
               '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
    z.writestr("_rels/.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
               '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')
    z.writestr("xl/workbook.xml", f'<?xml version="1.0"?><workbook {ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
               '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>')
    z.writestr("xl/_rels/workbook.xml.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
               '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
               '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>')
    z.writestr("xl/sharedStrings.xml", f'<?xml version="1.0"?><sst {ns} count="{len(shared)}" uniqueCount="{len(shared)}">'
               + "".join(f"<si><t>{v}</t></si>" for v in shared) + "</sst>")
    with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as sheet:
        sheet.write(f'<?xml version="1.0"?><worksheet {ns}><sheetData><row r="1">'.encode()
                    + "".join(f'<c r="{c}1" t="s"><v>{i}</v></c>' for i, c in enumerate("ABCDE")).encode() + b"</row>")
        batch = []
        for i in range(n):
            r = i + 2
            batch.append(f'<row r="{r}"><c r="A{r}" t="inlineStr"><is><t>U{i:07d}</t></is></c><c r="B{r}" t="inlineStr"><is><t>Upload {names} {i}</t></is></c>'
                         f'<c r="C{r}"><v>{9000000000 + i}</v></c><c r="D{r}" t="s"><v>5</v></c><c r="E{r}" t="s"><v>{6 + i % 200}</v></c></row>')
            if len(batch) == 10000:
                sheet.write("".join(batch).encode()); batch = []
        sheet.write(("".join(batch) + "</sheetData></worksheet>").encode())
PY
done
PORT=${PORT:-18091}
BASE="http://127.0.0.1:$PORT"
RUST_LOG=warn "$BIN" --db "$DIR/run.db" --data-dir "$DIR/data" serve --addr "127.0.0.1:$PORT" --login-rate 0 >"$DIR/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; kill $(jobs -p) 2>/dev/null || true' EXIT
until curl -fs "$BASE/healthz" >/dev/null; do kill -0 $SERVER 2>/dev/null || { cat "$DIR/server.log"; exit 1; }; sleep 0.05; done
login() {
  curl -fs -H 'Content-Type: application/json' -H 'Cookie: XSRF-TOKEN=b' -H 'X-XSRF-TOKEN: b' \
    -d "{\"userName\":\"$1\",\"password\":\"Demo12345678\",\"terms\":true}" "$BASE/webapi/api/login/auth" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
AGENT=$(login agent1@scale.test)
ADMIN=$(login admin@scale.test)
upload() { # one upload, of the other file than the last (counted in a file: subshells call it); prints its seconds
  local t0 t1 names n
  n=$(cat "$DIR/uploads.n" 2>/dev/null || echo 0)
  echo $((n + 1)) >"$DIR/uploads.n"
  names=Store; [ $((n % 2)) -eq 1 ] && names=Shop
  t0=$(date +%s%N)
  curl -fs -o /dev/null -H "Authorization: Bearer $ADMIN" -H 'Cookie: XSRF-TOKEN=b' -H 'X-XSRF-TOKEN: b' \
    -F "customerdata=@$DIR/customers-$names.xlsx" -F isDelete=false "$BASE/webapi/api/users/customer/upload"
  t1=$(date +%s%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f\n", (b - a) / 1e9 }'
}
# wrk's latency distribution in ms: p50, p99 and the slowest, from its --latency report.
ms() { # file, label (50% or 99%) or max
  python3 - "$1" "$2" <<'PY'
import re, sys
text, label = open(sys.argv[1]).read(), sys.argv[2]
unit = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}
if label == "max":
    m = re.search(r"Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)", text)
else:
    m = re.search(r"^\s*" + re.escape(label) + r"\s+([\d.]+)(us|ms|s|m)", text, re.M)
print(f"{float(m.group(1)) * unit[m.group(2)]:.2f}")
PY
}
saves() { # name, connections
  wrk -t2 -c"$2" -d"$DURATION" --timeout 30s --latency -s bench/customer.lua "$BASE" \
    >"$DIR/wrk-$1.txt" 2>&1 || true
  echo "$1_p50_ms=$(ms "$DIR/wrk-$1.txt" 50%)"
  echo "$1_p99_ms=$(ms "$DIR/wrk-$1.txt" 99%)"
  echo "$1_max_ms=$(ms "$DIR/wrk-$1.txt" max)"
  echo "$1_requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$DIR/wrk-$1.txt")"
}
export TOKEN=$AGENT CUSTOMER_STEP=200 CUSTOMERS SAVE_VISIT=1
echo "rows=$ROWS"; echo "customers=$CUSTOMERS"; echo "duration=$DURATION"; echo "cores=$(nproc)"
echo "import_alone_s=$(upload)"
for conn in 8 128; do
  saves "visit_c${conn}_alone" "$conn"
  # Uploads back to back for the whole window, then the saves beside them.
  ( while [ ! -f "$DIR/stop" ]; do upload >>"$DIR/uploads-c$conn.txt"; done ) &
  loader=$!
  sleep 1
  saves "visit_c${conn}_during_import" "$conn"
  touch "$DIR/stop"; wait $loader; rm -f "$DIR/stop"
  echo "import_during_c${conn}_s=$(head -1 "$DIR/uploads-c$conn.txt")"
done
