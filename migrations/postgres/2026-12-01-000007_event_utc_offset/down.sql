ALTER TABLE events DROP COLUMN utc_offset;
