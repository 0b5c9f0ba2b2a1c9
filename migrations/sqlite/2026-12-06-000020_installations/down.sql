DELETE FROM settings WHERE name = 'national_ids_before_roles';
DROP TABLE event_pushes;
ALTER TABLE audit_log DROP COLUMN actor_name;
ALTER TABLE submissions DROP COLUMN by_name;
DROP TABLE event_origins;
DROP TABLE national_ratings;
