-- Messages to send by e-mail, written in the transaction of the change that causes them and
-- sent by a background worker. kind: what the message says (the text is made when it is
-- sent, in `language`, from the data it names). secret: a reset link's token, kept only
-- until the message is sent. state: waiting, sent or failed (the server refused it for
-- good); next_attempt_at: when a worker may take it (a worker taking it moves it on, so that
-- another app server leaves it alone while it is sent). message_id: fixed when the message is
-- queued, the same on every attempt.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER REFERENCES events (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    to_email TEXT NOT NULL,
    to_name TEXT NOT NULL,
    language TEXT NOT NULL,
    player_id INTEGER REFERENCES players (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    round_id INTEGER REFERENCES rounds (id) ON DELETE CASCADE,
    game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
    secret TEXT,
    body TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    last_error TEXT,
    message_id TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP
);
CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
CREATE INDEX outbox_event ON outbox (event_id, id);

-- An event's choice of announcements, and the language of messages to players without an
-- account's language. No row: every announcement on, Portuguese.
CREATE TABLE event_mail (
    event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    language TEXT NOT NULL,
    personal_link BOOLEAN NOT NULL,
    round_published BOOLEAN NOT NULL,
    confirmation BOOLEAN NOT NULL,
    disputes BOOLEAN NOT NULL,
    corrections BOOLEAN NOT NULL,
    final_ranking BOOLEAN NOT NULL,
    dropped INTEGER NOT NULL DEFAULT 0
);

-- Addresses that asked for no more announcements (the List-Unsubscribe link), kept by the
-- token their messages carry.
CREATE TABLE mail_recipients (
    email TEXT PRIMARY KEY,
    token TEXT NOT NULL UNIQUE,
    unsubscribed_at TIMESTAMP
);

-- The language an account uses the site in, for the messages it is sent.
ALTER TABLE users ADD COLUMN language TEXT;
