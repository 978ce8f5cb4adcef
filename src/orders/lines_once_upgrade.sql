-- Upgrade step 18 (src/db.rs): a booked order's lines are kept once, in `order_lines` with their
-- product, instead of in `order_items` and again as a copy in `order_lines`: the group-commit
-- writer wrote every booked line twice. A cancel moves them to `cancelled_lines` (the figures
-- count only what is in `order_lines`), and an order keeps its count of lines (the order lists).
-- schema.sql has the same objects.
ALTER TABLE order_lines ADD COLUMN product_id INTEGER;
ALTER TABLE orders ADD COLUMN line_count INTEGER NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS cancelled_lines (
    line_id      INTEGER PRIMARY KEY,
    order_id     INTEGER NOT NULL REFERENCES orders(order_id),
    product_id   INTEGER NOT NULL REFERENCES products(product_id),
    product_name TEXT NOT NULL,
    sku          TEXT,
    quantity     INTEGER NOT NULL,
    unit_price   REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS cancelled_lines_order ON cancelled_lines(order_id);
UPDATE orders SET line_count = (SELECT COUNT(*) FROM order_items i WHERE i.order_id = orders.order_id);
-- The booked lines' copies carry the order number APP000123 (order_lines_order_product finds them).
-- Each takes its product, SKU and price from order_items, the order's own record.
UPDATE order_lines SET product_id = i.product_id, sku = i.sku, unit_price = i.unit_price
    FROM order_items i
    WHERE order_lines.order_id >= 'APP' AND order_lines.order_id < 'APQ' AND order_lines.source = 'app'
      AND i.order_id = CAST(substr(order_lines.order_id, 4) AS INTEGER) AND i.product_name = order_lines.product_name;
-- A copy an upload overwrote (an upload could, before this step) gets back what was booked.
UPDATE order_lines SET qty_shipped = i.quantity, customer_id = o.customer_id, order_date = o.order_date
    FROM order_items i JOIN orders o ON o.order_id = i.order_id
    WHERE order_lines.order_id >= 'APP' AND order_lines.order_id < 'APQ' AND order_lines.source = 'app'
      AND i.order_id = CAST(substr(order_lines.order_id, 4) AS INTEGER) AND i.product_name = order_lines.product_name
      AND (order_lines.qty_shipped <> i.quantity OR order_lines.customer_id <> o.customer_id OR order_lines.order_date <> o.order_date);
-- A line of an order not cancelled whose copy is missing is put back.
INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_id, product_name, sku, qty_shipped, unit_price, source)
    SELECT printf('APP%06d', o.order_id), o.order_date, o.customer_id, d.name, i.product_id, i.product_name, i.sku, i.quantity,
           i.unit_price, 'app'
    FROM order_items i JOIN orders o ON o.order_id = i.order_id JOIN distributors d ON d.distributor_id = o.distributor_id
    WHERE o.status <> 'Cancelled'
      AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = printf('APP%06d', o.order_id) AND l.product_name = i.product_name)
    ORDER BY i.item_id;
INSERT INTO cancelled_lines (order_id, product_id, product_name, sku, quantity, unit_price)
    SELECT i.order_id, i.product_id, i.product_name, i.sku, i.quantity, i.unit_price
    FROM order_items i JOIN orders o ON o.order_id = i.order_id WHERE o.status = 'Cancelled' ORDER BY i.item_id;
DROP TABLE order_items;
