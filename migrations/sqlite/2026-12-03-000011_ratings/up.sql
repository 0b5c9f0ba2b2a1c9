-- National ratings. An organiser marks an event as rated; a federation administrator puts
-- the finished event into the list, in the rating period (a calendar month, counted as
-- year * 12 + month - 1) of its last day.
ALTER TABLE events ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE events ADD COLUMN rating_period INTEGER;

-- Each person's rating after every period they played in.
CREATE TABLE rating_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    federation_id TEXT NOT NULL,
    period INTEGER NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    -- Rated games up to and including this period.
    games INTEGER NOT NULL,
    UNIQUE (federation_id, period)
);
CREATE INDEX rating_history_period ON rating_history (period);
