-- Upgrade step 25 (src/db.rs), with the working day and collections. schema.sql has the same objects.
-- A photo taken on a visit (issue #37): the file lies under the data dir by its content hash
-- (`sha256`, one file however many rows or sends name it); `phash` is its perceptual hash, which
-- flags a near-duplicate of another photo of the same customer or of the agent's last 30 days
-- (`similar_to`, the first such photo). A repeat of a `client_id` by the same user is the same photo.
CREATE TABLE IF NOT EXISTS visit_photos (
    photo_id    INTEGER PRIMARY KEY,
    visit_id    INTEGER NOT NULL REFERENCES visits(visit_id),
    customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
    agent_id    INTEGER NOT NULL REFERENCES users(uid),
    entered_by  INTEGER NOT NULL REFERENCES users(uid),
    client_id   TEXT NOT NULL,
    label       TEXT CHECK (label IN ('shelf', 'display', 'competitor', 'other')),
    taken_at    INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    sha256      TEXT NOT NULL,
    phash       INTEGER NOT NULL,
    bytes       INTEGER NOT NULL,
    width       INTEGER NOT NULL,
    height      INTEGER NOT NULL,
    flagged     INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
    similar_to  INTEGER REFERENCES visit_photos(photo_id)
);
CREATE UNIQUE INDEX IF NOT EXISTS visit_photos_client ON visit_photos(entered_by, client_id);
CREATE INDEX IF NOT EXISTS visit_photos_visit ON visit_photos(visit_id);
CREATE INDEX IF NOT EXISTS visit_photos_customer ON visit_photos(customer_id, taken_at);
CREATE INDEX IF NOT EXISTS visit_photos_agent ON visit_photos(agent_id, taken_at);
CREATE INDEX IF NOT EXISTS visit_photos_taken ON visit_photos(taken_at);
CREATE INDEX IF NOT EXISTS visit_photos_sha ON visit_photos(sha256);
