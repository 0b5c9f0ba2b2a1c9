-- Optional details of an entry, for prize categories and federations: sex, year of birth and
-- the federation's id of the player.
ALTER TABLE players ADD COLUMN sex TEXT CHECK (sex IN ('F', 'M'));
ALTER TABLE players ADD COLUMN birth_year INTEGER;
ALTER TABLE players ADD COLUMN federation_id TEXT;
