-- Upgrade step 4 (src/db.rs): order booking (issue #18). Catalogue columns of products, the
-- distributors' mail address, the source of order lines, booked orders and their lines, and the
-- trigger that keeps the dashboard summary right when a cancelled order's lines are deleted
-- (schema.sql has the same objects). Existing order lines are uploads.
ALTER TABLE products ADD COLUMN price REAL CHECK (price >= 0);
ALTER TABLE products ADD COLUMN pack_size INTEGER CHECK (pack_size > 0);
ALTER TABLE products ADD COLUMN category TEXT;
ALTER TABLE products ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));
ALTER TABLE distributors ADD COLUMN email TEXT;
ALTER TABLE order_lines ADD COLUMN source TEXT NOT NULL DEFAULT 'upload' CHECK (source IN ('upload', 'app'));
CREATE TABLE IF NOT EXISTS orders (
    order_id       INTEGER PRIMARY KEY,
    customer_id    INTEGER NOT NULL REFERENCES customers(customer_id),
    agent_id       INTEGER REFERENCES users(uid),
    booked_by      INTEGER NOT NULL REFERENCES users(uid),
    distributor_id INTEGER NOT NULL REFERENCES distributors(distributor_id),
    visit_id       INTEGER REFERENCES visits(visit_id),
    client_id      TEXT,
    remark         TEXT,
    order_date     TEXT NOT NULL,
    total          REAL NOT NULL,
    status         TEXT NOT NULL DEFAULT 'Submitted' CHECK (status IN ('Submitted', 'Sent', 'Cancelled')),
    created_at     INTEGER NOT NULL,
    mailing_at     INTEGER,
    sent_at        INTEGER,
    cancelled_at   INTEGER,
    cancelled_by   INTEGER REFERENCES users(uid)
);
CREATE UNIQUE INDEX IF NOT EXISTS orders_client ON orders(booked_by, client_id) WHERE client_id IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS orders_visit ON orders(visit_id) WHERE visit_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS orders_customer ON orders(customer_id, order_date);
CREATE INDEX IF NOT EXISTS orders_agent ON orders(agent_id, order_date);
CREATE INDEX IF NOT EXISTS orders_status ON orders(status, distributor_id);
CREATE TABLE IF NOT EXISTS order_items (
    item_id      INTEGER PRIMARY KEY,
    order_id     INTEGER NOT NULL REFERENCES orders(order_id),
    product_id   INTEGER NOT NULL REFERENCES products(product_id),
    product_name TEXT NOT NULL,
    sku          TEXT,
    quantity     INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 100000),
    unit_price   REAL NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS order_items_product ON order_items(order_id, product_id);
CREATE TRIGGER IF NOT EXISTS customer_stats_order_delete AFTER DELETE ON order_lines BEGIN
    UPDATE customer_stats
    SET last_order_date = COALESCE((SELECT MAX(order_date) FROM order_lines WHERE customer_id = old.customer_id), '')
    WHERE customer_id = old.customer_id;
    DELETE FROM customer_order_months
    WHERE customer_id = old.customer_id AND month = substr(old.order_date, 1, 7)
      AND NOT EXISTS (SELECT 1 FROM order_lines
                      WHERE customer_id = old.customer_id AND substr(order_date, 1, 7) = substr(old.order_date, 1, 7));
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = old.customer_id);
END;
