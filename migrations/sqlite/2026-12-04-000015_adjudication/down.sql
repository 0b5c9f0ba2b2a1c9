DROP TABLE adjudications;
ALTER TABLE events DROP COLUMN adjudication_otherwise;
ALTER TABLE events DROP COLUMN adjudication_margin;
