-- Upgrade step 15 (src/db.rs). schema.sql has the same table and triggers.
-- The server keeps signed-in users for a moment (auth::session) and drops them whenever a table
-- they are read from changes, which it learns from SQLite's update hook (db.rs). That hook sees
-- only tables with a rowid, so the WITHOUT ROWID ones (sessions, user_type_rights) move this
-- counter, whose row it does see.
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
CREATE TRIGGER IF NOT EXISTS user_type_rights_changed_insert AFTER INSERT ON user_type_rights BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS user_type_rights_changed_update AFTER UPDATE ON user_type_rights BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS user_type_rights_changed_delete AFTER DELETE ON user_type_rights BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
