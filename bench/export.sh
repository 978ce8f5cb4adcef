#!/usr/bin/env bash
# Export benchmark: the customer-visit report over the scale data set (bench/run.sh seeds it),
# about ROWS of the latest visits, written by `fieldsales report export`; the same for a tenth of
# them (memory must not grow with the rows); and a bare rust_xlsxwriter loop writing as many rows
# of the same shape, and the very cells the export wrote (example xlsx_floor), in the same run.
# Prints key=value lines.
#   ROWS=1000000 CUSTOMERS=1000000 bash bench/export.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
ROWS=${ROWS:-1000000}
[ -f "$DB.done" ] || { echo "seed the data set first: bash bench/run.sh (same CUSTOMERS/LINES/VISITS/DELIVERIES)" >&2; exit 1; }
build_release >&2
# The first day of the window holding the latest N visits (whole days, so a few more).
from_for() {
  python3 - "$DB" "$1" <<'PY'
import datetime, sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
row = conn.execute("SELECT visited_at FROM visits ORDER BY visited_at DESC LIMIT 1 OFFSET ?", (int(sys.argv[2]) - 1,)).fetchone()
row = row or conn.execute("SELECT MIN(visited_at) FROM visits").fetchone()
print(datetime.date.fromtimestamp(row[0] or 0).isoformat())
PY
}
TO=$(date +%F)
export_run() { # name, rows
  local out
  out=$(/usr/bin/time -f "$1_peak_rss_kb=%M" "$BIN" --db "$DB" report export customer-visit --from "$(from_for "$2")" --to "$TO" -o "$OUT/$1.xlsx" 2>&1)
  echo "$out" | grep -v "^$1_peak" >&2
  echo "$out" | grep "^$1_peak"
  echo "$out" | sed -n "s/^Wrote \([0-9]*\) rows.*/$1_rows=\1/p"
  echo "$out" | sed -n "s/.*(\([0-9]*\) rows\/s).*/$1_rows_per_s=\1/p"
  echo "$1_file_bytes=$(stat -c %s "$OUT/$1.xlsx")"
}
VISIT_ROWS=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM visits').fetchone()[0])" "$DB")
[ "$VISIT_ROWS" -lt "$ROWS" ] && ROWS=$VISIT_ROWS
export_run export_tenth $((ROWS / 10))
full=$(export_run export "$ROWS")
echo "$full"
rows=$(echo "$full" | sed -n 's/^export_rows=//p')
out=$(/usr/bin/time -f "export_floor_peak_rss_kb=%M" target/release/examples/xlsx_floor "$rows" "$OUT/floor.xlsx" 2>&1)
echo "$out" | grep '^export_floor_peak'
echo "$out" | sed -n 's/.*floor_rows_per_s=\([0-9]*\).*/export_floor_shaped_rows_per_s=\1/p'
# The same loop over the very cells the export wrote (read into memory first, not timed).
out=$(target/release/examples/xlsx_floor --cells-of "$OUT/export.xlsx" "$OUT/floor-cells.xlsx" 2>&1)
echo "$out" | sed -n 's/.*floor_rows_per_s=\([0-9]*\).*/export_floor_cells_rows_per_s=\1/p'
