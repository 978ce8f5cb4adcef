#!/usr/bin/env bash
# The benchmark, one command (see BENCHMARKS.md). Builds the release binary, seeds the scale data
# set once (cached in bench/out/ by its parameters), starts the server on a copy and drives each
# call with wrk; beside every figure it measures the floor in the same run (the call's SQL,
# bench/floor.py; one argon2 verification for sign-in; /healthz for the HTTP stack). Then the
# process figures (idle and peak RSS, cold start, binary size), the frontend's first-load size,
# import and export. Prints a markdown table, also written to bench/out/results.md.
#   bash bench/run.sh                                   # the issue #11 data set: 1,000,000 customers
#   CUSTOMERS=20000 DURATION=3s bash bench/run.sh      # a quick run
# Knobs: CUSTOMERS LINES VISITS DELIVERIES (data set), DURATION CONNECTIONS THREADS WRK_TIMEOUT (load),
# IMPORT_ROWS EXPORT_ROWS, SKIP_IMPORT_EXPORT=1, SKIP_PHONE=1 (the phone figures, bench/phone.mjs),
# ONLY=targets (just /healthz and the team view of targets, issue #53, with the floors),
# SKIP_MIXED=1 (the mixed-load step of issue #56: PHOTOS, PHOTO_CONCURRENCY, UPLOAD_ROWS, SIGNINS, CHAT, SKIP_REPORTS,
# IDLE_SECONDS, bench/mixed_load.py),
# SKIP_SCALING=1 (bench/scaling.sh: the server pinned to 2, 4, 8, 12 cores where the machine has them), PORT,
# WRITE_CONNECTIONS (visit save and order submit, and the tasks of their floor: 128, issue #39).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
DURATION=${DURATION:-15s}
CONNECTIONS=${CONNECTIONS:-50}
THREADS=${THREADS:-2}
WRITE_CONNECTIONS=${WRITE_CONNECTIONS:-128}
WRK_TIMEOUT=${WRK_TIMEOUT:-10s}
PORT=${PORT:-18999}
# The agent's customers are S00000001 and every 200th after it (seed: customers go to agents in turn).
CUSTOMER_STEP=200
export CUSTOMER_QUERIES=${CUSTOMER_QUERIES:-S000,S0001,S00012,Sri,Lak,Gan,Bal,Star,Green,Metro,Royal,9,98,987,Super,Fam,Mart,Store,Trad,Kir}
export DELIVERY_QUERIES=${DELIVERY_QUERIES:-SS000,SS0001,S000,S0001,Sri,Gan,Metro,Sun,Coa,Lak}
# Products of the scale data set, as they go in a URL (the price comparison's productName).
export PRODUCT_QUERIES=${PRODUCT_QUERIES:-Cola%20300ml,Tea%20Leaf%20250g,Salted%20Chips%2052g,Bath%20Soap%20100g,Shampoo%20Sachet}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

build_release
[ -n "${BENCH_BUILT:-}" ] || cargo build --release --locked --example write_floor --example photo_file
export BENCH_BUILT=1
seed_once

FIGURES=$OUT/figures.txt
rm -f "$OUT"/wrk-*.txt
{
  echo "date=$(date -u +%F)"
  echo "customers=$CUSTOMERS"; echo "lines=$LINES"; echo "visits=$VISITS"; echo "deliveries=$DELIVERIES"
  echo "duration=$DURATION"; echo "connections=$CONNECTIONS"; echo "write_connections=$WRITE_CONNECTIONS"; echo "threads=$THREADS"; echo "wrk_timeout=$WRK_TIMEOUT"
  echo "cores=$(nproc)"
  echo "cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
  echo "mem_gb=$(awk '/^MemTotal:/ {printf "%.0f", $2 / 1048576}' /proc/meminfo)"
  echo "commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "db_bytes=$(stat -c %s "$DB")"
  echo "binary_bytes=$(stat -c %s "$BIN")"
  grep '^seed_peak_rss_kb=' "$DB.log" || true
  grep '^seed_floor_' "$DB.log" || true
  # "Scale data loaded in S s: U users, C customers, V visits, L order lines, D deliveries, M chat ...; R rows, X rows/s"
  sed -n 's/^Scale data loaded in \([0-9.]*\) s: [0-9]* users, \([0-9]*\) customers, \([0-9]*\) visits, \([0-9]*\) order lines, \([0-9]*\) deliveries.*; \([0-9]*\) rows, \([0-9]*\) rows\/s$/seed_secs=\1\nseed_customers=\2\nseed_visits=\3\nseed_order_lines=\4\nseed_deliveries=\5\nseed_rows=\6\nseed_rows_per_s=\7/p' "$DB.log"
} >"$FIGURES"

RUN="$OUT/run.db"
cp "$DB" "$RUN"
rm -f "$RUN-wal" "$RUN-shm"
# Issue #56's screens read rows the seed does not write: schemes in force (the quote), invoices
# (the outstanding panel) and returns (their list); on the run's copy only, before the server starts.
# SCHEMES=0 leaves the schemes out (order submit as in rounds one to three; the quote then prices
# without schemes).
[ "${SCHEMES:-1}" = 0 ] || sql_file "$RUN" bench/schemes.sql
sql_file "$RUN" bench/fourth_round.sql
# The photo the photo uploads send and the mixed-load step's customer workbook (bench/common.sh).
PHOTO=$(photo_file)
UPLOAD_ROWS=${UPLOAD_ROWS:-100000}
[ -n "${SKIP_MIXED:-}" ] || UPLOAD=$(upload_workbook "$UPLOAD_ROWS")

BASE="http://127.0.0.1:$PORT"
started=$(date +%s%N)
# FIELDSALES_WRITE_STATS: the writer's histograms (batch sizes, waits, fsyncs, checkpoints), one
# `write_stats` line in the log after each burst of writes (src/platform/writer.rs, `stats`).
# A fresh folder for the run's files (the photos of the mixed-load step).
rm -rf "$OUT/run-data"
FIELDSALES_WRITE_STATS=1 RUST_LOG=warn "$BIN" --db "$RUN" --data-dir "$OUT/run-data" serve --addr "127.0.0.1:$PORT" --login-rate 0 --photo-rate 0 >"$OUT/server.log" 2>&1 &
SERVER=$!
wait_for_server "$OUT/server.log"
echo "cold_start_ms=$(( ($(date +%s%N) - started) / 1000000 ))" >>"$FIGURES"

# Idle: once the server's start-up work in the background (Best Sellers) has finished, i.e. its
# CPU time stops growing for half a second (at most a minute).
cpu() { awk '{print $14 + $15}' "/proc/$SERVER/stat"; }
prev=-1
for _ in $(seq 120); do
  now=$(cpu); [ "$now" = "$prev" ] && break; prev=$now; sleep 0.5
done
rss() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$SERVER/status"; }
echo "idle_rss_kb=$(rss VmRSS)" >>"$FIGURES"
cp "/proc/$SERVER/smaps" "$OUT/smaps.idle"

login() {
  curl -fs -H 'Content-Type: application/json' -H 'Cookie: XSRF-TOKEN=b' -H 'X-XSRF-TOKEN: b' \
    -d "{\"userName\":\"$1\",\"password\":\"Demo12345678\",\"terms\":true}" "$BASE/webapi/api/login/auth" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
AGENT_TOKEN=$(login agent1@scale.test)
MANAGER_TOKEN=$(login am1@scale.test)
ADMIN_TOKEN=$(login admin@scale.test)

measure() { # name, wrk script, then NAME=value settings for the script (CONN=n: other connections)
  local name=$1 script=$2 conn=$CONNECTIONS
  shift 2
  case "${1:-}" in CONN=*) conn=${1#CONN=}; shift ;; esac
  echo "wrk: $name" >&2
  # The script with bench/histogram.lua's `done`: the latency histogram and the tail's percentiles.
  cat "bench/$script" bench/histogram.lua >"$OUT/wrk-script.lua"
  env "$@" wrk -t"$THREADS" -c"$conn" -d"$DURATION" --timeout "$WRK_TIMEOUT" --latency -s "$OUT/wrk-script.lua" "$BASE" >"$OUT/wrk-$name.txt"
}
# The whole machine's CPU (every process and the kernel: user, nice, system, irq, softirq), in ticks.
machine_cpu() { awk '$1 == "cpu" {print $2 + $3 + $4 + $7 + $8}' /proc/stat; }
tick_us=$((1000000 / $(getconf CLK_TCK)))
answered() { sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$OUT/wrk-$1.txt"; }
machine0=$(machine_cpu)
measure healthz get.lua PATH_UNDER_TEST=/healthz TOKEN=
echo "healthz_machine_cpu_us=$(( ($(machine_cpu) - machine0) * tick_us / $(answered healthz) ))" >>"$FIGURES"
if [ "${ONLY:-}" = targets ]; then
  measure targets get.lua TOKEN="$ADMIN_TOKEN" PATH_UNDER_TEST=/webapi/api/users/targets/team
  kill $SERVER
  wait $SERVER 2>/dev/null || true
  trap - EXIT
  python3 bench/floor.py "$RUN" agent1@scale.test am1@scale.test >>"$FIGURES"
  python3 bench/report.py "$FIGURES" "$OUT" | tee "$OUT/results.md"
  exit 0
fi
measure search search.lua TOKEN="$AGENT_TOKEN" SEARCH_PATH=/webapi/api/users/customer/search QUERIES="$CUSTOMER_QUERIES"
measure details customer.lua TOKEN="$AGENT_TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS"
# The writer's statistics of a burst of writes: its `write_stats` line, written after a quiet second.
write_stats() { # name
  sleep 1.5
  echo "write_stats_$1=$(grep '^write_stats ' "$OUT/server.log" | tail -1 | cut -d' ' -f2-)" >>"$FIGURES"
  echo "write_hist_$1=$(grep '^write_hist ' "$OUT/server.log" | tail -1 | cut -d' ' -f2-)" >>"$FIGURES"
}
measure visit customer.lua CONN="$WRITE_CONNECTIONS" TOKEN="$AGENT_TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS" SAVE_VISIT=1
write_stats visit
measure delivery search.lua TOKEN="$AGENT_TOKEN" SEARCH_PATH=/webapi/api/users/delivery/search QUERIES="$DELIVERY_QUERIES"
measure prices search.lua TOKEN="$AGENT_TOKEN" SEARCH_PATH=/webapi/api/users/product/pricecomparison/S00000001 PARAM=productName QUERIES="$PRODUCT_QUERIES"
measure chat post.lua TOKEN="$AGENT_TOKEN" PATH_UNDER_TEST=/webapi/api/chat/getUnreadCountsByConversation BODY='{}'
measure landing get.lua TOKEN="$MANAGER_TOKEN" PATH_UNDER_TEST=/webapi/api/users/landing/0
measure bucket get.lua TOKEN="$MANAGER_TOKEN" PATH_UNDER_TEST="/webapi/api/users/landing/notvisited/0?pageNumber=1&order=desc"
# The team view of targets for every agent (200 on the scale data set, issue #53); ONLY=targets runs
# just this row (with /healthz, its reference) and the floors.
measure targets get.lua TOKEN="$ADMIN_TOKEN" PATH_UNDER_TEST=/webapi/api/users/targets/team
# Order submit after the dashboards: its bookings add order lines to the agent's customers. The CPU
# time a booking takes in the group-commit thread (which writes every booking, one after another)
# and in the whole server: one over the first is the most bookings a second the writer can take.
# The whole machine's CPU per booking (wrk and the kernel too) says how many cores a booking rate
# takes; the writer's scheduler figures (/proc/<tid>/schedstat: ns on a core, ns runnable but
# waiting for one) say how much of the run it had work and got a core, or waited for one.
thread_of() { for t in /proc/"$SERVER"/task/*; do [ "$(cat "$t/comm")" = "$1" ] && echo "$t"; done; true; }
writer=$(thread_of group-commit)
thread_cpu() { awk '{print $14 + $15}' "$1/stat"; }
writer0=$(thread_cpu "$writer") server0=$(cpu) machine0=$(machine_cpu) sched0=$(cat "$writer/schedstat") wall0=$(date +%s%N)
measure order order.lua CONN="$WRITE_CONNECTIONS" TOKEN="$AGENT_TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS"
writer1=$(thread_cpu "$writer") server1=$(cpu) machine1=$(machine_cpu) sched1=$(cat "$writer/schedstat") wall1=$(date +%s%N)
booked=$(answered order)
echo "order_writer_cpu_us=$(( (writer1 - writer0) * tick_us / booked ))" >>"$FIGURES"
echo "order_server_cpu_us=$(( (server1 - server0) * tick_us / booked ))" >>"$FIGURES"
echo "order_machine_cpu_us=$(( (machine1 - machine0) * tick_us / booked ))" >>"$FIGURES"
read -r run0 wait0 _ <<<"$sched0"
read -r run1 wait1 _ <<<"$sched1"
echo "order_writer_running_pct=$(( (run1 - run0) * 100 / (wall1 - wall0) ))" >>"$FIGURES"
echo "order_writer_waiting_pct=$(( (wait1 - wait0) * 100 / (wall1 - wall0) ))" >>"$FIGURES"
echo "load_peak_rss_kb=$(rss VmHWM)" >>"$FIGURES"
write_stats order
# The calls added since round three (issue #56): the visit screen's outstanding panel, the
# Collections list (manager; before the payment write adds its payments to the seeded month of
# bench/fourth_round.sql), the payment write (at the writes' connections, with the writer's
# statistics), the Attendance and Returns lists (manager), the order quote with the schemes of bench/schemes.sql in force, the
# agent's targets progress. The Photos list follows the mixed-load step's photo uploads.
measure outstanding customer.lua TOKEN="$AGENT_TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS" PATH_PREFIX=/webapi/api/users/customer/outstanding/
measure collections get.lua TOKEN="$MANAGER_TOKEN" PATH_UNDER_TEST=/webapi/api/users/payments
measure payment payment.lua CONN="$WRITE_CONNECTIONS" TOKEN="$AGENT_TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS"
write_stats payment
measure attendance get.lua TOKEN="$MANAGER_TOKEN" PATH_UNDER_TEST=/webapi/api/users/attendance
measure returns get.lua TOKEN="$MANAGER_TOKEN" PATH_UNDER_TEST=/webapi/api/users/returns
measure quote order.lua TOKEN="$AGENT_TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS" ORDER_PATH=/webapi/api/users/order/quote
measure progress get.lua TOKEN="$AGENT_TOKEN" PATH_UNDER_TEST=/webapi/api/users/targets
# Sign-in last: each one holds an argon2 buffer (19 MiB) while it verifies.
measure signin signin.lua
echo "signin_peak_rss_kb=$(rss VmHWM)" >>"$FIGURES"
# Idle after the load (issue #39): once the CPU is quiet again and the server has had its idle
# seconds (it hands memory back 2-4 s and 14-16 s into an idle time: src/platform/memory.rs).
prev=-1
for _ in $(seq 120); do
  now=$(cpu); [ "$now" = "$prev" ] && break; prev=$now; sleep 0.5
done
sleep "${IDLE_WAIT:-16}"
echo "idle_wait=${IDLE_WAIT:-16}" >>"$FIGURES"
echo "idle_rss_after_load_kb=$(rss VmRSS)" >>"$FIGURES"
cp "/proc/$SERVER/smaps" "$OUT/smaps.after-load"
smaps_growth "$OUT/smaps.idle" "$OUT/smaps.after-load" >"$OUT/memory-growth-load.md"
# The mixed-load step (issue #56): 1,000 photo uploads of the 200 KB JPEG from 50 agents at once
# (their p50/p99, uploads/s and peak RSS beside the disk's write floor), every report, a
# 100,000-row customer upload, chat and sign-ins; then VmRSS every 5 s for 60 s (bench/mixed_load.py).
if [ -z "${SKIP_MIXED:-}" ]; then
  echo "mixed load" >&2
  echo "upload_rows=$UPLOAD_ROWS" >>"$FIGURES"
  SMAPS_OUT="$OUT/smaps.after-mixed" python3 bench/mixed_load.py "$BASE" "$SERVER" "$RUN" "$PHOTO" "$UPLOAD" >>"$FIGURES"
  smaps_growth "$OUT/smaps.idle" "$OUT/smaps.after-mixed" >"$OUT/memory-growth.md"
  measure photos get.lua TOKEN="$MANAGER_TOKEN" PATH_UNDER_TEST=/webapi/api/users/visit/photos
fi
kill $SERVER
wait $SERVER 2>/dev/null || true
trap - EXIT

echo "floors" >&2
python3 bench/floor.py "$RUN" agent1@scale.test am1@scale.test >>"$FIGURES"
target/release/examples/hash_floor 20 >>"$FIGURES"
write_floors "$RUN" "$OUT"
target/release/examples/landing_miss "$RUN" am1@scale.test 20 >>"$FIGURES"
bash bench/frontend-size.sh dist >>"$FIGURES" || echo "frontend-size.sh: over budget or no dist/ (see above)" >&2
if [ -z "${SKIP_PHONE:-}" ]; then
  echo "phone" >&2
  (cd tests/browser && npm install --no-audit --no-fund --silent) >&2
  FIELDSALES_BIN="$PWD/$BIN" node bench/phone.mjs >>"$FIGURES" || echo "bench/phone.mjs failed (see above)" >&2
fi
if [ -z "${SKIP_SCALING:-}" ]; then
  echo "scaling" >&2
  CUSTOMERS=$CUSTOMERS LINES=$LINES VISITS=$VISITS DELIVERIES=$DELIVERIES DURATION=$DURATION bash bench/scaling.sh >&2 ||
    echo "bench/scaling.sh failed (see above)" >&2
fi
if [ -z "${SKIP_IMPORT_EXPORT:-}" ]; then
  echo "import" >&2
  ROWS=${IMPORT_ROWS:-100000} bash bench/import.sh >>"$FIGURES"
  echo "export" >&2
  ROWS=${EXPORT_ROWS:-1000000} bash bench/export.sh >>"$FIGURES"
fi
python3 bench/report.py "$FIGURES" "$OUT" | tee "$OUT/results.md"
