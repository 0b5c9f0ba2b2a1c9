-- Results whose standings are still to be counted: a final result that completes a round
-- adds one to `seq` in its own short transaction; the standings worker stores a table
-- computed from a snapshot and sets `counted` to the `seq` that snapshot saw. The standings
-- are up to date when the two are equal; a row left behind by a stopped server is finished
-- at the next start.
CREATE TABLE standings_due (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    counted INTEGER NOT NULL
);
