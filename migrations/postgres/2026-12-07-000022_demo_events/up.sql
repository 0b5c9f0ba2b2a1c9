-- Events made as demonstrations (the front page's button, `kiela admin demo-event`): the
-- engine reviews their games after every real game's, and an organiser makes only a few a day
-- from the web.
CREATE TABLE demo_events (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events (id) ON DELETE CASCADE
);
