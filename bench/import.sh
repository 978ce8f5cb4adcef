#!/usr/bin/env bash
# Import benchmark: a 100,000-row customer workbook through `fieldsales import` (the upload
# pipeline), beside the bare parse of the same file (`--parse-only`: calamine with our guards).
#   ROWS=100000 bash bench/import.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${ROWS:-100000}
OUT=bench/out/import
rm -rf "$OUT" && mkdir -p "$OUT"
cargo build --release --locked
BIN=target/release/fieldsales
"$BIN" --db "$OUT/import.db" --data-dir "$OUT/data" seed --scale 200 --lines 0 >/dev/null
python3 - "$OUT/customers.json" "$ROWS" <<'PY'
import json, sys
path, n = sys.argv[1], int(sys.argv[2])
header = ["Buyer ID", "Buyer Name", "Mobile", "Email", "Address 1", "Address 2", "Postal Code", "City", "State",
          "Country", "Info", "Latitude", "Longitude", "Retailer Type", "Agent Email"]
rows = [header] + [[f"I{i:07d}", f"Import Store {i}", f"9{i:09d}", "", f"{i % 400} Main Road", "", "560001",
                    "Bengaluru", "Karnataka", "India", "", "12.97", "77.59", "Retailer", f"agent{i % 200 + 1}@scale.test"]
                   for i in range(n)]
json.dump(rows, open(path, "w"))
PY
python3 tests/browser/make_xlsx.py "$OUT/customers.xlsx" "@$OUT/customers.json"
echo "workbook_bytes=$(stat -c %s "$OUT/customers.xlsx")"
/usr/bin/time -f "parse_peak_rss_kb=%M" "$BIN" import customer "$OUT/customers.xlsx" --parse-only
/usr/bin/time -f "import_peak_rss_kb=%M" "$BIN" --db "$OUT/import.db" --data-dir "$OUT/data" import customer "$OUT/customers.xlsx" --as am1@scale.test | head -1
