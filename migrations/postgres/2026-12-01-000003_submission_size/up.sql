-- A rejected submission keeps only the start of what was sent; its full size and SHA-256
-- say what the rest was.
ALTER TABLE submissions ADD COLUMN record_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE submissions ADD COLUMN record_sha256 TEXT NOT NULL DEFAULT '';
UPDATE submissions SET record_bytes = octet_length(record);
CREATE INDEX submissions_sender ON submissions (game_id, player_id, created_at);
