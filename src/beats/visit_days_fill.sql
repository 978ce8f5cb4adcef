-- Files every visit in visit_days as the insert trigger (visit_days_upgrade.sql) would, in the
-- table's order: no sort of every visit (at 5 million visits a GROUP BY took 21 s and 347 MB of
-- memory, this 7 s and 29 MB). Step 10 and beats::visit_days::refile_if_zone_changed run it.
INSERT INTO visit_days (agent_id, day, customer_id, best)
SELECT agent_id, date(visited_at, 'unixepoch', 'localtime'), customer_id,
       CASE location_status WHEN 'verified' THEN 3 WHEN 'customer-unlocated' THEN 2 WHEN 'off-site' THEN 0 ELSE 1 END
FROM visits WHERE true
ON CONFLICT (agent_id, day, customer_id) DO UPDATE SET best = MAX(best, excluded.best);
