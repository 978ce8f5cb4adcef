-- Upgrade step 8 (src/db.rs): the customer search index written once per bulk write (schema.sql
-- has the same objects; `customers::search_index` uses them).
--
-- While a bulk writer (an upload, the scale seed) holds the row of customers_fts_deferred inside its
-- transaction, the index triggers note the customers they would index in customers_fts_pending
-- instead, and the writer indexes them all in one statement before it commits: FTS5 writes its
-- pending terms out at the end of every statement, which made an upload 1.7 times slower.
CREATE TABLE IF NOT EXISTS customers_fts_deferred (only INTEGER PRIMARY KEY CHECK (only = 1));
CREATE TABLE IF NOT EXISTS customers_fts_pending (customer_id INTEGER PRIMARY KEY);
DROP TRIGGER IF EXISTS customers_fts_insert;
DROP TRIGGER IF EXISTS customers_fts_delete;
DROP TRIGGER IF EXISTS customers_fts_update;
CREATE TRIGGER IF NOT EXISTS customers_fts_insert AFTER INSERT ON customers
WHEN NOT EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    INSERT INTO customers_fts (rowid, buyer_id, name, mobile, owner)
    VALUES (new.customer_id, new.buyer_id, new.name, new.mobile, 'a' || COALESCE(new.agent_id, 0));
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_delete AFTER DELETE ON customers
WHEN NOT EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    DELETE FROM customers_fts WHERE rowid = old.customer_id;
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_update AFTER UPDATE OF buyer_id, name, mobile, agent_id ON customers
WHEN NOT EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    UPDATE customers_fts SET buyer_id = new.buyer_id, name = new.name, mobile = new.mobile,
                             owner = 'a' || COALESCE(new.agent_id, 0)
    WHERE rowid = new.customer_id;
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_defer_insert AFTER INSERT ON customers
WHEN EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    INSERT OR IGNORE INTO customers_fts_pending (customer_id) VALUES (new.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_defer_delete AFTER DELETE ON customers
WHEN EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    INSERT OR IGNORE INTO customers_fts_pending (customer_id) VALUES (old.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_defer_update AFTER UPDATE OF buyer_id, name, mobile, agent_id ON customers
WHEN EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    INSERT OR IGNORE INTO customers_fts_pending (customer_id) VALUES (new.customer_id);
END;
