-- The national registry is its keeper's: an entry (an organiser's, an imported archive's)
-- whose details differ from its registered person's changes nothing there; the difference
-- waits here, one per person and event, for the installation's administrator to take it or
-- leave it.
CREATE TABLE registry_proposals (
    id SERIAL PRIMARY KEY,
    federation_id TEXT NOT NULL,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    club TEXT NOT NULL,
    province TEXT NOT NULL,
    sex TEXT,
    birth_year INTEGER,
    proposed_at TIMESTAMP NOT NULL,
    UNIQUE (federation_id, event_id)
);
CREATE INDEX registry_proposals_person ON registry_proposals (federation_id);
