-- Step 33 (src/db.rs): an import applies its rows in short pieces, each committed on its own, and
-- its row says how far it got. schema.sql has the same columns and index.
ALTER TABLE uploads ADD COLUMN state TEXT NOT NULL DEFAULT 'done' CHECK (state IN ('running', 'done', 'stopped'));
ALTER TABLE uploads ADD COLUMN last_row INTEGER NOT NULL DEFAULT 0;
ALTER TABLE uploads ADD COLUMN stopped_code TEXT;
ALTER TABLE uploads ADD COLUMN stopped_reason TEXT;
CREATE INDEX IF NOT EXISTS uploads_by ON uploads(uploaded_by, upload_id);
