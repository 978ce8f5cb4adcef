-- Upgrade step 12 (src/db.rs): the index of a customer's order lines by date also holds their
-- product and quantity (schema.sql has the same index), so the visit screen's Must Sell list and a
-- bucket row's top-selling product read a customer's products from the index alone instead of
-- fetching every line from all over the table. Date ranges within a customer are unchanged.
DROP INDEX IF EXISTS order_lines_customer;
CREATE INDEX order_lines_customer ON order_lines(customer_id, order_date, product_name, qty_shipped);
