-- One-time links that set a new password: only the token's hash is kept; a link works once
-- (used_at) and until expires_at. made_by: the administrator who made it (NULL: the command
-- line, or the account's own request).
CREATE TABLE password_resets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    made_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- What was done to an account that is no event's: a reset link made, a password set by one.
CREATE TABLE account_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    actor_user INTEGER REFERENCES users (id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX account_log_user ON account_log (user_id);
