DROP TABLE rating_history;
ALTER TABLE events DROP COLUMN rating_period;
ALTER TABLE events DROP COLUMN rated;
