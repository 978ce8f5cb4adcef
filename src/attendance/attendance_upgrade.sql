-- Upgrade step 25 (src/db.rs), with photos and collections. schema.sql has the same objects.
-- An agent's working day (issue #37): one row per agent and calendar day (`work_date`, YYYY-MM-DD
-- in the company's day). Start and end each say how they were recorded: `tap` (the agent's tap,
-- with the phone's time `*_device_time`, the server's `*_received_at`, the position as sent),
-- `automatic` (the day started at the first visit or order, or closed 30 minutes after the last
-- activity) or `corrected` (a manager, with a reason; the change is in audit_log too).
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
    corrected_at      INTEGER,
    UNIQUE (agent_id, work_date)
);
CREATE INDEX IF NOT EXISTS work_days_date ON work_days(work_date, agent_id);
