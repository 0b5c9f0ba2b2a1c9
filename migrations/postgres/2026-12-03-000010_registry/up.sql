-- The federation's registry: each person once, across every event. An entry names its person
-- by `players.federation_id`. Ids the registry issues are `K` and seven digits or more;
-- ids a federation already gave its players are kept as they are.
CREATE TABLE registry_players (
    id SERIAL PRIMARY KEY,
    federation_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    -- The name folded (case, accents) and as it sounds, for searching; written by the
    -- program (at start-up for rows this migration makes).
    name_key TEXT NOT NULL DEFAULT '',
    sound_key TEXT NOT NULL DEFAULT '',
    sex TEXT CHECK (sex IN ('F', 'M')),
    birth_year INTEGER,
    club TEXT NOT NULL DEFAULT '',
    province TEXT NOT NULL DEFAULT '',
    email TEXT,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX registry_players_user ON registry_players (user_id);
CREATE INDEX players_federation_id ON players (federation_id);

-- Federation ids are read in upper case from now on (`ao-77` is `AO-77`).
UPDATE players SET federation_id = upper(trim(federation_id)) WHERE federation_id IS NOT NULL;
UPDATE players SET federation_id = NULL WHERE federation_id = '';

-- Every entry so far names a person: entries with the same federation id are one person;
-- of the others, those bound to one account are one person, and every other entry is a
-- person of its own.
UPDATE players SET federation_id = '#u' || user_id::text
    WHERE federation_id IS NULL AND user_id IS NOT NULL;
UPDATE players SET federation_id = '#p' || id::text WHERE federation_id IS NULL;
INSERT INTO registry_players
    (federation_id, name, sex, birth_year, club, province, email, user_id, created_at, updated_at)
SELECT p.federation_id, p.name, p.sex, p.birth_year, p.club, p.province, p.email, p.user_id,
       p.created_at, p.created_at
FROM players p
WHERE p.id = (SELECT max(q.id) FROM players q WHERE q.federation_id = p.federation_id);
-- Issued ids: `K` and the person's number; one a federation already used takes `-M`.
UPDATE players SET federation_id = (
    SELECT 'K' || lpad(r.id::text, greatest(7, length(r.id::text)), '0') || CASE WHEN EXISTS (
        SELECT 1 FROM registry_players t WHERE t.federation_id = 'K' || lpad(r.id::text, greatest(7, length(r.id::text)), '0')
    ) THEN '-M' ELSE '' END
    FROM registry_players r
    WHERE r.federation_id = players.federation_id
) WHERE federation_id LIKE '#%';
UPDATE registry_players SET federation_id = 'K' || lpad(registry_players.id::text, greatest(7, length(registry_players.id::text)), '0') || CASE WHEN EXISTS (
        SELECT 1 FROM registry_players t WHERE t.federation_id = 'K' || lpad(registry_players.id::text, greatest(7, length(registry_players.id::text)), '0')
    ) THEN '-M' ELSE '' END
    WHERE federation_id LIKE '#%';
