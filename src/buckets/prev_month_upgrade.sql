-- Upgrade step 6 (src/db.rs): each customer's previous order month in the dashboard summary
-- (schema.sql has the same objects), so "ordered last month" is read from the summary row instead
-- of a probe of customer_order_months per customer (a landing cache miss: 170 ms to a few ms for
-- a manager of 10 agents at a million customers).
ALTER TABLE customer_stats ADD COLUMN prev_order_month TEXT NOT NULL DEFAULT '';
UPDATE customer_stats
SET prev_order_month = COALESCE((SELECT MAX(m.month) FROM customer_order_months m
                                 WHERE m.customer_id = customer_stats.customer_id
                                   AND m.month < substr(customer_stats.last_order_date, 1, 7)), '')
WHERE last_order_date <> '';
DROP INDEX customer_stats_agent;
CREATE INDEX customer_stats_agent ON customer_stats(agent_id, last_visit_at, last_order_date, retailer_type, prev_order_month);
-- (IF EXISTS: a step is safe on a database that lacks what it replaces.)
DROP TRIGGER IF EXISTS customer_stats_order_insert;
DROP TRIGGER IF EXISTS customer_stats_order_update;
DROP TRIGGER IF EXISTS customer_stats_order_delete;
-- `prev_order_month` is the newest month with an order before the month of `last_order_date`: a
-- line of a newer month pushes the last order's month there; a line of an older month may fill it.
CREATE TRIGGER IF NOT EXISTS customer_stats_order_insert AFTER INSERT ON order_lines BEGIN
    UPDATE customer_stats
    SET prev_order_month = CASE
            WHEN substr(new.order_date, 1, 7) > substr(last_order_date, 1, 7) THEN substr(last_order_date, 1, 7)
            WHEN substr(new.order_date, 1, 7) < substr(last_order_date, 1, 7) THEN MAX(prev_order_month, substr(new.order_date, 1, 7))
            ELSE prev_order_month END,
        last_order_date = MAX(last_order_date, new.order_date)
    WHERE customer_id = new.customer_id;
    INSERT OR IGNORE INTO customer_order_months (customer_id, month) VALUES (new.customer_id, substr(new.order_date, 1, 7));
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = new.customer_id);
END;
-- An order upload may move a line to another date or customer: the old customer's figures are
-- recomputed from their (few) remaining lines and months.
CREATE TRIGGER IF NOT EXISTS customer_stats_order_update AFTER UPDATE OF order_date, customer_id ON order_lines
WHEN old.order_date IS NOT new.order_date OR old.customer_id IS NOT new.customer_id BEGIN
    UPDATE customer_stats
    SET last_order_date = COALESCE((SELECT MAX(order_date) FROM order_lines WHERE customer_id = old.customer_id), '')
    WHERE customer_id = old.customer_id;
    DELETE FROM customer_order_months
    WHERE customer_id = old.customer_id AND month = substr(old.order_date, 1, 7)
      AND NOT EXISTS (SELECT 1 FROM order_lines
                      WHERE customer_id = old.customer_id AND substr(order_date, 1, 7) = substr(old.order_date, 1, 7));
    UPDATE customer_stats SET last_order_date = MAX(last_order_date, new.order_date) WHERE customer_id = new.customer_id;
    INSERT OR IGNORE INTO customer_order_months (customer_id, month) VALUES (new.customer_id, substr(new.order_date, 1, 7));
    UPDATE customer_stats
    SET prev_order_month = COALESCE((SELECT MAX(m.month) FROM customer_order_months m
                                     WHERE m.customer_id = customer_stats.customer_id
                                       AND m.month < substr(customer_stats.last_order_date, 1, 7)), '')
    WHERE customer_id IN (old.customer_id, new.customer_id);
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id IN (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id IN (old.customer_id, new.customer_id));
END;
-- A cancelled booked order's lines are deleted (upgrade step 4): as for a moved line, the
-- customer's figures are recomputed from their remaining lines and months.
CREATE TRIGGER IF NOT EXISTS customer_stats_order_delete AFTER DELETE ON order_lines BEGIN
    UPDATE customer_stats
    SET last_order_date = COALESCE((SELECT MAX(order_date) FROM order_lines WHERE customer_id = old.customer_id), '')
    WHERE customer_id = old.customer_id;
    DELETE FROM customer_order_months
    WHERE customer_id = old.customer_id AND month = substr(old.order_date, 1, 7)
      AND NOT EXISTS (SELECT 1 FROM order_lines
                      WHERE customer_id = old.customer_id AND substr(order_date, 1, 7) = substr(old.order_date, 1, 7));
    UPDATE customer_stats
    SET prev_order_month = COALESCE((SELECT MAX(m.month) FROM customer_order_months m
                                     WHERE m.customer_id = customer_stats.customer_id
                                       AND m.month < substr(customer_stats.last_order_date, 1, 7)), '')
    WHERE customer_id = old.customer_id;
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = old.customer_id);
END;

