-- Step 36 (src/db.rs): the photos flagged as like another, by that other photo: a prune in pieces
-- (issue #50) unlinks the photos like those of each piece without reading the whole table.
-- schema.sql has the same index.
CREATE INDEX IF NOT EXISTS visit_photos_similar ON visit_photos(similar_to) WHERE similar_to IS NOT NULL;
