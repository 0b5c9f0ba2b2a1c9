-- Games entered move by move as they are played.
-- What the public sees of an event's games in play waits this many minutes (players and staff
-- see it at once), as broadcasts of over-the-board games do. No row: no delay.
CREATE TABLE event_live (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    delay_minutes INTEGER NOT NULL CHECK (delay_minutes >= 0)
);
-- The moves of a game in play, one row a ply: the ply number is the key, so a move sent twice
-- is one move and two devices cannot play two moves for one ply. Who entered it (a player's
-- entry, an account, or both) decides in whose name the finished record is submitted; the
-- position after it is kept for the boards that follow the game.
CREATE TABLE game_moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply INTEGER NOT NULL CHECK (ply >= 1),
    move TEXT NOT NULL,
    position TEXT NOT NULL,
    player_id INTEGER REFERENCES players (id) ON DELETE SET NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    played_at TIMESTAMP NOT NULL,
    -- When the public may see it: played_at and the event's delay.
    public_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, ply)
);
-- The engine plays no position of a game in play (the practice board asks by position).
CREATE INDEX game_moves_position ON game_moves (position);
-- What happened to games in play, in the order it was written: every server reads it from
-- the last id it saw and tells the screens that follow those games (a move, a move taken
-- back, a result). Nothing reads it but the live streams; old rows are cleared.
CREATE TABLE live_feed (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('move', 'takeback', 'result')),
    ply INTEGER NOT NULL,
    move TEXT,
    position TEXT,
    status TEXT NOT NULL,
    result TEXT,
    written_at TIMESTAMP NOT NULL,
    public_at TIMESTAMP NOT NULL
);
CREATE INDEX live_feed_written ON live_feed (written_at);
