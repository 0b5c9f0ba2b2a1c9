-- Archives are signed by the installation that ran the event (docs/archive.md).
-- The installations whose archives this one takes: each code with the public key its first
-- archive was signed with, waiting for this installation's administrator to approve it (the
-- fingerprint compared with the venue's own) before any archive of theirs is imported. An
-- archive under a known code signed by another key is refused.
CREATE TABLE venues (
    code TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    public_key TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'approved')),
    first_seen_at TIMESTAMP NOT NULL,
    decided_at TIMESTAMP,
    decided_by INTEGER REFERENCES users (id) ON DELETE SET NULL
);
-- An imported event keeps the archive it was last written from (gzip), so the next one is
-- compared with it, and whether the venue's decisions without a record count for the rating
-- list (only when this installation says so).
ALTER TABLE event_origins ADD COLUMN archive BYTEA;
ALTER TABLE event_origins ADD COLUMN rate_decisions BOOLEAN NOT NULL DEFAULT FALSE;
-- A later archive of an imported event that changes what was there (an entry's identity, the
-- players of a game, a result) waits here for the importing organiser's confirmation; a newer
-- one from the venue replaces it.
CREATE TABLE held_archives (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    digest TEXT NOT NULL,
    archive BYTEA NOT NULL,
    received_at TIMESTAMP NOT NULL,
    received_by INTEGER REFERENCES users (id) ON DELETE SET NULL
);
-- Events an administrator withdrew from this installation: archives of them are refused to
-- organisers, with the reason, until an administrator imports one again.
CREATE TABLE withdrawn_events (
    installation TEXT NOT NULL,
    origin_event INTEGER NOT NULL,
    name TEXT NOT NULL,
    withdrawn_at TIMESTAMP NOT NULL,
    withdrawn_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    PRIMARY KEY (installation, origin_event)
);
-- A venue's push refused by the federation: the refusal's code, and the event's version it
-- was refused at (not tried again until the event changes or an organiser asks).
ALTER TABLE event_pushes ADD COLUMN last_code TEXT;
ALTER TABLE event_pushes ADD COLUMN refused_version INTEGER;
