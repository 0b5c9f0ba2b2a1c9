-- The organiser's own labels on an entry, separated by commas, for custom prize categories.
ALTER TABLE players ADD COLUMN tags TEXT NOT NULL DEFAULT '';
