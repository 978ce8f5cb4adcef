#!/usr/bin/env bash
# The photo burst's peak after a load (issue #56), a quick loop for the allocator and the decoder:
# the server on a copy of the scale data set, DURATION each of customer details, the order quote,
# visit saves and order submits (as bench/run.sh drives them), 20 s idle, then PHOTOS uploads of
# the 200 KB JPEG from 50 agents at once (bench/mixed_load.py --only photos). Prints the RSS
# before, the burst's peak (VmHWM, reset first) and where it lay at that moment: /proc/PID/smaps,
# sampled every 0.1 s, summed by mapping (glibc's heaps are the big anonymous ones).
#   CUSTOMERS=200000 bash bench/photo_peak.sh
#   CUSTOMERS=200000 bash bench/photo_peak.sh GLIBC_TUNABLES=glibc.malloc.arena_max=2   # an environment
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
DURATION=${DURATION:-6s}
PORT=${PORT:-18997}
CUSTOMER_STEP=200
build_release
cargo build --release --locked --example photo_file
seed_once
W=$OUT/photo-peak
rm -rf "$W"
mkdir -p "$W"
cp "$DB" "$W/run.db"
BASE="http://127.0.0.1:$PORT"
env "$@" RUST_LOG=warn "$BIN" --db "$W/run.db" --data-dir "$W/data" serve --addr "127.0.0.1:$PORT" --login-rate 0 --photo-rate 0 >"$W/server.log" 2>&1 &
SERVER=$!
wait_for_server "$W/server.log"
rss() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$SERVER/status"; }
TOKEN=$(curl -fs -H 'Content-Type: application/json' -H 'Cookie: XSRF-TOKEN=b' -H 'X-XSRF-TOKEN: b' \
  -d '{"userName":"agent1@scale.test","password":"Demo12345678","terms":true}' "$BASE/webapi/api/login/auth" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
echo "fresh_rss_kb=$(rss VmRSS)"
load() { # name, connections, script, then NAME=value settings
  local name=$1 conn=$2 script=$3
  shift 3
  echo "$name=$(env TOKEN="$TOKEN" CUSTOMER_STEP=$CUSTOMER_STEP CUSTOMERS="$CUSTOMERS" "$@" \
    wrk -t2 -c"$conn" -d"$DURATION" -s "bench/$script" "$BASE" | awk '/Requests\/sec/ {print $2}')"
}
load details_per_s 50 customer.lua
load quote_per_s 50 order.lua ORDER_PATH=/webapi/api/users/order/quote
load visit_per_s 128 customer.lua SAVE_VISIT=1
load order_per_s 128 order.lua
echo "load_peak_rss_kb=$(rss VmHWM)"
sleep 20
# The sampler keeps the smaps of the highest RSS it saw.
(
  best=0
  while kill -0 $SERVER 2>/dev/null; do
    now=$(rss VmRSS) || break
    if [ -n "$now" ] && [ "$now" -gt "$best" ]; then
      best=$now
      cp "/proc/$SERVER/smaps" "$W/smaps.peak" 2>/dev/null || true
    fi
    sleep 0.1
  done
) &
SAMPLER=$!
PHOTOS=${PHOTOS:-400} python3 bench/mixed_load.py "$BASE" "$SERVER" "$W/run.db" "$(photo_file)" /dev/null --only photos --prefix ""
kill $SAMPLER 2>/dev/null || true
python3 - "$W/smaps.peak" <<'PY'
import re, sys
sizes, name = {}, None
for line in open(sys.argv[1]):
    if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
        parts = line.split()
        name = parts[5] if len(parts) > 5 else "[anon]"
        sizes.setdefault(name, []).append(0)
    elif line.startswith("Rss:"):
        sizes[name][-1] = int(line.split()[1])
for name, rss in sorted(sizes.items(), key=lambda kv: -sum(kv[1]))[:4]:
    print("peak_rss_kb_%s=%d" % (re.sub(r"\W+", "_", name.strip("[]").split("/")[-1]), sum(rss)))
print("peak_anon_maps_over_1mib_kb=%s" % ",".join(str(r) for r in sorted(sizes.get("[anon]", []), reverse=True) if r > 1024))
PY
