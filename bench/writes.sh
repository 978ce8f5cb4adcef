#!/usr/bin/env bash
# The writes alone (issue #39), a quick loop for their tails and floors: the server on a copy of the
# scale data set (seeded by bench/run.sh, same knobs), visit save and order submit at
# WRITE_CONNECTIONS (128), the writer's statistics of each (FIELDSALES_WRITE_STATS), the idle RSS
# after the load, then the write floors (bench/write_floor.rs) on a copy of the run's file; prints
# the writes' part of bench/report.py's output.
#   CUSTOMERS=20000 DURATION=5s bash bench/writes.sh
#   FIELDSALES_WRITE_MAX_BATCH=32 CUSTOMERS=20000 DURATION=5s bash bench/writes.sh   # another batch bound
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
DURATION=${DURATION:-15s}
THREADS=${THREADS:-2}
WRITE_CONNECTIONS=${WRITE_CONNECTIONS:-128}
PORT=${PORT:-18998}
CUSTOMER_STEP=200
build_release
cargo build --release --locked --example write_floor
seed_once
W=$OUT/writes
mkdir -p "$W"
FIGURES=$W/figures.txt
rm -f "$W"/wrk-*.txt
{ echo "date=$(date -u +%F)"; echo "cores=$(nproc)"; echo "max_batch=${FIELDSALES_WRITE_MAX_BATCH:-256}"; echo "write_connections=$WRITE_CONNECTIONS"; echo "duration=$DURATION"; } >"$FIGURES"
RUN="$W/run.db"
cp "$DB" "$RUN"
rm -f "$RUN-wal" "$RUN-shm"
BASE="http://127.0.0.1:$PORT"
FIELDSALES_WRITE_STATS=1 RUST_LOG=warn "$BIN" --db "$RUN" --data-dir "$W/data" serve --addr "127.0.0.1:$PORT" --login-rate 0 >"$W/server.log" 2>&1 &
SERVER=$!
wait_for_server "$W/server.log"
cpu() { awk '{print $14 + $15}' "/proc/$SERVER/stat"; }
quiet() { local prev=-1 now; for _ in $(seq 120); do now=$(cpu); [ "$now" = "$prev" ] && break; prev=$now; sleep 0.5; done; }
rss() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$SERVER/status"; }
quiet
echo "idle_rss_kb=$(rss VmRSS)" >>"$FIGURES"
TOKEN=$(curl -fs -H 'Content-Type: application/json' -H 'Cookie: XSRF-TOKEN=b' -H 'X-XSRF-TOKEN: b' \
  -d '{"userName":"agent1@scale.test","password":"Demo12345678","terms":true}' "$BASE/webapi/api/login/auth" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
for name in visit order; do
  script=customer.lua; [ $name = order ] && script=order.lua
  echo "wrk: $name" >&2
  # With bench/histogram.lua's `done`: the latency histogram and the tail's percentiles (issue #56).
  cat "bench/$script" bench/histogram.lua >"$W/wrk-script.lua"
  TOKEN="$TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS" SAVE_VISIT=1 \
    wrk -t"$THREADS" -c"$WRITE_CONNECTIONS" -d"$DURATION" --timeout 10s --latency -s "$W/wrk-script.lua" "$BASE" >"$W/wrk-$name.txt"
  sleep 1.5
  echo "write_stats_$name=$(grep '^write_stats ' "$W/server.log" | tail -1 | cut -d' ' -f2-)" >>"$FIGURES"
  echo "write_hist_$name=$(grep '^write_hist ' "$W/server.log" | tail -1 | cut -d' ' -f2-)" >>"$FIGURES"
done
echo "load_peak_rss_kb=$(rss VmHWM)" >>"$FIGURES"
quiet
sleep "${IDLE_WAIT:-16}"
echo "idle_wait=${IDLE_WAIT:-16}" >>"$FIGURES"
echo "idle_rss_after_load_kb=$(rss VmRSS)" >>"$FIGURES"
kill $SERVER
wait $SERVER 2>/dev/null || true
trap - EXIT
write_floors "$RUN" "$W"
python3 bench/report.py "$FIGURES" "$W" | sed -n '/^Writes (issue #39)/,$p' | tee "$W/results.md"
