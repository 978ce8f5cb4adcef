-- Upgrade step 17 (src/db.rs): a booked order applies itself to its customer's summary once, with
-- the order, instead of once for each of its lines (they share its customer and date): the
-- group-commit writer ran the summary trigger's four lookups ten times per booking. An uploaded
-- line still applies itself. Both go through the view customer_orders_applied, which holds the
-- one copy of the summary rule (schema.sql has the same objects).
DROP TRIGGER IF EXISTS customer_stats_order_insert;
CREATE VIEW IF NOT EXISTS customer_orders_applied (customer_id, order_date) AS SELECT customer_id, order_date FROM order_lines WHERE 0;
CREATE TRIGGER IF NOT EXISTS customer_orders_applied_insert INSTEAD OF INSERT ON customer_orders_applied BEGIN
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
CREATE TRIGGER IF NOT EXISTS customer_stats_order_insert AFTER INSERT ON order_lines WHEN new.source <> 'app' BEGIN
    INSERT INTO customer_orders_applied (customer_id, order_date) VALUES (new.customer_id, new.order_date);
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_booking_insert AFTER INSERT ON orders BEGIN
    INSERT INTO customer_orders_applied (customer_id, order_date) VALUES (new.customer_id, new.order_date);
END;
