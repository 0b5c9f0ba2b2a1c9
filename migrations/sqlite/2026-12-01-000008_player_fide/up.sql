-- What a tournament file from another program says of a player and the event keeps: the FIDE
-- title, federation (three letters) and id.
ALTER TABLE players ADD COLUMN fide_title TEXT;
ALTER TABLE players ADD COLUMN fide_federation TEXT;
ALTER TABLE players ADD COLUMN fide_id TEXT;
