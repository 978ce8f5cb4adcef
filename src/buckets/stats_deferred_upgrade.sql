-- Upgrade step 20 (src/db.rs): an upload writes the summary rows of the customers it adds once,
-- before it commits, instead of by a trigger run per customer (schema.sql has the same objects;
-- `buckets::stats::defer_added` and `summarize_added` use them).
CREATE TABLE IF NOT EXISTS customer_stats_deferred (only INTEGER PRIMARY KEY CHECK (only = 1), above INTEGER NOT NULL);
DROP TRIGGER IF EXISTS customer_stats_customer_insert;
CREATE TRIGGER IF NOT EXISTS customer_stats_customer_insert AFTER INSERT ON customers
WHEN NOT EXISTS (SELECT 1 FROM customer_stats_deferred WHERE above < new.customer_id) BEGIN
    INSERT INTO customer_stats (customer_id, agent_id, retailer_type) VALUES (new.customer_id, new.agent_id, new.retailer_type);
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
