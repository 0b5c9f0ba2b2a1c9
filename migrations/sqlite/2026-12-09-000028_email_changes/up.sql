-- A change of an account's address waiting for its confirmation at the new address: only the
-- token's hash is kept; a link works once (used_at) and until expires_at. A newer ask ends the
-- older ones (used_at set without the change).
CREATE TABLE email_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    new_email TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX email_changes_user ON email_changes (user_id);
