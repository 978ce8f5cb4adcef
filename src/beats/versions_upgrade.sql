-- Upgrade step 9 (src/db.rs): a change of a beat raises its agent's figures version (schema.sql
-- has the same triggers), so the landing's cached plan tiles (buckets::stats) follow beat edits as
-- they follow visits and orders.
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
