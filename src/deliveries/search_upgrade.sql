-- Upgrade step 7 (src/db.rs): the delivery search's own index (schema.sql has the same objects),
-- filled from the deliveries already there.
--
-- Every value a delivery search suggests (order id, buyer id, buyer name, distributor: `kind` 0-3,
-- queries::SEARCH_COLUMNS), one row per delivery, led by the owning agent of its customer (0: none)
-- and compared without case as LIKE does: an agent's prefix search is one index range instead of a
-- walk of all their customers. Kept by the triggers below; `delivery_terms_source` says what it holds.
CREATE TABLE IF NOT EXISTS delivery_terms (
    agent_id    INTEGER NOT NULL,
    kind        INTEGER NOT NULL,
    term        TEXT NOT NULL COLLATE NOCASE,
    delivery_id INTEGER NOT NULL,
    PRIMARY KEY (agent_id, kind, term, delivery_id)
) WITHOUT ROWID;
-- An administrator's search (every agent), and the triggers' removal of a delivery's rows.
CREATE INDEX IF NOT EXISTS delivery_terms_all ON delivery_terms(kind, term);
CREATE INDEX IF NOT EXISTS delivery_terms_delivery ON delivery_terms(delivery_id);
CREATE VIEW IF NOT EXISTS delivery_terms_source (agent_id, kind, term, delivery_id, customer_id) AS
    SELECT COALESCE(c.agent_id, 0), 0, d.order_id, d.delivery_id, d.customer_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
    UNION ALL
    SELECT COALESCE(c.agent_id, 0), 1, c.buyer_id, d.delivery_id, d.customer_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
    UNION ALL
    SELECT COALESCE(c.agent_id, 0), 2, c.name, d.delivery_id, d.customer_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
    UNION ALL
    SELECT COALESCE(c.agent_id, 0), 3, d.seller_name, d.delivery_id, d.customer_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id;
CREATE TRIGGER IF NOT EXISTS delivery_terms_insert AFTER INSERT ON deliveries BEGIN
    INSERT INTO delivery_terms (agent_id, kind, term, delivery_id)
    SELECT agent_id, kind, term, delivery_id FROM delivery_terms_source WHERE delivery_id = new.delivery_id AND term IS NOT NULL;
END;
CREATE TRIGGER IF NOT EXISTS delivery_terms_update AFTER UPDATE OF order_id, seller_name, customer_id ON deliveries
WHEN old.order_id IS NOT new.order_id OR old.seller_name IS NOT new.seller_name OR old.customer_id IS NOT new.customer_id BEGIN
    DELETE FROM delivery_terms WHERE delivery_id = old.delivery_id;
    INSERT INTO delivery_terms (agent_id, kind, term, delivery_id)
    SELECT agent_id, kind, term, delivery_id FROM delivery_terms_source WHERE delivery_id = new.delivery_id AND term IS NOT NULL;
END;
CREATE TRIGGER IF NOT EXISTS delivery_terms_delete AFTER DELETE ON deliveries BEGIN
    DELETE FROM delivery_terms WHERE delivery_id = old.delivery_id;
END;
-- A customer given to another agent, or renamed: their deliveries' rows follow.
CREATE TRIGGER IF NOT EXISTS delivery_terms_customer_update AFTER UPDATE OF agent_id, buyer_id, name ON customers
WHEN old.agent_id IS NOT new.agent_id OR old.buyer_id IS NOT new.buyer_id OR old.name IS NOT new.name BEGIN
    DELETE FROM delivery_terms WHERE delivery_id IN (SELECT delivery_id FROM deliveries WHERE customer_id = old.customer_id);
    INSERT INTO delivery_terms (agent_id, kind, term, delivery_id)
    SELECT agent_id, kind, term, delivery_id FROM delivery_terms_source WHERE customer_id = new.customer_id AND term IS NOT NULL;
END;
INSERT INTO delivery_terms (agent_id, kind, term, delivery_id)
SELECT agent_id, kind, term, delivery_id FROM delivery_terms_source WHERE term IS NOT NULL;
