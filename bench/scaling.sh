#!/usr/bin/env bash
# Scaling (issue #39, target 4): the server pinned to 2, 4, 8 and 12 cores in turn (`taskset -c
# 0..n-1`), wrk pinned to the cores after them (up to WRK_CORES of them), 128 connections, for the
# calls of the issue's table: /healthz, search, details, visit save, landing, bucket, order submit.
# Each level starts the server on a fresh copy of the same seeded file (bench/common.sh), so the
# writes of one level do not slow the next. Prints the issue's table (requests/s; p99 beside the
# writes) and, for the reads, the ratio to linear scaling from 2 to 8 cores (target >= 0.7); also
# written to bench/out/scaling.md, and as key=value lines to bench/out/scaling.txt.
#   bash bench/scaling.sh                                # the issue's run (200,000 customers)
#   CUSTOMERS=20000 DURATION=3s bash bench/scaling.sh    # the tiny run
# A level runs only where the machine has its cores plus at least one for wrk; the others are named
# ("needs >= N cores"). Where not even 2 cores fit (a 2-core machine), one level of 1 core runs so the
# script is proven end to end; its figures are not the issue's.
# Knobs: CORES ("2 4 8 12"), WRK_CORES (4), THREADS (wrk's cores), CONNECTIONS (128), DURATION (15s),
# WRK_TIMEOUT (10s), CUSTOMERS LINES VISITS DELIVERIES (data set, as bench/run.sh), PORT.
set -euo pipefail
cd "$(dirname "$0")/.."
CUSTOMERS=${CUSTOMERS:-200000}
source bench/common.sh
CORES=${CORES:-2 4 8 12}
WRK_CORES=${WRK_CORES:-4}
CONNECTIONS=${CONNECTIONS:-128}
DURATION=${DURATION:-15s}
WRK_TIMEOUT=${WRK_TIMEOUT:-10s}
PORT=${PORT:-18998}
# The agent's customers are S00000001 and every 200th after it (as bench/run.sh).
CUSTOMER_STEP=200
CUSTOMER_QUERIES=${CUSTOMER_QUERIES:-S000,S0001,S00012,Sri,Lak,Gan,Bal,Star,Green,Metro,Royal,9,98,987,Super,Fam,Mart,Store,Trad,Kir}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
command -v taskset >/dev/null || { echo "scaling.sh needs taskset (util-linux)" >&2; exit 1; }

# The cores this process may use (a container may have fewer than the machine).
mapfile -t ALLOWED < <(python3 -c 'import os; print("\n".join(map(str, sorted(os.sched_getaffinity(0)))))')
HAVE=${#ALLOWED[@]}
cpus() { local IFS=,; echo "$*"; } # a taskset list from core numbers

LEVELS=()
SKIPPED=()
for n in $CORES; do
  if ((HAVE >= n + 1)); then LEVELS+=("$n"); else SKIPPED+=("$n"); fi
done
DEGRADED=
if ((${#LEVELS[@]} == 0)); then
  DEGRADED=1
  LEVELS=(1)
fi

build_release
export BENCH_BUILT=1
seed_once

BASE="http://127.0.0.1:$PORT"
DIR=$OUT/scaling
mkdir -p "$DIR"
FIGURES=$OUT/scaling.txt
{
  echo "date=$(date -u +%F)"
  echo "cores=$HAVE"
  echo "cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
  echo "customers=$CUSTOMERS"; echo "duration=$DURATION"; echo "connections=$CONNECTIONS"
  echo "commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "levels=${LEVELS[*]}"
} >"$FIGURES"

login() {
  curl -fs -H 'Content-Type: application/json' -H 'Cookie: XSRF-TOKEN=b' -H 'X-XSRF-TOKEN: b' \
    -d "{\"userName\":\"$1\",\"password\":\"Demo12345678\",\"terms\":true}" "$BASE/webapi/api/login/auth" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}

SERVER=
stop_server() { [ -n "$SERVER" ] && { kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; }; SERVER=; }
trap stop_server EXIT

for n in "${LEVELS[@]}"; do
  server_cpus=$(cpus "${ALLOWED[@]:0:n}")
  w=$((HAVE - n < WRK_CORES ? HAVE - n : WRK_CORES))
  wrk_cpus=$(cpus "${ALLOWED[@]:n:w}")
  threads=${THREADS:-$w}
  echo "scaling: server on cores $server_cpus, wrk on $wrk_cpus ($threads threads, $CONNECTIONS connections)" >&2
  ((w < WRK_CORES)) && echo "scaling: wrk has $w of $WRK_CORES cores at $n: it may be what limits this level" >&2
  echo "level_${n}_server_cpus=$server_cpus" >>"$FIGURES"
  echo "level_${n}_wrk_cpus=$wrk_cpus" >>"$FIGURES"
  echo "level_${n}_wrk_cores=$w" >>"$FIGURES"
  RUN="$DIR/run.db"
  cp "$DB" "$RUN"
  rm -f "$RUN-wal" "$RUN-shm"
  RUST_LOG=warn taskset -c "$server_cpus" "$BIN" --db "$RUN" --data-dir "$DIR/data" serve --addr "127.0.0.1:$PORT" --login-rate 0 >"$DIR/server-$n.log" 2>&1 &
  SERVER=$!
  until curl -fs "$BASE/healthz" >/dev/null; do
    kill -0 "$SERVER" 2>/dev/null || { cat "$DIR/server-$n.log"; exit 1; }
    sleep 0.05
  done
  # The start-up work in the background (Best Sellers) done first: its CPU time stops growing.
  prev=-1
  for _ in $(seq 120); do
    now=$(awk '{print $14 + $15}' "/proc/$SERVER/stat"); [ "$now" = "$prev" ] && break; prev=$now; sleep 0.5
  done
  AGENT_TOKEN=$(login agent1@scale.test)
  MANAGER_TOKEN=$(login am1@scale.test)
  measure() { # name, wrk script, then NAME=value settings for the script
    local name=$1 script=$2
    shift 2
    echo "wrk: $n cores, $name" >&2
    env "$@" taskset -c "$wrk_cpus" wrk -t"$threads" -c"$CONNECTIONS" -d"$DURATION" --timeout "$WRK_TIMEOUT" --latency \
      -s "bench/$script" "$BASE" >"$DIR/wrk-$n-$name.txt"
  }
  measure healthz get.lua PATH_UNDER_TEST=/healthz TOKEN=
  measure search search.lua TOKEN="$AGENT_TOKEN" SEARCH_PATH=/webapi/api/users/customer/search QUERIES="$CUSTOMER_QUERIES"
  measure details customer.lua TOKEN="$AGENT_TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS"
  measure visit customer.lua TOKEN="$AGENT_TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS" SAVE_VISIT=1
  measure landing get.lua TOKEN="$MANAGER_TOKEN" PATH_UNDER_TEST=/webapi/api/users/landing/0
  measure bucket get.lua TOKEN="$MANAGER_TOKEN" PATH_UNDER_TEST="/webapi/api/users/landing/notvisited/0?pageNumber=1&order=desc"
  measure order order.lua TOKEN="$AGENT_TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS" RUN_ID="scaling-$n-$(date +%s)"
  stop_server
done

python3 - "$DIR" "$FIGURES" "${LEVELS[*]}" "${SKIPPED[*]}" "$HAVE" "$DEGRADED" "$WRK_CORES" <<'PY' | tee "$OUT/scaling.md"
import sys
sys.path.insert(0, "bench")
from report_lib import count, figures as read_figures, wrk

folder, figures, levels, skipped, have, degraded, wrk_cores = sys.argv[1:8]
levels = [int(n) for n in levels.split()]
skipped = [int(n) for n in skipped.split()]
f = read_figures(figures)
print("Machine: %s cores (%s); %s customers; %s connections, %s per call; commit %s." % (
    have, f.get("cpu_model", "?"), count(int(f.get("customers", 0))), f.get("connections"), f.get("duration"), f.get("commit")))
print()
calls = [("healthz", "/healthz", False), ("search", "search", False), ("details", "details", False),
         ("visit", "visit save (p99)", True), ("landing", "landing", False), ("bucket", "bucket", False),
         ("order", "order submit (p99)", True)]
out = open(figures, "a")
got = {}
print("| cores | " + " | ".join(title for _, title, _ in calls) + " |")
print("|---" * (len(calls) + 1) + "|")
for n in levels:
    cells = []
    for name, _, write in calls:
        w = wrk(folder, "%d-%s" % (n, name))
        got[(n, name)] = w
        if not w or w["rps"] is None:
            cells.append("—")
            continue
        bad = w["non2xx"] + w["socket"]
        cell = count(w["rps"])
        if write and w["p99"] is not None:
            # p99, and p99 against p50 (target 2: <= 5x and <= 50 ms).
            cell += " (%.0f ms, %.1fx p50)" % (w["p99"], w["p99"] / w["p50"]) if w["p50"] else " (%.0f ms)" % w["p99"]
        if bad:
            cell += " [%d errors]" % bad
        cells.append(cell)
        for key in ("rps", "p50", "p99"):
            if w[key] is not None:
                out.write("scaling_%d_%s_%s=%.1f\n" % (n, name, key, w[key]))
        out.write("scaling_%d_%s_errors=%d\n" % (n, name, bad))
    w = int(f.get("level_%d_wrk_cores" % n, wrk_cores))
    label = "%d" % n if w >= int(wrk_cores) else "%d (wrk on %d)" % (n, w)
    print("| %s | %s |" % (label, " | ".join(cells)))
print()
# Reads against linear scaling: (requests/s at 8 / at 2) / (8 / 2); target >= 0.7.
lo, hi = (2, 8) if 2 in levels and 8 in levels else (min(levels), max(levels))
if lo != hi:
    ratios = []
    for name, title, write in calls:
        if write:
            continue
        a, b = got.get((lo, name)), got.get((hi, name))
        if a and b and a["rps"] and b["rps"]:
            r = (b["rps"] / a["rps"]) / (hi / lo)
            ratios.append("%s %.2f" % (title, r))
            out.write("scaling_%s_linear_%d_%d=%.2f\n" % (name, lo, hi, r))
    print("Reads, ratio to linear from %d to %d cores (target >= 0.7 from 2 to 8): %s." % (lo, hi, ", ".join(ratios)))
else:
    print("Ratio to linear: needs two levels (2 and 8 cores: a machine with >= 9 cores).")
# Target 3: no write slower with more cores (12 against 8).
if 8 in levels and 12 in levels:
    parts = []
    for name, title, write in calls:
        a, b = got.get((8, name)), got.get((12, name))
        if write and a and b and a["rps"] and b["rps"]:
            parts.append("%s %.2f" % (title.replace(" (p99)", ""), b["rps"] / a["rps"]))
            out.write("scaling_%s_12_over_8=%.2f\n" % (name, b["rps"] / a["rps"]))
    print("Writes at 12 cores against 8 (target >= 1.0): %s." % ", ".join(parts))
for n in skipped:
    print("Not run: %d cores needs >= %d cores (%d for the server, at least 1 for wrk); this machine has %s." % (n, n + 1, n, have))
if degraded:
    print("This machine has %s cores: the server ran on 1 core and wrk on the other, to prove the script end to end; "
          "these figures are not the issue's table." % have)
print("Server and wrk pinned with taskset; each level on a fresh copy of the data set; wrk on up to %s cores after the server's "
      "(a level where it had fewer says so)." % wrk_cores)
PY
