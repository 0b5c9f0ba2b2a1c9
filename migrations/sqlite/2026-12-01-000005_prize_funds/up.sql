-- An event's prize fund (the organiser's lists of place and category prizes and the rules of
-- their distribution, as JSON), and whether its prize list is public before the event ends.
CREATE TABLE prize_funds (
    event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    fund TEXT NOT NULL,
    published BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at TIMESTAMP NOT NULL
);
