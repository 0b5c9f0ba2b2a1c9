//! Table definitions, shared by both backends (the migrations keep them identical).

diesel::table! {
    users (id) {
        id -> Integer,
        email -> Text,
        display_name -> Text,
        password_hash -> Text,
        role -> Text,
        created_at -> Timestamp,
        language -> Nullable<Text>,
    }
}

diesel::table! {
    password_resets (id) {
        id -> Integer,
        user_id -> Integer,
        token_hash -> Text,
        made_by -> Nullable<Integer>,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    email_changes (id) {
        id -> Integer,
        user_id -> Integer,
        new_email -> Text,
        token_hash -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    game_screenings (game_id) {
        game_id -> Integer,
        game_version -> Integer,
        event_id -> Integer,
        first_rating -> Integer,
        second_rating -> Integer,
        first_moves -> Integer,
        first_matched -> Integer,
        first_cost -> Double,
        first_cost_squared -> Double,
        second_moves -> Integer,
        second_matched -> Integer,
        second_cost -> Double,
        second_cost_squared -> Double,
        plies -> Text,
        computed_at -> Timestamp,
    }
}

diesel::table! {
    fair_play_decisions (id) {
        id -> Integer,
        event_id -> Integer,
        player_id -> Integer,
        decision -> Text,
        note -> Text,
        user_id -> Nullable<Integer>,
        decided_at -> Timestamp,
    }
}

diesel::table! {
    review_priorities (event_id) {
        event_id -> Integer,
        user_id -> Nullable<Integer>,
        asked_at -> Timestamp,
    }
}

diesel::table! {
    account_log (id) {
        id -> Integer,
        user_id -> Integer,
        actor_user -> Nullable<Integer>,
        action -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sessions (id) {
        id -> Integer,
        token_hash -> Text,
        user_id -> Integer,
        created_at -> Timestamp,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Integer,
        user_id -> Integer,
        label -> Text,
        token_hash -> Text,
        created_at -> Timestamp,
        last_used_at -> Nullable<Timestamp>,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    login_failures (id) {
        id -> Integer,
        limit_key -> Text,
        failed_at -> Timestamp,
    }
}

diesel::table! {
    listed_games (id) {
        id -> Integer,
        event_id -> Integer,
        game_id -> Integer,
        first_federation_id -> Text,
        second_federation_id -> Text,
        result -> Text,
    }
}

diesel::table! {
    public_versions (name) {
        name -> Text,
        value -> BigInt,
    }
}

diesel::table! {
    national_ratings (federation_id) {
        federation_id -> Text,
        rating -> Double,
        deviation -> Double,
        as_of -> Date,
    }
}

diesel::table! {
    event_origins (event_id) {
        event_id -> Integer,
        installation -> Text,
        name -> Text,
        origin_event -> Integer,
        digest -> Text,
        archive -> Nullable<Binary>,
        rate_decisions -> Bool,
    }
}

diesel::table! {
    venues (code) {
        code -> Text,
        name -> Text,
        public_key -> Text,
        state -> Text,
        first_seen_at -> Timestamp,
        decided_at -> Nullable<Timestamp>,
        decided_by -> Nullable<Integer>,
    }
}

diesel::table! {
    held_results (game_id) {
        game_id -> Integer,
        event_id -> Integer,
        game_version -> Integer,
        final_at -> Timestamp,
        outcome -> Text,
    }
}

diesel::table! {
    held_archives (event_id) {
        event_id -> Integer,
        digest -> Text,
        archive -> Binary,
        received_at -> Timestamp,
        received_by -> Nullable<Integer>,
    }
}

diesel::table! {
    withdrawn_events (installation, origin_event) {
        installation -> Text,
        origin_event -> Integer,
        name -> Text,
        withdrawn_at -> Timestamp,
        withdrawn_by -> Nullable<Integer>,
    }
}

diesel::table! {
    event_pushes (event_id) {
        event_id -> Integer,
        pushed_version -> Nullable<Integer>,
        pushed_at -> Nullable<Timestamp>,
        failures -> Integer,
        last_attempt_at -> Nullable<Timestamp>,
        last_status -> Nullable<Integer>,
        last_answer -> Nullable<Text>,
        last_code -> Nullable<Text>,
        refused_version -> Nullable<Integer>,
    }
}

diesel::table! {
    settings (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    events (id) {
        id -> Integer,
        slug -> Text,
        name -> Text,
        starts_on -> Nullable<Date>,
        ends_on -> Nullable<Date>,
        location -> Text,
        variant -> Text,
        format -> Text,
        rounds -> Integer,
        games_per_match -> Integer,
        knockout_size -> Integer,
        third_place -> Bool,
        grand_final_reset -> Bool,
        tiebreaks -> Text,
        points_win -> Integer,
        points_draw -> Integer,
        points_loss -> Integer,
        points_bye -> Integer,
        initial_colour -> Text,
        accelerated -> Bool,
        self_registration -> Bool,
        check_in -> Bool,
        state -> Text,
        owner_id -> Integer,
        version -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        utc_offset -> Nullable<Text>,
        rated -> Bool,
        rating_period -> Nullable<Integer>,
        adjudication_margin -> Integer,
        adjudication_otherwise -> Text,
    }
}

diesel::table! {
    event_staff (id) {
        id -> Integer,
        event_id -> Integer,
        user_id -> Integer,
        role -> Text,
    }
}

diesel::table! {
    players (id) {
        id -> Integer,
        event_id -> Integer,
        number -> Integer,
        name -> Text,
        rating -> Integer,
        club -> Text,
        province -> Text,
        email -> Nullable<Text>,
        user_id -> Nullable<Integer>,
        secret -> Text,
        status -> Text,
        withdrawn_after -> Nullable<Integer>,
        joined_round -> Integer,
        missed_points -> Text,
        checked_in -> Bool,
        seed -> Nullable<Integer>,
        created_at -> Timestamp,
        sex -> Nullable<Text>,
        birth_year -> Nullable<Integer>,
        federation_id -> Nullable<Text>,
        tags -> Text,
        fide_title -> Nullable<Text>,
        fide_federation -> Nullable<Text>,
        fide_id -> Nullable<Text>,
        account_via -> Nullable<Text>,
    }
}

diesel::table! {
    circuits (id) {
        id -> Integer,
        slug -> Text,
        name -> Text,
        points -> Text,
        qualifiers -> Integer,
        final_event_id -> Nullable<Integer>,
        owner_id -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    circuit_events (circuit_id, event_id) {
        circuit_id -> Integer,
        event_id -> Integer,
        position -> Integer,
    }
}

diesel::table! {
    rating_history (id) {
        id -> Integer,
        federation_id -> Text,
        period -> Integer,
        rating -> Double,
        deviation -> Double,
        volatility -> Double,
        games -> Integer,
    }
}

diesel::table! {
    registry_merges (federation_id) {
        federation_id -> Text,
        merged_into -> Text,
        name -> Text,
        merged_by -> Nullable<Integer>,
        merged_at -> Timestamp,
    }
}

diesel::table! {
    registry_proposals (id) {
        id -> Integer,
        federation_id -> Text,
        event_id -> Integer,
        name -> Text,
        club -> Text,
        province -> Text,
        sex -> Nullable<Text>,
        birth_year -> Nullable<Integer>,
        proposed_at -> Timestamp,
    }
}

diesel::table! {
    registry_players (id) {
        id -> Integer,
        federation_id -> Text,
        name -> Text,
        name_key -> Text,
        sound_key -> Text,
        sex -> Nullable<Text>,
        birth_year -> Nullable<Integer>,
        club -> Text,
        province -> Text,
        email -> Nullable<Text>,
        user_id -> Nullable<Integer>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    player_byes (id) {
        id -> Integer,
        player_id -> Integer,
        round -> Integer,
        kind -> Text,
    }
}

diesel::table! {
    rounds (id) {
        id -> Integer,
        event_id -> Integer,
        number -> Integer,
        stage -> Text,
        state -> Text,
        starts_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        published_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    adjudications (id) {
        id -> Integer,
        game_id -> Integer,
        game_version -> Integer,
        last_submission -> Nullable<Integer>,
        record -> Text,
        search -> Text,
        proposed -> Nullable<Text>,
        requested_by -> Integer,
        requested_at -> Timestamp,
    }
}

diesel::table! {
    game_reviews (game_id) {
        game_id -> Integer,
        game_version -> Integer,
        nodes -> Integer,
        review -> Text,
        computed_at -> Timestamp,
    }
}

diesel::table! {
    games (id) {
        id -> Integer,
        event_id -> Integer,
        round_id -> Integer,
        board -> Integer,
        game_no -> Integer,
        bracket_code -> Nullable<Text>,
        first_id -> Nullable<Integer>,
        second_id -> Nullable<Integer>,
        status -> Text,
        result -> Nullable<Text>,
        termination -> Nullable<Text>,
        plies -> Nullable<Integer>,
        record -> Nullable<Text>,
        final_position -> Nullable<Text>,
        version -> Integer,
        updated_at -> Timestamp,
        corrected_from -> Nullable<Text>,
        correction_reason -> Nullable<Text>,
    }
}

diesel::table! {
    submissions (id) {
        id -> Integer,
        game_id -> Integer,
        user_id -> Nullable<Integer>,
        player_id -> Nullable<Integer>,
        role -> Text,
        record -> Text,
        record_hash -> Text,
        verdict -> Text,
        reason -> Nullable<Text>,
        ply -> Nullable<Integer>,
        result -> Nullable<Text>,
        termination -> Nullable<Text>,
        plies -> Nullable<Integer>,
        status -> Text,
        created_at -> Timestamp,
        record_bytes -> Integer,
        record_sha256 -> Text,
        by_name -> Nullable<Text>,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Integer,
        event_id -> Integer,
        round_id -> Nullable<Integer>,
        game_id -> Nullable<Integer>,
        actor_user -> Nullable<Integer>,
        actor_player -> Nullable<Integer>,
        action -> Text,
        from_state -> Nullable<Text>,
        to_state -> Nullable<Text>,
        detail -> Text,
        created_at -> Timestamp,
        actor_name -> Nullable<Text>,
    }
}

diesel::table! {
    standings_cache (event_id) {
        event_id -> Integer,
        version -> Integer,
        data -> Text,
        computed_at -> Timestamp,
    }
}

diesel::table! {
    standings_due (event_id) {
        event_id -> Integer,
        seq -> Integer,
        counted -> Integer,
    }
}

diesel::table! {
    prize_funds (event_id) {
        event_id -> Integer,
        fund -> Text,
        published -> Bool,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    demo_events (event_id) {
        event_id -> Integer,
    }
}

diesel::table! {
    event_live (event_id) {
        event_id -> Integer,
        delay_minutes -> Integer,
    }
}

diesel::table! {
    game_moves (game_id, ply) {
        game_id -> Integer,
        ply -> Integer,
        #[sql_name = "move"]
        move_text -> Text,
        position -> Text,
        player_id -> Nullable<Integer>,
        user_id -> Nullable<Integer>,
        played_at -> Timestamp,
        public_at -> Timestamp,
    }
}

diesel::table! {
    live_feed (id) {
        id -> BigInt,
        event_id -> Integer,
        round_number -> Integer,
        game_id -> Integer,
        kind -> Text,
        ply -> Integer,
        #[sql_name = "move"]
        move_text -> Nullable<Text>,
        position -> Nullable<Text>,
        status -> Text,
        result -> Nullable<Text>,
        written_at -> Timestamp,
        public_at -> Timestamp,
    }
}

diesel::table! {
    outbox (id) {
        id -> Integer,
        event_id -> Nullable<Integer>,
        kind -> Text,
        to_email -> Text,
        to_name -> Text,
        language -> Text,
        player_id -> Nullable<Integer>,
        user_id -> Nullable<Integer>,
        round_id -> Nullable<Integer>,
        game_id -> Nullable<Integer>,
        secret -> Nullable<Text>,
        body -> Text,
        state -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        last_error -> Nullable<Text>,
        message_id -> Text,
        created_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    event_mail (event_id) {
        event_id -> Integer,
        language -> Text,
        personal_link -> Bool,
        round_published -> Bool,
        confirmation -> Bool,
        disputes -> Bool,
        corrections -> Bool,
        final_ranking -> Bool,
        dropped -> Integer,
    }
}

diesel::table! {
    mail_recipients (email) {
        email -> Text,
        token -> Text,
        unsubscribed_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(game_moves -> games (game_id));
diesel::joinable!(event_live -> events (event_id));
diesel::joinable!(demo_events -> events (event_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(api_tokens -> users (user_id));
diesel::joinable!(event_staff -> events (event_id));
diesel::joinable!(event_staff -> users (user_id));
diesel::joinable!(players -> events (event_id));
diesel::joinable!(player_byes -> players (player_id));
diesel::joinable!(rounds -> events (event_id));
diesel::joinable!(prize_funds -> events (event_id));
diesel::joinable!(event_origins -> events (event_id));
diesel::joinable!(held_archives -> events (event_id));
diesel::joinable!(held_results -> games (game_id));
diesel::joinable!(registry_proposals -> events (event_id));
diesel::joinable!(event_pushes -> events (event_id));
diesel::joinable!(games -> rounds (round_id));
diesel::joinable!(submissions -> games (game_id));
diesel::joinable!(game_reviews -> games (game_id));
diesel::joinable!(adjudications -> games (game_id));

diesel::allow_tables_to_appear_in_same_query!(
    fair_play_decisions,
    review_priorities,
    outbox,
    event_mail,
    mail_recipients,
    password_resets,
    email_changes,
    game_screenings,
    account_log,
    event_live,
    game_moves,
    live_feed,
    demo_events,
    adjudications,
    game_reviews,
    circuits,
    circuit_events,
    registry_merges,
    rating_history,
    registry_players,
    registry_proposals,
    prize_funds,
    users,
    sessions,
    api_tokens,
    login_failures,
    settings,
    public_versions,
    listed_games,
    national_ratings,
    event_origins,
    venues,
    held_archives,
    held_results,
    withdrawn_events,
    event_pushes,
    events,
    event_staff,
    players,
    player_byes,
    rounds,
    games,
    submissions,
    audit_log,
    standings_cache,
    standings_due,
);
