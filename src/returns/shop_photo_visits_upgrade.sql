-- Step 41 (src/db.rs): the rest of issue #54 (decisions 46, 47). schema.sql has the same objects.
-- The photo of a new shop's front, taken with the proposal and sent through the visit photo
-- pipeline (`POST /users/visit/photo` with `proposalClientId`): its file is kept by the photos'
-- store (src/photos/store.rs) under its hash, as a visit photo's; one per proposal.
CREATE TABLE IF NOT EXISTS proposal_photos (
    photo_id    INTEGER PRIMARY KEY,
    proposal_id INTEGER NOT NULL REFERENCES outlet_proposals(proposal_id),
    entered_by  INTEGER NOT NULL REFERENCES users(uid),
    client_id   TEXT NOT NULL,
    taken_at    INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    sha256      TEXT NOT NULL,
    bytes       INTEGER NOT NULL,
    width       INTEGER NOT NULL,
    height      INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_photos_client ON proposal_photos(entered_by, client_id);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_photos_proposal ON proposal_photos(proposal_id);
CREATE INDEX IF NOT EXISTS proposal_photos_sha ON proposal_photos(sha256);
-- Visits (without an order) to a pending shop: the save's body as sent, saved under the new buyer
-- id when the shop is approved (`visit_id`), or refused then (`refused_code`).
CREATE TABLE IF NOT EXISTS proposal_visits (
    wait_id      INTEGER PRIMARY KEY,
    proposal_id  INTEGER NOT NULL REFERENCES outlet_proposals(proposal_id),
    booked_by    INTEGER NOT NULL REFERENCES users(uid),
    client_id    TEXT NOT NULL,
    body         TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    visit_id     INTEGER REFERENCES visits(visit_id),
    refused_code TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_visits_client ON proposal_visits(booked_by, client_id);
CREATE INDEX IF NOT EXISTS proposal_visits_proposal ON proposal_visits(proposal_id);
