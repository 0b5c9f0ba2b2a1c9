ALTER TABLE players DROP COLUMN account_via;
