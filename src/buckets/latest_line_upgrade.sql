-- Upgrade step 42 (src/platform/db.rs): each customer's latest order line in their summary
-- (schema.sql has the same objects), so an order's usual distributor is one row away instead of a
-- read of every line of the customer's latest day (the quote after a day of bookings, issue #56).
ALTER TABLE customer_stats ADD COLUMN last_line_id INTEGER NOT NULL DEFAULT 0;
UPDATE customer_stats
SET last_line_id = COALESCE((SELECT l.line_id FROM order_lines l WHERE l.customer_id = customer_stats.customer_id
                             ORDER BY l.order_date DESC, l.line_id DESC LIMIT 1), 0)
WHERE last_order_date <> '';
CREATE TRIGGER IF NOT EXISTS customer_stats_latest_line_insert AFTER INSERT ON order_lines BEGIN
    UPDATE customer_stats SET last_line_id = new.line_id
    WHERE customer_id = new.customer_id
      AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.line_id = customer_stats.last_line_id
                                                    AND (l.order_date, l.line_id) > (new.order_date, new.line_id));
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_latest_line_update AFTER UPDATE OF order_date, customer_id ON order_lines
WHEN old.order_date IS NOT new.order_date OR old.customer_id IS NOT new.customer_id BEGIN
    UPDATE customer_stats
    SET last_line_id = COALESCE((SELECT l.line_id FROM order_lines l WHERE l.customer_id = customer_stats.customer_id
                                 ORDER BY l.order_date DESC, l.line_id DESC LIMIT 1), 0)
    WHERE customer_id IN (old.customer_id, new.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_latest_line_delete AFTER DELETE ON order_lines BEGIN
    UPDATE customer_stats
    SET last_line_id = COALESCE((SELECT l.line_id FROM order_lines l WHERE l.customer_id = customer_stats.customer_id
                                 ORDER BY l.order_date DESC, l.line_id DESC LIMIT 1), 0)
    WHERE customer_id = old.customer_id AND last_line_id = old.line_id;
END;
