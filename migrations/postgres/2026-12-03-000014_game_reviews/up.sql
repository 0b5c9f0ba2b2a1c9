-- The engine's review of a final game's record, computed once in the background: for the game
-- at `game_version` (a correction moves the game on and the review is computed again), the
-- JSON of every ply's scores, and the node budget each position was searched with.
CREATE TABLE game_reviews (
    game_id INTEGER PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game_version INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    review TEXT NOT NULL,
    computed_at TIMESTAMP NOT NULL
);
