-- Upgrade step 2 (src/db.rs): the per-customer dashboard figures (schema.sql has the same
-- objects), filled from the visits and order lines already there.
CREATE TABLE IF NOT EXISTS customer_stats (
    customer_id     INTEGER PRIMARY KEY,
    agent_id        INTEGER,
    retailer_type   TEXT NOT NULL,
    -- 0: never visited; '': never ordered (so MAX() and range conditions need no NULL cases).
    last_visit_at   INTEGER NOT NULL DEFAULT 0,
    last_order_date TEXT NOT NULL DEFAULT ''
);
-- One agent's customers in last-visit order, covering every bucket condition.
CREATE INDEX IF NOT EXISTS customer_stats_agent ON customer_stats(agent_id, last_visit_at, last_order_date, retailer_type);
-- The months ('YYYY-MM') in which a customer ordered: "ordered last month" for the repeat rate.
CREATE TABLE IF NOT EXISTS customer_order_months (
    customer_id INTEGER NOT NULL,
    month       TEXT NOT NULL,
    PRIMARY KEY (customer_id, month)
) WITHOUT ROWID;
-- A counter per owning agent (0: customers without one), raised by every change of their
-- customers' figures; the server's cache of landing counts per agent is valid while it holds.
CREATE TABLE IF NOT EXISTS agent_stats_versions (
    agent_id INTEGER PRIMARY KEY,
    version  INTEGER NOT NULL
);
CREATE TRIGGER IF NOT EXISTS customer_stats_customer_insert AFTER INSERT ON customers BEGIN
    INSERT INTO customer_stats (customer_id, agent_id, retailer_type) VALUES (new.customer_id, new.agent_id, new.retailer_type);
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_customer_update AFTER UPDATE OF agent_id, retailer_type ON customers BEGIN
    UPDATE customer_stats SET agent_id = new.agent_id, retailer_type = new.retailer_type WHERE customer_id = new.customer_id;
    UPDATE agent_stats_versions SET version = version + 1 WHERE agent_id = COALESCE(old.agent_id, 0);
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_customer_delete AFTER DELETE ON customers BEGIN
    DELETE FROM customer_stats WHERE customer_id = old.customer_id;
    DELETE FROM customer_order_months WHERE customer_id = old.customer_id;
    UPDATE agent_stats_versions SET version = version + 1 WHERE agent_id = COALESCE(old.agent_id, 0);
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_visit_insert AFTER INSERT ON visits BEGIN
    UPDATE customer_stats SET last_visit_at = MAX(last_visit_at, new.visited_at) WHERE customer_id = new.customer_id;
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = new.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_order_insert AFTER INSERT ON order_lines BEGIN
    UPDATE customer_stats SET last_order_date = MAX(last_order_date, new.order_date) WHERE customer_id = new.customer_id;
    INSERT OR IGNORE INTO customer_order_months (customer_id, month) VALUES (new.customer_id, substr(new.order_date, 1, 7));
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = new.customer_id);
END;
-- The trigger for an order line moved by an upload (`customer_stats_order_update`) is created by
-- step 6, which replaced the first version this step had; steps 3 to 5 move no order line.

INSERT INTO customer_stats (customer_id, agent_id, retailer_type, last_visit_at, last_order_date)
SELECT c.customer_id, c.agent_id, c.retailer_type,
       COALESCE((SELECT MAX(v.visited_at) FROM visits v WHERE v.customer_id = c.customer_id), 0),
       COALESCE((SELECT MAX(o.order_date) FROM order_lines o WHERE o.customer_id = c.customer_id), '')
FROM customers c;
INSERT INTO customer_order_months (customer_id, month)
SELECT DISTINCT customer_id, substr(order_date, 1, 7) FROM order_lines;
INSERT INTO agent_stats_versions (agent_id, version)
SELECT DISTINCT COALESCE(agent_id, 0), 1 FROM customers;
