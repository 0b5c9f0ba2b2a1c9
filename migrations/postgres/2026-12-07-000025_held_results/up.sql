-- A result of a game played live, reached while its last moves are still hidden from the
-- public (the event's delay): it becomes final when the public sees the last move, so nothing
-- the public reads (standings, exports, the next round's pairings) depends on a move it cannot
-- see yet. The outcome (result, record, who settled it, the log line) as JSON; the game's
-- version when it was held (a change since drops it).
CREATE TABLE held_results (
    game_id INTEGER PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    game_version INTEGER NOT NULL,
    final_at TIMESTAMP NOT NULL,
    outcome TEXT NOT NULL
);
CREATE INDEX held_results_due ON held_results (final_at);
