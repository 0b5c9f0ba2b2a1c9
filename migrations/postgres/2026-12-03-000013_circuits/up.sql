-- Circuits: events grouped into a season (the provinces' qualifiers), with standings by a
-- points table (points for the 1st, 2nd, … place, comma-separated) and the top
-- `qualifiers` of each qualifier going to the final.
CREATE TABLE circuits (
    id SERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    points TEXT NOT NULL,
    qualifiers INTEGER NOT NULL CHECK (qualifiers >= 0),
    final_event_id INTEGER REFERENCES events (id) ON DELETE SET NULL,
    owner_id INTEGER NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
CREATE TABLE circuit_events (
    circuit_id INTEGER NOT NULL REFERENCES circuits (id) ON DELETE CASCADE,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (circuit_id, event_id)
);
