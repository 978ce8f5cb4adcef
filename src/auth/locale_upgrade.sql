-- Upgrade step 24 (src/db.rs). schema.sql has the same column (added last, as this ALTER TABLE
-- leaves it) and trigger.
-- The language a user chose (`POST /users/locale`): `en` or `hi`; NULL: the company's
-- (FIELDSALES_LOCALE).
ALTER TABLE users ADD COLUMN locale TEXT CHECK (locale IN ('en', 'hi'));
-- A signed-in user carries their language: a change of it drops the kept user (auth::session).
DROP TRIGGER IF EXISTS users_changed_update;
CREATE TRIGGER IF NOT EXISTS users_changed_update
AFTER UPDATE OF uid, name, email, user_type_id, country_id, manager_id, force_password_update, is_first_time_login,
                is_blocked, is_deleted, locale ON users
WHEN old.uid IS NOT new.uid OR old.name IS NOT new.name OR old.email COLLATE BINARY IS NOT new.email
  OR old.user_type_id IS NOT new.user_type_id OR old.country_id IS NOT new.country_id OR old.manager_id IS NOT new.manager_id
  OR old.force_password_update IS NOT new.force_password_update OR old.is_first_time_login IS NOT new.is_first_time_login
  OR old.is_blocked IS NOT new.is_blocked OR old.is_deleted IS NOT new.is_deleted OR old.locale IS NOT new.locale BEGIN
    UPDATE session_table_changes SET changes = changes + 1;
END;
