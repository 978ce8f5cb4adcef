#!/usr/bin/env bash
# Order submit, two variants in turns: how a change to the booking's writes is measured when the
# machine's own speed drifts by a quarter within an hour (BENCHMARKS.md). Each run serves a fresh
# copy of the cached benchmark file (bench/run.sh seeds it), drives 50 booking clients with wrk and
# prints the bookings a second and the CPU per booking in the group-commit thread and the server.
#   A_BIN=/tmp/old/fieldsales B_BIN=target/release/fieldsales bash bench/order_turns.sh
#   B_SQL=old_triggers.sql bash bench/order_turns.sh     # one binary; B's copy altered by sqlite3 first
#   B_SQL=bench/schemes.sql bash bench/order_turns.sh   # booking with schemes and GST (issue #52): B >= 0.8 x A
# Knobs: PAIRS (3), DURATION (8s), A_BIN/B_BIN (the release binary), A_SQL/B_SQL (none), TURNS_DB
# and TURNS_CUSTOMERS (another seeded file and its customers).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
DB=${TURNS_DB:-$OUT/scale-v6-1000000-10-5-100000.db}
[ -f "$DB" ] || { echo "no $DB: run bash bench/run.sh once to seed it" >&2; exit 1; }
RUN=$OUT/turns.db PORT=18997 BASE=http://127.0.0.1:18997
cpu_of() { awk '{print $14 + $15}' "$1"; }
tick_us=$((1000000 / $(getconf CLK_TCK)))

run() { # label, binary, SQL file or ""
  cp "$DB" "$RUN" && rm -f "$RUN-wal" "$RUN-shm"
  [ -n "$3" ] && sqlite3 "$RUN" <"$3"
  RUST_LOG=warn "$2" --db "$RUN" --data-dir "$OUT/turns-data" serve --addr 127.0.0.1:$PORT --login-rate 0 >"$OUT/turns-server.log" 2>&1 &
  local server=$!
  until curl -fs $BASE/healthz >/dev/null; do sleep 0.05; done
  local prev=-1 now
  for _ in $(seq 120); do now=$(cpu_of /proc/$server/stat); [ "$now" = "$prev" ] && break; prev=$now; sleep 0.5; done
  local token writer=""
  token=$(curl -fs -H 'Content-Type: application/json' -H 'Cookie: XSRF-TOKEN=b' -H 'X-XSRF-TOKEN: b' \
    -d '{"userName":"agent1@scale.test","password":"Demo12345678","terms":true}' $BASE/webapi/api/login/auth |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  for t in /proc/$server/task/*; do [ "$(cat "$t/comm")" = group-commit ] && writer=$t/stat; done
  local w0 s0 w1 s1 out booked
  w0=$(cpu_of "$writer") s0=$(cpu_of /proc/$server/stat)
  out=$(TOKEN=$token CUSTOMER_STEP=200 CUSTOMERS=${TURNS_CUSTOMERS:-1000000} wrk -t2 -c50 -d"${DURATION:-8s}" -s bench/order.lua $BASE)
  w1=$(cpu_of "$writer") s1=$(cpu_of /proc/$server/stat)
  kill $server && wait $server 2>/dev/null || true
  booked=$(echo "$out" | sed -n 's/^ *\([0-9]*\) requests in.*/\1/p')
  echo "$1: $(echo "$out" | sed -n 's/^Requests\/sec: *//p') bookings/s ($(echo "$out" | sed -n 's/^ *Non-2xx or 3xx responses: *//p' | grep . || echo 0) refused), CPU per booking $(( (w1 - w0) * tick_us / booked )) us writer / $(( (s1 - s0) * tick_us / booked )) us server"
}

for _ in $(seq "${PAIRS:-3}"); do
  run A "${A_BIN:-$BIN}" "${A_SQL:-}"
  run B "${B_BIN:-$BIN}" "${B_SQL:-}"
done
rm -f "$RUN" "$RUN-wal" "$RUN-shm"
