-- The venue's offset from UTC (+01:00); none: the installation's.
ALTER TABLE events ADD COLUMN utc_offset TEXT;
