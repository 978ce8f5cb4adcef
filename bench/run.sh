#!/usr/bin/env bash
# The benchmark, one command: builds the release binary, seeds the scale data set once (kept in
# bench/out/), starts the server on a copy, and measures with wrk at 50 connections. Beside each
# HTTP figure it measures the floor in the same run: the bare SQLite query or insert behind it
# (bench/floor.py) and a trivial endpoint of the same server (/healthz).
#   CUSTOMERS=1000000 LINES=10 DURATION=15s bash bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CUSTOMERS=${CUSTOMERS:-1000000}
LINES=${LINES:-10}
DURATION=${DURATION:-15s}
OUT=bench/out
mkdir -p "$OUT"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

cargo build --release --locked
BIN=target/release/fieldsales
DB="$OUT/scale-$CUSTOMERS-$LINES.db"
if [ ! -f "$DB.done" ]; then
  rm -f "$DB" "$DB-wal" "$DB-shm"
  /usr/bin/time -f "seed_peak_rss_kb=%M" "$BIN" --db "$DB" --data-dir "$OUT/data" seed --scale "$CUSTOMERS" --lines "$LINES" 2>&1 | tee "$OUT/seed.log"
  touch "$DB.done"
fi
RUN="$OUT/run.db"
cp "$DB" "$RUN"
rm -f "$RUN-wal" "$RUN-shm"

PORT=${PORT:-18999}
BASE="http://127.0.0.1:$PORT"
start=$(date +%s%N)
RUST_LOG=warn "$BIN" --db "$RUN" --data-dir "$OUT/data" serve --addr "127.0.0.1:$PORT" --login-rate 0 >"$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
until curl -fs "$BASE/healthz" >/dev/null; do sleep 0.02; done
cold_ms=$(( ($(date +%s%N) - start) / 1000000 ))

login() {
  curl -fs -H 'Content-Type: application/json' -H 'Cookie: XSRF-TOKEN=b' -H 'X-XSRF-TOKEN: b' \
    -d "{\"userName\":\"$1\",\"password\":\"Demo12345678\",\"terms\":true}" "$BASE/webapi/api/login/auth" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
export TOKEN
TOKEN=$(login agent1@scale.test)
AGENT_UID=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"select uid from users where email='agent1@scale.test'\").fetchone()[0])" "$RUN")

wrk_run() { # name, script, extra env
  local name=$1 script=$2 file
  file="$OUT/wrk-$(echo "$name" | tr -c 'a-z0-9' '-').txt"
  wrk -t2 -c50 -d"$DURATION" --latency -s "bench/$script" "$BASE" >"$file"
  local p50 p99 rps errors
  p50=$(awk '/ 50%/{print $2}' "$file")
  p99=$(awk '/ 99%/{print $2}' "$file")
  rps=$(awk '/Requests\/sec/{print $2}' "$file")
  errors=$(awk '/Non-2xx/{print $5}' "$file")
  printf '| %s | %s | %s | %s | %s |\n' "$name" "$p50" "$p99" "$rps" "${errors:-0}"
}

echo "| call | p50 | p99 | requests/s | non-2xx |"
echo "|---|---|---|---|---|"
PATH_UNDER_TEST=/healthz wrk_run "trivial (/healthz)" get.lua
wrk_run "customer search (agent)" search.lua
export PATH_UNDER_TEST=/webapi/api/users/customer/details/S00000001
wrk_run "customer details" get.lua
export FIRST_CUSTOMER=1 CUSTOMER_STEP=200 CUSTOMERS
wrk_run "visit save" visit.lua
# A manager's morning: the cumulative dashboard of 10 agents and a page of one bucket.
TOKEN=$(login am1@scale.test)
export PATH_UNDER_TEST=/webapi/api/users/landing/0
wrk_run "landing (manager, 10 agents)" get.lua
export PATH_UNDER_TEST="/webapi/api/users/landing/notvisited/0?pageNumber=1&order=desc"
wrk_run "bucket list page (manager)" get.lua
idle_rss=$(ps -o rss= -p $SERVER | tr -d ' ')
kill $SERVER; wait $SERVER 2>/dev/null || true
trap - EXIT
python3 bench/floor.py "$RUN" "$AGENT_UID"
echo "cold_start_to_first_answer_ms=$cold_ms"
echo "server_rss_after_load_kb=$idle_rss"
echo "binary_bytes=$(stat -c %s "$BIN")"
echo "db_bytes=$(stat -c %s "$DB")"
