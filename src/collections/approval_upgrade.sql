-- Upgrade step 31 (src/db.rs): a payment far above what its customer owed waits for a manager's
-- approval (status `pending`, issue #49). SQLite cannot change a CHECK: the table is made again
-- under its name, the old one renamed first so the new one's text is schema.sql's. The rename
-- points payment_allocations at the old table, so it is made again too, pointing at the new one.
ALTER TABLE payments RENAME TO payments_before_31;
ALTER TABLE payment_allocations RENAME TO payment_allocations_before_31;
CREATE TABLE payments (
    payment_id        INTEGER PRIMARY KEY,
    receipt_no        TEXT NOT NULL UNIQUE,
    customer_id       INTEGER NOT NULL REFERENCES customers(customer_id),
    agent_id          INTEGER NOT NULL REFERENCES users(uid),
    entered_by        INTEGER NOT NULL REFERENCES users(uid),
    client_id         TEXT NOT NULL,
    amount_paise      INTEGER NOT NULL CHECK (amount_paise > 0),
    unallocated_paise INTEGER NOT NULL DEFAULT 0 CHECK (unallocated_paise >= 0),
    mode              TEXT NOT NULL CHECK (mode IN ('cash', 'cheque', 'upi', 'bank')),
    reference         TEXT,
    cheque_no         TEXT,
    bank              TEXT,
    collected_at      INTEGER NOT NULL,
    received_at       INTEGER NOT NULL,
    status            TEXT NOT NULL DEFAULT 'collected' CHECK (status IN ('pending', 'collected', 'deposited', 'reversed')),
    deposited_at      INTEGER,
    deposited_by      INTEGER REFERENCES users(uid),
    reversed_at       INTEGER,
    reversed_by       INTEGER REFERENCES users(uid),
    reversal_reason   TEXT
);
INSERT INTO payments (payment_id, receipt_no, customer_id, agent_id, entered_by, client_id, amount_paise, unallocated_paise, mode, reference, cheque_no, bank, collected_at, received_at, status, deposited_at, deposited_by, reversed_at, reversed_by, reversal_reason)
    SELECT payment_id, receipt_no, customer_id, agent_id, entered_by, client_id, amount_paise, unallocated_paise, mode, reference, cheque_no, bank, collected_at, received_at, status, deposited_at, deposited_by, reversed_at, reversed_by, reversal_reason FROM payments_before_31;
CREATE TABLE payment_allocations (
    payment_id   INTEGER NOT NULL REFERENCES payments(payment_id),
    invoice_id   INTEGER NOT NULL REFERENCES invoices(invoice_id),
    amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
    PRIMARY KEY (payment_id, invoice_id)
) WITHOUT ROWID;
INSERT INTO payment_allocations (payment_id, invoice_id, amount_paise)
    SELECT payment_id, invoice_id, amount_paise FROM payment_allocations_before_31;
DROP TABLE payment_allocations_before_31;
DROP TABLE payments_before_31;
CREATE UNIQUE INDEX IF NOT EXISTS payments_client ON payments(entered_by, client_id);
CREATE INDEX IF NOT EXISTS payments_customer ON payments(customer_id, collected_at);
CREATE INDEX IF NOT EXISTS payments_agent ON payments(agent_id, collected_at);
CREATE INDEX IF NOT EXISTS payments_collected ON payments(collected_at);
CREATE INDEX IF NOT EXISTS payment_allocations_invoice ON payment_allocations(invoice_id);
