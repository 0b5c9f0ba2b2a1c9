ALTER TABLE event_pushes DROP COLUMN refused_version;
ALTER TABLE event_pushes DROP COLUMN last_code;
DROP TABLE withdrawn_events;
DROP TABLE held_archives;
ALTER TABLE event_origins DROP COLUMN rate_decisions;
ALTER TABLE event_origins DROP COLUMN archive;
DROP TABLE venues;
