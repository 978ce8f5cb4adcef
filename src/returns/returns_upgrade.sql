-- Step 39 (src/db.rs): returns, shelf stock and new shops (issue #54, CONTRACT.md "Returns, shelf
-- stock and new shops"). schema.sql has the same objects.
-- A shelf count at a visit: how many pieces of each product the shop holds (`shelf_count_lines`);
-- a repeat of a `client_id` by the same user is the same count.
CREATE TABLE IF NOT EXISTS shelf_counts (
    count_id    INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
    agent_id    INTEGER REFERENCES users(uid),
    entered_by  INTEGER NOT NULL REFERENCES users(uid),
    client_id   TEXT NOT NULL,
    counted_at  INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS shelf_counts_client ON shelf_counts(entered_by, client_id);
CREATE INDEX IF NOT EXISTS shelf_counts_customer ON shelf_counts(customer_id, counted_at);
CREATE TABLE IF NOT EXISTS shelf_count_lines (
    count_id   INTEGER NOT NULL REFERENCES shelf_counts(count_id),
    product_id INTEGER NOT NULL REFERENCES products(product_id),
    quantity   INTEGER NOT NULL CHECK (quantity >= 0),
    PRIMARY KEY (count_id, product_id)
) WITHOUT ROWID;
-- Goods a shop gives back (decision 40): `Submitted`, then `Approved` (a credit of `value_paise`,
-- taxable + tax as each line was valued, spread over the oldest open invoices in
-- `return_allocations`; what no invoice took is `unallocated_paise`) or `Rejected`.
CREATE TABLE IF NOT EXISTS returns (
    return_id         INTEGER PRIMARY KEY,
    customer_id       INTEGER NOT NULL REFERENCES customers(customer_id),
    agent_id          INTEGER REFERENCES users(uid),
    entered_by        INTEGER NOT NULL REFERENCES users(uid),
    client_id         TEXT NOT NULL,
    distributor_id    INTEGER REFERENCES distributors(distributor_id),
    reason            TEXT NOT NULL CHECK (reason IN ('damaged', 'expired', 'near_expiry', 'wrong_item', 'other')),
    remark            TEXT,
    photo_client_id   TEXT,
    taxable_paise     INTEGER NOT NULL CHECK (taxable_paise >= 0),
    tax_paise         INTEGER NOT NULL CHECK (tax_paise >= 0),
    value_paise       INTEGER NOT NULL CHECK (value_paise >= 0),
    status            TEXT NOT NULL DEFAULT 'Submitted' CHECK (status IN ('Submitted', 'Approved', 'Rejected')),
    unallocated_paise INTEGER NOT NULL DEFAULT 0 CHECK (unallocated_paise >= 0),
    created_at        INTEGER NOT NULL,
    decided_by        INTEGER REFERENCES users(uid),
    decided_at        INTEGER,
    decision_reason   TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS returns_client ON returns(entered_by, client_id);
CREATE INDEX IF NOT EXISTS returns_customer ON returns(customer_id, created_at);
CREATE INDEX IF NOT EXISTS returns_agent ON returns(agent_id, created_at);
-- A line of a return, valued when it was recorded: `valued_from` 'order' (the customer's last
-- priced order line of the product: its taxable value and tax per piece) or 'list' (never
-- ordered: the product's list price and GST rate).
CREATE TABLE IF NOT EXISTS return_lines (
    return_id     INTEGER NOT NULL REFERENCES returns(return_id),
    line_no       INTEGER NOT NULL,
    product_id    INTEGER NOT NULL REFERENCES products(product_id),
    quantity      INTEGER NOT NULL CHECK (quantity > 0),
    batch         TEXT,
    expiry        TEXT,
    valued_from   TEXT NOT NULL CHECK (valued_from IN ('order', 'list')),
    taxable_paise INTEGER NOT NULL,
    tax_paise     INTEGER NOT NULL,
    PRIMARY KEY (return_id, line_no)
) WITHOUT ROWID;
-- How an approved return's credit was spread over invoices (added to their `paid_paise`).
CREATE TABLE IF NOT EXISTS return_allocations (
    return_id    INTEGER NOT NULL REFERENCES returns(return_id),
    invoice_id   INTEGER NOT NULL REFERENCES invoices(invoice_id),
    amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
    PRIMARY KEY (return_id, invoice_id)
) WITHOUT ROWID;
-- A new shop proposed by an agent (decision 41): `Pending`, then `Approved` (`customer_id` the
-- customer made for the agent) or `Rejected` with a reason. `likely_duplicate` names what it may
-- repeat (a customer's buyer id or another proposal), `duplicate_reason` why ('mobile', 'nearby').
CREATE TABLE IF NOT EXISTS outlet_proposals (
    proposal_id      INTEGER PRIMARY KEY,
    agent_id         INTEGER NOT NULL REFERENCES users(uid),
    client_id        TEXT NOT NULL,
    buyer_name       TEXT NOT NULL,
    mobile           TEXT NOT NULL,
    address1         TEXT NOT NULL,
    city             TEXT NOT NULL,
    state            TEXT NOT NULL,
    postal_code      TEXT NOT NULL,
    latitude         REAL,
    longitude        REAL,
    retailer_type    TEXT NOT NULL,
    gstin            TEXT,
    pan              TEXT,
    fssai            TEXT,
    likely_duplicate TEXT,
    duplicate_reason TEXT CHECK (duplicate_reason IS NULL OR duplicate_reason IN ('mobile', 'nearby')),
    status           TEXT NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Rejected')),
    customer_id      INTEGER REFERENCES customers(customer_id),
    created_at       INTEGER NOT NULL,
    decided_by       INTEGER REFERENCES users(uid),
    decided_at       INTEGER,
    decision_reason  TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS outlet_proposals_client ON outlet_proposals(agent_id, client_id);
CREATE INDEX IF NOT EXISTS outlet_proposals_status ON outlet_proposals(status, created_at);
CREATE INDEX IF NOT EXISTS outlet_proposals_mobile ON outlet_proposals(mobile);
-- Orders taken for a pending shop: the booking's body as sent, booked under the new buyer id when
-- the shop is approved (`order_id`), or refused then (`refused_code`); dropped with the shop.
CREATE TABLE IF NOT EXISTS proposal_orders (
    wait_id      INTEGER PRIMARY KEY,
    proposal_id  INTEGER NOT NULL REFERENCES outlet_proposals(proposal_id),
    booked_by    INTEGER NOT NULL REFERENCES users(uid),
    client_id    TEXT NOT NULL,
    body         TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    order_id     INTEGER REFERENCES orders(order_id),
    refused_code TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_orders_client ON proposal_orders(booked_by, client_id);
CREATE INDEX IF NOT EXISTS proposal_orders_proposal ON proposal_orders(proposal_id);
