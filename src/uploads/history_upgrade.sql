-- Upgrade step 22 (src/db.rs): every upload is recorded, in the transaction of its rows, so the
-- home can count today's uploads with rejected rows. schema.sql has the same table and index.
CREATE TABLE IF NOT EXISTS uploads (
    upload_id   INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL,
    uploaded_by INTEGER NOT NULL REFERENCES users(uid),
    uploaded_at INTEGER NOT NULL,
    applied     INTEGER NOT NULL,
    rejected    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS uploads_rejected ON uploads(uploaded_at) WHERE rejected > 0;
