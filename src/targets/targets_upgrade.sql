-- Step 37 (src/db.rs): targets and incentives (issue #53, CONTRACT.md "Targets and incentives").
-- A target per agent, month and measure, in the measure's unit: paise for `sales_value` and
-- `collections`, hundredths of a line for `lines_per_call`, a count for the others. What is
-- achieved is never stored: it is read from the orders, visits and payments themselves
-- (src/targets/queries.rs). Holidays are the company's days off besides Sundays; incentive slabs
-- pay per measure from a percent of the target reached (whole percents, payout in paise).
-- Tables with rowids: SQLite's update hook, which moves the team view's cache
-- (`db::figures_generation`), does not see WITHOUT ROWID tables. schema.sql has the same objects.
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
