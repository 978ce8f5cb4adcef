"""The growth table of bench/growth.sh: each call's p50, p99 and requests/s (and its share of
/healthz's in the same run) at every data-set size, and the database's size.
    python3 bench/growth.py bench/out/growth-100000 bench/out/growth-1000000 ..."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from report_lib import count, figures, wrk  # noqa: E402

CALLS = [
    ("search", "customer search (agent)"),
    ("details", "customer details (visit screen)"),
    ("visit", "visit save"),
    ("order", "order submit, 10 lines"),
    ("landing", "landing (manager of 10 agents)"),
    ("bucket", "bucket list page (manager)"),
    ("delivery", "delivery search (agent)"),
    ("prices", "price comparison (visit screen)"),
    ("chat", "chat poll"),
]
runs = [(d, figures(os.path.join(d, "figures.txt"))) for d in sys.argv[1:]]


head = " | ".join("%s customers" % count(float(f["customers"])) for _, f in runs)
print("| call | " + head + " |")
print("|---|" + "---|" * len(runs))
cells = []
for d, f in runs:
    h = wrk(d, "healthz")
    cells.append("`/healthz` %s/s" % count(h["rps"]) if h else "—")
print("| the machine's HTTP floor | " + " | ".join(cells) + " |")
for name, label in CALLS:
    row = []
    for d, f in runs:
        w, h = wrk(d, name), wrk(d, "healthz")
        if not w or not w["rps"]:
            row.append("—")
            continue
        row.append("%.2f / %.2f ms, %s/s (%.2f)" % (w["p50"], w["p99"], count(w["rps"]), w["rps"] / h["rps"] if h else 0))
    print("| %s | %s |" % (label, " | ".join(row)))
row = []
for d, f in runs:
    row.append("%.2f ms / %s" % (float(f.get("landing_miss_p50_ms", "nan")), "%.2f ms" % float(f.get("floor_delivery_p50_ms", "nan"))))
print("| landing miss (server code, p50) / delivery search SQL (p50) | " + " | ".join(row) + " |")
print("| database file | " + " | ".join("%.2f GB" % (int(f["db_bytes"]) / 1e9) for _, f in runs) + " |")
print()
print("Each cell: p50 / p99, requests/s at 50 connections (share of `/healthz` in the same run).")
