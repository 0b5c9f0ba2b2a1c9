//! The stable codes of everything that can go wrong: each keys its translated message
//! (`error-<code>`) and is the `code` of the API's errors.

use super::sql::text_enum;

text_enum! {
    /// What went wrong, as a stable code.
    pub enum ErrorCode {
        AccountHasEntry = "account_has_entry",
        AccountUnknown = "account_unknown",
        AlreadyPublished = "already_published",
        AlreadyRegistered = "already_registered",
        AlreadyWithdrawn = "already_withdrawn",
        BadCredentials = "bad_credentials",
        BadRequest = "bad_request",
        BadToken = "bad_token",
        BodyTimeout = "body_timeout",
        Busy = "busy",
        ByeHasNoColours = "bye_has_no_colours",
        ByeKindInvalid = "bye_kind_invalid",
        ByeRoundInvalid = "bye_round_invalid",
        CannotConfirmOwn = "cannot_confirm_own",
        ClubEmpty = "club_empty",
        ColourInvalid = "colour_invalid",
        Conflict = "conflict",
        Csrf = "csrf",
        CsvEmpty = "csv_empty",
        CsvTooManyFields = "csv_too_many_fields",
        CsvUnreadable = "csv_unreadable",
        DateInvalid = "date_invalid",
        DatesReversed = "dates_reversed",
        DeciderNeeded = "decider_needed",
        EmailInvalid = "email_invalid",
        EmailTaken = "email_taken",
        EntryTaken = "entry_taken",
        EventFinished = "event_finished",
        EventInRatingList = "event_in_rating_list",
        EventNotFinished = "event_not_finished",
        EventNotInRatingList = "event_not_in_rating_list",
        EventNotRated = "event_not_rated",
        RatingNothingHeld = "rating_nothing_held",
        EventRatedInList = "event_rated_in_list",
        EventStarted = "event_started",
        EventImported = "event_imported",
        ArchiveMalformed = "archive_malformed",
        ArchiveUnsigned = "archive_unsigned",
        ArchiveSignatureInvalid = "archive_signature_invalid",
        VenueNotApproved = "venue_not_approved",
        VenueKeyMismatch = "venue_key_mismatch",
        EventWithdrawn = "event_withdrawn",
        EventHeldByOther = "event_held_by_other",
        RegistryFileAtFederation = "registry_file_at_federation",
        FingerprintWrong = "fingerprint_wrong",
        NothingHeld = "nothing_held",
        EventNotImported = "event_not_imported",
        NotAnOrganiser = "not_an_organiser",
        NoPhoneAddress = "no_phone_address",
        ResetLinkDead = "reset_link_dead",
        EmailChangeLinkDead = "email_change_link_dead",
        EmailUnchanged = "email_unchanged",
        MessageNotResendable = "message_not_resendable",
        OutboxFull = "outbox_full",
        NoticeEmpty = "notice_empty",
        NoticeTooLong = "notice_too_long",
        ArchiveTooLarge = "archive_too_large",
        ArchiveVersion = "archive_version",
        ArchivePlayerUnknown = "archive_player_unknown",
        ArchivePlayerTwice = "archive_player_twice",
        ArchiveRecordIllegal = "archive_record_illegal",
        ArchiveResultDisagrees = "archive_result_disagrees",
        ArchiveRoundInvalid = "archive_round_invalid",
        ArchiveOwnEvent = "archive_own_event",
        RegistryFileInvalid = "registry_file_invalid",
        FederationNotConfigured = "federation_not_configured",
        FederationRefused = "federation_refused",
        FederationUnreachable = "federation_unreachable",
        CircuitEventsInvalid = "circuit_events_invalid",
        CircuitPointsInvalid = "circuit_points_invalid",
        CircuitWithoutFinal = "circuit_without_final",
        FieldInvalid = "field_invalid",
        FairPlayDecisionUnknown = "fair_play_decision_unknown",
        NoteTooLong = "note_too_long",
        MergeSameEvent = "merge_same_event",
        MergeSamePerson = "merge_same_person",
        RegistryPlayerUnknown = "registry_player_unknown",
        Forbidden = "forbidden",
        FormatUnknown = "format_unknown",
        GameFinal = "game_final",
        GameOverOnBoard = "game_over_on_board",
        GameNotInPlay = "game_not_in_play",
        IllegalMove = "illegal_move",
        PlyTaken = "ply_taken",
        PlyNotNext = "ply_not_next",
        NothingToTakeBack = "nothing_to_take_back",
        LiveDelayInvalid = "live_delay_invalid",
        AdjudicationMarginInvalid = "adjudication_margin_invalid",
        AdjudicationFallbackUnknown = "adjudication_fallback_unknown",
        AdjudicationStale = "adjudication_stale",
        AdjudicationUndecided = "adjudication_undecided",
        PracticeLevelInvalid = "practice_level_invalid",
        PracticeMoveIllegal = "practice_move_illegal",
        PracticeNotYourTurn = "practice_not_your_turn",
        PracticeTooLong = "practice_too_long",
        PracticePositionInPlay = "practice_position_in_play",
        GameHasNoOpponent = "game_has_no_opponent",
        GameNotFinal = "game_not_final",
        GamesPerMatchInvalid = "games_per_match_invalid",
        Internal = "internal",
        InvalidParameter = "invalid_parameter",
        InvalidRecord = "invalid_record",
        KnockoutSizeInvalid = "knockout_size_invalid",
        LabelInvalid = "label_invalid",
        LastAdmin = "last_admin",
        LocationInvalid = "location_invalid",
        LoginRequired = "login_required",
        Malformed = "malformed",
        MethodNotAllowed = "method_not_allowed",
        MissedPointsInvalid = "missed_points_invalid",
        NameEmpty = "name_empty",
        NameInvalid = "name_invalid",
        NameTooLong = "name_too_long",
        NoMoreRounds = "no_more_rounds",
        NobodyCheckedIn = "nobody_checked_in",
        NoValidPairing = "no_valid_pairing",
        NotASwissRound = "not_a_swiss_round",
        NotEnoughPlayers = "not_enough_players",
        NotFound = "not_found",
        PrizeInvalid = "prize_invalid",
        CategoryInvalid = "category_invalid",
        CurrencyInvalid = "currency_invalid",
        SharingInvalid = "sharing_invalid",
        FederationIdInvalid = "federation_id_invalid",
        FederationIdLocal = "federation_id_local",
        TagsInvalid = "tags_invalid",
        UtcOffsetInvalid = "utc_offset_invalid",
        CsvUnknownColumn = "csv_unknown_column",
        BirthYearInvalid = "birth_year_invalid",
        SexInvalid = "sex_invalid",
        LaterRoundPaired = "later_round_paired",
        SubmissionClosed = "submission_closed",
        PlayerHasGames = "player_has_games",
        PlayerTwice = "player_twice",
        PlayerNotActive = "player_not_active",
        PlayerUnknown = "player_unknown",
        BoardsEmpty = "boards_empty",
        RoundHasResults = "round_has_results",
        NotLastRound = "not_last_round",
        NotPending = "not_pending",
        NothingToConfirm = "nothing_to_confirm",
        NumberInvalid = "number_invalid",
        OwnEntry = "own_entry",
        OwnGame = "own_game",
        OwnerIsOrganiser = "owner_is_organiser",
        PairingViolatesCriteria = "pairing_violates_criteria",
        PasswordTooLong = "password_too_long",
        PasswordTooShort = "password_too_short",
        PasswordWrong = "password_wrong",
        PayloadTooLarge = "payload_too_large",
        PersonAlreadyEntered = "person_already_entered",
        PlayerNotInRound = "player_not_in_round",
        PointsInvalid = "points_invalid",
        PointsOrder = "points_order",
        RateLimited = "rate_limited",
        RatingInvalid = "rating_invalid",
        ReasonRequired = "reason_required",
        ReasonTooLong = "reason_too_long",
        RecordFileMissing = "record_file_missing",
        RecordFileNotText = "record_file_not_text",
        RecordMismatch = "record_mismatch",
        RecordUnfinished = "record_unfinished",
        RegistrationClosed = "registration_closed",
        ResultInvalid = "result_invalid",
        RoleUnknown = "role_unknown",
        RoundExists = "round_exists",
        RoundNotPublished = "round_not_published",
        RoundOpen = "round_open",
        RoundPublished = "round_published",
        RoundsInvalid = "rounds_invalid",
        SamePlayer = "same_player",
        Stale = "stale",
        TiebreakUnknown = "tiebreak_unknown",
        TooManyPlayers = "too_many_players",
        TrfInvalid = "trf_invalid",
        Unauthorized = "unauthorized",
        Unavailable = "unavailable",
        UnknownFields = "unknown_fields",
        Unprocessable = "unprocessable",
        UnsupportedMediaType = "unsupported_media_type",
        VariantUnknown = "variant_unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    /// All of `dir`'s Rust sources but this file, as one text.
    fn sources(dir: &std::path::Path, text: &mut String) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, text);
            } else if path.extension().is_some_and(|e| e == "rs")
                && !path.ends_with("domain/codes.rs")
            {
                text.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
    }

    /// A code nothing produces is a message nobody reads and a contract nobody keeps: each
    /// one is named somewhere outside its declaration.
    #[test]
    fn every_code_is_produced_somewhere() {
        let mut text = String::new();
        sources(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut text,
        );
        let unused: Vec<String> = ErrorCode::ALL
            .iter()
            .map(|code| format!("ErrorCode::{code:?}"))
            .filter(|named| {
                // The whole name: `ErrorCode::Event` is not `ErrorCode::EventStarted`.
                !text.match_indices(named.as_str()).any(|(at, _)| {
                    !text[at + named.len()..]
                        .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                })
            })
            .collect();
        assert!(unused.is_empty(), "codes never produced: {unused:?}");
    }
}
