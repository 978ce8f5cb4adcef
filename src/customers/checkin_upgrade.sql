-- Upgrade step 3 (src/db.rs): check-in verification of visits, the offline customer copy's
-- removals and proposed shop positions (schema.sql has the same objects). Visits saved before
-- this step keep NULL in the new columns: their location was never judged.
ALTER TABLE visits ADD COLUMN client_id TEXT;
ALTER TABLE visits ADD COLUMN device_time INTEGER;
ALTER TABLE visits ADD COLUMN received_at INTEGER;
ALTER TABLE visits ADD COLUMN accuracy REAL;
ALTER TABLE visits ADD COLUMN distance_m INTEGER;
ALTER TABLE visits ADD COLUMN location_status TEXT
    CHECK (location_status IN ('verified', 'off-site', 'no-location', 'customer-unlocated'));
CREATE UNIQUE INDEX IF NOT EXISTS visits_client ON visits(entered_by, client_id) WHERE client_id IS NOT NULL;
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
CREATE TABLE IF NOT EXISTS location_proposals (
    customer_id INTEGER PRIMARY KEY REFERENCES customers(customer_id),
    visit_id    INTEGER NOT NULL REFERENCES visits(visit_id),
    latitude    REAL NOT NULL,
    longitude   REAL NOT NULL,
    accuracy    REAL NOT NULL,
    proposed_at INTEGER NOT NULL
);
