-- Upgrade step 29 (src/db.rs). schema.sql has the same tables, and the users table as these DROP
-- COLUMNs leave it (issue #49).
-- Wrong passwords lock an account against the client address they came from, not for everyone:
-- one stranger can no longer hold an owner's account. Locks in force under the old rule are
-- lifted (they named no address), and the account-wide count goes.
CREATE TABLE IF NOT EXISTS sign_in_locks (
    uid          INTEGER NOT NULL REFERENCES users(uid),
    client_addr  TEXT NOT NULL,
    failures     INTEGER NOT NULL DEFAULT 0,
    locked_until INTEGER,
    lock_count   INTEGER NOT NULL DEFAULT 0,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (uid, client_addr)
) WITHOUT ROWID;
-- When the administrators were last told of sustained failed sign-ins against an account.
CREATE TABLE IF NOT EXISTS sign_in_alerts (
    uid        INTEGER PRIMARY KEY REFERENCES users(uid),
    alerted_at INTEGER NOT NULL
);
ALTER TABLE users DROP COLUMN failed_attempts;
ALTER TABLE users DROP COLUMN locked_until;
ALTER TABLE users DROP COLUMN lock_count;
