#!/usr/bin/env bash
# Export benchmark: the customer-visit report over the scale data set (bench/run.sh seeds it; one
# visit per customer) written by `fieldsales report export`, beside a bare rust_xlsxwriter loop
# writing as many rows of the same shape (cargo example xlsx_floor), in the same run.
#   CUSTOMERS=1000000 LINES=10 bash bench/export.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CUSTOMERS=${CUSTOMERS:-1000000}
LINES=${LINES:-10}
DB="bench/out/scale-$CUSTOMERS-$LINES.db"
[ -f "$DB.done" ] || { echo "seed the data set first: CUSTOMERS=$CUSTOMERS LINES=$LINES bash bench/run.sh"; exit 1; }
cargo build --release --locked --example xlsx_floor
cargo build --release --locked
FROM=$(date -d '-200 days' +%F)
TO=$(date +%F)
/usr/bin/time -f "export_peak_rss_kb=%M" target/release/fieldsales --db "$DB" report export customer-visit --from "$FROM" --to "$TO" -o bench/out/visits.xlsx
ROWS=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from visits').fetchone()[0])" "$DB")
/usr/bin/time -f "floor_peak_rss_kb=%M" target/release/examples/xlsx_floor "$ROWS" bench/out/floor.xlsx
ls -l bench/out/visits.xlsx bench/out/floor.xlsx | awk '{print $9"="$5}'
