-- The games an event counts for in the national rating list, as they stood when a federation
-- administrator put it in (or last accepted its changes): the list is rated from these, so an
-- organiser's later correction or federation id changes the event's own pages at once and the
-- list only when an administrator accepts it.
CREATE TABLE listed_games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    game_id INTEGER NOT NULL,
    first_federation_id TEXT NOT NULL,
    second_federation_id TEXT NOT NULL,
    result TEXT NOT NULL
);
CREATE INDEX listed_games_event ON listed_games (event_id);
CREATE INDEX listed_games_first ON listed_games (first_federation_id);
CREATE INDEX listed_games_second ON listed_games (second_federation_id);
-- The events in the list now count for the games they count for today.
INSERT INTO listed_games (event_id, game_id, first_federation_id, second_federation_id, result)
SELECT g.event_id, g.id, a.federation_id, b.federation_id, g.result
FROM games g
JOIN events e ON e.id = g.event_id
JOIN players a ON a.id = g.first_id
JOIN players b ON b.id = g.second_id
WHERE e.rating_period IS NOT NULL
  AND g.status = 'final'
  AND g.result IN ('1-0', '0-1', '1/2-1/2')
  AND a.federation_id IS NOT NULL
  AND b.federation_id IS NOT NULL
ORDER BY g.id;
