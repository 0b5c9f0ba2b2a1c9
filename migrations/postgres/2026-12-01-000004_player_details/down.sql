ALTER TABLE players DROP COLUMN federation_id;
ALTER TABLE players DROP COLUMN birth_year;
ALTER TABLE players DROP COLUMN sex;
