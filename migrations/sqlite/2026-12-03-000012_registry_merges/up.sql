-- People of the registry merged into another (two entries that were one person): the old
-- federation id keeps leading to the person, and who merged whom, when, stays on record.
CREATE TABLE registry_merges (
    federation_id TEXT PRIMARY KEY NOT NULL,
    merged_into TEXT NOT NULL,
    name TEXT NOT NULL,
    merged_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    merged_at TIMESTAMP NOT NULL
);
CREATE INDEX registry_merges_into ON registry_merges (merged_into);
