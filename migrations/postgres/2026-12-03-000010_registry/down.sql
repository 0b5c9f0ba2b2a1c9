UPDATE players SET federation_id = NULL WHERE federation_id ~ '^K[0-9]{7,}(-.*)?$';
DROP INDEX players_federation_id;
DROP TABLE registry_players;
