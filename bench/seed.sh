#!/usr/bin/env bash
# Seed benchmark (issue #39 target 5): `fieldsales seed --scale CUSTOMERS` into a new file beside
# its floor (example seed_floor: bare inserts of the same rows into the same stripped tables), in
# turn, ROUNDS times; the medians are the figures and seed/floor is the ratio that travels. Also
# the seed's CPU seconds (user+sys), which a shared machine disturbs less than its wall time.
#   CUSTOMERS=100000 [ROUNDS=3] bash bench/seed.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
ROUNDS=${ROUNDS:-3}
DIR=$OUT/seed
mkdir -p "$DIR"
build_release >&2
seed=() floor=() cpu=() floor_cpu=() cpu_ratio=() rss=0
for round in $(seq "$ROUNDS"); do
  rm -f "$DIR"/seed.db*
  out=$(/usr/bin/time -f "cpu=%U+%S rss=%M" "$BIN" --db "$DIR/seed.db" --data-dir "$DIR/data" seed --scale "$CUSTOMERS" \
    --lines "$LINES" --visits "$VISITS" --deliveries "$DELIVERIES" 2>&1 | tr '\r' '\n')
  [ "$round" = 1 ] && echo "$out" | grep '^Scale' >&2
  seed+=("$(echo "$out" | sed -n 's/^Scale data loaded.* \([0-9]*\) rows\/s$/\1/p')")
  cpu+=("$(echo "$out" | sed -n 's/^cpu=\([0-9.+]*\) .*/\1/p' | bc)")
  rss=$(echo "$out" | sed -n 's/.* rss=//p' | awk -v m="$rss" '{print ($1 > m) ? $1 : m}')
  out=$(target/release/examples/seed_floor "$DIR/floor.db" "$CUSTOMERS" "$LINES" "$VISITS" "$DELIVERIES")
  floor+=("$(echo "$out" | sed -n 's/^seed_floor_rows_per_s=//p')")
  floor_cpu+=("$(echo "$out" | sed -n 's/^seed_floor_cpu_s=//p')")
  # Seed over floor in CPU seconds (the floor's writes over the whole seed process's user+sys).
  cpu_ratio+=("$(echo "scale=2; ${floor_cpu[-1]} / ${cpu[-1]}" | bc)")
  rm -f "$DIR"/floor.db*
done
rm -f "$DIR"/seed.db*
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
echo "seed_bench_customers=$CUSTOMERS"
echo "seed_bench_rows_per_s=$(median "${seed[@]}")"
echo "seed_bench_rounds=${seed[*]}"
echo "seed_bench_cpu_s=$(median "${cpu[@]}")"
echo "seed_bench_peak_rss_kb=$rss"
echo "seed_floor_rows_per_s=$(median "${floor[@]}")"
echo "seed_floor_rounds=${floor[*]}"
echo "seed_floor_cpu_s=$(median "${floor_cpu[@]}")"
echo "seed_over_floor_cpu=$(median "${cpu_ratio[@]}")"
echo "seed_over_floor_cpu_rounds=${cpu_ratio[*]}"
paste -d' ' <(printf '%s\n' "${seed[@]}") <(printf '%s\n' "${floor[@]}") | awk '{printf "%.2f\n", $1 / $2}' | sort -n |
  awk '{v[NR] = $1} END {print "seed_over_floor=" v[int((NR + 1) / 2)]; print "seed_over_floor_spread=" v[1] "-" v[NR]}'
