-- An arbiter's decisions on a player's fair-play screening (no action, warned, referred): each
-- one a new row, never changed or deleted, so the rows are the decisions' audit and the latest
-- is the one that stands.
CREATE TABLE fair_play_decisions (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    decision TEXT NOT NULL,
    note TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    decided_at TIMESTAMP NOT NULL
);
CREATE INDEX fair_play_decisions_player ON fair_play_decisions (event_id, player_id);
-- Events whose games an arbiter asked to have reviewed (and so screened) before the others';
-- the ask holds for two days from asked_at.
CREATE TABLE review_priorities (
    event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    asked_at TIMESTAMP NOT NULL
);
