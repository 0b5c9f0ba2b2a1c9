-- How an entry came to be bound to its account: 'link' (the holder of its personal link said
-- "this is me"; the organiser has not confirmed it), 'organiser' (the organiser linked it or
-- confirmed the claim), 'registration' (the account registered itself). A reissued personal
-- link ends a claim made through the old one unless the organiser keeps it; only an
-- organiser's act binds an account to a person of the registry.
ALTER TABLE players ADD COLUMN account_via TEXT;
UPDATE players SET account_via = 'organiser' WHERE user_id IS NOT NULL;
UPDATE players SET account_via = 'registration'
WHERE user_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM audit_log a
    WHERE a.event_id = players.event_id AND a.action = 'player_registered'
      AND a.actor_user = players.user_id
);
UPDATE players SET account_via = 'link'
WHERE user_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM audit_log a
    WHERE a.actor_player = players.id AND a.action = 'player_claimed'
      AND a.actor_user = players.user_id
);
-- A person of the registry stays bound to an account only where an organiser's act bound them
-- (an entry of theirs the organiser linked, or a registration of theirs): a binding that came
-- only from claims through personal links ends.
UPDATE registry_players SET user_id = NULL
WHERE user_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM players p
    WHERE p.federation_id = registry_players.federation_id
      AND p.user_id = registry_players.user_id
      AND p.account_via IN ('organiser', 'registration')
);
