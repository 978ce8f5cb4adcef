-- Upgrade step 14 (src/db.rs). schema.sql has the same triggers.
-- The server keeps the first pages of each bucket as sent while the day and the figures version of
-- each of their owners hold (buckets::stats), so whatever a page row shows raises the version of
-- the customer's owner when it changes: the summary (the triggers above), the customer's own
-- columns (a change of case too), the agent's manager and that manager's email, the latest visit
-- (the server only adds visits; a change by hand raises it too), and the order lines the
-- top-selling product is summed from. A booked order's lines come
-- with the order, which raises its agent's version itself (orders_version_insert).
CREATE TRIGGER IF NOT EXISTS customers_version_update
AFTER UPDATE OF buyer_id, name, mobile, email, address1, address2, city, postal_code, info, latitude, longitude ON customers
WHEN old.buyer_id COLLATE BINARY IS NOT new.buyer_id OR old.name IS NOT new.name OR old.mobile IS NOT new.mobile
  OR old.email IS NOT new.email OR old.address1 IS NOT new.address1 OR old.address2 IS NOT new.address2
  OR old.city IS NOT new.city OR old.postal_code IS NOT new.postal_code OR old.info IS NOT new.info
  OR old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS users_version_update AFTER UPDATE OF email, manager_id ON users
WHEN old.email COLLATE BINARY IS NOT new.email OR old.manager_id IS NOT new.manager_id BEGIN
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = new.uid OR agent_id IN (SELECT uid FROM users WHERE manager_id = new.uid);
END;
CREATE TRIGGER IF NOT EXISTS visits_version_update AFTER UPDATE OF customer_id, visited_at, location_status ON visits BEGIN
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id IN (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id IN (old.customer_id, new.customer_id));
END;
CREATE TRIGGER IF NOT EXISTS visits_version_delete AFTER DELETE ON visits BEGIN
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = old.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS order_lines_version_insert AFTER INSERT ON order_lines WHEN new.source <> 'app' BEGIN
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = new.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS order_lines_version_update AFTER UPDATE OF product_name, qty_shipped ON order_lines
WHEN old.product_name IS NOT new.product_name OR old.qty_shipped IS NOT new.qty_shipped BEGIN
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = new.customer_id);
END;
