-- Upgrade step 25 (src/db.rs), with photos and the working day. schema.sql has the same objects.
-- Collections (issue #38). Amounts are whole paise (`crate::money::Money`), never REAL.
-- An invoice of the distributor's billing (upload kind `invoice`; re-uploading an Invoice No
-- updates it). `paid_paise` is the sum of its allocations from payments not reversed, kept by the
-- code that allocates and reverses (src/collections), so a balance is `amount_paise - paid_paise`.
CREATE TABLE IF NOT EXISTS invoices (
    invoice_id     INTEGER PRIMARY KEY,
    invoice_no     TEXT NOT NULL UNIQUE COLLATE NOCASE,
    customer_id    INTEGER NOT NULL REFERENCES customers(customer_id),
    distributor_id INTEGER REFERENCES distributors(distributor_id),
    invoice_date   TEXT NOT NULL,
    due_date       TEXT NOT NULL,
    amount_paise   INTEGER NOT NULL CHECK (amount_paise >= 0),
    paid_paise     INTEGER NOT NULL DEFAULT 0 CHECK (paid_paise >= 0),
    uploaded_at    INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS invoices_customer ON invoices(customer_id, invoice_date);
-- A payment collected by an agent. `receipt_no` is unique to the company; `client_id` is unique per
-- user who entered it (a repeat is the same payment). `unallocated_paise` is what no invoice took
-- (an over-payment). `status`: collected, then deposited by a manager, or reversed by an
-- administrator with a reason (its allocations then no longer count in `invoices.paid_paise`).
CREATE TABLE IF NOT EXISTS payments (
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
    status            TEXT NOT NULL DEFAULT 'collected' CHECK (status IN ('collected', 'deposited', 'reversed')),
    deposited_at      INTEGER,
    deposited_by      INTEGER REFERENCES users(uid),
    reversed_at       INTEGER,
    reversed_by       INTEGER REFERENCES users(uid),
    reversal_reason   TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS payments_client ON payments(entered_by, client_id);
CREATE INDEX IF NOT EXISTS payments_customer ON payments(customer_id, collected_at);
CREATE INDEX IF NOT EXISTS payments_agent ON payments(agent_id, collected_at);
CREATE INDEX IF NOT EXISTS payments_collected ON payments(collected_at);
-- How a payment was spread over invoices (oldest first unless the agent picked).
CREATE TABLE IF NOT EXISTS payment_allocations (
    payment_id   INTEGER NOT NULL REFERENCES payments(payment_id),
    invoice_id   INTEGER NOT NULL REFERENCES invoices(invoice_id),
    amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
    PRIMARY KEY (payment_id, invoice_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS payment_allocations_invoice ON payment_allocations(invoice_id);
-- A customer's credit limit (NULL: none), and an order held over it: `credit_hold` is NULL for an
-- order never held, else `awaiting` (not mailed), `approved` or `rejected` (never mailed), with
-- the reason shown to the agent and who decided, when and why.
ALTER TABLE customers ADD COLUMN credit_limit_paise INTEGER CHECK (credit_limit_paise >= 0);
ALTER TABLE orders ADD COLUMN credit_hold TEXT CHECK (credit_hold IN ('awaiting', 'approved', 'rejected'));
ALTER TABLE orders ADD COLUMN held_reason TEXT;
ALTER TABLE orders ADD COLUMN credit_decided_by INTEGER REFERENCES users(uid);
ALTER TABLE orders ADD COLUMN credit_decided_at INTEGER;
ALTER TABLE orders ADD COLUMN credit_decision_reason TEXT;
CREATE INDEX IF NOT EXISTS orders_held ON orders(created_at) WHERE credit_hold = 'awaiting';
