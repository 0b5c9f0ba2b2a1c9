ALTER TABLE players DROP COLUMN fide_id;
ALTER TABLE players DROP COLUMN fide_federation;
ALTER TABLE players DROP COLUMN fide_title;
