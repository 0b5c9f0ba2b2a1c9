-- The ids the registry issued go with it (an issued id is `K` and its person's own number,
-- with a suffix when that was taken); the ids federations gave their players stay.
UPDATE players SET federation_id = NULL
    WHERE federation_id IN (
        SELECT r.federation_id FROM registry_players r
        WHERE r.federation_id = 'K' || lpad(r.id::text, greatest(7, length(r.id::text)), '0')
           OR r.federation_id LIKE 'K' || lpad(r.id::text, greatest(7, length(r.id::text)), '0') || '-%'
    );
DROP INDEX players_federation_id;
DROP TABLE registry_players;
