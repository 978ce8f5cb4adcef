-- Upgrade step 23 (src/db.rs): money is exact. Prices and totals were REAL (binary fractions:
-- 0.1 + 0.2 is not 0.3); they become whole numbers of paise in INTEGER `*_paise` columns, read and
-- written as `crate::money::Money`. A REAL column would turn the integers back into floating point,
-- so each column is added anew, filled, and the old one dropped (no index or trigger names them).
-- The conversion rounds to the paisa as `Money::from_f64` does: half away from zero on the decimal
-- as written (the nudge of 1e-12 puts 0.285 * 100 = 28.499999999999996 back on its half).
-- An order's total is then the sum of its lines, quantity times unit price in paise, exactly
-- (an order without lines keeps its converted total). schema.sql has the same objects.
ALTER TABLE products ADD COLUMN price_paise INTEGER CHECK (price_paise >= 0);
UPDATE products SET price_paise = CAST(ROUND(price * 100 * (1 + 1e-12)) AS INTEGER) WHERE price IS NOT NULL;
ALTER TABLE products DROP COLUMN price;
ALTER TABLE order_lines ADD COLUMN unit_price_paise INTEGER NOT NULL DEFAULT 0;
UPDATE order_lines SET unit_price_paise = CAST(ROUND(unit_price * 100 * (1 + 1e-12)) AS INTEGER) WHERE unit_price <> 0;
ALTER TABLE order_lines DROP COLUMN unit_price;
ALTER TABLE cancelled_lines ADD COLUMN unit_price_paise INTEGER NOT NULL DEFAULT 0;
UPDATE cancelled_lines SET unit_price_paise = CAST(ROUND(unit_price * 100 * (1 + 1e-12)) AS INTEGER);
ALTER TABLE cancelled_lines DROP COLUMN unit_price;
ALTER TABLE orders ADD COLUMN total_paise INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET total_paise = COALESCE(
    (SELECT SUM(amount) FROM (
        SELECT CAST(l.qty_shipped AS INTEGER) * l.unit_price_paise AS amount FROM order_lines l
        WHERE l.order_id = printf('APP%06d', orders.order_id) AND l.source = 'app'
        UNION ALL
        SELECT c.quantity * c.unit_price_paise FROM cancelled_lines c WHERE c.order_id = orders.order_id)),
    CAST(ROUND(total * 100 * (1 + 1e-12)) AS INTEGER));
ALTER TABLE orders DROP COLUMN total;
