-- Step 40 (issue #51): a credit hold's reason kept as its code and amounts in paise, worded where
-- it is shown in the company's currency (it was the English text with rupees written in, its code
-- and values parsed back out of it). Reasons stored in the one wording the server wrote,
-- "Outstanding ₹X + open orders ₹Y + this order ₹Z exceeds the credit limit ₹L." (amounts with
-- Indian grouping, two places, a minus before the ₹ where negative), are converted; any other text
-- stays as it was, without amounts, and is shown as it is.
ALTER TABLE orders ADD COLUMN held_outstanding_paise INTEGER;
ALTER TABLE orders ADD COLUMN held_open_paise INTEGER;
ALTER TABLE orders ADD COLUMN held_order_paise INTEGER;
ALTER TABLE orders ADD COLUMN held_limit_paise INTEGER;

CREATE TEMP TABLE held_reason_parts AS
    SELECT order_id,
           substr(r, 13, a - 13) AS outstanding,
           substr(r, a + 15, b - a - 15) AS open,
           substr(r, b + 14, c - b - 14) AS this_order,
           substr(r, c + 26, length(r) - c - 26) AS credit_limit
    FROM (SELECT order_id, held_reason AS r, instr(held_reason, ' + open orders ') AS a,
                 instr(held_reason, ' + this order ') AS b, instr(held_reason, ' exceeds the credit limit ') AS c
          FROM orders WHERE held_reason LIKE 'Outstanding %.')
    WHERE a > 13 AND b > a AND c > b;

UPDATE orders SET held_reason = 'order_held_over_limit',
    held_outstanding_paise = (SELECT CAST(ROUND(CAST(replace(replace(p.outstanding, '₹', ''), ',', '') AS REAL) * 100) AS INTEGER) FROM held_reason_parts p WHERE p.order_id = orders.order_id),
    held_open_paise = (SELECT CAST(ROUND(CAST(replace(replace(p.open, '₹', ''), ',', '') AS REAL) * 100) AS INTEGER) FROM held_reason_parts p WHERE p.order_id = orders.order_id),
    held_order_paise = (SELECT CAST(ROUND(CAST(replace(replace(p.this_order, '₹', ''), ',', '') AS REAL) * 100) AS INTEGER) FROM held_reason_parts p WHERE p.order_id = orders.order_id),
    held_limit_paise = (SELECT CAST(ROUND(CAST(replace(replace(p.credit_limit, '₹', ''), ',', '') AS REAL) * 100) AS INTEGER) FROM held_reason_parts p WHERE p.order_id = orders.order_id)
WHERE order_id IN (SELECT order_id FROM held_reason_parts);

DROP TABLE held_reason_parts;
