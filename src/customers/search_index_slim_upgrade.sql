-- Upgrade step 16 (src/db.rs): the customer search index keeps only what a search reads (schema.sql
-- has the same objects). It kept a copy of the indexed text and an `owner` column that no search
-- used, both written with every customer an import writes. The index is built again from the
-- customers (8 s for a million). A deferred bulk write no longer notes the customers it
-- adds: they are those above the highest customer id at its start (`above`). The index on the
-- customers' mobile goes: no query reads it (searches read customers_agent or this index).
DROP INDEX IF EXISTS customers_mobile;
DROP TRIGGER IF EXISTS customers_fts_insert;
DROP TRIGGER IF EXISTS customers_fts_delete;
DROP TRIGGER IF EXISTS customers_fts_update;
DROP TRIGGER IF EXISTS customers_fts_defer_insert;
DROP TRIGGER IF EXISTS customers_fts_defer_delete;
DROP TRIGGER IF EXISTS customers_fts_defer_update;
DROP TABLE IF EXISTS customers_fts;
DROP TABLE IF EXISTS customers_fts_deferred;
CREATE VIRTUAL TABLE IF NOT EXISTS customers_fts USING fts5(
    buyer_id, name, mobile, content = '', contentless_delete = 1, tokenize = 'unicode61', prefix = '2 3 4'
);
CREATE TABLE IF NOT EXISTS customers_fts_deferred (only INTEGER PRIMARY KEY CHECK (only = 1), above INTEGER NOT NULL);
INSERT INTO customers_fts (rowid, buyer_id, name, mobile) SELECT customer_id, buyer_id, name, mobile FROM customers;
CREATE TRIGGER IF NOT EXISTS customers_fts_insert AFTER INSERT ON customers
WHEN NOT EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    INSERT INTO customers_fts (rowid, buyer_id, name, mobile) VALUES (new.customer_id, new.buyer_id, new.name, new.mobile);
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_delete AFTER DELETE ON customers
WHEN NOT EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    DELETE FROM customers_fts WHERE rowid = old.customer_id;
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_update AFTER UPDATE OF buyer_id, name, mobile ON customers
WHEN NOT EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    DELETE FROM customers_fts WHERE rowid = old.customer_id;
    INSERT INTO customers_fts (rowid, buyer_id, name, mobile) VALUES (new.customer_id, new.buyer_id, new.name, new.mobile);
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_defer_delete AFTER DELETE ON customers
WHEN EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    INSERT OR IGNORE INTO customers_fts_pending (customer_id) VALUES (old.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_defer_update AFTER UPDATE OF buyer_id, name, mobile ON customers
WHEN EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    INSERT OR IGNORE INTO customers_fts_pending (customer_id) VALUES (new.customer_id);
END;
