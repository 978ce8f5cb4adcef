-- Upgrade step 5 (src/db.rs): beat plans (issue #19). schema.sql has the same objects.
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
