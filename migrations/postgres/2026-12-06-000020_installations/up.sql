-- One season across installations.
-- The federation's rating list as a venue imported it (with the registry's people): entering
-- a person by national id takes their national rating from here, offline.
CREATE TABLE national_ratings (
    federation_id TEXT PRIMARY KEY NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    as_of DATE NOT NULL
);
-- An event imported from another installation's archive: which installation ran it (its code
-- and name), its id there, and the digest of the archive last imported (the same archive
-- again changes nothing; a later one of the same event updates it in place).
CREATE TABLE event_origins (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    installation TEXT NOT NULL,
    name TEXT NOT NULL,
    origin_event INTEGER NOT NULL,
    digest TEXT NOT NULL,
    UNIQUE (installation, origin_event)
);
-- Who sent a submission and who acted in the log, as the installation that took them named
-- them (an imported event's accounts are not this installation's).
ALTER TABLE submissions ADD COLUMN by_name TEXT;
ALTER TABLE audit_log ADD COLUMN actor_name TEXT;
-- A venue's events marked for the federation, and where each push stands.
CREATE TABLE event_pushes (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    -- The event's version the federation last took.
    pushed_version INTEGER,
    pushed_at TIMESTAMP,
    -- Failed attempts since the last success (the back-off grows with them).
    failures INTEGER NOT NULL DEFAULT 0,
    last_attempt_at TIMESTAMP,
    -- The federation's last answer: its HTTP status (0: no answer) and what it said.
    last_status INTEGER,
    last_answer TEXT
);
-- An installation that issued ids of the national form before installations had roles is
-- told at start-up, until its configuration states its role, to say which it is.
INSERT INTO settings (name, value)
SELECT 'national_ids_before_roles', 'yes'
WHERE EXISTS (SELECT 1 FROM registry_players WHERE federation_id LIKE 'K0______');
