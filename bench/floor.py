"""The floor under each HTTP figure of bench/run.sh: the SQL statements the server runs for that
call, straight on the SQLite file, one at a time, from Python's sqlite3 (same pragmas as the
server's connections). Prints `floor_<call>_{p50,p99,mean}_ms=` lines.

The SQL is copied from the handlers named beside each statement; keep it in step with them.
    python3 bench/floor.py DB AGENT_EMAIL MANAGER_EMAIL
Environment: CUSTOMER_QUERIES, DELIVERY_QUERIES and PRODUCT_QUERIES (comma-separated, as the wrk
scripts use, in a URL's encoding),
CUSTOMER_STEP (the agent's customers are S00000001 and every CUSTOMER_STEP-th after it),
SAMPLES (repetitions per call, default 300)."""
import datetime
import json
import os
import sqlite3
import sys
import time
import urllib.parse

db, agent_email, manager_email = sys.argv[1:4]
customer_queries = os.environ.get("CUSTOMER_QUERIES", "S000,Sri,98").split(",")
delivery_queries = os.environ.get("DELIVERY_QUERIES", "SS000,S000,Sri").split(",")
product_queries = [urllib.parse.unquote(q) for q in os.environ.get("PRODUCT_QUERIES", "Cola%20300ml").split(",")]
step = int(os.environ.get("CUSTOMER_STEP", "200"))
samples = int(os.environ.get("SAMPLES", "300"))
# Client ids of this run's bookings: a repeated id books nothing (as on the phone), and a data set
# may have been measured before.
RUN = "%x" % time.time_ns()

conn = sqlite3.connect(db, isolation_level=None)
# src/platform/db.rs configure()
conn.executescript("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -16000; PRAGMA busy_timeout = 30000;")


def one(sql, params):
    return conn.execute(sql, params).fetchall()


def uid_of(email):
    return one("SELECT uid, user_type_id, country_id FROM users WHERE email = ? AND is_deleted = 0", (email,))[0]


agent, agent_type, agent_country = uid_of(agent_email)
manager, manager_type, _ = uid_of(manager_email)
agent_customers = [r[0] for r in one("SELECT buyer_id FROM customers WHERE agent_id = ? ORDER BY customer_id LIMIT 1000", (agent,))]

# Date windows as src/buckets/figures.rs Windows::bounds and src/lib.rs clock (local time).
today = datetime.date.today()
month = today.replace(day=1)
last_month = (month - datetime.timedelta(days=1)).replace(day=1)
from15 = today - datetime.timedelta(days=14)
windows = {
    "from15": from15.isoformat(),
    "from15_ts": int(time.mktime(from15.timetuple())),
    "month": month.isoformat(),
    "last_month": last_month.isoformat(),
    "last_month_key": last_month.strftime("%Y-%m"),
}

# The session check of every authenticated call (src/auth/session.rs load_session_user, rights_of_type).
SESSION = """SELECT u.uid, u.name, u.email, u.user_type_id, u.country_id, u.manager_id,
                    u.force_password_update, u.is_first_time_login
             FROM sessions s JOIN users u ON u.uid = s.uid
             WHERE s.session_id = :sid AND s.uid = :uid AND s.ended_at IS NULL AND s.impersonator_uid IS :admin
               AND s.expires_at > :now AND u.is_blocked = 0 AND u.is_deleted = 0"""
RIGHTS = """SELECT r.group_name, r.code FROM user_type_rights utr
         JOIN rights r ON r.right_id = utr.right_id
         WHERE utr.user_type_id = :type ORDER BY r.right_id"""


def session_check(uid, user_type):
    sid = one("SELECT session_id FROM sessions WHERE uid = ? ORDER BY created_at DESC LIMIT 1", (uid,))
    params = {"sid": sid[0][0] if sid else "", "uid": uid, "admin": None, "now": int(time.time()), "type": user_type}
    one(SESSION, params)
    one(RIGHTS, params)


# src/customers/handlers.rs search_own, one word.
SEARCH = """SELECT c.buyer_id, c.name, c.mobile, c.city FROM customers c
         WHERE c.agent_id IN (SELECT value FROM json_each(:agents)) AND (c.buyer_id LIKE :p0 OR c.mobile LIKE :p0 OR c.name LIKE :p0 OR c.name LIKE :w0) LIMIT 10"""

# src/customers/access.rs visible_customer with CUSTOMER_IN_SCOPE.
VISIBLE = """SELECT c.customer_id, c.agent_id FROM customers c WHERE c.buyer_id = :buyer AND (:scope_all OR c.agent_id = :scope_own
    OR c.agent_id IN (SELECT uid FROM users WHERE manager_id = :scope_manager))"""
# src/customers/handlers.rs customer_details, last_interactions, links_for, re_order (Best Sellers are cached).
DETAILS = [
    """SELECT c.buyer_id, c.name, c.mobile, c.email, c.address1, c.address2, c.postal_code, c.city, c.state,
                k.name, c.info, c.latitude, c.longitude, c.retailer_type, c.country_id
         FROM customers c LEFT JOIN countries k ON k.country_id = c.country_id WHERE c.customer_id = :id""",
    """SELECT v.visited_at, o.name, a.email, e.name, v.remark FROM visits v
         JOIN outcomes o ON o.outcome_id = v.outcome_id
         JOIN users a ON a.uid = v.agent_id JOIN users e ON e.uid = v.entered_by
         WHERE v.customer_id = :id ORDER BY v.visited_at DESC, v.visit_id DESC LIMIT 5""",
    """SELECT l.link_name, l.link, c.name FROM links l
         JOIN link_countries lc ON lc.link_id = l.link_id JOIN countries c ON c.country_id = lc.country_id
         WHERE :country IS NULL OR lc.country_id = :country ORDER BY l.link_name, c.name""",
    """SELECT o.order_date, o.product_name, o.qty_shipped, o.unit_price_paise, o.ds_name, o.fao_name FROM order_lines o
         WHERE o.line_id IN (
             SELECT line_id FROM (
                 SELECT line_id, ROW_NUMBER() OVER (PARTITION BY product_name ORDER BY order_date DESC, line_id DESC) AS n
                 FROM order_lines WHERE customer_id = :id)
             WHERE n = 1)
         ORDER BY o.order_date DESC, o.product_name LIMIT :limit""",
]
# src/customers/handlers.rs save_visit.
OUTCOME = "SELECT 1 FROM outcomes WHERE outcome_id = :o AND is_retired = 0"
VISIT = """INSERT INTO visits (customer_id, agent_id, outcome_id, remark, latitude, longitude, visited_at, entered_by)
                 VALUES (:c, :agent, :o, :remark, :lat, :lng, :now, :me)"""

# src/orders/queries.rs book (no visit): the clientId check, the customer, the usual distributor,
# each product, the order (which applies the summary), its lines in order_lines, one commit.
BOOKED_BEFORE = "SELECT order_id FROM orders WHERE booked_by = :me AND client_id = :client"
USUAL_DISTRIBUTOR = """SELECT d.distributor_id, d.name FROM order_lines o JOIN distributors d ON d.name = o.seller_name
             WHERE o.line_id = (SELECT MAX(l.line_id) FROM order_lines l INDEXED BY order_lines_customer
                                WHERE l.customer_id = :c
                                  AND l.order_date = (SELECT MAX(m.order_date) FROM order_lines m WHERE m.customer_id = :c))"""
PRODUCT = "SELECT name, sku, price_paise, active FROM products WHERE product_id = :p"
ORDER = """INSERT INTO orders (customer_id, agent_id, booked_by, distributor_id, client_id, remark, order_date, total_paise, created_at, line_count)
             VALUES (:c, :agent, :me, :d, :client, NULL, :date, :total, :now, 10)
             ON CONFLICT (booked_by, client_id) WHERE client_id IS NOT NULL DO NOTHING"""
LINES = """INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_id, product_name, sku, qty_shipped, unit_price_paise, source)
         SELECT :number, :date, :c, :seller, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, 'app'
         FROM json_each(:items) j ORDER BY j.key"""

# src/platform/scope.rs agents_for (a manager's team: its agents and the manager).
TEAM = "SELECT uid FROM users WHERE manager_id = :m AND is_deleted = 0"
# src/platform/scope.rs Agents::params for a list of agents (Agents::Only); binds :agents only.
AGENT_FILTER = "c.agent_id IN (SELECT value FROM json_each(:agents))"
# src/buckets/stats.rs owners (a list of agents): each owner with its version (read on every landing and bucket call).
OWNERS = """SELECT j.value, COALESCE(v.version, 0) FROM json_each(:agents) j
                 LEFT JOIN agent_stats_versions v ON v.agent_id = j.value"""
# src/buckets/stats.rs ORDERED_LAST_MONTH.
ORDERED_LAST_MONTH = "((s.last_order_date >= :last_month AND s.last_order_date < :month) OR s.prev_order_month = :last_month_key)"
# src/buckets/stats.rs count_owner: one owner's landing counts (what LandingCache::counts runs on a miss).
COUNT_OWNER = """SELECT COUNT(*), COUNT(*) FILTER (WHERE s.retailer_type = 'Retailer'),
                COUNT(*) FILTER (WHERE s.last_order_date >= :from15), COUNT(*) FILTER (WHERE s.last_visit_at >= :from15_ts),
                COUNT(*) FILTER (WHERE s.last_order_date >= :last_month AND s.last_order_date < :month),
                COUNT(*) FILTER (WHERE s.prev_order_month = :last_month_key)
         FROM customer_stats s WHERE s.agent_id IS :agent"""
# src/buckets/stats.rs PRODUCTIVE_VISITS: the second statement of count_owner.
PRODUCTIVE_VISITS = """SELECT COUNT(*) FROM orders o JOIN visits v ON v.visit_id = o.visit_id
     WHERE o.agent_id IS :agent AND o.order_date >= :from15 AND o.visit_id IS NOT NULL AND o.status <> 'Cancelled'
       AND v.visited_at >= :from15_ts"""
# src/buckets/figures.rs bucket_definition("notvisited") and bucket_page's walk, order desc.
NOT_VISITED = "s.last_visit_at < :from15_ts"
WALK = f"""SELECT s.last_visit_at, s.customer_id FROM customer_stats s WHERE s.agent_id IS :agent AND {NOT_VISITED}
         ORDER BY s.last_visit_at DESC, s.customer_id LIMIT :n"""
# src/buckets/figures.rs bucket_rows: the page's 25 customers, in the order of :ids.
BUCKET_ROWS = f"""SELECT c.buyer_id, c.name, c.mobile, c.email, c.address1, c.address2, c.city, c.postal_code, m.email,
                c.agent_id, c.info, c.retailer_type, s.last_visit_at, s.last_order_date,
                (SELECT o.product_name FROM order_lines o WHERE o.customer_id = c.customer_id
                 GROUP BY o.product_name ORDER BY SUM(o.qty_shipped) DESC, o.product_name LIMIT 1),
                c.latitude, c.longitude, {ORDERED_LAST_MONTH}
         FROM json_each(:ids) j JOIN customers c ON c.customer_id = j.value
         JOIN customer_stats s ON s.customer_id = c.customer_id
         LEFT JOIN users a ON a.uid = c.agent_id LEFT JOIN users m ON m.uid = a.manager_id
         ORDER BY j.key"""
# src/deliveries/queries.rs suggestions: one range of the search index per column until 10 values.
DELIVERY = """SELECT DISTINCT t.term FROM json_each(:agents) a CROSS JOIN delivery_terms t
         WHERE t.agent_id = a.value AND t.kind = :kind AND t.term >= :from AND t.term < :below
           AND t.term LIKE :pattern ESCAPE '\\'
         ORDER BY t.term LIMIT :limit"""
# src/customers/products.rs price_comparison: the customer's country, then latest_per_seller.
COUNTRY = "SELECT country_id FROM customers WHERE customer_id = :c"
LATEST_PER_SELLER = """WITH RECURSIVE sellers(name) AS (
             SELECT MIN(seller_name) FROM order_lines WHERE product_name = :product
             UNION ALL
             SELECT (SELECT MIN(o.seller_name) FROM order_lines o WHERE o.product_name = :product AND o.seller_name > s.name)
             FROM sellers s WHERE s.name IS NOT NULL)
         SELECT l.order_date, l.unit_price_paise, l.seller_name, l.fao_name, l.line_id
         FROM sellers s JOIN order_lines l ON l.line_id = (
             SELECT o.line_id FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
             WHERE o.product_name = :product AND o.seller_name = s.name AND o.order_date >= :since
               AND (:all OR c.country_id IS :country)
             ORDER BY o.order_date DESC, o.line_id DESC LIMIT 1)"""
# src/chat/conversations.rs unread_counts and src/chat/broadcasts.rs unread_count.
CHAT = [
    """SELECT sender_uid, conversation_id, COUNT(*) FROM messages WHERE receiver_uid = :me AND read_at IS NULL
                 GROUP BY sender_uid, conversation_id""",
    """SELECT COUNT(*) FROM broadcasts b WHERE b.is_deleted = 0 AND (b.user_type_id = 0 OR b.user_type_id = :type) AND (b.country_id IS NULL OR b.country_id = :country)
               AND NOT EXISTS (SELECT 1 FROM broadcast_reads r WHERE r.broadcast_id = b.id AND r.uid = :me)""",
]


def search(i):
    session_check(agent, agent_type)
    w = customer_queries[i % len(customer_queries)].lower()
    one(SEARCH, {"agents": "[%d]" % agent, "p0": w + "%", "w0": "% " + w + "%"})


def details(i):
    session_check(agent, agent_type)
    buyer = agent_customers[i % len(agent_customers)]
    customer = one(VISIBLE, {"buyer": buyer, "scope_all": False, "scope_own": agent, "scope_manager": None})[0][0]
    for sql in DETAILS:
        one(sql, {"id": customer, "country": agent_country, "limit": 50})


def visit(i):
    session_check(agent, agent_type)
    buyer = agent_customers[i % len(agent_customers)]
    conn.execute("BEGIN IMMEDIATE")
    customer, owner = one(VISIBLE, {"buyer": buyer, "scope_all": False, "scope_own": agent, "scope_manager": None})[0]
    one(OUTCOME, {"o": i % 4 + 1})
    conn.execute(VISIT, {"c": customer, "agent": owner, "o": i % 4 + 1, "remark": "bench visit", "lat": None, "lng": None,
                         "now": int(time.time()), "me": agent})
    conn.execute("COMMIT")


def order(i):
    # 10 lines, as bench/order.lua sends them.
    session_check(agent, agent_type)
    buyer = agent_customers[i % len(agent_customers)]
    conn.execute("BEGIN IMMEDIATE")
    one(BOOKED_BEFORE, {"me": agent, "client": "floor-%s-%d" % (RUN, i)})
    customer, owner = one(VISIBLE, {"buyer": buyer, "scope_all": False, "scope_own": agent, "scope_manager": None})[0]
    distributor, seller = one(USUAL_DISTRIBUTOR, {"c": customer})[0]
    lines = []
    for k in range(10):
        product = 1 + (i + k) % 20
        name, sku, price, _ = one(PRODUCT, {"p": product})[0]
        lines.append((product, name, sku, 1 + (i + k) % 24, price))
    date = datetime.date.today().isoformat()
    total = sum(q * p for _, _, _, q, p in lines)  # paise, exactly
    conn.execute(ORDER, {"c": customer, "agent": owner, "me": agent, "d": distributor, "client": "floor-%s-%d" % (RUN, i),
                         "date": date, "total": total, "now": int(time.time())})
    order_id = conn.execute("SELECT last_insert_rowid()").fetchone()[0]
    conn.execute(LINES, {"number": "APP%06d" % order_id, "date": date, "c": customer, "seller": seller, "items": json.dumps(lines)})
    conn.execute("COMMIT")


def team():
    ids = [r[0] for r in one(TEAM, {"m": manager})] + [manager]
    return {"agents": "[" + ",".join(map(str, ids)) + "]", **windows}


def owners(params):
    # src/buckets/stats.rs owners, with stats::owner_param (owner 0 is agent_id NULL).
    rows = one(OWNERS, {"agents": params["agents"]})
    return [(owner or None, version) for owner, version in rows]


def landing(_):
    # src/buckets/handlers.rs landing -> figures::landing -> LandingCache::counts when every owner is
    # cached (the calls under load: nothing changes their versions): the versions read only.
    session_check(manager, manager_type)
    params = team()
    conn.execute("BEGIN")
    owners(params)
    conn.execute("COMMIT")


def landing_miss(_):
    # The same on a cache miss for every owner (the versions, then count_owner each): what the first
    # landing of the day costs, or the first after a write (then for the one owner written).
    session_check(manager, manager_type)
    params = team()
    conn.execute("BEGIN")
    for agent_id, _ in owners(params):
        one(COUNT_OWNER, {**params, "agent": agent_id})
        one(PRODUCTIVE_VISITS, {**params, "agent": agent_id})
    conn.execute("COMMIT")


def bucket(_):
    # src/buckets/handlers.rs bucket -> figures::bucket_page('notvisited', Desc, offset 0, 25 a page).
    # The owners' versions (the size comes from LandingCache::counts, a hit here: nothing writes
    # between the calls; see landing_miss), then each owner's walk, the merge, the rows: a miss of
    # the kept pages (LandingCache::page), whose hit reads only the versions.
    session_check(manager, manager_type)
    params = team()
    offset, limit = 0, 25
    conn.execute("BEGIN")
    keys = []
    for agent_id, _ in owners(params):
        keys += one(WALK, {**params, "agent": agent_id, "n": offset + limit})
    keys.sort(key=lambda k: (-k[0], k[1]))
    page = [customer for _, customer in keys[offset:offset + limit]]
    one(BUCKET_ROWS, {**params, "ids": "[" + ",".join(map(str, page)) + "]"})
    conn.execute("COMMIT")


def delivery(i):
    session_check(agent, agent_type)
    text = delivery_queries[i % len(delivery_queries)]
    pattern = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    low = text.lower()  # queries::prefix_end for ASCII text: the last character raised by one
    below = low[:-1] + chr(ord(low[-1]) + 1)
    found = 0
    for kind in range(4):
        found += len(one(DELIVERY, {"agents": "[%d]" % agent, "kind": kind, "from": low, "below": below,
                                    "pattern": pattern, "limit": 10 - found}))
        if found >= 10:
            break


def prices(i):
    # As bench/run.sh asks: the agent's first customer, each of PRODUCT_QUERIES in turn.
    session_check(agent, agent_type)
    customer = one(VISIBLE, {"buyer": agent_customers[0], "scope_all": False, "scope_own": agent, "scope_manager": None})[0][0]
    country = one(COUNTRY, {"c": customer})[0][0]
    since = (datetime.date.today() - datetime.timedelta(days=90)).isoformat()
    one(LATEST_PER_SELLER, {"product": product_queries[i % len(product_queries)], "since": since, "all": False, "country": country})


# src/targets/queries.rs figures_cte! for an administrator (every agent; Scope::All), and the
# month's targets per agent: what the team view of targets reads on a cache miss.
TARGETS_FIGURES = """SELECT a.uid, a.email, a.name,
    (SELECT COALESCE(SUM(o.taxable_paise), 0) FROM orders o WHERE o.agent_id = a.uid AND o.order_date >= :from AND o.order_date < :to
       AND o.status <> 'Cancelled' AND COALESCE(o.credit_hold, '') <> 'rejected') - 0,
    (SELECT COUNT(*) FROM orders o WHERE o.agent_id = a.uid AND o.order_date >= :from AND o.order_date < :to
       AND o.status <> 'Cancelled' AND COALESCE(o.credit_hold, '') <> 'rejected' AND o.visit_id IS NOT NULL),
    (SELECT COALESCE(SUM(o.line_count), 0) FROM orders o WHERE o.agent_id = a.uid AND o.order_date >= :from AND o.order_date < :to
       AND o.status <> 'Cancelled' AND COALESCE(o.credit_hold, '') <> 'rejected' AND o.visit_id IS NOT NULL),
    (SELECT COUNT(*) FROM visits v WHERE v.agent_id = a.uid AND v.visited_at >= :from_ts AND v.visited_at < :to_ts),
    0,
    (SELECT COALESCE(SUM(p.amount_paise), 0) FROM payments p WHERE p.agent_id = a.uid
       AND p.collected_at >= :from_ts AND p.collected_at < :to_ts AND p.status <> 'reversed')
    FROM users a WHERE a.user_type_id = 4 AND a.is_deleted = 0 AND (:scope_uid IS NULL) ORDER BY a.name, a.uid"""
next_month = (month + datetime.timedelta(days=32)).replace(day=1)
targets_params = {"from": month.isoformat(), "to": next_month.isoformat(), "from_ts": int(time.mktime(month.timetuple())),
                  "to_ts": int(time.mktime(next_month.timetuple())), "scope_uid": None}
admin, admin_type, _ = uid_of(os.environ.get("ADMIN_EMAIL", "admin@scale.test"))


def targets(_):
    # src/targets/handlers.rs team under load: the session check, then the answer kept as sent
    # (src/targets/cache.rs; nothing changes the figures while it is read).
    session_check(admin, admin_type)


def targets_miss(_):
    # The same on a miss: every agent's figures of the month, their targets and the holidays.
    session_check(admin, admin_type)
    conn.execute("BEGIN")
    rows = one(TARGETS_FIGURES, targets_params)
    for row in rows:
        one("SELECT measure, target FROM targets WHERE agent_id = :a AND month = :m", {"a": row[0], "m": month.strftime("%Y-%m")})
    one("SELECT day FROM holidays WHERE day >= :from AND day < :to ORDER BY day", targets_params)
    conn.execute("COMMIT")


def chat(_):
    session_check(agent, agent_type)
    for sql in CHAT:
        one(sql, {"me": agent, "type": agent_type, "country": agent_country})


def measure(name, call, n):
    times = []
    for i in range(n):
        started = time.perf_counter()
        call(i)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    print("floor_%s_p50_ms=%.3f" % (name, times[len(times) // 2]))
    print("floor_%s_p99_ms=%.3f" % (name, times[min(len(times) - 1, int(len(times) * 0.99))]))
    print("floor_%s_mean_ms=%.3f" % (name, sum(times) / len(times)))


print("floor_sqlite_version=%s" % sqlite3.sqlite_version)
measure("session", lambda _: session_check(agent, agent_type), samples)
measure("search", search, samples)
measure("details", details, samples)
measure("delivery", delivery, samples)
measure("prices", prices, samples)
measure("chat", chat, samples)
measure("visit", visit, samples)
measure("order", order, samples)
measure("landing", landing, samples)
# A landing miss and a bucket page: fewer samples, enough for a p50 (the p99 of 20 is their maximum).
measure("landing_miss", landing_miss, max(5, samples // 15))
measure("bucket", bucket, max(5, samples // 15))
measure("targets", targets, samples)
measure("targets_miss", targets_miss, max(5, samples // 15))
