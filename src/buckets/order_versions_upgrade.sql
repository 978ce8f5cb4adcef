-- Upgrade step 13 (src/db.rs): an order line rewrites its customer's summary row (and that row's
-- entry in customer_stats_agent) and raises the owner's figures version only when the row changes,
-- i.e. when the line is the customer's newest or fills an older month; before, each of an order's
-- ten lines rewrote the row and raised the version. The booked orders, which the landing's
-- productive and plan tiles count, raise their agent's version themselves (schema.sql has the same
-- triggers).
DROP TRIGGER IF EXISTS customer_stats_order_insert;
CREATE TRIGGER IF NOT EXISTS customer_stats_order_insert AFTER INSERT ON order_lines BEGIN
    UPDATE customer_stats
    SET prev_order_month = CASE
            WHEN substr(new.order_date, 1, 7) > substr(last_order_date, 1, 7) THEN substr(last_order_date, 1, 7)
            WHEN substr(new.order_date, 1, 7) < substr(last_order_date, 1, 7) THEN MAX(prev_order_month, substr(new.order_date, 1, 7))
            ELSE prev_order_month END,
        last_order_date = MAX(last_order_date, new.order_date)
    WHERE customer_id = new.customer_id
      AND (new.order_date > last_order_date
           OR (substr(new.order_date, 1, 7) < substr(last_order_date, 1, 7) AND substr(new.order_date, 1, 7) > prev_order_month));
    UPDATE agent_stats_versions SET version = version + 1
    WHERE changes() > 0 AND agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = new.customer_id);
    INSERT OR IGNORE INTO customer_order_months (customer_id, month) VALUES (new.customer_id, substr(new.order_date, 1, 7));
END;
CREATE TRIGGER IF NOT EXISTS orders_version_insert AFTER INSERT ON orders BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS orders_version_update AFTER UPDATE OF agent_id, status, visit_id ON orders BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(old.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
