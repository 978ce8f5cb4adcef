#!/usr/bin/env bash
# The capacity model's growth table (BENCHMARKS.md, "Growth"): bench/run.sh at 100,000, 1,000,000 and
# 3,000,000 customers on the same machine (5 s per call, without import, export and the phone), each
# run's figures kept in bench/out/growth-<customers>/, then one table of every call at every size.
#   bash bench/growth.sh                    # seeds what is not seeded yet (3,000,000: about 25 min)
#   SIZES="20000 100000" bash bench/growth.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
build_release
export BENCH_BUILT=1
SIZES=${SIZES:-100000 1000000 3000000}
for n in $SIZES; do
  echo "growth: $n customers" >&2
  CUSTOMERS=$n DURATION=${DURATION:-5s} SKIP_IMPORT_EXPORT=1 SKIP_PHONE=1 bash bench/run.sh >/dev/null
  mkdir -p "$OUT/growth-$n"
  cp "$OUT"/results.md "$OUT"/figures.txt "$OUT"/wrk-*.txt "$OUT/growth-$n/"
done
rm -f "$OUT/run.db"
python3 bench/growth.py $(for n in $SIZES; do echo "$OUT/growth-$n"; done) | tee "$OUT/growth.md"
