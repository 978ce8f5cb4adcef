-- Upgrade step 21 (src/db.rs): a shop position an agent types (the profile update, a new
-- customer) is a proposal too, without a visit and maybe without an accuracy, so a proposal names
-- who made it. SQLite cannot drop NOT NULL from a column: the table is made again under its name
-- (the old one renamed first, so the new one's text is schema.sql's). schema.sql has the same objects.
ALTER TABLE location_proposals RENAME TO location_proposals_before_21;
CREATE TABLE location_proposals (
    customer_id INTEGER PRIMARY KEY REFERENCES customers(customer_id),
    visit_id    INTEGER REFERENCES visits(visit_id),
    latitude    REAL NOT NULL,
    longitude   REAL NOT NULL,
    accuracy    REAL,
    proposed_at INTEGER NOT NULL,
    proposed_by INTEGER NOT NULL REFERENCES users(uid)
);
INSERT INTO location_proposals (customer_id, visit_id, latitude, longitude, accuracy, proposed_at, proposed_by)
    SELECT p.customer_id, p.visit_id, p.latitude, p.longitude, p.accuracy, p.proposed_at, v.entered_by
    FROM location_proposals_before_21 p JOIN visits v ON v.visit_id = p.visit_id;
DROP TABLE location_proposals_before_21;
