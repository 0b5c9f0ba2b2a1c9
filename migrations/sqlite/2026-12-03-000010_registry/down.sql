UPDATE players SET federation_id = NULL
    WHERE federation_id GLOB 'K[0-9][0-9][0-9][0-9][0-9][0-9][0-9]*';
DROP INDEX players_federation_id;
DROP TABLE registry_players;
