#!/usr/bin/env bash
# Memory that comes back (issue #56, decision 52): the allocator candidates side by side. For each,
# the server on a fresh copy of the scale data set (seeded by bench/run.sh, same knobs), idle RSS
# once its start-up work is done, then the mixed-load burst of bench/mixed_load.py (photo uploads,
# every report, a customer upload, chat, sign-ins) and VmRSS every 5 s for 60 s.
#   CUSTOMERS=20000 PHOTOS=200 UPLOAD_ROWS=20000 bash bench/memory_return.sh
#   REPORT_ONLY=1 bash bench/memory_return.sh      # the table again from bench/out/memory/figures.txt
#   CANDIDATES="glibc jemalloc" bash bench/memory_return.sh
# Candidates (the same binary each time, the allocator swapped in by the environment, so the
# figures differ only by the allocator):
#   glibc          the server as built: glibc malloc, its idle trims (src/platform/memory.rs)
#   glibc-arena2   the same with at most 2 arenas (GLIBC_TUNABLES, as mallopt(M_ARENA_MAX, 2) would)
#   glibc-trim64k  the same with a 64 KiB trim threshold (as mallopt(M_TRIM_THRESHOLD, 65536) would)
#   jemalloc       Debian's libjemalloc2 preloaded, background threads, 1 s dirty decay, no muzzy
#                  pages (what tikv-jemallocator would be configured with)
#   mimalloc       Debian's libmimalloc2.0 preloaded, its defaults
#   baseline       BASELINE_BIN (another build, e.g. main's) with glibc, when set
# The preloaded ones need `apt-get install libjemalloc2 libmimalloc2.0`; a missing one is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
PORT=${PORT:-18997}
CANDIDATES=${CANDIDATES:-glibc glibc-arena2 glibc-trim64k jemalloc mimalloc${BASELINE_BIN:+ baseline}}
export PHOTOS=${PHOTOS:-300} PHOTO_CONCURRENCY=${PHOTO_CONCURRENCY:-50} SIGNINS=${SIGNINS:-50} CHAT=${CHAT:-200}
UPLOAD_ROWS=${UPLOAD_ROWS:-100000}
LIBS=/usr/lib/x86_64-linux-gnu
M=$OUT/memory
FIGURES=$M/figures.txt
# The candidates' figures as a markdown table (also bench/out/memory/results.md).
table() {
python3 - "$FIGURES" "$CANDIDATES" <<'PY' | tee "$M/results.md"
import sys
sys.path.insert(0, "bench")
from report_lib import figures
f, candidates = figures(sys.argv[1]), sys.argv[2].split()
def mb(key):
    try:
        return "%.1f" % (float(f[key]) / 1024)
    except (KeyError, ValueError):
        return "—"
times = sorted({int(k.split("_rss_t")[1][:-3]) for k in f if "_rss_t" in k})
print("Memory return (issue #56), %s customers, %s photos, a %s-row upload, %s cores; MiB:" % (f.get("customers"), f.get("photos"), f.get("upload_rows"), f.get("cores")))
print()
print("| allocator | idle before | peak, photos | peak, burst | " + " | ".join("%d s" % t for t in times) + " | first < 30 MiB | photo p50 / p99 ms | photos/s | reports s | upload s |")
print("|---|---|---|---|" + "---|" * len(times) + "---|---|---|---|---|")
for c in candidates:
    p = "mem_%s_" % c.replace("-", "_")
    if p + "idle_before_kb" not in f:
        continue
    print("| %s | %s | %s | %s | %s | %s | %s / %s | %s | %s | %s |" % (
        c, mb(p + "idle_before_kb"), mb(p + "photo_peak_rss_kb"), mb(p + "burst_peak_rss_kb"),
        " | ".join(mb(p + "rss_t%02d_kb" % t) for t in times), (lambda u: u if u in ("never", "—") else u + " s")(f.get(p + "under_30mib_at_s", "—")),
        f.get(p + "photo_p50_ms", "—"), f.get(p + "photo_p99_ms", "—"), f.get(p + "photo_per_s", "—"),
        f.get(p + "reports_secs", "—"), f.get(p + "upload_secs", "—")))
PY
}
if [ -n "${REPORT_ONLY:-}" ]; then table; exit 0; fi
if [ -z "${BENCH_BUILT:-}" ]; then
  build_release
  cargo build --release --locked --example photo_file
fi
seed_once
mkdir -p "$M"
{ echo "date=$(date -u +%F)"; echo "cores=$(nproc)"; echo "customers=$CUSTOMERS"; echo "photos=$PHOTOS"; echo "upload_rows=$UPLOAD_ROWS"; } >"$FIGURES"
PHOTO=$(photo_file)
UPLOAD=$(upload_workbook "$UPLOAD_ROWS")
BASE="http://127.0.0.1:$PORT"
for candidate in $CANDIDATES; do
  bin=$BIN settings=()
  case $candidate in
    glibc) ;;
    glibc-arena2) settings=(GLIBC_TUNABLES=glibc.malloc.arena_max=2) ;;
    glibc-trim64k) settings=(GLIBC_TUNABLES=glibc.malloc.trim_threshold=65536) ;;
    jemalloc) settings=(LD_PRELOAD=$LIBS/libjemalloc.so.2 MALLOC_CONF=background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0) ;;
    mimalloc) settings=(LD_PRELOAD=$LIBS/libmimalloc.so.2) ;;
    baseline) bin=$BASELINE_BIN ;;
    *) echo "unknown candidate $candidate" >&2; exit 2 ;;
  esac
  for s in "${settings[@]}"; do
    case $s in LD_PRELOAD=*) [ -f "${s#LD_PRELOAD=}" ] || { echo "skipping $candidate: no ${s#LD_PRELOAD=}" >&2; continue 2; } ;; esac
  done
  echo "candidate: $candidate" >&2
  cp "$DB" "$M/run.db"
  rm -f "$M/run.db-wal" "$M/run.db-shm"
  sql_file "$M/run.db" bench/schemes.sql
  sql_file "$M/run.db" bench/fourth_round.sql
  rm -rf "$M/data"
  env "${settings[@]}" RUST_LOG=warn "$bin" --db "$M/run.db" --data-dir "$M/data" serve --addr "127.0.0.1:$PORT" --login-rate 0 --photo-rate 0 \
    >"$M/server-$candidate.log" 2>&1 &
  SERVER=$!
  wait_for_server "$M/server-$candidate.log"
  prev=-1
  for _ in $(seq 120); do
    now=$(awk '{print $14 + $15}' "/proc/$SERVER/stat"); [ "$now" = "$prev" ] && break; prev=$now; sleep 0.5
  done
  key=${candidate//-/_}
  echo "mem_${key}_idle_before_kb=$(awk '$1 == "VmRSS:" {print $2}' "/proc/$SERVER/status")" >>"$FIGURES"
  cp "/proc/$SERVER/smaps" "$M/smaps-$candidate.before"
  SMAPS_OUT="$M/smaps-$candidate.after" python3 bench/mixed_load.py "$BASE" "$SERVER" "$M/run.db" "$PHOTO" "$UPLOAD" --prefix "mem_${key}_" >>"$FIGURES"
  smaps_growth "$M/smaps-$candidate.before" "$M/smaps-$candidate.after" >"$M/growth-$candidate.txt"
  kill $SERVER
  wait $SERVER 2>/dev/null || true
  trap - EXIT
done
table
