-- Upgrade step 10 (src/db.rs): the visits' summary per agent, local day and customer that the day
-- plan reads (beats::plan; schema.sql has the same objects); src/db.rs appends visit_days_fill.sql,
-- which files the visits so far.
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
