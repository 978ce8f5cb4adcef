-- Upgrade step 28 (src/db.rs). schema.sql has the same columns (added after the last column, as
-- this ALTER TABLE leaves them).
-- A tap is a claim (issue #49) when its time is on a day before the server's day it arrived on,
-- or when it arrived more than 15 minutes after its time (attendance::days::CLAIM_GRACE_S): the
-- agent's word, kept with its received time (`*_received_at`) and this flag, never moving a start
-- or end that the day's work or a manager gave.
ALTER TABLE work_days ADD COLUMN start_claimed INTEGER NOT NULL DEFAULT 0 CHECK (start_claimed IN (0, 1));
ALTER TABLE work_days ADD COLUMN end_claimed INTEGER NOT NULL DEFAULT 0 CHECK (end_claimed IN (0, 1));
