#!/usr/bin/env python3
"""The floor under the import: the customer kind's own upsert (src/uploads/kinds.rs CUSTOMER), run
for ROWS new customers in one transaction with the search index deferred and flushed as the import
does (src/customers/search_index.rs), from Python's sqlite3 with no parsing, checks or result
workbook. What is left is SQLite's work: the row, its indexes and the summary triggers.
  python3 bench/import_floor.py <database seeded like bench/import.sh's> ROWS
Prints import_sql_floor_rows_per_s=N."""
import sqlite3
import sys
import time

db, n = sys.argv[1], int(sys.argv[2])
conn = sqlite3.connect(db, isolation_level=None)
# As src/db.rs opens connections.
for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "cache_size=-16384", "temp_store=MEMORY"):
    conn.execute("PRAGMA " + pragma)
agents = [r[0] for r in conn.execute("SELECT uid FROM users WHERE user_type_id = 4 ORDER BY uid")]
UPSERT = """INSERT INTO customers (buyer_id, name, mobile, email, address1, address2, postal_code, city, state, country_id,
                        info, latitude, longitude, retailer_type, agent_id, created_by, created_at, updated_at)
 VALUES (:b, :n, :m, :e, :a1, :a2, :p, :city, :state, :country, :info, :lat, :lng, :t, :agent, :by, :now, :now)
 ON CONFLICT (buyer_id) DO UPDATE SET name = excluded.name, mobile = excluded.mobile, email = excluded.email,
     address1 = excluded.address1, address2 = excluded.address2, postal_code = excluded.postal_code,
     city = excluded.city, state = excluded.state, country_id = excluded.country_id, info = excluded.info,
     latitude = excluded.latitude, longitude = excluded.longitude, retailer_type = excluded.retailer_type,
     agent_id = excluded.agent_id, updated_at = excluded.updated_at"""
FLUSH = [
    "DELETE FROM customers_fts WHERE rowid IN (SELECT customer_id FROM customers_fts_pending)",
    """INSERT INTO customers_fts (rowid, buyer_id, name, mobile, owner)
       SELECT c.customer_id, c.buyer_id, c.name, c.mobile, 'a' || COALESCE(c.agent_id, 0)
       FROM customers_fts_pending p JOIN customers c ON c.customer_id = p.customer_id""",
    "DELETE FROM customers_fts_pending",
    "DELETE FROM customers_fts_deferred",
]
# The rows of bench/import.sh's workbook, as the import binds them.
rows = [dict(b=f"I{i:07d}", n=f"Import Store {i}", m=f"9{i:09d}", e=None, a1=f"{i % 400} Main Road", a2=None,
             p="560001", city="Bengaluru", state="Karnataka", country=1, info=None, lat=12.97, lng=77.59,
             t="Retailer", agent=agents[i % len(agents)], by=1, now=int(time.time())) for i in range(n)]
started = time.perf_counter()
conn.execute("BEGIN IMMEDIATE")
conn.execute("INSERT OR IGNORE INTO customers_fts_deferred (only) VALUES (1)")
conn.executemany(UPSERT, rows)
for statement in FLUSH:
    conn.execute(statement)
conn.execute("COMMIT")
print("import_sql_floor_rows_per_s=%.0f" % (n / (time.perf_counter() - started)))
