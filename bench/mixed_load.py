"""A day's mix of work in one burst, then the idle server's resident memory (issue #56): every report
(generated and downloaded), a customer upload of UPLOAD_ROWS rows, PHOTOS photo uploads of a
200 KB JPEG at PHOTO_CONCURRENCY at once (one agent each, as phones send them), chat, sign-ins;
then VmRSS every 5 s for IDLE_SECONDS. Prints key=value lines (prefixed with --prefix) for
bench/report.py; progress on standard error. Standard library only.

    python3 bench/mixed_load.py BASE_URL SERVER_PID DB PHOTO.jpg UPLOAD.xlsx [--prefix P] [--only photos]

The photo step also gives the photo rows of bench/run.sh: p50/p99 of each upload, uploads/s and
MB/s, the server's peak RSS during the step (VmHWM, reset before it through /proc/PID/clear_refs),
and the disk's write floor measured beside it (the same bytes as new files, each fsynced, from as
many threads). Environment: PHOTOS (1000), PHOTO_CONCURRENCY (50), SIGNINS (50), CHAT (200),
IDLE_SECONDS (60), SAMPLE_EVERY (5), SKIP_REPORTS (none).
"""
import argparse
import concurrent.futures as cf
import datetime
import http.client
import json
import os
import sqlite3
import sys
import threading
import time
import urllib.parse
import uuid

ap = argparse.ArgumentParser()
ap.add_argument("base")
ap.add_argument("pid", type=int)
ap.add_argument("db")
ap.add_argument("photo")
ap.add_argument("upload")
ap.add_argument("--prefix", default="mixed_")
ap.add_argument("--only", choices=["photos", "burst"], help="photos: only the photo step; burst: no idle samples")
args = ap.parse_args()

PHOTOS = int(os.environ.get("PHOTOS", "1000"))
CONCURRENCY = int(os.environ.get("PHOTO_CONCURRENCY", "50"))
SIGNINS = int(os.environ.get("SIGNINS", "50"))
CHAT = int(os.environ.get("CHAT", "200"))
IDLE_SECONDS = int(os.environ.get("IDLE_SECONDS", "60"))
# Reports left out by name (comma-separated, e.g. "productivity"), where one alone takes minutes.
SKIP_REPORTS = set(filter(None, os.environ.get("SKIP_REPORTS", "").split(",")))
SAMPLE_EVERY = int(os.environ.get("SAMPLE_EVERY", "5"))
PASSWORD = "Demo12345678"
RUN = uuid.uuid4().hex[:8]
url = urllib.parse.urlparse(args.base)
local = threading.local()


def say(key, value):
    print("%s%s=%s" % (args.prefix, key, value), flush=True)


def log(text):
    print("mixed_load: " + text, file=sys.stderr, flush=True)


def conn():
    c = getattr(local, "conn", None)
    if c is None:
        c = local.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=600)
    return c


def call(method, path, token=None, body=None, content_type="application/json"):
    """(status, body bytes); one keep-alive connection per thread, opened again after an error."""
    headers = {"Cookie": "XSRF-TOKEN=bench", "X-XSRF-TOKEN": "bench"}
    if token:
        headers["Authorization"] = "Bearer " + token
    if body is not None:
        headers["Content-Type"] = content_type
        if isinstance(body, str):
            body = body.encode()
    for attempt in range(2):
        try:
            c = conn()
            c.request(method, path, body=body, headers=headers)
            r = c.getresponse()
            return r.status, r.read()
        except (http.client.HTTPException, OSError):
            local.conn = None
            if attempt:
                raise
    raise AssertionError("unreachable")


def login(email):
    status, body = call("POST", "/webapi/api/login/auth", body=json.dumps({"userName": email, "password": PASSWORD, "terms": True}))
    if status != 200:
        raise SystemExit("sign-in of %s: %s %s" % (email, status, body[:200]))
    return json.loads(body)["token"]


def status_file(key):
    for line in open("/proc/%d/status" % args.pid):
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return None


def cpu_ticks():
    fields = open("/proc/%d/stat" % args.pid).read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def multipart(fields, files):
    boundary = "bench" + uuid.uuid4().hex
    parts = []
    for name, value in fields:
        parts.append(('--%s\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n' % (boundary, name, value)).encode())
    for name, filename, ctype, data in files:
        parts.append(('--%s\r\nContent-Disposition: form-data; name="%s"; filename="%s"\r\nContent-Type: %s\r\n\r\n'
                      % (boundary, name, filename, ctype)).encode() + data + b"\r\n")
    parts.append(("--%s--\r\n" % boundary).encode())
    return b"".join(parts), "multipart/form-data; boundary=" + boundary


def pct(values, q):
    if not values:
        return None
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * len(s) + 0.5)) - 1))]


db = sqlite3.connect("file:%s?mode=ro" % args.db, uri=True, timeout=30)


def customers_of(email, n):
    return [r[0] for r in db.execute(
        "SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id WHERE u.email = ? AND u.is_deleted = 0 "
        "ORDER BY c.customer_id LIMIT ?", (email, n))]


today = datetime.date.today()
month_start = today.replace(day=1)
from_date = (today - datetime.timedelta(days=30)).isoformat()

admin = login("admin@scale.test")
manager = login("am1@scale.test")


def reports():
    """Every report by name over the last 30 days, then the monthly summaries; each file downloaded."""
    names = ["customer-visit", "customer-add", "profile-update", "info-add", "login-history", "audit", "productivity",
             "productivitysummary", "monthly-summary", "monthly-summary-am", "delivery", "orders", "mycustomer", "buyer-details"]
    done, failed, total_bytes = 0, [], 0
    began = time.time()
    requests = [("GET", "/webapi/api/report/%s?fromDate=%s&toDate=%s&country=India&userType=0&monthYear=%s"
                 % (n, from_date, today.isoformat(), month_start.strftime("%Y-%m")), None, n) for n in names]
    for name in ("monthly-summary", "monthly-summary-am"):
        requests.append(("POST", "/webapi/api/report/monthlyReport",
                         json.dumps({"country": ["India"], "userType": [0], "reportName": name, "monthYear": month_start.strftime("%Y-%m")}),
                         "monthlyReport " + name))
    requests.append(("GET", "/webapi/api/report/mycustomerReport", None, "mycustomerReport"))
    requests = [r for r in requests if r[3] not in SKIP_REPORTS]
    slowest = []
    for method, path, body, name in requests:
        one = time.time()
        status, answer = call(method, path, admin, body)
        if status != 200:
            failed.append("%s:%s" % (name, status))
            continue
        link = json.loads(answer).get("excelPath", "")
        token = urllib.parse.parse_qs(urllib.parse.urlparse(link).query).get("token", [""])[0]
        if token:
            status, data = call("GET", "/webapi/api/report/download?token=" + urllib.parse.quote(token), admin)
            if status != 200:
                failed.append("%s:download %s" % (name, status))
                continue
            total_bytes += len(data)
        done += 1
        slowest.append((time.time() - one, name))
    say("reports", "%d of %d" % (done, len(requests)))
    say("reports_secs", "%.2f" % (time.time() - began))
    say("reports_bytes", total_bytes)
    say("reports_slowest", ",".join("%s:%.2f" % (n, t) for t, n in sorted(slowest, reverse=True)[:3]))
    if failed:
        log("reports not generated: " + ", ".join(failed))


def upload():
    data = open(args.upload, "rb").read()
    body, ctype = multipart([], [("customerdata", os.path.basename(args.upload),
                                  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", data)])
    began = time.time()
    status, answer = call("POST", "/webapi/api/users/customer/upload", admin, body, ctype)
    say("upload_secs", "%.2f" % (time.time() - began))
    say("upload_status", status)
    if status != 200:
        log("upload: %s %s" % (status, answer[:300]))


def photos():
    """PHOTOS uploads from CONCURRENCY agents at once; each agent's photos go to visits of its own
    (8 a visit, the server's limit), saved first with a clientId the photo names."""
    picture = open(args.photo, "rb").read()
    agents = ["agent%d@scale.test" % (i + 1) for i in range(CONCURRENCY)]
    tokens = {a: login(a) for a in agents}
    shops = {a: customers_of(a, 100) for a in agents}
    latencies, errors = [], []
    lock = threading.Lock()
    counter = iter(range(PHOTOS))

    def agent_loop(agent):
        token, n = tokens[agent], 0
        visit = None
        while True:
            with lock:
                k = next(counter, None)
            if k is None:
                return
            if n % 8 == 0:
                visit = "bv-%s-%s-%d" % (RUN, agent.split("@")[0], n // 8)
                buyer = shops[agent][(n // 8) % len(shops[agent])]
                status, answer = call("POST", "/webapi/api/users/customer/details", token,
                                      json.dumps({"buyerID": buyer, "outcomeId": 1, "remark": "bench photo visit", "clientId": visit}))
                if status != 200:
                    with lock:
                        errors.append("visit %s" % status)
                    log("visit save: %s %s" % (status, answer[:200]))
                    return
            body, ctype = multipart([("clientId", "bp-%s-%d" % (RUN, k)), ("visitClientId", visit), ("label", "shelf")],
                                    [("file", "shelf.jpg", "image/jpeg", picture)])
            began = time.perf_counter()
            status, answer = call("POST", "/webapi/api/users/visit/photo", token, body, ctype)
            took = (time.perf_counter() - began) * 1000
            with lock:
                if status == 200:
                    latencies.append(took)
                else:
                    errors.append(str(status))
                    if len(errors) <= 3:
                        log("photo: %s %s" % (status, answer[:200]))
            n += 1

    say("photo_rss_before_kb", status_file("VmRSS"))
    # The peak from here on: VmHWM reset (5 = the peak RSS, Linux 4.0 and later).
    try:
        with open("/proc/%d/clear_refs" % args.pid, "w") as f:
            f.write("5")
        reset = True
    except OSError:
        reset = False
    began, cpu0 = time.time(), cpu_ticks()
    with cf.ThreadPoolExecutor(CONCURRENCY) as pool:
        list(pool.map(agent_loop, agents))
    secs, cpu1 = time.time() - began, cpu_ticks()
    say("photos", len(latencies))
    say("photo_errors", len(errors))
    say("photo_concurrency", CONCURRENCY)
    say("photo_bytes", len(picture))
    say("photo_p50_ms", "%.2f" % (pct(latencies, 0.5) or 0))
    say("photo_p99_ms", "%.2f" % (pct(latencies, 0.99) or 0))
    say("photo_max_ms", "%.2f" % (max(latencies) if latencies else 0))
    say("photo_per_s", "%.1f" % (len(latencies) / secs))
    say("photo_mb_per_s", "%.2f" % (len(latencies) * len(picture) / secs / 1e6))
    # The server's CPU per upload (its visit saves included): cores over it is the most uploads a
    # second the machine can take, whatever the disk.
    if latencies:
        say("photo_server_cpu_ms", "%.1f" % ((cpu1 - cpu0) * 1000 / os.sysconf("SC_CLK_TCK") / len(latencies)))
    say("photo_peak_rss_kb" if reset else "photo_peak_rss_lifetime_kb", status_file("VmHWM"))
    # The disk's floor beside it: the same bytes written as new files in the run's folder, each
    # fsynced (with its folder), from as many threads.
    folder = os.path.join(os.path.dirname(os.path.abspath(args.db)), "disk-floor-%s" % RUN)
    os.makedirs(folder)
    count = max(CONCURRENCY, len(latencies) or PHOTOS)
    ids = iter(range(count))
    floor_lock = threading.Lock()

    def write_loop(_):
        while True:
            with floor_lock:
                i = next(ids, None)
            if i is None:
                return
            path = os.path.join(folder, "%d.jpg" % i)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            os.write(fd, picture)
            os.fsync(fd)
            os.close(fd)
            d = os.open(folder, os.O_RDONLY)
            os.fsync(d)
            os.close(d)

    began = time.time()
    with cf.ThreadPoolExecutor(CONCURRENCY) as pool:
        list(pool.map(write_loop, range(CONCURRENCY)))
    secs = time.time() - began
    say("disk_floor_files_per_s", "%.1f" % (count / secs))
    say("disk_floor_mb_per_s", "%.2f" % (count * len(picture) / secs / 1e6))
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    os.rmdir(folder)


def chat():
    """CHAT messages from agent1 to its manager, each followed by the manager's poll."""
    agent = login("agent1@scale.test")
    manager_id = db.execute("SELECT manager_id FROM users WHERE email = 'agent1@scale.test'").fetchone()[0]
    status, answer = call("POST", "/webapi/api/chat/createConversation?userId=%d" % manager_id, agent)
    if status != 200:
        log("chat: createConversation %s %s" % (status, answer[:200]))
        return
    conversation = json.loads(answer)["conversationId"]
    began, failed = time.time(), 0
    for i in range(CHAT):
        s1, _ = call("POST", "/webapi/api/chat/sendMessage", agent, json.dumps({"conversationId": conversation, "messageText": "bench %d" % i}))
        s2, _ = call("POST", "/webapi/api/chat/getUnreadCountsByConversation", manager, "{}")
        failed += (s1 != 200) + (s2 != 200)
    say("chat_secs", "%.2f" % (time.time() - began))
    say("chat_errors", failed)


def signins():
    began = time.time()
    with cf.ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: login("agent%d@scale.test" % (i % 200 + 1)), range(SIGNINS)))
    say("signins_secs", "%.2f" % (time.time() - began))


def idle_samples():
    """VmRSS every SAMPLE_EVERY s for IDLE_SECONDS from the end of the burst; the first sample
    under 30 MiB."""
    began = time.time()
    under = None
    for t in range(0, IDLE_SECONDS + 1, SAMPLE_EVERY):
        time.sleep(max(0, began + t - time.time()))
        rss = status_file("VmRSS")
        say("rss_t%02d_kb" % t, rss)
        # Whether the server still works meanwhile (its CPU time in ticks), and its threads.
        stat = open("/proc/%d/stat" % args.pid).read().rsplit(")", 1)[1].split()
        say("cpu_ticks_t%02d" % t, int(stat[11]) + int(stat[12]))
        say("threads_t%02d" % t, status_file("Threads"))
        if under is None and rss < 30 * 1024:
            under = t
    say("idle_rss_kb", rss)
    say("under_30mib_at_s", "never" if under is None else under)
    # Where the idle memory lies at the end, for bench/memory_return.sh's comparison.
    if os.environ.get("SMAPS_OUT"):
        with open("/proc/%d/smaps" % args.pid) as source, open(os.environ["SMAPS_OUT"], "w") as copy:
            copy.write(source.read())


log("photos")
photos()
if args.only == "photos":
    sys.exit(0)
burst_began = time.time()
log("reports")
reports()
log("upload")
upload()
log("chat")
chat()
log("sign-ins")
signins()
say("burst_secs", "%.1f" % (time.time() - burst_began))
say("burst_peak_rss_kb", status_file("VmHWM"))
# The end of the burst: the server's CPU quiet for half a second (the upload's result, the
# reports' files), at most 30 s.
prev = -1
for _ in range(60):
    now = cpu_ticks()
    if now == prev:
        break
    prev = now
    time.sleep(0.5)
if args.only != "burst":
    idle_samples()
