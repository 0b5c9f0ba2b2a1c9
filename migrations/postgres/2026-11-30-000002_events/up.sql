CREATE TABLE events (
    id SERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    starts_on DATE,
    ends_on DATE,
    location TEXT NOT NULL DEFAULT '',
    variant TEXT NOT NULL CHECK (variant IN ('beginner', 'advanced', 'expert')),
    format TEXT NOT NULL CHECK (format IN ('swiss', 'round_robin', 'double_round_robin',
        'single_elimination', 'double_elimination', 'swiss_then_knockout')),
    rounds INTEGER NOT NULL,
    games_per_match INTEGER NOT NULL DEFAULT 1,
    knockout_size INTEGER NOT NULL DEFAULT 0,
    third_place BOOLEAN NOT NULL DEFAULT FALSE,
    grand_final_reset BOOLEAN NOT NULL DEFAULT FALSE,
    tiebreaks TEXT NOT NULL,
    points_win INTEGER NOT NULL DEFAULT 10,
    points_draw INTEGER NOT NULL DEFAULT 5,
    points_loss INTEGER NOT NULL DEFAULT 0,
    points_bye INTEGER NOT NULL DEFAULT 10,
    initial_colour TEXT NOT NULL DEFAULT 'W' CHECK (initial_colour IN ('W', 'B')),
    accelerated BOOLEAN NOT NULL DEFAULT FALSE,
    self_registration BOOLEAN NOT NULL DEFAULT FALSE,
    check_in BOOLEAN NOT NULL DEFAULT FALSE,
    state TEXT NOT NULL DEFAULT 'registration' CHECK (state IN ('registration', 'running', 'finished')),
    owner_id INTEGER NOT NULL REFERENCES users (id),
    version INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE event_staff (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('organiser', 'arbiter')),
    UNIQUE (event_id, user_id)
);

CREATE TABLE players (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    rating INTEGER NOT NULL DEFAULT 0,
    club TEXT NOT NULL DEFAULT '',
    province TEXT NOT NULL DEFAULT '',
    email TEXT,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    secret TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active', 'withdrawn')),
    withdrawn_after INTEGER,
    joined_round INTEGER NOT NULL DEFAULT 1,
    missed_points TEXT NOT NULL DEFAULT 'zero' CHECK (missed_points IN ('zero', 'half')),
    checked_in BOOLEAN NOT NULL DEFAULT FALSE,
    seed INTEGER,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, number)
);
CREATE INDEX players_user ON players (user_id);
CREATE INDEX players_email ON players (email);

CREATE TABLE player_byes (
    id SERIAL PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('half', 'zero')),
    UNIQUE (player_id, round)
);

CREATE TABLE rounds (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    stage TEXT NOT NULL CHECK (stage IN ('swiss', 'round_robin', 'knockout')),
    state TEXT NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published')),
    starts_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    published_at TIMESTAMP,
    UNIQUE (event_id, number)
);

CREATE TABLE games (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    game_no INTEGER NOT NULL DEFAULT 1,
    bracket_code TEXT,
    first_id INTEGER REFERENCES players (id),
    second_id INTEGER REFERENCES players (id),
    status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'pending', 'disputed', 'final')),
    result TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2', '+-', '-+', '--', 'bye')),
    termination TEXT,
    plies INTEGER,
    record TEXT,
    final_position TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (round_id, board, game_no)
);
CREATE INDEX games_event ON games (event_id);
CREATE INDEX games_first ON games (first_id);
CREATE INDEX games_second ON games (second_id);

CREATE TABLE submissions (
    id SERIAL PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    player_id INTEGER REFERENCES players (id) ON DELETE SET NULL,
    role TEXT NOT NULL,
    record TEXT NOT NULL,
    record_hash TEXT NOT NULL,
    verdict TEXT NOT NULL,
    reason TEXT,
    ply INTEGER,
    result TEXT,
    termination TEXT,
    plies INTEGER,
    status TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX submissions_game ON submissions (game_id);

CREATE TABLE audit_log (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round_id INTEGER,
    game_id INTEGER,
    actor_user INTEGER,
    actor_player INTEGER,
    action TEXT NOT NULL,
    from_state TEXT,
    to_state TEXT,
    detail TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_event ON audit_log (event_id);
CREATE INDEX audit_log_game ON audit_log (game_id);

CREATE TABLE standings_cache (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    computed_at TIMESTAMP NOT NULL
);
