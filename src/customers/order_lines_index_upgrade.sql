-- Upgrade step 12 (src/db.rs): the customer's order lines indexed by product (schema.sql has the
-- same index), so a customer's products and their quantities are read from the index alone: the
-- visit screen's Must Sell list and a bucket row's top-selling product no longer fetch every line
-- of the customer from all over the table.
DROP INDEX IF EXISTS order_lines_customer;
CREATE INDEX order_lines_customer ON order_lines(customer_id, product_name, order_date, qty_shipped);
