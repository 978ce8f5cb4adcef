-- Upgrade step 11 (src/db.rs): the partial index of the orders that make a visit productive
-- (schema.sql has the same index), read by the landing's count per agent (buckets::stats).
CREATE INDEX IF NOT EXISTS orders_productive ON orders(agent_id, order_date, visit_id)
    WHERE visit_id IS NOT NULL AND status <> 'Cancelled';
