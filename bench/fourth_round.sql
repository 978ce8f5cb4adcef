-- The rows the screens of issue #56 read, which the scale seed does not write: three invoices per
-- customer (due over the last four months, the oldest paid, the next half paid, the newest open:
-- the outstanding panel's ageing buckets all filled), a return of one line from every fourth
-- customer (half decided), and a payment in the last month from every second customer. Applied once to the run's copy by bench/run.sh, with bench/schemes.sql.
INSERT INTO invoices (invoice_no, customer_id, distributor_id, invoice_date, due_date, amount_paise, paid_paise, uploaded_at, updated_at)
SELECT 'BI' || c.customer_id || '-' || k.n, c.customer_id, 1,
       date('now', printf('%+d days', -(k.n * 40 + c.customer_id % 20))),
       date('now', printf('%+d days', 15 - (k.n * 40 + c.customer_id % 20))),
       100000 + (c.customer_id % 50) * 1000,
       CASE k.n WHEN 2 THEN 100000 + (c.customer_id % 50) * 1000 WHEN 1 THEN 50000 ELSE 0 END,
       CAST(strftime('%s', 'now') AS INTEGER), CAST(strftime('%s', 'now') AS INTEGER)
FROM customers c, (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2) k;
INSERT INTO returns (customer_id, agent_id, entered_by, client_id, distributor_id, reason, remark, taxable_paise, tax_paise,
                     value_paise, status, created_at, decided_by, decided_at)
SELECT c.customer_id, c.agent_id, c.agent_id, 'bench-return-' || c.customer_id, 1, 'damaged', 'bench', 10000, 1200, 11200,
       CASE (c.customer_id / 4) % 4 WHEN 2 THEN 'Approved' WHEN 3 THEN 'Rejected' ELSE 'Submitted' END,
       CAST(strftime('%s', 'now') AS INTEGER) - (c.customer_id % 60) * 86400, NULL, NULL
FROM customers c WHERE c.customer_id % 4 = 0 AND c.agent_id IS NOT NULL;
UPDATE returns SET decided_by = entered_by, decided_at = created_at + 3600 WHERE status <> 'Submitted';
INSERT INTO return_lines (return_id, line_no, product_id, quantity, valued_from, taxable_paise, tax_paise)
SELECT return_id, 1, 1 + return_id % 20, 2, 'list', 10000, 1200 FROM returns WHERE client_id LIKE 'bench-return-%';
-- A payment from every second customer within the last 30 days, the one that paid its oldest
-- invoice (the Collections list reads a month of its scope's payments for its totals).
INSERT INTO payments (receipt_no, customer_id, agent_id, entered_by, client_id, amount_paise, unallocated_paise, mode, reference,
                      collected_at, received_at, status)
SELECT 'RB-' || c.customer_id, c.customer_id, c.agent_id, c.agent_id, 'benchseed-' || c.customer_id, 100000 + (c.customer_id % 50) * 1000, 0,
       CASE c.customer_id % 4 WHEN 0 THEN 'cash' WHEN 1 THEN 'upi' WHEN 2 THEN 'bank' ELSE 'cheque' END, 'UTR' || c.customer_id,
       CAST(strftime('%s', 'now') AS INTEGER) - (c.customer_id % 30) * 86400, CAST(strftime('%s', 'now') AS INTEGER) - (c.customer_id % 30) * 86400,
       CASE c.customer_id % 10 WHEN 0 THEN 'deposited' ELSE 'collected' END
FROM customers c WHERE c.customer_id % 2 = 0 AND c.agent_id IS NOT NULL;
INSERT INTO payment_allocations (payment_id, invoice_id, amount_paise)
SELECT p.payment_id, i.invoice_id, p.amount_paise FROM payments p JOIN invoices i ON i.invoice_no = 'BI' || p.customer_id || '-2'
WHERE p.receipt_no LIKE 'RB-%';
