DROP INDEX submissions_sender;
ALTER TABLE submissions DROP COLUMN record_sha256;
ALTER TABLE submissions DROP COLUMN record_bytes;
