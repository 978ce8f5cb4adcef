-- Upgrade step 15 (src/db.rs). schema.sql has the same table and triggers.
-- The server keeps signed-in users for a moment (auth::session) and drops them whenever a table
-- they are read from changes, which it learns from SQLite's update hook (db.rs). That hook sees
-- only tables with a rowid, so the WITHOUT ROWID ones (sessions, user_type_rights) move this
-- counter, whose row it does see; so do the columns of a user that a signed-in user is read from
-- (not the failed attempts, which anyone's wrong password changes).
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
CREATE TRIGGER IF NOT EXISTS users_changed_update
AFTER UPDATE OF uid, name, email, user_type_id, country_id, manager_id, force_password_update, is_first_time_login,
                is_blocked, is_deleted ON users
WHEN old.uid IS NOT new.uid OR old.name IS NOT new.name OR old.email COLLATE BINARY IS NOT new.email
  OR old.user_type_id IS NOT new.user_type_id OR old.country_id IS NOT new.country_id OR old.manager_id IS NOT new.manager_id
  OR old.force_password_update IS NOT new.force_password_update OR old.is_first_time_login IS NOT new.is_first_time_login
  OR old.is_blocked IS NOT new.is_blocked OR old.is_deleted IS NOT new.is_deleted BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS users_changed_delete AFTER DELETE ON users BEGIN
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
