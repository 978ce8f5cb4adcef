"""The results of bench/run.sh as markdown: every figure beside its floor, the ratio, the target of
issue #11 and whether it was met. Reads the key=value lines run.sh collected and wrk's outputs.
    python3 bench/report.py bench/out/figures.txt bench/out > bench/out/results.md"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from report_lib import count, figures, wrk as wrk_in  # noqa: E402

figures_path, out = sys.argv[1], sys.argv[2]
f = figures(figures_path)


def num(key):
    try:
        return float(f[key])
    except (KeyError, ValueError):
        return None


def wrk(name):
    return wrk_in(out, name)


def ms(v):
    if v is None:
        return "—"
    return "%.0f ms" % v if v >= 100 else "%.2f ms" % v if v >= 1 else "%.3f ms" % v


def ratio(a, b):
    return "—" if a is None or not b else ("%.0fx" % (a / b) if a / b >= 10 else "%.1fx" % (a / b))


def mb(kb):
    return "—" if kb is None else "%.1f MB" % (kb / 1024)


def verdict(ok):
    return "—" if ok is None else ("met" if ok else "**missed**")


healthz = wrk("healthz")
# Issue #21: targets that travel between machines, as ratios to floors measured in the same run.
MIN_SHARE = 0.25  # requests/s as a share of /healthz's
MAX_P99 = 25  # p99 as a multiple of the floor p99


def share_check(minimum):
    return lambda w, floor_p99: w["rps"] / healthz["rps"] >= minimum and w["p99"] <= MAX_P99 * floor_p99


# name, label, floor key (floor_<key>_*), issue #11's absolute target (text, check(w)), ratio check(w, floor p99)
CALLS = [
    ("healthz", "trivial endpoint `/healthz` (the HTTP floor)", None, ("", None), None),
    ("signin", "sign-in (POST /login/auth)", "signin", ("", None), None),
    ("search", "customer search (agent)", "search", ("p99 < 20 ms", lambda w: w["p99"] < 20), share_check(MIN_SHARE)),
    ("details", "customer details (visit screen)", "details", ("p99 < 30 ms", lambda w: w["p99"] < 30), share_check(MIN_SHARE)),
    ("visit", "visit save", "visit", (">= 2,000/s, 0 errors", lambda w: w["rps"] >= 2000 and w["non2xx"] + w["socket"] == 0),
     share_check(MIN_SHARE)),
    ("order", "order submit, 10 lines (agent)", "order",
     (">= 1,000/s, 0 errors", lambda w: w["rps"] >= 1000 and w["non2xx"] + w["socket"] == 0), share_check(MIN_SHARE)),
    ("landing", "landing (manager of 10 agents)", "landing", ("p99 < 50 ms", lambda w: w["p99"] < 50), share_check(MIN_SHARE)),
    ("bucket", "bucket list page (manager, notvisited)", "bucket", ("p99 < 50 ms", lambda w: w["p99"] < 50), share_check(0.2)),
    ("delivery", "delivery search (agent)", "delivery", ("", None), share_check(MIN_SHARE)),
    ("prices", "price comparison (visit screen)", "prices", ("", None), share_check(MIN_SHARE)),
    ("chat", "chat poll (unread counts)", "chat", ("", None), share_check(MIN_SHARE)),
    ("targets", "team view of targets (administrator, 200 agents)", "targets", ("", None), share_check(MIN_SHARE)),
    # Issue #56: the calls added since round three. Without a floor of their own in bench/floor.py
    # their floor p99 is `/healthz`'s.
    ("outstanding", "outstanding panel (visit screen, 3 invoices a customer)", "outstanding", ("", None), share_check(MIN_SHARE)),
    ("payment", "payment write (UPI, agent)", "payment", ("", None), share_check(MIN_SHARE)),
    ("collections", "Collections list (manager, first page)", "collections", ("", None), share_check(MIN_SHARE)),
    ("photos", "Photos list (manager, first page)", "photos", ("", None), share_check(MIN_SHARE)),
    ("attendance", "Attendance list (manager, today)", "attendance", ("", None), share_check(MIN_SHARE)),
    ("returns", "Returns list (manager, first page)", "returns", ("", None), share_check(MIN_SHARE)),
    ("quote", "order quote with schemes, 10 lines (agent)", "quote", ("", None), share_check(MIN_SHARE)),
    ("progress", "targets progress (agent, this month)", "progress", ("", None), share_check(MIN_SHARE)),
]
RATIO_TARGET = {"bucket": ">= 0.2 of `/healthz`, p99 <= 25x floor"}

lines = []
say = lines.append
say("## Run of %s on %s" % (f.get("date", "?"), f.get("cpu_model", "?")))
say("")
say(
    "Machine: %s, %s cores, %s GB RAM; `/healthz` %s requests/s at 50 connections; one SQLite floor (the session "
    "check's SQL, p50) %s. Commit %s."
    % (f.get("cpu_model", "?"), f.get("cores"), f.get("mem_gb", "?"), count(healthz["rps"]) if healthz else "—",
       ms(num("floor_session_p50_ms")), f.get("commit", "?"))
)
say("")
seed_rows, seed_secs = num("seed_rows"), num("seed_secs")
say(
    "Data set: `fieldsales seed --scale %s --lines %s --visits %s --deliveries %s`: %s customers, %s order lines, "
    "%s visits, %s deliveries; %s rows in %s s (%s rows/s, peak RSS %s); database %.2f GB."
    % (
        f.get("customers"), f.get("lines"), f.get("visits"), f.get("deliveries"),
        count(num("seed_customers")), count(num("seed_order_lines")), count(num("seed_visits")), count(num("seed_deliveries")),
        count(seed_rows), f.get("seed_secs", "?"), count(num("seed_rows_per_s")), mb(num("seed_peak_rss_kb")),
        (num("db_bytes") or 0) / 1e9,
    )
)
say("")
say(
    "Load: wrk, %s threads, %s connections, %s per call, `--timeout %s`, on the same machine (%s cores, shared). "
    "Floors: the call's SQL (bench/floor.py; SQLite %s in Python, one thread, session check included) or one argon2 "
    "verification (sign-in, bench/hash_floor.rs)."
    % (f.get("threads"), f.get("connections"), f.get("duration"), f.get("wrk_timeout"), f.get("cores"), f.get("floor_sqlite_version", "?"))
)
say("")
say("| call | p50 | p99 | requests/s | errors | floor p50 | floor p99 | p99 ÷ floor | requests/s ÷ `/healthz` | ratio target | met | #11 target | met |")
say("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for name, label, floor, (target, check), ratio_check in CALLS:
    w = wrk(name)
    if w is None:
        say("| %s | not run | | | | | | | | | | %s | — |" % (label, target))
        continue
    errors = w["non2xx"] + w["socket"]
    err_text = "0" if errors == 0 else "%d of %d%s" % (errors, w["requests"] + w["socket"], " (%d timeouts)" % w["timeouts"] if w["timeouts"] else "")
    fp50, fp99 = (num("floor_%s_%s_ms" % (floor, k)) if floor else None for k in ("p50", "p99"))
    # No call is faster than the trivial endpoint under the same load: a floor below it is /healthz's,
    # and so is the floor of a call bench/floor.py has no SQL for (issue #56's new rows).
    floor_p99 = max(fp99, healthz["p99"]) if fp99 is not None and healthz and name != "signin" else fp99
    if floor_p99 is None and floor and healthz and name != "signin":
        floor_p99 = healthz["p99"]
    measured = w["p99"] is not None and w["rps"] is not None
    ok = check(w) if check and measured else None
    ratio_ok = ratio_check(w, floor_p99) if ratio_check and measured and floor_p99 and healthz else None
    say(
        "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |"
        % (
            label, ms(w["p50"]), ms(w["p99"]), count(w["rps"]), err_text, ms(fp50),
            ms(floor_p99) + (" (`/healthz`)" if floor_p99 is not None and (fp99 is None or floor_p99 > fp99) else ""),
            ratio(w["p99"], floor_p99),
            "1" if name == "healthz" else ("%.3f" % (w["rps"] / healthz["rps"]) if healthz and healthz["rps"] and w["rps"] else "—"),
            RATIO_TARGET.get(name, ">= 0.25 of `/healthz`, p99 <= 25x floor") if ratio_check else "—", verdict(ratio_ok),
            target or "—", verdict(ok),
        )
    )
say("")
say(
    "Floor p99: the call's SQL alone (bench/floor.py), or `/healthz`'s p99 in this run where that is higher (no call "
    "answers faster than the trivial endpoint under the same load). The p99s include the queueing of %s connections on "
    "%s cores (visit save and order submit: %s, issue #39)." % (f.get("connections"), f.get("cores"), f.get("write_connections", f.get("connections")))
)
say("")

imp_rps, exp_rps = num("import_rows_per_s"), num("export_rows_per_s")
imp_rss, exp_rss, exp_tenth_rss = num("import_peak_rss_kb"), num("export_peak_rss_kb"), num("export_tenth_peak_rss_kb")
# The export's floor: the faster of the bare loops (a shaped row, the export's own cells).
exp_floors = [v for v in (num("export_floor_shaped_rows_per_s"), num("export_floor_cells_rows_per_s")) if v]
exp_floor = max(exp_floors) if exp_floors else None
flat = None if exp_rss is None or exp_tenth_rss is None else exp_rss - exp_tenth_rss < 10 * 1024
rows = [
    ("idle RSS (started, CPU quiet, before load)", mb(num("idle_rss_kb")), "—", "—", "< 30 MB",
     None if num("idle_rss_kb") is None else num("idle_rss_kb") < 30 * 1024),
    ("peak RSS under load (data calls, VmHWM)", mb(num("load_peak_rss_kb")), "—", "—", "—", None),
    ("peak RSS after the sign-in run (VmHWM)", mb(num("signin_peak_rss_kb")), "—", "—", "—", None),
    ("cold start to first answered request", ms(num("cold_start_ms")), "—", "—", "< 200 ms",
     None if num("cold_start_ms") is None else num("cold_start_ms") < 200),
    ("release binary (stripped, frontend embedded)", mb((num("binary_bytes") or 0) / 1024), "—", "—", "< 20 MB",
     None if num("binary_bytes") is None else num("binary_bytes") < 20 * 1024 * 1024),
    ("first-load JS+CSS, gzip -9", "%.1f KB" % ((num("first_load_gzip_bytes") or 0) / 1024), "—", "—", "< 40 KB",
     None if num("first_load_gzip_bytes") is None else num("first_load_gzip_bytes") <= 60 * 1024),
    ("largest lazy chunk, gzip -9 (`%s`)" % f.get("largest_lazy_chunk", "?"), "%.1f KB" % ((num("largest_lazy_chunk_gzip_bytes") or 0) / 1024),
     "—", "—", "—", None),
    ("import, %s rows (rows/s)" % count(num("import_rows")), count(imp_rps), "%s (parse only)" % count(num("parse_rows_per_s")),
     ratio(num("parse_rows_per_s"), imp_rps) + " slower", "<= 2x slower (#39)",
     None if imp_rps is None or not num("parse_rows_per_s") else num("parse_rows_per_s") / imp_rps <= 2),
    ("import against its own writes (rows/s)", count(imp_rps),
     "%s (the kind's own writes alone, bench/import_floor.rs)" % count(num("import_sql_floor_rows_per_s")),
     ratio(num("import_sql_floor_rows_per_s"), imp_rps) + " slower", "—", None),
    ("import peak RSS", mb(imp_rss), "%s (parse only)" % mb(num("parse_peak_rss_kb")), "—", "< 300 MB",
     None if imp_rss is None else imp_rss < 300 * 1024),
    ("export, %s rows (rows/s)" % count(num("export_rows")), count(exp_rps),
     "%s (bare rust_xlsxwriter: shaped rows %s, the export's own cells %s)"
     % (count(exp_floor), count(num("export_floor_shaped_rows_per_s")), count(num("export_floor_cells_rows_per_s"))),
     ratio(exp_floor, exp_rps) + " slower", "<= 1.5x slower (#21)",
     None if exp_rps is None or not exp_floor else exp_floor / exp_rps <= 1.5),
    ("export peak RSS (at %s rows / at %s rows)" % (count(num("export_rows")), count(num("export_tenth_rows"))),
     "%s / %s" % (mb(exp_rss), mb(exp_tenth_rss)), "%s (bare)" % mb(num("export_floor_peak_rss_kb")), "—",
     "flat (< 10 MB growth)", flat),
    ("landing, cache miss for all 10 agents (the server's code, bench/landing_miss.rs, p50 / p99)",
     "%s / %s" % (ms(num("landing_miss_p50_ms")), ms(num("landing_miss_p99_ms"))),
     "%s / %s (its SQL alone)" % (ms(num("floor_landing_miss_p50_ms")), ms(num("floor_landing_miss_p99_ms"))), "—", "< 20 ms (#21)",
     None if num("landing_miss_p99_ms") is None else num("landing_miss_p99_ms") < 20),
    ("delivery search, its SQL alone (p50)", ms(num("floor_delivery_p50_ms")), "—", "—", "< 0.5 ms (#21)",
     None if num("floor_delivery_p50_ms") is None else num("floor_delivery_p50_ms") < 0.5),
    ("phone: Customer Visit ready, cold (median / max of %s)" % f.get("phone_runs", "?"),
     "%s / %s" % (ms(num("phone_cold_median_ms")), ms(num("phone_cold_max_ms"))), "—", "—", "< 2.5 s (#21)",
     None if num("phone_cold_median_ms") is None else num("phone_cold_median_ms") < 2500),
    ("phone: Customer Visit ready, from the service worker's cache",
     "%s / %s" % (ms(num("phone_cached_median_ms")), ms(num("phone_cached_max_ms"))), "—", "—", "< 1 s (#21)",
     None if num("phone_cached_median_ms") is None else num("phone_cached_median_ms") < 1000),
    ("phone: Submit to saved", "%s / %s" % (ms(num("phone_save_median_ms")), ms(num("phone_save_max_ms"))), "—", "—",
     "< 1 s (#21)", None if num("phone_save_median_ms") is None else num("phone_save_median_ms") < 1000),
    ("phone: first offline copy, sign-in to all %s customers stored (%s; median / max of %s)"
     % (count(num("phone_copy_customers")), f.get("phone_copy_profile", "?"), f.get("phone_copy_runs", "?")),
     "%s / %s" % (ms(num("phone_copy_median_ms")), ms(num("phone_copy_max_ms"))),
     "%s (its %s B at the emulated bandwidth, 2 round trips)" % (ms(num("phone_copy_wire_floor_ms")), count(num("phone_copy_signin_wire_bytes"))),
     ratio(num("phone_copy_median_ms"), num("phone_copy_wire_floor_ms")) + " slower", "< 15 s (#39)",
     None if num("phone_copy_median_ms") is None else num("phone_copy_median_ms") < 15000),
    ("phone: the copy's bytes on the wire, %s pages (encoded; decoded)" % f.get("phone_copy_pages", "?"),
     "%s B" % count(num("phone_copy_wire_bytes")), "%s B decoded" % count(num("phone_copy_decoded_bytes")),
     ratio(num("phone_copy_decoded_bytes"), num("phone_copy_wire_bytes")) + " smaller", "stated (#39)", None),
    ("phone: the app shell, everything the service worker keeps (%s files; decoded / on the wire)" % f.get("phone_shell_files", "?"),
     "%s B" % count(num("phone_shell_bytes")), "%s B by the worker's precache" % count(num("phone_shell_worker_wire_bytes")),
     "—", "< 1 MB (#39)", None if num("phone_shell_bytes") is None else num("phone_shell_bytes") < 1000000),
    ("order submit: CPU per booking, group-commit thread / whole server (µs)",
     "%s / %s" % (count(num("order_writer_cpu_us")), count(num("order_server_cpu_us"))),
     "—", "%s bookings/s at most (the writer busy all the time)" % (count(1e6 / num("order_writer_cpu_us")) if num("order_writer_cpu_us") else "—"),
     "—", None),
    ("order submit: the whole machine's CPU (server, wrk, kernel) per booking / per `/healthz` request (µs)",
     "%s / %s" % (count(num("order_machine_cpu_us")), count(num("healthz_machine_cpu_us"))), "—",
     "at %s of `/healthz` (%s bookings/s): %s of %s cores" % (MIN_SHARE, count(MIN_SHARE * healthz["rps"]) if healthz else "—",
                                                           "%.2f" % (MIN_SHARE * healthz["rps"] * num("order_machine_cpu_us") / 1e6)
                                                           if healthz and num("order_machine_cpu_us") else "—", f.get("cores")),
     "—", None),
    ("order submit: the group-commit thread on a core / runnable, waiting for one (share of the run)",
     "%s%% / %s%%" % (f.get("order_writer_running_pct", "—"), f.get("order_writer_waiting_pct", "—")), "—", "—", "—", None),
    ("import rounds (rows/s; the figures above are their medians)", f.get("import_rounds", "—"),
     "%s (parse only)" % f.get("parse_rounds", "—"), "—", "—", None),
    ("scale seed (rows/s)", count(num("seed_rows_per_s")),
     "%s (bare inserts of the same rows, bench/seed_floor.rs)" % count(num("seed_floor_rows_per_s")),
     ratio(num("seed_floor_rows_per_s"), num("seed_rows_per_s")) + " slower", ">= 250,000 rows/s (#39)",
     None if num("seed_rows_per_s") is None else num("seed_rows_per_s") >= 250000),
    ("scale seed peak RSS", mb(num("seed_peak_rss_kb")), "—", "—", "—", None),
]
say("| figure | value | floor | ratio | target | met |")
say("|---|---|---|---|---|---|")
for label, value, floor, r, target, ok in rows:
    say("| %s | %s | %s | %s | %s | %s |" % (label, value, floor, r, target, verdict(ok)))
# The scaling table of bench/scaling.sh (run.sh runs it unless SKIP_SCALING), as it printed it.
scaling_md = os.path.join(out, "scaling.md")
if os.path.exists(scaling_md):
    say("")
    say("### Scaling (bench/scaling.sh)")
    say("")
    lines.extend(open(scaling_md, encoding="utf-8").read().rstrip("\n").split("\n"))


# Issue #39: each write beside its own floor (bench/write_floor.rs: its rows alone through the server's
# group commit, on a copy of this run's file, from as many tasks as wrk had connections), and its tail.
WRITE_SHARE, TAIL_X, TAIL_MS = 0.5, 5, 50
say("")
say("Writes (issue #39), at %s connections: requests/s beside the floor (the write's rows alone through the server's "
    "group commit, bench/write_floor.rs, %s tasks), and p99 beside the call's own p50."
    % (f.get("write_connections", "?"), f.get("write_floor_tasks", "?")))
say("")
say("| call | requests/s | floor rows/s | ÷ floor | target | met | p50 | p99 | p99 ÷ p50 | target | met | floor p50 / p99 |")
say("|---|---|---|---|---|---|---|---|---|---|---|---|")
for name, label in (("visit", "visit save"), ("order", "order submit, 10 lines"), ("payment", "payment write (no floor of its own)")):
    w, floor_rps = wrk(name), num("write_floor_%s_per_s" % name)
    if w is None or w["rps"] is None:
        say("| %s | not run | | | | | | | | | | |" % label)
        continue
    share = w["rps"] / floor_rps if floor_rps else None
    tail = w["p99"] / w["p50"] if w["p50"] else None
    say("| %s | %s | %s | %s | >= %s | %s | %s | %s | %s | <= %sx and <= %s ms | %s | %s / %s |" % (
        label, count(w["rps"]), count(floor_rps), "—" if share is None else "%.2f" % share, WRITE_SHARE,
        verdict(None if share is None else share >= WRITE_SHARE), ms(w["p50"]), ms(w["p99"]),
        "—" if tail is None else "%.1fx" % tail, TAIL_X, TAIL_MS,
        verdict(None if tail is None else tail <= TAIL_X and w["p99"] <= TAIL_MS),
        ms(num("write_floor_%s_p50_ms" % name)), ms(num("write_floor_%s_p99_ms" % name))))
say("")
# The writer's own histograms of each burst (FIELDSALES_WRITE_STATS; count / p50 / p99 / max).
STATS = [("batch_size", "writes per batch", ""), ("queue_wait_us", "wait for its batch", "us"), ("batch_us", "batch, BEGIN to COMMIT", "us"),
         ("fsync_us", "fsync of the WAL", "us"), ("answered_us", "hand-over to answer", "us"),
         ("writer_checkpoint_us", "checkpoint in the commit path", "us"), ("background_checkpoint_us", "background checkpoint pass", "us"),
         ("wal_frames", "WAL frames at a checkpoint", ""), ("pool_wait_us", "wait for a pooled connection", "us")]
bursts = [(k, f.get("write_stats_" + k)) for k in ("visit", "order", "payment", "floor_visit", "floor_order")]
bursts = [(k, dict(part.split("=", 1) for part in v.split() if "=" in part)) for k, v in bursts if v]
if bursts:
    say("Where the write time goes (the writer's histograms, `FIELDSALES_WRITE_STATS`: count / p50 / p99 / max; times in ms):")
    say("")
    say("| | " + " | ".join(k.replace("_", " ") for k, _ in bursts) + " |")
    say("|---|" + "---|" * len(bursts))

    def cell(value, unit):
        try:
            n, p50, p99, top = (int(x) for x in value.split("/"))
        except (AttributeError, ValueError):
            return "—"
        if n == 0:
            return "0"
        if unit == "us":
            return "%s / %.2f / %.2f / %.1f" % (count(n), p50 / 1000, p99 / 1000, top / 1000)
        return "%s / %s / %s / %s" % (count(n), count(p50), count(p99), count(top))

    for key, label, unit in STATS:
        say("| %s | %s |" % (label, " | ".join(cell(b.get(key), unit) for _, b in bursts)))
    say("")
# Issue #56: each cause's histogram (the writer's `write_hist` lines), as shares of its count per range.
COARSE = ["<0.25", "<0.5", "<1", "<2", "<4", "<8", "<16", "<32", "<64", ">=64"]
hists = [(k, f.get("write_hist_" + k)) for k in ("visit", "order", "payment")]
hists = [(k, dict(part.split("=", 1) for part in v.split() if "=" in part)) for k, v in hists if v]
if hists:
    say("The writer's histograms per cause (share of each cause's count per range in ms; `batch size` and `WAL frames` "
        "in the same ranges of their own unit x1000):")
    say("")
    say("| burst | cause | " + " | ".join(COARSE) + " |")
    say("|---|---|" + "---|" * len(COARSE))
    for burst, h in hists:
        for key, label, unit in STATS:
            try:
                counts = [int(x) for x in h.get(key, "").split(",")]
            except ValueError:
                continue
            total = sum(counts)
            if not total or len(counts) != len(COARSE):
                continue
            say("| %s | %s | %s |" % (burst, label, " | ".join("%.1f%%" % (100 * c / total) if c else "" for c in counts)))
    say("")

# Issue #56: each write's and the new calls' latency histograms from wrk (bench/histogram.lua).
def wrk_hist(name):
    path = os.path.join(out, "wrk-%s.txt" % name)
    if not os.path.exists(path):
        return None, None
    hist, pcts = [], {}
    for line in open(path, encoding="utf-8"):
        parts = line.split()
        if len(parts) == 3 and parts[0] == "hist":
            hist.append((parts[1], int(parts[2])))
        elif len(parts) == 3 and parts[0] == "pct":
            pcts[parts[1]] = float(parts[2])
    return hist, pcts


rows_h = [(n, *wrk_hist(n)) for n in ("visit", "order", "payment")]
rows_h = [(n, h, p) for n, h, p in rows_h if h]
if rows_h:
    bounds = [b for b, _ in rows_h[0][1]]
    say("Latency histograms of the writes at %s connections (wrk, share of requests answered below each bound in ms), "
        "and the tail's percentiles:" % f.get("write_connections", "?"))
    say("")
    say("| call | " + " | ".join("<" + b if b != "inf" else "more" for b in bounds) + " | p90 | p99 | p99.9 | max |")
    say("|---|" + "---|" * (len(bounds) + 4))
    for n, h, p in rows_h:
        total = sum(c for _, c in h) or 1
        say("| %s | %s | %s | %s | %s | %s |" % (n, " | ".join("%.1f%%" % (100 * c / total) if c else "" for _, c in h),
                                             ms(p.get("90")), ms(p.get("99")), ms(p.get("99.9")), ms(p.get("max"))))
    say("")

# Issue #56: the photo uploads and the mixed-load step (bench/mixed_load.py).
if num("mixed_photos") is not None:
    peak = num("mixed_photo_peak_rss_kb")
    p99 = num("mixed_photo_p99_ms")
    say("Photo uploads (issue #56): %s uploads of a %s B JPEG from %s agents at once: p50 %s, p99 %s (bound %s ms: %s), "
        "max %s, %s errors; %s uploads/s, %s MB/s, beside the disk's write floor (the same files written and fsynced "
        "from as many threads) %s files/s, %s MB/s; the server's CPU per upload %s ms (%s cores: at most %s uploads/s); "
        "peak RSS during the uploads %s, from %s before them (target < 80 MiB: %s)." % (
            count(num("mixed_photos")), count(num("mixed_photo_bytes")), f.get("mixed_photo_concurrency"),
            ms(num("mixed_photo_p50_ms")), ms(p99), TAIL_MS, verdict(None if p99 is None else p99 <= TAIL_MS),
            ms(num("mixed_photo_max_ms")), f.get("mixed_photo_errors"), f.get("mixed_photo_per_s"), f.get("mixed_photo_mb_per_s"),
            f.get("mixed_disk_floor_files_per_s"), f.get("mixed_disk_floor_mb_per_s"), f.get("mixed_photo_server_cpu_ms", "—"),
            f.get("cores"), count(num("cores") * 1000 / num("mixed_photo_server_cpu_ms")) if num("mixed_photo_server_cpu_ms") else "—", mb(peak),
            mb(num("mixed_photo_rss_before_kb")),
            verdict(None if peak is None else peak < 80 * 1024)))
    say("")
    samples = sorted((int(k[len("mixed_rss_t"):-3]), num(k)) for k in f if k.startswith("mixed_rss_t") and k.endswith("_kb"))
    last = num("mixed_idle_rss_kb")
    say("Mixed-load step (issue #56): every report (%s, %s s; slowest %s), a %s-row customer upload (%s s, HTTP %s), the photo "
        "uploads above, chat (%s s), sign-ins (%s s); peak RSS of the burst %s. Then VmRSS every 5 s: %s. After 60 s: %s "
        "(target < 30 MiB within 60 s: %s; first under 30 MiB: %s)." % (
            f.get("mixed_reports", "—"), f.get("mixed_reports_secs", "—"), f.get("mixed_reports_slowest", "—"), count(num("upload_rows")), f.get("mixed_upload_secs", "—"),
            f.get("mixed_upload_status", "—"), f.get("mixed_chat_secs", "—"), f.get("mixed_signins_secs", "—"),
            mb(num("mixed_burst_peak_rss_kb")), ", ".join("%d s %s" % (t, mb(v)) for t, v in samples), mb(last),
            verdict(None if last is None else last < 30 * 1024),
            (lambda u: u if u in ("never", "—") else "at %s s" % u)(f.get("mixed_under_30mib_at_s", "—"))))
    say("")

after = num("idle_rss_after_load_kb")
say("Idle RSS after the load (CPU quiet, then %s s idle): %s (target <= 30 MiB: %s)." % (
    f.get("idle_wait", "16"), mb(after), verdict(None if after is None else after <= 30 * 1024)))
print("\n".join(lines))
