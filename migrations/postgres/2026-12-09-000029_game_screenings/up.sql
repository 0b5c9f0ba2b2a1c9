-- A final game's fair-play screening, read from its review (game_reviews) when that is stored:
-- for each player, the counted moves (the opening, forced moves and decided positions left
-- out), how many were the engine's first choice, and the sum of their costs and of their
-- squares; the ratings the players had; and every ply as the screening read it (JSON), for
-- the arbiter's evidence. Kept for the game's version it was read from.
CREATE TABLE game_screenings (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    game_version INTEGER NOT NULL,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    first_rating INTEGER NOT NULL,
    second_rating INTEGER NOT NULL,
    first_moves INTEGER NOT NULL,
    first_matched INTEGER NOT NULL,
    first_cost DOUBLE PRECISION NOT NULL,
    first_cost_squared DOUBLE PRECISION NOT NULL,
    second_moves INTEGER NOT NULL,
    second_matched INTEGER NOT NULL,
    second_cost DOUBLE PRECISION NOT NULL,
    second_cost_squared DOUBLE PRECISION NOT NULL,
    plies TEXT NOT NULL,
    computed_at TIMESTAMP NOT NULL
);
CREATE INDEX game_screenings_event ON game_screenings (event_id);
