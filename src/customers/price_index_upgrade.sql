-- Upgrade step 19 (src/db.rs): a product's order lines indexed by seller and date, not by date
-- alone (schema.sql has the same index). The price comparison read every line of the product of
-- the last 90 days to keep each seller's latest (1.6 s for a product at the benchmark's ten million
-- lines); now it seeks each seller's latest line. Built again from the lines (15 s for ten million).
DROP INDEX IF EXISTS order_lines_product;
CREATE INDEX IF NOT EXISTS order_lines_product ON order_lines(product_name, seller_name, order_date);
