-- Upgrade step 21 (src/db.rs). schema.sql has the same columns and index (added last, as these
-- ALTER TABLEs leave them).
-- Wrong passwords lock an account for a while, apart from an administrator's block: until when,
-- and how many locks since the last sign-in (each one twice as long as the one before). Accounts
-- blocked by wrong passwords before this step stay blocked until an administrator unblocks them:
-- nothing tells those blocks from an administrator's.
ALTER TABLE users ADD COLUMN locked_until INTEGER;
ALTER TABLE users ADD COLUMN lock_count INTEGER NOT NULL DEFAULT 0;
-- An impersonated session lives only as long as the administrator's session that opened it.
ALTER TABLE sessions ADD COLUMN parent_session_id TEXT;
CREATE INDEX IF NOT EXISTS sessions_parent ON sessions(parent_session_id) WHERE parent_session_id IS NOT NULL;
