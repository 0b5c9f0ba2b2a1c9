-- The event's rule for adjudicating an unfinished game with the engine: a side wins when the
-- engine proves it, or when its score is at least `adjudication_margin` stones (0: only a
-- proven win); otherwise `adjudication_otherwise`: 'draw', or 'arbiter' (the arbiter decides).
ALTER TABLE events ADD COLUMN adjudication_margin INTEGER NOT NULL DEFAULT 10;
ALTER TABLE events ADD COLUMN adjudication_otherwise TEXT NOT NULL DEFAULT 'arbiter';
-- An engine's proposal for an unfinished game: the moves played (a record), the search (JSON:
-- score, depth, nodes, time, best move, line), the result it proposes under the event's rule
-- (NULL: the arbiter decides), for the game at `game_version` with `last_submission` its newest
-- record sent (a record sent later makes the proposal history).
CREATE TABLE adjudications (
    id SERIAL PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game_version INTEGER NOT NULL,
    last_submission INTEGER,
    record TEXT NOT NULL,
    search TEXT NOT NULL,
    proposed TEXT,
    requested_by INTEGER NOT NULL REFERENCES users (id),
    requested_at TIMESTAMP NOT NULL
);
CREATE INDEX adjudications_game ON adjudications (game_id);
