# Shared by the bench scripts (sourced): the data-set parameters, the file they are cached in, and
# the release binary. The defaults are the benchmark data set of issue #11.
CUSTOMERS=${CUSTOMERS:-1000000}
LINES=${LINES:-10}                        # order lines per customer
VISITS=${VISITS:-5}                       # visits per customer
DELIVERIES=${DELIVERIES:-$((CUSTOMERS / 10))}
OUT=bench/out
# v6: schema 12 (a customer's order lines indexed by product; the v5 file upgraded by `fieldsales migrate`, #21 fourth round). v5: schema 11 (the visits' day summary and the productive orders' index, #21 third round; a v4 file would be upgraded at the server's start, inside its cold start). v4: visits stored in time order, as a real database has them (#21). v3: schema 7 (the previous order month, the delivery search index; #21). v2: priced products and distributors (#18).
DB="$OUT/scale-v6-$CUSTOMERS-$LINES-$VISITS-$DELIVERIES.db"
BIN=${BIN:-target/release/fieldsales}
mkdir -p "$OUT"

# Builds the release binary and the floor examples, once per run: run.sh sets BENCH_BUILT for the
# scripts it calls, so they skip even cargo's up-to-date check.
build_release() {
  [ -n "${BENCH_BUILT:-}" ] && return
  cargo build --release --locked --bin fieldsales --example hash_floor --example xlsx_floor --example landing_miss --example import_floor --example seed_floor
}

# Seeds the data set once; its log (with the seed's own rows/s and peak RSS) is kept beside it.
seed_once() {
  # A data set seeded by an older binary is brought to this one's schema first, so the server's
  # start (and its cold-start figure) does not include an upgrade step.
  if [ -f "$DB.done" ]; then "$BIN" --db "$DB" migrate >&2; return; fi
  rm -f "$DB" "$DB-wal" "$DB-shm"
  /usr/bin/time -f "seed_peak_rss_kb=%M" "$BIN" --db "$DB" --data-dir "$OUT/data" seed --scale "$CUSTOMERS" \
    --lines "$LINES" --visits "$VISITS" --deliveries "$DELIVERIES" 2>&1 | tee "$DB.log"
  # Its floor in the same run (bare inserts of the same rows, example seed_floor), into the log too.
  target/release/examples/seed_floor "$OUT/seed-floor.db" "$CUSTOMERS" "$LINES" "$VISITS" "$DELIVERIES" | tee -a "$DB.log"
  rm -f "$OUT/seed-floor.db" "$OUT/seed-floor.db-wal" "$OUT/seed-floor.db-shm"
  touch "$DB.done"
}

# The write floors (issue #39): the rows of a visit save and of a booking alone, through the
# server's group commit, on a copy of the run's file ($1) in the folder $2, from as many tasks as
# wrk had connections; their figures and the writer's statistics go to $FIGURES.
write_floors() {
  local run=$1 dir=$2
  cp "$run" "$dir/floor.db"
  rm -f "$dir/floor.db-wal" "$dir/floor.db-shm"
  FIELDSALES_WRITE_STATS=1 target/release/examples/write_floor "$dir/floor.db" agent1@scale.test "$WRITE_CONNECTIONS" "${DURATION%s}" \
    >>"$FIGURES" 2>"$dir/write_floor.log"
  echo "write_stats_floor_visit=$(grep '^write_stats ' "$dir/write_floor.log" | sed -n 1p | cut -d' ' -f2-)" >>"$FIGURES"
  echo "write_stats_floor_order=$(grep '^write_stats ' "$dir/write_floor.log" | sed -n 2p | cut -d' ' -f2-)" >>"$FIGURES"
  rm -f "$dir/floor.db" "$dir/floor.db-wal" "$dir/floor.db-shm"
}


# Waits until the server just started in the background ($SERVER) answers /healthz at $BASE, and
# kills it when the script ends; if it dies first, prints its log ($1) and ends the script.
wait_for_server() {
  trap 'kill $SERVER 2>/dev/null || true' EXIT
  until curl -fs "$BASE/healthz" >/dev/null; do
    kill -0 "$SERVER" 2>/dev/null || { cat "$1"; exit 1; }
    sleep 0.005
  done
}

# Runs the SQL file $2 on the database $1 (Python's sqlite3: no sqlite3 shell needed).
sql_file() { python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(open(sys.argv[2]).read()); c.commit()' "$@"; }

# The photo the photo uploads send (a 1280 x 960 JPEG of about 200 KB, bench/photo_file.rs), made
# once; prints its path.
photo_file() {
  local photo=$OUT/photo-200k.jpg
  [ -f "$photo" ] || target/release/examples/photo_file "$photo" >&2
  echo "$photo"
}

# A customer workbook of $1 rows for the upload of the mixed-load step (issue #56; the rows as
# bench/import.sh writes them), made once; prints its path. Their agents are agent191..agent200:
# the rows and floors measured after the step (bench/floor.py) walk agent1's customers, which
# must stay the seeded ones (with order lines and a usual distributor).
upload_workbook() {
  local rows=$1 path=$OUT/upload-v2-$1.xlsx
  if [ ! -f "$path" ]; then
    python3 - "$OUT/upload.json" "$rows" <<'PY'
import json, sys
path, n = sys.argv[1], int(sys.argv[2])
header = ["Buyer ID", "Buyer Name", "Mobile", "Email", "Address 1", "Address 2", "Postal Code", "City", "State",
          "Country", "Info", "Latitude", "Longitude", "Retailer Type", "Agent Email"]
rows = [header] + [[f"U{i:07d}", f"Upload Store {i}", f"8{i:09d}", "", f"{i % 400} Market Road", "", "560001",
                    "Bengaluru", "Karnataka", "India", "", "12.97", "77.59", "Retailer", f"agent{i % 10 + 191}@scale.test"]
                   for i in range(n)]
json.dump(rows, open(path, "w"))
PY
    python3 tests/browser/make_xlsx.py "$path" "@$OUT/upload.json" >&2
    rm -f "$OUT/upload.json"
  fi
  echo "$path"
}

# Where the resident memory grew between the idle start and the end of the minute after the
# burst: KiB resident by kind of mapping (heap arenas, thread stacks, the binary, the database's
# shared memory), before and after.
smaps_growth() {
python3 - "$1" "$2" <<'PY'
import re, sys
def kinds(path):
    sizes, name = {}, None
    for line in open(path):
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            parts = line.split()
            size = int(parts[0].split("-")[1], 16) - int(parts[0].split("-")[0], 16)
            name = parts[5] if len(parts) > 5 else ("[anon 64 MiB arena]" if size == 64 << 20 else "[anon stack-sized]" if size in (2 << 20, 8 << 20, (2 << 20) + 4096) else "[anon]")
        elif line.startswith("Rss:"):
            sizes[name] = sizes.get(name, 0) + int(line.split()[1])
    return sizes
before, after = kinds(sys.argv[1]), kinds(sys.argv[2])
print("| mapping | before KiB | after KiB | growth KiB |")
print("|---|---|---|---|")
for name in sorted(set(before) | set(after), key=lambda n: -(after.get(n, 0) - before.get(n, 0))):
    b, a = before.get(name, 0), after.get(name, 0)
    if a or b:
        print("| %s | %d | %d | %+d |" % (name.split("/")[-1], b, a, a - b))
print("| total | %d | %d | %+d |" % (sum(before.values()), sum(after.values()), sum(after.values()) - sum(before.values())))
PY
}
