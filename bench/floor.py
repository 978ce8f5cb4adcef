"""The floor under the HTTP figures: the same SQL the server runs, straight on the SQLite file,
single-threaded, from Python's sqlite3. Prints p50/p99 per search query and inserts per second."""
import random
import sqlite3
import sys
import time

db = sys.argv[1]
agent = int(sys.argv[2])
conn = sqlite3.connect(db, isolation_level=None)
conn.execute("PRAGMA synchronous = FULL")
conn.execute("PRAGMA busy_timeout = 10000")
prefixes = ["S000", "S0001", "S00012", "Sri", "Lak", "Gan", "Bal", "Star", "Green", "Metro", "Royal", "9", "98", "987", "Super", "Fam", "Mart", "Store", "Trad", "Kir"]
# Exactly the server's search for an agent (src/customers/handlers.rs, search_own), one word.
search = """SELECT c.buyer_id, c.name, c.mobile, c.city FROM customers c
            WHERE c.agent_id IN (SELECT value FROM json_each(?))
              AND (c.buyer_id LIKE ? OR c.mobile LIKE ? OR c.name LIKE ? OR c.name LIKE ?) LIMIT 10"""
times = []
for i in range(400):
    w = prefixes[i % len(prefixes)].lower()
    t = time.perf_counter()
    conn.execute(search, ("[%d]" % agent, w + "%", w + "%", w + "%", "% " + w + "%")).fetchall()
    times.append(time.perf_counter() - t)
times.sort()
print("floor_search_p50_ms=%.2f" % (times[len(times) // 2] * 1000))
print("floor_search_p99_ms=%.2f" % (times[int(len(times) * 0.99)] * 1000))
customers = [r[0] for r in conn.execute("SELECT customer_id FROM customers WHERE agent_id = ? LIMIT 1000", (agent,))]
n = 500
t = time.perf_counter()
for i in range(n):
    conn.execute("BEGIN IMMEDIATE")
    conn.execute(
        "INSERT INTO visits (customer_id, agent_id, outcome_id, remark, visited_at, entered_by) VALUES (?, ?, 1, 'floor', strftime('%s','now'), ?)",
        (random.choice(customers), agent, agent),
    )
    conn.execute("COMMIT")
print("floor_visit_inserts_per_s=%.0f" % (n / (time.perf_counter() - t)))
