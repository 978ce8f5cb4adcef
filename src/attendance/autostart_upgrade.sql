-- Upgrade step 26 (src/db.rs): a working day starts by itself (issue #37). An agent's first visit
-- or order of a local day that has no row yet opens it, `start_how` 'automatic', at that visit's
-- time (the phone's) or, for an order booked without a visit, at the order's; an earlier one
-- arriving later (a phone's queue) moves an automatic start earlier. A tapped or corrected start
-- is never moved. Work is never refused for a day not started. schema.sql has the same triggers.
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
