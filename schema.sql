-- fieldsales: the one schema of a fresh database.
-- Applied by `fieldsales migrate` (and `serve`) when PRAGMA user_version is below SCHEMA_VERSION
-- in src/db.rs. Later changes add numbered upgrade steps there and edit this file to match.
-- Timestamps are unix seconds (INTEGER); calendar dates are 'YYYY-MM-DD' text.

CREATE TABLE IF NOT EXISTS settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS countries (
    country_id INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE COLLATE NOCASE
);

CREATE TABLE IF NOT EXISTS user_types (
    user_type_id         INTEGER PRIMARY KEY,
    name                 TEXT NOT NULL UNIQUE,
    is_country_supported INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE IF NOT EXISTS rights (
    right_id   INTEGER PRIMARY KEY,
    code       TEXT NOT NULL UNIQUE,
    group_name TEXT NOT NULL,
    label      TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS user_type_rights (
    user_type_id INTEGER NOT NULL REFERENCES user_types(user_type_id),
    right_id     INTEGER NOT NULL REFERENCES rights(right_id),
    PRIMARY KEY (user_type_id, right_id)
) WITHOUT ROWID;

-- Step 29 moved the failed-login lock (failed_attempts, locked_until, lock_count) to sign_in_locks,
-- per client address; the comment on them inside the table is kept as the upgrade leaves it.
CREATE TABLE IF NOT EXISTS users (
    uid                   INTEGER PRIMARY KEY,
    email                 TEXT NOT NULL COLLATE NOCASE,
    name                  TEXT NOT NULL,
    user_type_id          INTEGER NOT NULL REFERENCES user_types(user_type_id),
    country_id            INTEGER REFERENCES countries(country_id),
    manager_id            INTEGER REFERENCES users(uid),
    password_hash         TEXT NOT NULL,
    -- forgot-password: a temporary password that works beside the real one until it expires,
    -- so nobody can lock a user out by requesting resets in their name.
    temp_password_hash    TEXT,
    temp_password_expires INTEGER,
    force_password_update INTEGER NOT NULL DEFAULT 0,
    is_first_time_login   INTEGER NOT NULL DEFAULT 1,
    is_blocked            INTEGER NOT NULL DEFAULT 0,
    is_deleted            INTEGER NOT NULL DEFAULT 0,
    created_at            INTEGER NOT NULL,
    -- locked_until: wrong passwords locked the account until then (step 21), apart from the
    -- administrator's block; lock_count: locks since the last sign-in, each twice as long.
    -- locale (step 24): the language the user chose, `en` or `hi`; NULL: the company's
    -- (FIELDSALES_LOCALE).
    updated_at            INTEGER NOT NULL, locale TEXT CHECK (locale IN ('en', 'hi')));
-- Deleted users keep their row (history) but free their email for a new account.
CREATE UNIQUE INDEX IF NOT EXISTS users_live_email ON users(email) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS users_manager ON users(manager_id);
CREATE INDEX IF NOT EXISTS users_type ON users(user_type_id);

-- One row per signed-in device; a token is valid only while its row is live.
CREATE TABLE IF NOT EXISTS sessions (
    session_id       TEXT PRIMARY KEY,
    uid              INTEGER NOT NULL REFERENCES users(uid),
    -- Set on an impersonated session: the administrator acting, and (parent_session_id, step 21)
    -- the administrator's own session that opened it and must come along.
    impersonator_uid INTEGER REFERENCES users(uid),
    created_at       INTEGER NOT NULL,
    expires_at       INTEGER NOT NULL,
    ended_at         INTEGER,
    ended_reason     TEXT, parent_session_id TEXT) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS sessions_uid ON sessions(uid);
CREATE INDEX IF NOT EXISTS sessions_parent ON sessions(parent_session_id) WHERE parent_session_id IS NOT NULL;
-- The server keeps signed-in users for a moment (auth::session) and drops them whenever a table
-- they are read from changes, which it learns from SQLite's update hook (db.rs). That hook sees
-- only tables with a rowid, so the WITHOUT ROWID ones (sessions, user_type_rights) move this
-- counter, whose row it does see; so do the columns of a user that a signed-in user is read from
-- (not the failed attempts, which anyone's wrong password changes).
CREATE TABLE IF NOT EXISTS session_table_changes (
    only    INTEGER PRIMARY KEY CHECK (only = 1),
    changes INTEGER NOT NULL
);
INSERT OR IGNORE INTO session_table_changes (only, changes) VALUES (1, 0);
CREATE TRIGGER IF NOT EXISTS sessions_changed_update AFTER UPDATE ON sessions BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS sessions_changed_delete AFTER DELETE ON sessions BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS users_changed_update
AFTER UPDATE OF uid, name, email, user_type_id, country_id, manager_id, force_password_update, is_first_time_login,
                is_blocked, is_deleted, locale ON users
WHEN old.uid IS NOT new.uid OR old.name IS NOT new.name OR old.email COLLATE BINARY IS NOT new.email
  OR old.user_type_id IS NOT new.user_type_id OR old.country_id IS NOT new.country_id OR old.manager_id IS NOT new.manager_id
  OR old.force_password_update IS NOT new.force_password_update OR old.is_first_time_login IS NOT new.is_first_time_login
  OR old.is_blocked IS NOT new.is_blocked OR old.is_deleted IS NOT new.is_deleted OR old.locale IS NOT new.locale BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS users_changed_delete AFTER DELETE ON users BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS user_type_rights_changed_insert AFTER INSERT ON user_type_rights BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS user_type_rights_changed_update AFTER UPDATE ON user_type_rights BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS user_type_rights_changed_delete AFTER DELETE ON user_type_rights BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;

CREATE TABLE IF NOT EXISTS login_attempts (
    id          INTEGER PRIMARY KEY,
    at          INTEGER NOT NULL,
    uid         INTEGER REFERENCES users(uid),
    login_id    TEXT NOT NULL,
    method      TEXT NOT NULL,
    success     INTEGER NOT NULL,
    client_addr TEXT,
    detail      TEXT,
    latitude    REAL,
    longitude   REAL
);
CREATE INDEX IF NOT EXISTS login_attempts_at ON login_attempts(at);
CREATE INDEX IF NOT EXISTS login_attempts_uid ON login_attempts(uid, at);

-- Wrong passwords per account and client address (step 29): `failures` in a row lock the account
-- against that address only, until `locked_until`; `lock_count` locks since its last sign-in there,
-- each twice as long. A stranger's failures never lock the owner out.
CREATE TABLE IF NOT EXISTS sign_in_locks (
    uid          INTEGER NOT NULL REFERENCES users(uid),
    client_addr  TEXT NOT NULL,
    failures     INTEGER NOT NULL DEFAULT 0,
    locked_until INTEGER,
    lock_count   INTEGER NOT NULL DEFAULT 0,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (uid, client_addr)
) WITHOUT ROWID;
-- When the administrators were last told of sustained failed sign-ins against an account.
CREATE TABLE IF NOT EXISTS sign_in_alerts (
    uid        INTEGER PRIMARY KEY REFERENCES users(uid),
    alerted_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS otps (
    uid        INTEGER PRIMARY KEY REFERENCES users(uid),
    code       TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    used       INTEGER NOT NULL DEFAULT 0
);

-- Masters. Deleting a master row retires it (is_retired = 1): it leaves every pick list but the
-- records that use it still show its name. Names are unique among live rows.
CREATE TABLE IF NOT EXISTS outcomes (
    outcome_id INTEGER PRIMARY KEY,
    name       TEXT NOT NULL COLLATE NOCASE,
    is_retired INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS outcomes_live_name ON outcomes(name) WHERE is_retired = 0;

CREATE TABLE IF NOT EXISTS info_types (
    info_id    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL COLLATE NOCASE,
    is_retired INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS info_types_live_name ON info_types(name) WHERE is_retired = 0;

CREATE TABLE IF NOT EXISTS info_sub_types (
    info_sub_id INTEGER PRIMARY KEY,
    info_id     INTEGER NOT NULL REFERENCES info_types(info_id),
    name        TEXT NOT NULL COLLATE NOCASE,
    is_retired  INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS info_sub_types_live_name ON info_sub_types(info_id, name) WHERE is_retired = 0;

CREATE TABLE IF NOT EXISTS links (
    link_id   INTEGER PRIMARY KEY,
    link_name TEXT NOT NULL COLLATE NOCASE,
    link      TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS links_name ON links(link_name);

CREATE TABLE IF NOT EXISTS link_countries (
    link_id    INTEGER NOT NULL REFERENCES links(link_id) ON DELETE CASCADE,
    country_id INTEGER NOT NULL REFERENCES countries(country_id),
    PRIMARY KEY (link_id, country_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS link_countries_country ON link_countries(country_id);

CREATE TABLE IF NOT EXISTS delivery_statuses (
    delivery_status_id     INTEGER PRIMARY KEY,
    name                   TEXT NOT NULL COLLATE NOCASE,
    record_lock            INTEGER NOT NULL DEFAULT 0,
    additional_reason_code INTEGER NOT NULL DEFAULT 0,
    is_retired             INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS delivery_statuses_live_name ON delivery_statuses(name) WHERE is_retired = 0;

CREATE TABLE IF NOT EXISTS additional_reasons (
    reason_code_id     INTEGER PRIMARY KEY,
    delivery_status_id INTEGER NOT NULL REFERENCES delivery_statuses(delivery_status_id),
    code               TEXT NOT NULL COLLATE NOCASE,
    is_retired         INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS additional_reasons_live_code
    ON additional_reasons(delivery_status_id, code) WHERE is_retired = 0;

-- Broadcast messages: user_type_id 0 means every user type, country_id NULL every country.
CREATE TABLE IF NOT EXISTS broadcasts (
    id           INTEGER PRIMARY KEY,
    message_text TEXT NOT NULL,
    user_type_id INTEGER NOT NULL DEFAULT 0,
    country_id   INTEGER REFERENCES countries(country_id),
    image_name   TEXT,
    created_by   INTEGER NOT NULL REFERENCES users(uid),
    created_at   INTEGER NOT NULL,
    is_deleted   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS broadcasts_audience ON broadcasts(is_deleted, user_type_id, country_id, created_at);

-- Customers (buyers). `buyer_id` is the customer's own code; `agent_id` the agent who owns them.
CREATE TABLE IF NOT EXISTS customers (
    customer_id   INTEGER PRIMARY KEY,
    buyer_id      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name          TEXT NOT NULL,
    mobile        TEXT,
    email         TEXT,
    address1      TEXT,
    address2      TEXT,
    postal_code   TEXT,
    city          TEXT,
    state         TEXT,
    country_id    INTEGER REFERENCES countries(country_id),
    info          TEXT,
    latitude      REAL,
    longitude     REAL,
    retailer_type TEXT NOT NULL DEFAULT 'Retailer' CHECK (retailer_type IN ('Retailer', 'Wholesaler')),
    agent_id      INTEGER REFERENCES users(uid),
    created_by    INTEGER REFERENCES users(uid),
    created_at    INTEGER NOT NULL,
    -- credit_limit_paise (step 25): the most the customer may owe, outstanding invoices plus open
    -- orders (src/collections); NULL: no limit.
    updated_at    INTEGER NOT NULL, credit_limit_paise INTEGER CHECK (credit_limit_paise >= 0), gstin TEXT);
-- Covers an agent's or a manager's search: their customers' ids, names and mobiles, no table reads.
-- (An administrator's search reads customers_fts; no query looks a customer up by mobile alone, so
-- upgrade step 16 dropped the index on it.)
CREATE INDEX IF NOT EXISTS customers_agent ON customers(agent_id, buyer_id, name, mobile);
CREATE INDEX IF NOT EXISTS customers_created ON customers(created_at);
-- An upload whose name column stands for the Buyer ID (a Tally export's Party's Name) finds the
-- customer by its exact name, case aside (step 32).
CREATE INDEX IF NOT EXISTS customers_name ON customers(name COLLATE NOCASE);

-- An administrator's search over every customer by id, name or mobile, by prefix and by word,
-- without scanning the table. (Agents and managers search their own customers through the
-- covering index customers_agent.) Contentless: a search reads the customers by rowid, and a row
-- is deleted by its rowid alone (upgrade step 16).
CREATE VIRTUAL TABLE IF NOT EXISTS customers_fts USING fts5(
    buyer_id, name, mobile, content = '', contentless_delete = 1, tokenize = 'unicode61', prefix = '2 3 4'
);
-- Its segments are merged in bounded steps between an import's pieces and after it, never inside a
-- write (step 38, src/customers/search_merge_upgrade.sql says why).
INSERT INTO customers_fts (customers_fts, rank) VALUES ('automerge', 0);
-- While a bulk writer (an upload, the scale seed) holds the row of customers_fts_deferred inside its
-- transaction, the index triggers note the customers they would change in customers_fts_pending
-- instead, and the writer indexes them, and every customer added above the highest id at its
-- start (`above`), in one statement before it commits: FTS5 writes its pending terms out at the
-- end of every statement, which made an upload 1.7 times slower.
CREATE TABLE IF NOT EXISTS customers_fts_deferred (only INTEGER PRIMARY KEY CHECK (only = 1), above INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS customers_fts_pending (customer_id INTEGER PRIMARY KEY);
CREATE TRIGGER IF NOT EXISTS customers_fts_insert AFTER INSERT ON customers
WHEN NOT EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    INSERT INTO customers_fts (rowid, buyer_id, name, mobile) VALUES (new.customer_id, new.buyer_id, new.name, new.mobile);
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_delete AFTER DELETE ON customers
WHEN NOT EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    DELETE FROM customers_fts WHERE rowid = old.customer_id;
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_update AFTER UPDATE OF buyer_id, name, mobile ON customers
WHEN NOT EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    DELETE FROM customers_fts WHERE rowid = old.customer_id;
    INSERT INTO customers_fts (rowid, buyer_id, name, mobile) VALUES (new.customer_id, new.buyer_id, new.name, new.mobile);
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_defer_delete AFTER DELETE ON customers
WHEN EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    INSERT OR IGNORE INTO customers_fts_pending (customer_id) VALUES (old.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS customers_fts_defer_update AFTER UPDATE OF buyer_id, name, mobile ON customers
WHEN EXISTS (SELECT 1 FROM customers_fts_deferred) BEGIN
    INSERT OR IGNORE INTO customers_fts_pending (customer_id) VALUES (new.customer_id);
END;

-- Customers that left an agent (deleted or given to another agent), for the agent's offline copy
-- (`GET /users/customer/offline`): the phone removes them at its next sync.
CREATE TABLE IF NOT EXISTS customer_removals (
    agent_id   INTEGER NOT NULL,
    buyer_id   TEXT NOT NULL,
    removed_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS customer_removals_agent ON customer_removals(agent_id, removed_at);
CREATE TRIGGER IF NOT EXISTS customer_removals_delete AFTER DELETE ON customers WHEN old.agent_id IS NOT NULL BEGIN
    INSERT INTO customer_removals (agent_id, buyer_id, removed_at)
    VALUES (old.agent_id, old.buyer_id, CAST(strftime('%s', 'now') AS INTEGER));
END;
CREATE TRIGGER IF NOT EXISTS customer_removals_reassign AFTER UPDATE OF agent_id ON customers
WHEN old.agent_id IS NOT NULL AND old.agent_id IS NOT new.agent_id BEGIN
    INSERT INTO customer_removals (agent_id, buyer_id, removed_at)
    VALUES (old.agent_id, old.buyer_id, CAST(strftime('%s', 'now') AS INTEGER));
END;

-- Check-in columns (issue #17, upgrade step 3; NULL on visits saved before it): `client_id` is the
-- phone's id of the save, unique per user who entered it, so a queued visit sent twice is saved
-- once; `device_time` the phone's clock and `received_at` the server's when it arrived
-- (`visited_at` is the phone's time when it gave one); `accuracy` of the position in metres;
-- `distance_m` to the customer's position and what it says, `location_status`.
CREATE TABLE IF NOT EXISTS visits (
    visit_id    INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
    agent_id    INTEGER NOT NULL REFERENCES users(uid),
    outcome_id  INTEGER NOT NULL REFERENCES outcomes(outcome_id),
    remark      TEXT,
    latitude    REAL,
    longitude   REAL,
    visited_at  INTEGER NOT NULL,
    -- The signed-in user who typed it (an administrator acting for the agent differs).
    entered_by  INTEGER NOT NULL REFERENCES users(uid),
    client_id   TEXT,
    device_time INTEGER,
    received_at INTEGER,
    accuracy    REAL,
    distance_m  INTEGER,
    location_status TEXT CHECK (location_status IN ('verified', 'off-site', 'no-location', 'customer-unlocated'))
);
CREATE UNIQUE INDEX IF NOT EXISTS visits_client ON visits(entered_by, client_id) WHERE client_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS visits_customer ON visits(customer_id, visited_at);
CREATE INDEX IF NOT EXISTS visits_agent ON visits(agent_id, visited_at);
-- Reports walk visits in time order without sorting.
CREATE INDEX IF NOT EXISTS visits_at ON visits(visited_at);

-- A position proposed for a customer: by a visit with an accurate position (at most 50 m) while
-- the customer has none, or typed by an agent (profile update, new customer; `visit_id` null,
-- step 21); a manager or administrator accepts it (it becomes the customer's) or rejects it.
CREATE TABLE IF NOT EXISTS location_proposals (
    customer_id INTEGER PRIMARY KEY REFERENCES customers(customer_id),
    visit_id    INTEGER REFERENCES visits(visit_id),
    latitude    REAL NOT NULL,
    longitude   REAL NOT NULL,
    accuracy    REAL,
    proposed_at INTEGER NOT NULL,
    proposed_by INTEGER NOT NULL REFERENCES users(uid)
);

-- Order lines: the fact table behind re-order, best sellers, price comparison and the dashboards.
-- `source` (upgrade step 4): 'upload' for lines of the order upload, 'app' for a booked order's
-- lines (order id APP000123, see `orders`), moved to `cancelled_lines` when it is cancelled.
-- `product_id` (step 18; added last, as the upgrade's ALTER TABLE leaves it): the product of a
-- booked line (products are never deleted; the booking checked it, so no foreign key lookup).
-- `unit_price_paise` (step 23, added last as its ALTER TABLE leaves it): the unit price in paise
-- (`crate::money`); the line's amount is qty_shipped * unit_price_paise.
CREATE TABLE IF NOT EXISTS order_lines (
    line_id      INTEGER PRIMARY KEY,
    order_id     TEXT NOT NULL,
    order_date   TEXT NOT NULL,
    customer_id  INTEGER NOT NULL REFERENCES customers(customer_id),
    seller_name  TEXT NOT NULL,
    product_name TEXT NOT NULL,
    sku          TEXT,
    qty_shipped  REAL NOT NULL DEFAULT 0,
    ds_name      TEXT,
    fao_name     TEXT,
    source       TEXT NOT NULL DEFAULT 'upload' CHECK (source IN ('upload', 'app')), product_id INTEGER, unit_price_paise INTEGER NOT NULL DEFAULT 0, gross_paise INTEGER NOT NULL DEFAULT 0, discount_paise INTEGER NOT NULL DEFAULT 0, taxable_paise INTEGER NOT NULL DEFAULT 0, gst_rate_bp INTEGER NOT NULL DEFAULT 0, cgst_paise INTEGER NOT NULL DEFAULT 0, sgst_paise INTEGER NOT NULL DEFAULT 0, igst_paise INTEGER NOT NULL DEFAULT 0, line_total_paise INTEGER NOT NULL DEFAULT 0);
-- A customer's lines by date, with their product and quantity: the visit screen's Must Sell list
-- and a bucket row's top-selling product read them from the index alone (upgrade step 12).
CREATE INDEX IF NOT EXISTS order_lines_customer ON order_lines(customer_id, order_date, product_name, qty_shipped);
-- An order line is one product of one order: uploads of the same order replace it.
CREATE UNIQUE INDEX IF NOT EXISTS order_lines_order_product ON order_lines(order_id, product_name);
-- A product's lines by seller and date (upgrade step 19): the price comparison and Best Sellers
-- read each seller's latest line of a product with a few seeks.
CREATE INDEX IF NOT EXISTS order_lines_product ON order_lines(product_name, seller_name, order_date);
CREATE INDEX IF NOT EXISTS order_lines_date ON order_lines(order_date);

-- Dashboard figures per customer, kept current by the triggers below inside every writing
-- transaction (visit saves, order and customer uploads, seeds, anything): a landing or bucket page
-- reads one row per customer instead of probing its visits and order lines. Derived data only:
-- `db::UPGRADES` step 2 rebuilds it from visits and order lines. `last_line_id` (step 42, where its
-- ALTER TABLE leaves it): the customer's latest order line, of the latest date and then the highest
-- id (0: none), whose seller is their usual distributor (`orders::queries::usual_distributor`).
CREATE TABLE IF NOT EXISTS customer_stats (
    customer_id     INTEGER PRIMARY KEY,
    agent_id        INTEGER,
    retailer_type   TEXT NOT NULL,
    -- 0: never visited; '': never ordered (so MAX() and range conditions need no NULL cases).
    last_visit_at   INTEGER NOT NULL DEFAULT 0,
    last_order_date TEXT NOT NULL DEFAULT '',
    -- The newest month ('YYYY-MM') with an order before the month of last_order_date ('': none).
    prev_order_month TEXT NOT NULL DEFAULT ''
, last_line_id INTEGER NOT NULL DEFAULT 0);
-- One agent's customers in last-visit order, covering every bucket condition.
CREATE INDEX IF NOT EXISTS customer_stats_agent ON customer_stats(agent_id, last_visit_at, last_order_date, retailer_type, prev_order_month);
-- The months ('YYYY-MM') in which a customer ordered: "ordered last month" for the repeat rate.
CREATE TABLE IF NOT EXISTS customer_order_months (
    customer_id INTEGER NOT NULL,
    month       TEXT NOT NULL,
    PRIMARY KEY (customer_id, month)
) WITHOUT ROWID;
-- A counter per owning agent (0: customers without one), raised by every change of their
-- customers' figures; the server's cache of landing counts per agent is valid while it holds.
CREATE TABLE IF NOT EXISTS agent_stats_versions (
    agent_id INTEGER PRIMARY KEY,
    version  INTEGER NOT NULL
);
-- While an upload holds the row of customer_stats_deferred inside its transaction, the customers
-- it adds (ids above `above`, the highest id when it began) get their summary rows and versions in
-- one statement before it commits (`buckets::stats::summarize_added`) instead of one trigger run
-- each: the trigger's writes were a quarter of an import's. Nothing else in an upload touches the
-- summary of a customer it adds.
CREATE TABLE IF NOT EXISTS customer_stats_deferred (only INTEGER PRIMARY KEY CHECK (only = 1), above INTEGER NOT NULL);
CREATE TRIGGER IF NOT EXISTS customer_stats_customer_insert AFTER INSERT ON customers
WHEN NOT EXISTS (SELECT 1 FROM customer_stats_deferred WHERE above < new.customer_id) BEGIN
    INSERT INTO customer_stats (customer_id, agent_id, retailer_type) VALUES (new.customer_id, new.agent_id, new.retailer_type);
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_customer_update AFTER UPDATE OF agent_id, retailer_type ON customers BEGIN
    UPDATE customer_stats SET agent_id = new.agent_id, retailer_type = new.retailer_type WHERE customer_id = new.customer_id;
    UPDATE agent_stats_versions SET version = version + 1 WHERE agent_id = COALESCE(old.agent_id, 0);
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_customer_delete AFTER DELETE ON customers BEGIN
    DELETE FROM customer_stats WHERE customer_id = old.customer_id;
    DELETE FROM customer_order_months WHERE customer_id = old.customer_id;
    UPDATE agent_stats_versions SET version = version + 1 WHERE agent_id = COALESCE(old.agent_id, 0);
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_visit_insert AFTER INSERT ON visits BEGIN
    UPDATE customer_stats SET last_visit_at = MAX(last_visit_at, new.visited_at) WHERE customer_id = new.customer_id;
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = new.customer_id);
END;
-- `prev_order_month` is the newest month with an order before the month of `last_order_date`: an
-- order of a newer month pushes the last order's month there; one of an older month may fill it.
-- A row written to this view (it keeps none) is a customer's order on a date: it applies that order
-- to their summary. An uploaded order line applies itself; a booked order applies itself once with
-- the order, not once per line, since its lines share its customer and date (upgrade step 17). A
-- change of the summary raises the figures version of the customer's owner as it is now (the order
-- raises that of the agent it was booked for, who may have just lost the customer).
CREATE VIEW IF NOT EXISTS customer_orders_applied (customer_id, order_date) AS SELECT customer_id, order_date FROM order_lines WHERE 0;
CREATE TRIGGER IF NOT EXISTS customer_orders_applied_insert INSTEAD OF INSERT ON customer_orders_applied BEGIN
    UPDATE customer_stats
    SET prev_order_month = CASE
            WHEN substr(new.order_date, 1, 7) > substr(last_order_date, 1, 7) THEN substr(last_order_date, 1, 7)
            WHEN substr(new.order_date, 1, 7) < substr(last_order_date, 1, 7) THEN MAX(prev_order_month, substr(new.order_date, 1, 7))
            ELSE prev_order_month END,
        last_order_date = MAX(last_order_date, new.order_date)
    WHERE customer_id = new.customer_id
      AND (new.order_date > last_order_date
           OR (substr(new.order_date, 1, 7) < substr(last_order_date, 1, 7) AND substr(new.order_date, 1, 7) > prev_order_month));
    UPDATE agent_stats_versions SET version = version + 1
    WHERE changes() > 0 AND agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = new.customer_id);
    INSERT OR IGNORE INTO customer_order_months (customer_id, month) VALUES (new.customer_id, substr(new.order_date, 1, 7));
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_order_insert AFTER INSERT ON order_lines WHEN new.source <> 'app' BEGIN
    INSERT INTO customer_orders_applied (customer_id, order_date) VALUES (new.customer_id, new.order_date);
END;
-- An order upload may move a line to another date or customer: the old customer's figures are
-- recomputed from their (few) remaining lines and months.
CREATE TRIGGER IF NOT EXISTS customer_stats_order_update AFTER UPDATE OF order_date, customer_id ON order_lines
WHEN old.order_date IS NOT new.order_date OR old.customer_id IS NOT new.customer_id BEGIN
    UPDATE customer_stats
    SET last_order_date = COALESCE((SELECT MAX(order_date) FROM order_lines WHERE customer_id = old.customer_id), '')
    WHERE customer_id = old.customer_id;
    DELETE FROM customer_order_months
    WHERE customer_id = old.customer_id AND month = substr(old.order_date, 1, 7)
      AND NOT EXISTS (SELECT 1 FROM order_lines
                      WHERE customer_id = old.customer_id AND substr(order_date, 1, 7) = substr(old.order_date, 1, 7));
    UPDATE customer_stats SET last_order_date = MAX(last_order_date, new.order_date) WHERE customer_id = new.customer_id;
    INSERT OR IGNORE INTO customer_order_months (customer_id, month) VALUES (new.customer_id, substr(new.order_date, 1, 7));
    UPDATE customer_stats
    SET prev_order_month = COALESCE((SELECT MAX(m.month) FROM customer_order_months m
                                     WHERE m.customer_id = customer_stats.customer_id
                                       AND m.month < substr(customer_stats.last_order_date, 1, 7)), '')
    WHERE customer_id IN (old.customer_id, new.customer_id);
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id IN (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id IN (old.customer_id, new.customer_id));
END;
-- A cancelled booked order's lines are deleted (upgrade step 4): as for a moved line, the
-- customer's figures are recomputed from their remaining lines and months.
CREATE TRIGGER IF NOT EXISTS customer_stats_order_delete AFTER DELETE ON order_lines BEGIN
    UPDATE customer_stats
    SET last_order_date = COALESCE((SELECT MAX(order_date) FROM order_lines WHERE customer_id = old.customer_id), '')
    WHERE customer_id = old.customer_id;
    DELETE FROM customer_order_months
    WHERE customer_id = old.customer_id AND month = substr(old.order_date, 1, 7)
      AND NOT EXISTS (SELECT 1 FROM order_lines
                      WHERE customer_id = old.customer_id AND substr(order_date, 1, 7) = substr(old.order_date, 1, 7));
    UPDATE customer_stats
    SET prev_order_month = COALESCE((SELECT MAX(m.month) FROM customer_order_months m
                                     WHERE m.customer_id = customer_stats.customer_id
                                       AND m.month < substr(customer_stats.last_order_date, 1, 7)), '')
    WHERE customer_id = old.customer_id;
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = old.customer_id);
END;
-- The customer's latest line (last_line_id, step 42): a new line of a later date, or of the same
-- date with a higher id, takes its place; moving or deleting a line finds it again from the lines.
CREATE TRIGGER IF NOT EXISTS customer_stats_latest_line_insert AFTER INSERT ON order_lines BEGIN
    UPDATE customer_stats SET last_line_id = new.line_id
    WHERE customer_id = new.customer_id
      AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.line_id = customer_stats.last_line_id
                                                    AND (l.order_date, l.line_id) > (new.order_date, new.line_id));
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_latest_line_update AFTER UPDATE OF order_date, customer_id ON order_lines
WHEN old.order_date IS NOT new.order_date OR old.customer_id IS NOT new.customer_id BEGIN
    UPDATE customer_stats
    SET last_line_id = COALESCE((SELECT l.line_id FROM order_lines l WHERE l.customer_id = customer_stats.customer_id
                                 ORDER BY l.order_date DESC, l.line_id DESC LIMIT 1), 0)
    WHERE customer_id IN (old.customer_id, new.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS customer_stats_latest_line_delete AFTER DELETE ON order_lines BEGIN
    UPDATE customer_stats
    SET last_line_id = COALESCE((SELECT l.line_id FROM order_lines l WHERE l.customer_id = customer_stats.customer_id
                                 ORDER BY l.order_date DESC, l.line_id DESC LIMIT 1), 0)
    WHERE customer_id = old.customer_id AND last_line_id = old.line_id;
END;
-- The server keeps the first pages of each bucket as sent while the day and the figures version of
-- each of their owners hold (buckets::stats), so whatever a page row shows raises the version of
-- the customer's owner when it changes: the summary (the triggers above), the customer's own
-- columns (a change of case too), the agent's manager and that manager's email, the latest visit
-- (the server only adds visits; a change by hand raises it too), and the order lines the
-- top-selling product is summed from. A booked order's lines come
-- with the order, which raises its agent's version itself (orders_version_insert).
CREATE TRIGGER IF NOT EXISTS customers_version_update
AFTER UPDATE OF buyer_id, name, mobile, email, address1, address2, city, postal_code, info, latitude, longitude ON customers
WHEN old.buyer_id COLLATE BINARY IS NOT new.buyer_id OR old.name IS NOT new.name OR old.mobile IS NOT new.mobile
  OR old.email IS NOT new.email OR old.address1 IS NOT new.address1 OR old.address2 IS NOT new.address2
  OR old.city IS NOT new.city OR old.postal_code IS NOT new.postal_code OR old.info IS NOT new.info
  OR old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS users_version_update AFTER UPDATE OF email, manager_id ON users
WHEN old.email COLLATE BINARY IS NOT new.email OR old.manager_id IS NOT new.manager_id BEGIN
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = new.uid OR agent_id IN (SELECT uid FROM users WHERE manager_id = new.uid);
END;
CREATE TRIGGER IF NOT EXISTS visits_version_update AFTER UPDATE OF customer_id, visited_at, location_status ON visits BEGIN
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id IN (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id IN (old.customer_id, new.customer_id));
END;
CREATE TRIGGER IF NOT EXISTS visits_version_delete AFTER DELETE ON visits BEGIN
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = old.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS order_lines_version_insert AFTER INSERT ON order_lines WHEN new.source <> 'app' BEGIN
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = new.customer_id);
END;
CREATE TRIGGER IF NOT EXISTS order_lines_version_update AFTER UPDATE OF product_name, qty_shipped ON order_lines
WHEN old.product_name IS NOT new.product_name OR old.qty_shipped IS NOT new.qty_shipped BEGIN
    UPDATE agent_stats_versions SET version = version + 1
    WHERE agent_id = (SELECT COALESCE(agent_id, 0) FROM customer_stats WHERE customer_id = new.customer_id);
END;

-- Every profile change, with the values before and after (JSON).
CREATE TABLE IF NOT EXISTS profile_updates (
    id          INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
    changed_by  INTEGER NOT NULL REFERENCES users(uid),
    changed_at  INTEGER NOT NULL,
    before_json TEXT NOT NULL,
    after_json  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS profile_updates_customer ON profile_updates(customer_id, changed_at);
CREATE INDEX IF NOT EXISTS profile_updates_at ON profile_updates(changed_at);

-- Customer info submissions: a type, sub types, a remark, up to three files. An administrator
-- sets `admin_status` (their remark; 'Pending' until then).
CREATE TABLE IF NOT EXISTS customer_info (
    id           INTEGER PRIMARY KEY,
    customer_id  INTEGER NOT NULL REFERENCES customers(customer_id),
    entered_by   INTEGER NOT NULL REFERENCES users(uid),
    info_type_id INTEGER NOT NULL REFERENCES info_types(info_id),
    remark       TEXT,
    latitude     REAL,
    longitude    REAL,
    created_at   INTEGER NOT NULL,
    admin_status TEXT NOT NULL DEFAULT 'Pending',
    status_by    INTEGER REFERENCES users(uid),
    status_at    INTEGER
);
CREATE INDEX IF NOT EXISTS customer_info_customer ON customer_info(customer_id, created_at);
CREATE INDEX IF NOT EXISTS customer_info_created ON customer_info(created_at);

CREATE TABLE IF NOT EXISTS customer_info_sub_types (
    info_id     INTEGER NOT NULL REFERENCES customer_info(id),
    info_sub_id INTEGER NOT NULL REFERENCES info_sub_types(info_sub_id),
    PRIMARY KEY (info_id, info_sub_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS customer_info_files (
    info_id       INTEGER NOT NULL REFERENCES customer_info(id),
    slot          INTEGER NOT NULL CHECK (slot BETWEEN 1 AND 3),
    file_name     TEXT NOT NULL UNIQUE,
    original_name TEXT NOT NULL,
    PRIMARY KEY (info_id, slot)
) WITHOUT ROWID;

-- Products (loaded by the product upload, kept on the product screen); price comparison reads
-- prices from the order lines. Order booking (issue #18, upgrade step 4) added the catalogue
-- columns: price (per unit), pack_size (units per case), category, and active (1 or 0). Only an
-- active product with a price can be ordered; a product is never deleted, setting active to 0
-- retires it, and the orders that name it keep it. The price is in paise, `price_paise` (step 23,
-- added last as its ALTER TABLE leaves it; `crate::money`).
CREATE TABLE IF NOT EXISTS products (
    product_id INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE COLLATE NOCASE,
    sku        TEXT,
    pack_size  INTEGER CHECK (pack_size > 0),
    category   TEXT,
    active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
, price_paise INTEGER CHECK (price_paise >= 0), hsn TEXT CHECK (hsn IS NULL OR (length(hsn) BETWEEN 4 AND 8 AND hsn NOT GLOB '*[^0-9]*')), gst_rate_bp INTEGER NOT NULL DEFAULT 0 CHECK (gst_rate_bp BETWEEN 0 AND 4000));

-- The latest scorecard of each agent (loaded by the scorecard upload).
CREATE TABLE IF NOT EXISTS scorecards (
    agent_id                    INTEGER PRIMARY KEY REFERENCES users(uid),
    updated_upto                TEXT NOT NULL,
    ttv_target                  REAL NOT NULL DEFAULT 0,
    ttv_achieved                REAL NOT NULL DEFAULT 0,
    last_month_ttv              REAL NOT NULL DEFAULT 0,
    retailer_target             INTEGER NOT NULL DEFAULT 0,
    retailers_achieved          INTEGER NOT NULL DEFAULT 0,
    last_month_active_retailers INTEGER NOT NULL DEFAULT 0,
    ttv_projection              REAL NOT NULL DEFAULT 0,
    proposed_incentive          REAL NOT NULL DEFAULT 0,
    qualification_status        TEXT NOT NULL DEFAULT ''
);

-- Deliveries of orders to customers. The agent sets a delivery status (with a reason when the
-- status needs one); each update waits for approval: approve_status is NULL (not yet updated),
-- 'Pending', 'Approve' (final) or 'Reject' (back to the agent).
CREATE TABLE IF NOT EXISTS deliveries (
    delivery_id           INTEGER PRIMARY KEY,
    order_id              TEXT NOT NULL,
    order_date            TEXT NOT NULL,
    planned_delivery_date TEXT NOT NULL,
    customer_id           INTEGER NOT NULL REFERENCES customers(customer_id),
    seller_name           TEXT NOT NULL,
    affiliate_id          TEXT,
    affiliate_name        TEXT,
    logistics_charges     REAL NOT NULL DEFAULT 0,
    delivery_status_id    INTEGER REFERENCES delivery_statuses(delivery_status_id),
    reason_code_id        INTEGER REFERENCES additional_reasons(reason_code_id),
    other_reason          TEXT,
    image_name            TEXT,
    approve_status        TEXT CHECK (approve_status IN ('Pending', 'Approve', 'Reject')),
    rejected_reason       TEXT,
    updated_by            INTEGER REFERENCES users(uid),
    updated_at            INTEGER,
    created_at            INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS deliveries_customer ON deliveries(customer_id, planned_delivery_date);
CREATE UNIQUE INDEX IF NOT EXISTS deliveries_order ON deliveries(order_id);
CREATE INDEX IF NOT EXISTS deliveries_approve ON deliveries(approve_status, planned_delivery_date);
CREATE INDEX IF NOT EXISTS deliveries_updated ON deliveries(updated_at);

-- Every value a delivery search suggests (order id, buyer id, buyer name, distributor: `kind` 0-3,
-- queries::SEARCH_COLUMNS), one row per delivery, led by the owning agent of its customer (0: none)
-- and compared without case as LIKE does: an agent's prefix search is one index range instead of a
-- walk of all their customers. Kept by the triggers below; `delivery_terms_source` says what it holds.
CREATE TABLE IF NOT EXISTS delivery_terms (
    agent_id    INTEGER NOT NULL,
    kind        INTEGER NOT NULL,
    term        TEXT NOT NULL COLLATE NOCASE,
    delivery_id INTEGER NOT NULL,
    PRIMARY KEY (agent_id, kind, term, delivery_id)
) WITHOUT ROWID;
-- An administrator's search (every agent), and the triggers' removal of a delivery's rows.
CREATE INDEX IF NOT EXISTS delivery_terms_all ON delivery_terms(kind, term);
CREATE INDEX IF NOT EXISTS delivery_terms_delivery ON delivery_terms(delivery_id);
CREATE VIEW IF NOT EXISTS delivery_terms_source (agent_id, kind, term, delivery_id, customer_id) AS
    SELECT COALESCE(c.agent_id, 0), 0, d.order_id, d.delivery_id, d.customer_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
    UNION ALL
    SELECT COALESCE(c.agent_id, 0), 1, c.buyer_id, d.delivery_id, d.customer_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
    UNION ALL
    SELECT COALESCE(c.agent_id, 0), 2, c.name, d.delivery_id, d.customer_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
    UNION ALL
    SELECT COALESCE(c.agent_id, 0), 3, d.seller_name, d.delivery_id, d.customer_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id;
CREATE TRIGGER IF NOT EXISTS delivery_terms_insert AFTER INSERT ON deliveries BEGIN
    INSERT INTO delivery_terms (agent_id, kind, term, delivery_id)
    SELECT agent_id, kind, term, delivery_id FROM delivery_terms_source WHERE delivery_id = new.delivery_id AND term IS NOT NULL;
END;
CREATE TRIGGER IF NOT EXISTS delivery_terms_update AFTER UPDATE OF order_id, seller_name, customer_id ON deliveries
WHEN old.order_id IS NOT new.order_id OR old.seller_name IS NOT new.seller_name OR old.customer_id IS NOT new.customer_id BEGIN
    DELETE FROM delivery_terms WHERE delivery_id = old.delivery_id;
    INSERT INTO delivery_terms (agent_id, kind, term, delivery_id)
    SELECT agent_id, kind, term, delivery_id FROM delivery_terms_source WHERE delivery_id = new.delivery_id AND term IS NOT NULL;
END;
CREATE TRIGGER IF NOT EXISTS delivery_terms_delete AFTER DELETE ON deliveries BEGIN
    DELETE FROM delivery_terms WHERE delivery_id = old.delivery_id;
END;
-- A customer given to another agent, or renamed: their deliveries' rows follow.
CREATE TRIGGER IF NOT EXISTS delivery_terms_customer_update AFTER UPDATE OF agent_id, buyer_id, name ON customers
WHEN old.agent_id IS NOT new.agent_id OR old.buyer_id IS NOT new.buyer_id OR old.name IS NOT new.name BEGIN
    DELETE FROM delivery_terms WHERE delivery_id IN (SELECT delivery_id FROM deliveries WHERE customer_id = old.customer_id);
    INSERT INTO delivery_terms (agent_id, kind, term, delivery_id)
    SELECT agent_id, kind, term, delivery_id FROM delivery_terms_source WHERE customer_id = new.customer_id AND term IS NOT NULL;
END;

-- Every change of a delivery: who, when, and the status and approval before and after.
CREATE TABLE IF NOT EXISTS delivery_history (
    id                 INTEGER PRIMARY KEY,
    delivery_id        INTEGER NOT NULL REFERENCES deliveries(delivery_id),
    changed_by         INTEGER NOT NULL REFERENCES users(uid),
    changed_at         INTEGER NOT NULL,
    from_status_id     INTEGER,
    to_status_id       INTEGER,
    from_approve       TEXT,
    to_approve         TEXT,
    note               TEXT
);
CREATE INDEX IF NOT EXISTS delivery_history_delivery ON delivery_history(delivery_id, changed_at);

-- Distributors (loaded by the distributor upload). `email` (upgrade step 4) is where booked
-- orders are mailed; without one a distributor's orders wait.
CREATE TABLE IF NOT EXISTS distributors (
    distributor_id INTEGER PRIMARY KEY,
    name           TEXT NOT NULL UNIQUE COLLATE NOCASE,
    code           TEXT,
    city           TEXT,
    country_id     INTEGER REFERENCES countries(country_id),
    email          TEXT
, state TEXT, gstin TEXT);

-- Orders booked in the app (issue #18, upgrade step 4). Its lines are in `order_lines` (source
-- 'app', order id 'APP' and the order_id in 6 digits, seller_name the distributor's name), so
-- every figure counts them; a cancel moves them to `cancelled_lines`. line_count: how many lines
-- it has (step 18; added last, as the upgrade's ALTER TABLE leaves it). agent_id: the
-- customer's agent when it was booked; booked_by: the signed-in user. status: Submitted (waiting
-- for the distributor's mail), Sent, Cancelled. mailing_at: set while a send holds the order (a
-- cancel is refused meanwhile), cleared when the mail went or failed. visit_id: the visit saved
-- with the order (a productive visit). client_id: the phone's id of the booking, unique per user.
-- total_paise (step 23, added last as its ALTER TABLE leaves it): the sum of its lines' quantity
-- times unit price, in paise (`crate::money`).
-- held_reason (step 40): why a credit hold was put, as a code of the catalogue
-- (`order_held_over_limit`), with the amounts of its text in paise (held_outstanding_paise,
-- held_open_paise, held_order_paise, held_limit_paise), worded in the company's currency where it
-- is shown (`orders::types::Held`); a reason the upgrade did not recognise stays text, amounts NULL.
CREATE TABLE IF NOT EXISTS orders (
    order_id       INTEGER PRIMARY KEY,
    customer_id    INTEGER NOT NULL REFERENCES customers(customer_id),
    agent_id       INTEGER REFERENCES users(uid),
    booked_by      INTEGER NOT NULL REFERENCES users(uid),
    distributor_id INTEGER NOT NULL REFERENCES distributors(distributor_id),
    visit_id       INTEGER REFERENCES visits(visit_id),
    client_id      TEXT,
    remark         TEXT,
    order_date     TEXT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'Submitted' CHECK (status IN ('Submitted', 'Sent', 'Cancelled')),
    created_at     INTEGER NOT NULL,
    mailing_at     INTEGER,
    sent_at        INTEGER,
    cancelled_at   INTEGER,
    -- credit_* (step 25): an order held over its customer's credit limit (src/collections/collections_upgrade.sql).
    cancelled_by   INTEGER REFERENCES users(uid), line_count INTEGER NOT NULL DEFAULT 0, total_paise INTEGER NOT NULL DEFAULT 0, credit_hold TEXT CHECK (credit_hold IN ('awaiting', 'approved', 'rejected')), held_reason TEXT, credit_decided_by INTEGER REFERENCES users(uid), credit_decided_at INTEGER, credit_decision_reason TEXT, gross_paise INTEGER NOT NULL DEFAULT 0, discount_paise INTEGER NOT NULL DEFAULT 0, taxable_paise INTEGER NOT NULL DEFAULT 0, cgst_paise INTEGER NOT NULL DEFAULT 0, sgst_paise INTEGER NOT NULL DEFAULT 0, igst_paise INTEGER NOT NULL DEFAULT 0, scheme_version INTEGER NOT NULL DEFAULT 0, held_outstanding_paise INTEGER, held_open_paise INTEGER, held_order_paise INTEGER, held_limit_paise INTEGER);
CREATE UNIQUE INDEX IF NOT EXISTS orders_client ON orders(booked_by, client_id) WHERE client_id IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS orders_visit ON orders(visit_id) WHERE visit_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS orders_customer ON orders(customer_id, order_date);
CREATE INDEX IF NOT EXISTS orders_agent ON orders(agent_id, order_date);
CREATE INDEX IF NOT EXISTS orders_status ON orders(status, distributor_id);
-- Productive visits (the landing's count per agent, buckets::stats): only the orders booked with a
-- visit and not cancelled, so the count does not read the orders booked without one.
CREATE INDEX IF NOT EXISTS orders_productive ON orders(agent_id, order_date, visit_id)
    WHERE visit_id IS NOT NULL AND status <> 'Cancelled';
-- A booked order raises its agent's figures version (buckets::stats): the landing's productive and
-- plan tiles count orders, and a customer's summary row may not change with a second order of a day.
CREATE TRIGGER IF NOT EXISTS orders_version_insert AFTER INSERT ON orders BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
-- A booked order applies itself to its customer's summary (customer_orders_applied, above).
CREATE TRIGGER IF NOT EXISTS customer_stats_booking_insert AFTER INSERT ON orders BEGIN
    INSERT INTO customer_orders_applied (customer_id, order_date) VALUES (new.customer_id, new.order_date);
END;
CREATE TRIGGER IF NOT EXISTS orders_version_update AFTER UPDATE OF agent_id, status, visit_id ON orders BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(old.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (COALESCE(new.agent_id, 0), 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;

-- The lines of cancelled orders (step 18), moved out of `order_lines` by the cancel, in the order
-- they were booked, at the prices of that moment (in paise since step 23).
CREATE TABLE IF NOT EXISTS cancelled_lines (
    line_id      INTEGER PRIMARY KEY,
    order_id     INTEGER NOT NULL REFERENCES orders(order_id),
    product_id   INTEGER NOT NULL REFERENCES products(product_id),
    product_name TEXT NOT NULL,
    sku          TEXT,
    quantity     INTEGER NOT NULL,
    unit_price_paise INTEGER NOT NULL DEFAULT 0, gross_paise INTEGER NOT NULL DEFAULT 0, discount_paise INTEGER NOT NULL DEFAULT 0, taxable_paise INTEGER NOT NULL DEFAULT 0, gst_rate_bp INTEGER NOT NULL DEFAULT 0, cgst_paise INTEGER NOT NULL DEFAULT 0, sgst_paise INTEGER NOT NULL DEFAULT 0, igst_paise INTEGER NOT NULL DEFAULT 0, line_total_paise INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS cancelled_lines_order ON cancelled_lines(order_id);

-- Beat plans (issue #19).
--
-- A beat is a named, ordered round of one agent's customers on some weekdays. Its weekdays and
-- customers are kept as dated versions: a row holds from `valid_from` until the day before
-- `valid_to` (local dates, NULL: still holds), so the beat-adherence report shows every past day
-- as it was planned that day. A deleted beat keeps its rows; `deleted_on` is its first day off.
CREATE TABLE IF NOT EXISTS beats (
    beat_id    INTEGER PRIMARY KEY,
    beat_name  TEXT NOT NULL,
    agent_id   INTEGER NOT NULL REFERENCES users(uid),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    deleted_on TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS beats_live_name ON beats(agent_id, beat_name COLLATE NOCASE) WHERE deleted_on IS NULL;
-- The weekdays a beat runs: 1 = Monday .. 7 = Sunday (strftime's %u).
CREATE TABLE IF NOT EXISTS beat_days (
    beat_id    INTEGER NOT NULL REFERENCES beats(beat_id),
    weekday    INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    valid_from TEXT NOT NULL,
    valid_to   TEXT
);
CREATE INDEX IF NOT EXISTS beat_days_weekday ON beat_days(weekday, beat_id);
CREATE INDEX IF NOT EXISTS beat_days_beat ON beat_days(beat_id, valid_to);
-- The customers of a beat, visited in `sequence` order.
CREATE TABLE IF NOT EXISTS beat_stops (
    beat_id     INTEGER NOT NULL REFERENCES beats(beat_id),
    customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
    sequence    INTEGER NOT NULL,
    valid_from  TEXT NOT NULL,
    valid_to    TEXT
);
CREATE INDEX IF NOT EXISTS beat_stops_beat ON beat_stops(beat_id, valid_to, sequence);
CREATE INDEX IF NOT EXISTS beat_stops_customer ON beat_stops(customer_id);
-- Only a customer with no history can be deleted (the customer-delete upload checks); its beat
-- stops go with it.
CREATE TRIGGER IF NOT EXISTS beat_stops_customer_delete BEFORE DELETE ON customers BEGIN
    DELETE FROM beat_stops WHERE customer_id = old.customer_id;
END;
-- A change of a beat raises its agent's figures version, so the landing's cached plan tiles
-- (buckets::stats) follow beat edits as they follow visits and orders.
CREATE TRIGGER IF NOT EXISTS beats_version AFTER UPDATE ON beats BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (old.agent_id, 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
    INSERT INTO agent_stats_versions (agent_id, version) VALUES (new.agent_id, 1)
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS beat_days_version_insert AFTER INSERT ON beat_days BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) SELECT agent_id, 1 FROM beats WHERE beat_id = new.beat_id
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS beat_days_version_update AFTER UPDATE ON beat_days BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) SELECT agent_id, 1 FROM beats WHERE beat_id = new.beat_id
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS beat_stops_version_insert AFTER INSERT ON beat_stops BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) SELECT agent_id, 1 FROM beats WHERE beat_id = new.beat_id
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS beat_stops_version_update AFTER UPDATE ON beat_stops BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) SELECT agent_id, 1 FROM beats WHERE beat_id = new.beat_id
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS beat_stops_version_delete AFTER DELETE ON beat_stops BEGIN
    INSERT INTO agent_stats_versions (agent_id, version) SELECT agent_id, 1 FROM beats WHERE beat_id = old.beat_id
        ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;
END;
-- What each agent visited each day (beats::plan's `seen`): one row per agent, local day
-- ('YYYY-MM-DD', the server's time zone, as the visit's own time) and customer, with the best
-- check-in of that day's visits (3 verified, 2 customer unlocated, 1 no location or before
-- verification, 0 off-site). Kept by the trigger below in the visit's transaction (visits are never
-- updated or deleted), so a day's plan tiles read one row per customer instead of every visit.
CREATE TABLE IF NOT EXISTS visit_days (
    agent_id    INTEGER NOT NULL,
    day         TEXT NOT NULL,
    customer_id INTEGER NOT NULL,
    best        INTEGER NOT NULL,
    PRIMARY KEY (agent_id, day, customer_id)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS visit_days_visit_insert AFTER INSERT ON visits BEGIN
    INSERT INTO visit_days (agent_id, day, customer_id, best)
    VALUES (new.agent_id, date(new.visited_at, 'unixepoch', 'localtime'), new.customer_id,
            CASE new.location_status WHEN 'verified' THEN 3 WHEN 'customer-unlocated' THEN 2 WHEN 'off-site' THEN 0 ELSE 1 END)
    ON CONFLICT (agent_id, day, customer_id) DO UPDATE SET best = MAX(best, excluded.best);
END;

-- Single-use, short-lived links to generated files (reports, exports, upload results).
CREATE TABLE IF NOT EXISTS download_tokens (
    token      TEXT PRIMARY KEY,
    file_name  TEXT NOT NULL,
    label      TEXT NOT NULL,
    uid        INTEGER NOT NULL REFERENCES users(uid),
    expires_at INTEGER NOT NULL,
    used       INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- One-time, one-minute tokens that open an impersonated session.
CREATE TABLE IF NOT EXISTS impersonation_tokens (
    token       TEXT PRIMARY KEY,
    admin_uid   INTEGER NOT NULL REFERENCES users(uid),
    target_uid  INTEGER NOT NULL REFERENCES users(uid),
    expires_at  INTEGER NOT NULL,
    used        INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- What happened while an administrator acted for another user: start, each request, end.
CREATE TABLE IF NOT EXISTS audit_log (
    id         INTEGER PRIMARY KEY,
    at         INTEGER NOT NULL,
    actor_uid  INTEGER NOT NULL REFERENCES users(uid),
    as_uid     INTEGER NOT NULL REFERENCES users(uid),
    action     TEXT NOT NULL,
    status     INTEGER
);
CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log(at);

-- Chat: one conversation per pair of users (user_a < user_b), their messages, broadcast reads.
CREATE TABLE IF NOT EXISTS conversations (
    conversation_id INTEGER PRIMARY KEY,
    user_a          INTEGER NOT NULL REFERENCES users(uid),
    user_b          INTEGER NOT NULL REFERENCES users(uid),
    created_at      INTEGER NOT NULL,
    UNIQUE (user_a, user_b)
);
CREATE INDEX IF NOT EXISTS conversations_b ON conversations(user_b);

CREATE TABLE IF NOT EXISTS messages (
    message_id      INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversations(conversation_id),
    sender_uid      INTEGER NOT NULL REFERENCES users(uid),
    receiver_uid    INTEGER NOT NULL REFERENCES users(uid),
    message_text    TEXT,
    image_name      TEXT,
    sent_at         INTEGER NOT NULL,
    read_at         INTEGER
);
CREATE INDEX IF NOT EXISTS messages_conversation ON messages(conversation_id, message_id);
CREATE INDEX IF NOT EXISTS messages_unread ON messages(receiver_uid, read_at);

CREATE TABLE IF NOT EXISTS broadcast_reads (
    broadcast_id INTEGER NOT NULL REFERENCES broadcasts(id),
    uid          INTEGER NOT NULL REFERENCES users(uid),
    read_at      INTEGER NOT NULL,
    PRIMARY KEY (broadcast_id, uid)
) WITHOUT ROWID;

-- Every upload (src/uploads/import.rs): the home's uploads with errors, and how far an import got.
-- state, last_row, stopped_code and stopped_reason (step 33, added last as ALTER TABLE puts them): an import applies
-- its rows in short pieces, each committed on its own (src/uploads/import.rs); 'running' until its
-- last piece, 'stopped' with the code of why (a refused file, the uploader gone, the server
-- stopped; its English text) and the last row applied.
CREATE TABLE IF NOT EXISTS uploads (
    upload_id   INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL,
    uploaded_by INTEGER NOT NULL REFERENCES users(uid),
    uploaded_at INTEGER NOT NULL,
    applied     INTEGER NOT NULL,
    rejected    INTEGER NOT NULL
, state TEXT NOT NULL DEFAULT 'done' CHECK (state IN ('running', 'done', 'stopped')), last_row INTEGER NOT NULL DEFAULT 0, stopped_code TEXT, stopped_reason TEXT);
CREATE INDEX IF NOT EXISTS uploads_rejected ON uploads(uploaded_at) WHERE rejected > 0;
-- An uploader's latest upload (the upload screen's progress).
CREATE INDEX IF NOT EXISTS uploads_by ON uploads(uploaded_by, upload_id);

-- A photo taken on a visit (issue #37): the file lies under the data dir by its content hash
-- (`sha256`, one file however many rows or sends name it); `phash` is its perceptual hash, which
-- flags a near-duplicate of another photo of the same customer or of the agent's last 30 days
-- (`similar_to`, the first such photo). A repeat of a `client_id` by the same user is the same photo.
CREATE TABLE IF NOT EXISTS visit_photos (
    photo_id    INTEGER PRIMARY KEY,
    visit_id    INTEGER NOT NULL REFERENCES visits(visit_id),
    customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
    agent_id    INTEGER NOT NULL REFERENCES users(uid),
    entered_by  INTEGER NOT NULL REFERENCES users(uid),
    client_id   TEXT NOT NULL,
    label       TEXT CHECK (label IN ('shelf', 'display', 'competitor', 'other')),
    taken_at    INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    sha256      TEXT NOT NULL,
    phash       INTEGER NOT NULL,
    bytes       INTEGER NOT NULL,
    width       INTEGER NOT NULL,
    height      INTEGER NOT NULL,
    flagged     INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
    similar_to  INTEGER REFERENCES visit_photos(photo_id)
);
CREATE UNIQUE INDEX IF NOT EXISTS visit_photos_client ON visit_photos(entered_by, client_id);
CREATE INDEX IF NOT EXISTS visit_photos_visit ON visit_photos(visit_id);
CREATE INDEX IF NOT EXISTS visit_photos_customer ON visit_photos(customer_id, taken_at);
CREATE INDEX IF NOT EXISTS visit_photos_agent ON visit_photos(agent_id, taken_at);
CREATE INDEX IF NOT EXISTS visit_photos_taken ON visit_photos(taken_at);
CREATE INDEX IF NOT EXISTS visit_photos_sha ON visit_photos(sha256);
-- The photos like another, by that other (step 36): a prune's pieces unlink them by index.
CREATE INDEX IF NOT EXISTS visit_photos_similar ON visit_photos(similar_to) WHERE similar_to IS NOT NULL;

-- An agent's working day (issue #37): one row per agent and calendar day (`work_date`, YYYY-MM-DD
-- in the company's day). Start and end each say how they were recorded: `tap` (the agent's tap,
-- with the phone's time `*_device_time`, the server's `*_received_at`, the position as sent),
-- `automatic` (the day started at the first visit or order, or closed 30 minutes after the last
-- activity) or `corrected` (a manager, with a reason; the change is in audit_log too).
-- `start_claimed` / `end_claimed` (step 28, issue #49): that tap was a claim, the agent's word: its
-- time on a day before the one it arrived on, or more than 15 minutes before it arrived. A claim
-- never moves a start or end the day's work or a manager gave (attendance::days).
CREATE TABLE IF NOT EXISTS work_days (
    day_id            INTEGER PRIMARY KEY,
    agent_id          INTEGER NOT NULL REFERENCES users(uid),
    work_date         TEXT NOT NULL,
    started_at        INTEGER NOT NULL,
    start_how         TEXT NOT NULL CHECK (start_how IN ('tap', 'automatic', 'corrected')),
    start_client_id   TEXT,
    start_device_time INTEGER,
    start_received_at INTEGER,
    start_latitude    REAL,
    start_longitude   REAL,
    start_accuracy    REAL,
    ended_at          INTEGER,
    end_how           TEXT CHECK (end_how IN ('tap', 'automatic', 'corrected')),
    end_client_id     TEXT,
    end_device_time   INTEGER,
    end_received_at   INTEGER,
    end_latitude      REAL,
    end_longitude     REAL,
    end_accuracy      REAL,
    correction_reason TEXT,
    corrected_by      INTEGER REFERENCES users(uid),
    corrected_at      INTEGER, start_claimed INTEGER NOT NULL DEFAULT 0 CHECK (start_claimed IN (0, 1)), end_claimed INTEGER NOT NULL DEFAULT 0 CHECK (end_claimed IN (0, 1)),
    UNIQUE (agent_id, work_date)
);
CREATE INDEX IF NOT EXISTS work_days_date ON work_days(work_date, agent_id);
-- Step 26: a day starts by itself at the agent's first visit or order (src/attendance/autostart_upgrade.sql).
CREATE TRIGGER IF NOT EXISTS work_days_visit_insert AFTER INSERT ON visits
WHEN (SELECT user_type_id FROM users WHERE uid = new.agent_id) = 4 BEGIN
    INSERT INTO work_days (agent_id, work_date, started_at, start_how)
    VALUES (new.agent_id, date(new.visited_at, 'unixepoch', 'localtime'), new.visited_at, 'automatic')
    ON CONFLICT (agent_id, work_date) DO UPDATE SET started_at = excluded.started_at
        WHERE work_days.start_how = 'automatic' AND excluded.started_at < work_days.started_at;
END;
CREATE TRIGGER IF NOT EXISTS work_days_order_insert AFTER INSERT ON orders
WHEN new.visit_id IS NULL AND (SELECT user_type_id FROM users WHERE uid = new.agent_id) = 4 BEGIN
    INSERT INTO work_days (agent_id, work_date, started_at, start_how)
    VALUES (new.agent_id, date(new.created_at, 'unixepoch', 'localtime'), new.created_at, 'automatic')
    ON CONFLICT (agent_id, work_date) DO UPDATE SET started_at = excluded.started_at
        WHERE work_days.start_how = 'automatic' AND excluded.started_at < work_days.started_at;
END;

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
-- administrator with a reason (its allocations then no longer count in `invoices.paid_paise`);
-- `pending` (step 31): far above what the customer owed, unallocated until a manager approves it.
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
    status            TEXT NOT NULL DEFAULT 'collected' CHECK (status IN ('pending', 'collected', 'deposited', 'reversed')),
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
-- The orders held over a credit limit, awaiting a manager (orders.credit_hold: NULL for an order
-- never held, else `awaiting` (not mailed), `approved` or `rejected` (never mailed)).
CREATE INDEX IF NOT EXISTS orders_held ON orders(created_at) WHERE credit_hold = 'awaiting';

-- Trade schemes (issue #52, step 34; products' hsn and gst_rate_bp, distributors' state and gstin,
-- customers' gstin came with it): src/schemes/schemes_upgrade.sql says how they are kept.
CREATE TABLE IF NOT EXISTS schemes (
    scheme_id     INTEGER NOT NULL,
    version       INTEGER NOT NULL,
    name          TEXT NOT NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('free_every', 'free_slab', 'line_percent', 'line_flat', 'combo', 'order_percent', 'order_flat')),
    valid_from    TEXT NOT NULL,
    valid_to      TEXT,
    priority      INTEGER NOT NULL DEFAULT 0,
    body          TEXT NOT NULL,
    created_by    INTEGER REFERENCES users(uid),
    created_at    INTEGER NOT NULL,
    superseded_at INTEGER,
    PRIMARY KEY (scheme_id, version)
) WITHOUT ROWID;
-- The versions in force (not superseded), by the dates they hold.
CREATE INDEX IF NOT EXISTS schemes_current ON schemes(valid_from, valid_to) WHERE superseded_at IS NULL;
CREATE TABLE IF NOT EXISTS scheme_set (only INTEGER PRIMARY KEY CHECK (only = 1), version INTEGER NOT NULL);
INSERT OR IGNORE INTO scheme_set (only, version) VALUES (1, 0);
CREATE TRIGGER IF NOT EXISTS schemes_set_insert AFTER INSERT ON schemes BEGIN
    UPDATE scheme_set SET version = version + 1 WHERE only = 1;
END;
CREATE TRIGGER IF NOT EXISTS schemes_set_update AFTER UPDATE ON schemes BEGIN
    UPDATE scheme_set SET version = version + 1 WHERE only = 1;
END;
-- An order's free pieces and what each scheme gave each line (step 34; order lines and orders keep
-- their priced figures since then too).
CREATE TABLE IF NOT EXISTS order_free_lines (
    order_id     INTEGER NOT NULL REFERENCES orders(order_id),
    product_id   INTEGER NOT NULL REFERENCES products(product_id),
    product_name TEXT NOT NULL,
    quantity     INTEGER NOT NULL CHECK (quantity > 0),
    scheme_id    INTEGER NOT NULL,
    version      INTEGER NOT NULL,
    PRIMARY KEY (order_id, product_id, scheme_id)
) WITHOUT ROWID;
-- What each scheme took off each line of an order (the `schemes` report reads it by scheme).
CREATE TABLE IF NOT EXISTS order_line_schemes (
    order_id     INTEGER NOT NULL REFERENCES orders(order_id),
    product_id   INTEGER NOT NULL,
    scheme_id    INTEGER NOT NULL,
    version      INTEGER NOT NULL,
    amount_paise INTEGER NOT NULL,
    PRIMARY KEY (order_id, product_id, scheme_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS order_line_schemes_scheme ON order_line_schemes(scheme_id, order_id);

-- Returns, shelf stock and new shops (issue #54, step 39): src/returns/returns_upgrade.sql says
-- how they are kept.
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
-- Step 41 (issue #54, decisions 46, 47): src/returns/shop_photo_visits_upgrade.sql.
-- The photo of a new shop's front, taken with the proposal and sent through the visit photo
-- pipeline (`POST /users/visit/photo` with `proposalClientId`): its file is kept by the photos'
-- store (src/photos/store.rs) under its hash, as a visit photo's; one per proposal.
CREATE TABLE IF NOT EXISTS proposal_photos (
    photo_id    INTEGER PRIMARY KEY,
    proposal_id INTEGER NOT NULL REFERENCES outlet_proposals(proposal_id),
    entered_by  INTEGER NOT NULL REFERENCES users(uid),
    client_id   TEXT NOT NULL,
    taken_at    INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    sha256      TEXT NOT NULL,
    bytes       INTEGER NOT NULL,
    width       INTEGER NOT NULL,
    height      INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_photos_client ON proposal_photos(entered_by, client_id);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_photos_proposal ON proposal_photos(proposal_id);
CREATE INDEX IF NOT EXISTS proposal_photos_sha ON proposal_photos(sha256);
-- Visits (without an order) to a pending shop: the save's body as sent, saved under the new buyer
-- id when the shop is approved (`visit_id`), or refused then (`refused_code`).
CREATE TABLE IF NOT EXISTS proposal_visits (
    wait_id      INTEGER PRIMARY KEY,
    proposal_id  INTEGER NOT NULL REFERENCES outlet_proposals(proposal_id),
    booked_by    INTEGER NOT NULL REFERENCES users(uid),
    client_id    TEXT NOT NULL,
    body         TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    visit_id     INTEGER REFERENCES visits(visit_id),
    refused_code TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_visits_client ON proposal_visits(booked_by, client_id);
CREATE INDEX IF NOT EXISTS proposal_visits_proposal ON proposal_visits(proposal_id);
-- Targets, holidays and incentive slabs (issue #53, step 37): src/targets/targets_upgrade.sql says how
-- they are kept.
CREATE TABLE IF NOT EXISTS targets (
    agent_id INTEGER NOT NULL REFERENCES users(uid),
    month    TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]'),
    measure  TEXT NOT NULL CHECK (measure IN ('sales_value', 'productive_calls', 'lines_per_call', 'visits', 'new_outlets', 'collections')),
    target   INTEGER NOT NULL CHECK (target >= 0),
    set_by   INTEGER NOT NULL REFERENCES users(uid),
    set_at   INTEGER NOT NULL,
    PRIMARY KEY (agent_id, month, measure)
);
CREATE TABLE IF NOT EXISTS holidays (
    day        TEXT PRIMARY KEY CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
    name       TEXT NOT NULL,
    created_by INTEGER REFERENCES users(uid),
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS incentive_slabs (
    measure      TEXT NOT NULL CHECK (measure IN ('sales_value', 'productive_calls', 'lines_per_call', 'visits', 'new_outlets', 'collections')),
    from_percent INTEGER NOT NULL CHECK (from_percent BETWEEN 1 AND 1000),
    payout_paise INTEGER NOT NULL CHECK (payout_paise >= 0),
    PRIMARY KEY (measure, from_percent)
);
