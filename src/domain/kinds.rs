//! Every state and kind of the program, each with its full list and its stable code.

use super::sql::{text_enum, text_sql};
use crate::rules::{Termination, Variant, VerdictKind};
use crate::tournament::history::{Colour, Outcome};
use crate::tournament::standings::Tiebreak;

text_enum! {
    /// A global role. Organiser and arbiter rights for one event are granted per event; the
    /// global `organiser` role is the right to create events, `admin` can do everything.
    pub enum Role {
        Admin = "admin",
        Organiser = "organiser",
        Arbiter = "arbiter",
        Player = "player",
    }
}

impl Role {
    /// May create events.
    #[must_use]
    pub fn can_create_events(self) -> bool {
        matches!(self, Role::Admin | Role::Organiser)
    }
}

text_enum! {
    /// What was done to an account (its log, `account_log`).
    pub enum AccountAction {
        /// An administrator (or the command line) made a one-time link to set a new password.
        ResetLinkMade = "reset_link_made",
        /// The account's owner asked for a link by e-mail ("forgot my password").
        ResetLinkMailed = "reset_link_mailed",
        /// A new password set through such a link; every session ended.
        PasswordReset = "password_reset",
        /// The owner asked to change the account's address: a link mailed to the new one.
        EmailChangeMailed = "email_change_mailed",
        /// The address changed through that link (the old one told; its reset links ended).
        EmailChanged = "email_changed",
    }
}

text_enum! {
    /// An arbiter's decision on a player's fair-play screening (docs/fair-play.md): a
    /// screening opens an inquiry, the decision is a person's.
    pub enum FairPlayDecision {
        /// Looked at; nothing to act on.
        NoAction = "no_action",
        /// The player was spoken to or warned.
        Warned = "warned",
        /// Sent on to the federation's fair-play commission.
        Referred = "referred",
    }
}

text_enum! {
    /// A role in one event.
    pub enum StaffRole {
        Arbiter = "arbiter",
        Organiser = "organiser",
    }
}

text_enum! {
    /// How an event is paired.
    pub enum Format {
        Swiss = "swiss",
        RoundRobin = "round_robin",
        DoubleRoundRobin = "double_round_robin",
        SingleElimination = "single_elimination",
        DoubleElimination = "double_elimination",
        SwissThenKnockout = "swiss_then_knockout",
    }
}

impl Format {
    /// Whether the event has a knockout stage.
    #[must_use]
    pub fn has_knockout(self) -> bool {
        matches!(
            self,
            Format::SingleElimination | Format::DoubleElimination | Format::SwissThenKnockout
        )
    }

    /// Whether the event starts with Swiss rounds.
    #[must_use]
    pub fn has_swiss(self) -> bool {
        matches!(self, Format::Swiss | Format::SwissThenKnockout)
    }

    #[must_use]
    pub fn is_round_robin(self) -> bool {
        matches!(self, Format::RoundRobin | Format::DoubleRoundRobin)
    }

    /// The tie-breaks used when the organiser names none.
    #[must_use]
    pub fn default_tiebreaks(self) -> Vec<Tiebreak> {
        if self.is_round_robin() {
            vec![
                Tiebreak::DirectEncounter,
                Tiebreak::SonnebornBerger,
                Tiebreak::GamesWon,
                Tiebreak::Koya,
            ]
        } else {
            vec![
                Tiebreak::BuchholzCut1,
                Tiebreak::Buchholz,
                Tiebreak::SonnebornBerger,
                Tiebreak::DirectEncounter,
                Tiebreak::GamesWon,
            ]
        }
    }
}

text_enum! {
    /// Where an event stands.
    pub enum EventState {
        Registration = "registration",
        Running = "running",
        Finished = "finished",
    }
}

text_enum! {
    /// An entry's standing in its event.
    pub enum PlayerStatus {
        /// Registered by the player; waits for the organiser.
        Pending = "pending",
        Active = "active",
        Withdrawn = "withdrawn",
    }
}

text_enum! {
    /// How an entry came to be bound to an account.
    pub enum AccountVia {
        /// The holder of its personal link said "this is me"; the organiser has not confirmed
        /// it.
        Link = "link",
        /// The organiser linked it, or confirmed the claim.
        Organiser = "organiser",
        /// The account registered itself (and the organiser approves the entry).
        Registration = "registration",
    }
}

text_enum! {
    /// What a new personal link does to the account bound through the old one.
    pub enum ClaimOnReissue {
        /// The account stays bound.
        Keep = "keep",
        /// The account is unbound: whoever claimed the entry with the old link loses it.
        End = "end",
    }
}

text_enum! {
    /// A player's sex, as federations record it (for women's prizes and ratings).
    pub enum Sex {
        Female = "F",
        Male = "M",
    }
}

text_enum! {
    /// What a requested bye (or a late entry's missed round) is worth.
    pub enum ByeKind {
        Half = "half",
        Zero = "zero",
    }
}

impl ByeKind {
    /// The round as the standings count it.
    #[must_use]
    pub fn outcome(self) -> Outcome {
        match self {
            ByeKind::Half => Outcome::HalfBye,
            ByeKind::Zero => Outcome::ZeroBye,
        }
    }
}

text_enum! {
    /// A round: the organiser's draft, or published for everyone.
    pub enum RoundState {
        Draft = "draft",
        Published = "published",
    }
}

text_enum! {
    /// The stage a round belongs to.
    pub enum Stage {
        Swiss = "swiss",
        RoundRobin = "round_robin",
        Knockout = "knockout",
    }
}

text_enum! {
    /// What an entry (or a line of an import) is to the entries and the registry already there.
    pub enum Resemblance {
        /// An entry of the event has the same name and club.
        SameNameAndClub = "same_name_and_club",
        /// An entry of the event has the same e-mail address.
        SameEmail = "same_email",
        /// A new person whose name may be a registered person's.
        PossibleSamePerson = "possible_same_person",
        /// The federation id given is a registered person of another name.
        OtherName = "other_name",
        /// The federation id given is this registered person.
        Matched = "matched",
    }
}

text_enum! {
    /// Why a game of a rated event does not count for the national rating list.
    pub enum LeftOut {
        /// Decided by forfeit, or not played (FIDE's rules count neither).
        Forfeit = "forfeit",
        /// A result with no record verified on this installation behind it and no arbiter's
        /// decision (a result imported from a TRF file).
        NoRecord = "no_record",
        /// One of the two is not in the registry.
        NotRegistered = "not_registered",
        /// The game has no final result.
        NotFinal = "not_final",
        /// An imported event's result that stands on an arbiter's decision at the venue
        /// without a record: counted only when this installation says so.
        VenueDecision = "venue_decision",
    }
}

text_enum! {
    /// A game's life: `scheduled` → (a player submits) `pending` → (the opponent confirms, or
    /// staff approve) `final`; `pending` → (a dispute, or two different records) `disputed`
    /// → (staff decide) `final`.
    pub enum GameStatus {
        Scheduled = "scheduled",
        Pending = "pending",
        Disputed = "disputed",
        Final = "final",
    }
}

text_enum! {
    /// A game's state as readers are told it: its stored [`GameStatus`], except that a
    /// scheduled game whose moves are being entered as they are played is in play.
    pub enum GameState {
        Scheduled = "scheduled",
        InPlay = "in_play",
        Pending = "pending",
        Disputed = "disputed",
        Final = "final",
    }
}

impl GameState {
    /// The state of a game stored as `status` with `plies` moves entered live.
    #[must_use]
    pub fn of(status: GameStatus, plies: usize) -> GameState {
        match status {
            GameStatus::Scheduled if plies > 0 => GameState::InPlay,
            GameStatus::Scheduled => GameState::Scheduled,
            GameStatus::Pending => GameState::Pending,
            GameStatus::Disputed => GameState::Disputed,
            GameStatus::Final => GameState::Final,
        }
    }
}

text_enum! {
    /// What the live feed tells the screens that follow a game in play.
    pub enum FeedKind {
        /// A move was played.
        Move = "move",
        /// Staff took the last move back.
        TakeBack = "takeback",
        /// The game has a result (waiting for confirmation, or final).
        Result = "result",
    }
}

text_enum! {
    /// A game's result as stored, from the first mover's side (`FirstWins`: the player who
    /// moved first won).
    pub enum StoredResult {
        FirstWins = "1-0",
        SecondWins = "0-1",
        Draw = "1/2-1/2",
        FirstWinsByForfeit = "+-",
        SecondWinsByForfeit = "-+",
        DoubleForfeit = "--",
        Bye = "bye",
    }
}

impl StoredResult {
    /// The same result seen from the other player's side (a record's South when North moved
    /// first).
    #[must_use]
    pub fn swapped(self) -> StoredResult {
        match self {
            StoredResult::FirstWins => StoredResult::SecondWins,
            StoredResult::SecondWins => StoredResult::FirstWins,
            StoredResult::FirstWinsByForfeit => StoredResult::SecondWinsByForfeit,
            StoredResult::SecondWinsByForfeit => StoredResult::FirstWinsByForfeit,
            same @ (StoredResult::Draw | StoredResult::DoubleForfeit | StoredResult::Bye) => same,
        }
    }

    /// (first player's outcome, second player's outcome).
    #[must_use]
    pub fn outcomes(self) -> (Outcome, Outcome) {
        use crate::tournament::history::GameScore::{Draw, Loss, Win};
        match self {
            StoredResult::FirstWins => (Outcome::Played(Win), Outcome::Played(Loss)),
            StoredResult::SecondWins => (Outcome::Played(Loss), Outcome::Played(Win)),
            StoredResult::Draw => (Outcome::Played(Draw), Outcome::Played(Draw)),
            StoredResult::FirstWinsByForfeit => (Outcome::ForfeitWin, Outcome::ForfeitLoss),
            StoredResult::SecondWinsByForfeit => (Outcome::ForfeitLoss, Outcome::ForfeitWin),
            StoredResult::DoubleForfeit => (Outcome::ForfeitLoss, Outcome::ForfeitLoss),
            StoredResult::Bye => (Outcome::Pab, Outcome::ZeroBye),
        }
    }

    /// Whether the result was decided without a game on the board.
    #[must_use]
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            StoredResult::FirstWinsByForfeit
                | StoredResult::SecondWinsByForfeit
                | StoredResult::DoubleForfeit
        )
    }
}

text_enum! {
    /// A submitted record's place in its game's life.
    pub enum SubmissionStatus {
        /// Waits for the opponent (or staff).
        Pending = "pending",
        /// One of two records that differ, or sent while the game is disputed.
        Disputed = "disputed",
        /// The opponent stood behind it: the game is final with it.
        Confirmed = "confirmed",
        /// Staff entered it: final at once.
        Final = "final",
        /// Replaced by a later record or a decision.
        Superseded = "superseded",
        /// The rules engine refused it.
        Rejected = "rejected",
    }
}

impl SubmissionStatus {
    /// Still waiting for someone to stand behind it or decide (pending, or disputed).
    #[must_use]
    pub fn is_open(self) -> bool {
        matches!(self, SubmissionStatus::Pending | SubmissionStatus::Disputed)
    }
}

text_enum! {
    /// Who sent a record.
    pub enum SubmitterRole {
        Player = "player",
        Arbiter = "arbiter",
        Organiser = "organiser",
    }
}

impl From<StaffRole> for SubmitterRole {
    fn from(role: StaffRole) -> SubmitterRole {
        match role {
            StaffRole::Arbiter => SubmitterRole::Arbiter,
            StaffRole::Organiser => SubmitterRole::Organiser,
        }
    }
}

text_enum! {
    /// What an audit-log entry records.
    pub enum AuditAction {
        StaffAdded = "staff_added",
        StaffRemoved = "staff_removed",
        PlayerAdded = "player_added",
        PlayersImported = "players_imported",
        PlayerRegistered = "player_registered",
        PlayerApproved = "player_approved",
        PlayerWithdrawn = "player_withdrawn",
        PlayerClaimed = "player_claimed",
        PlayerLinked = "player_linked",
        PlayerUnlinked = "player_unlinked",
        LinkReissued = "link_reissued",
        ByeRequested = "bye_requested",
        RoundPaired = "round_paired",
        RoundPublished = "round_published",
        FirstMoveSwapped = "first_move_swapped",
        PlayersExchanged = "players_exchanged",
        DraftDiscarded = "draft_discarded",
        RoundWithdrawn = "round_withdrawn",
        RecordSetAside = "record_set_aside",
        RoundPairedByHand = "round_paired_by_hand",
        PlayerEdited = "player_edited",
        PlayerRemoved = "player_removed",
        RegistrationRejected = "registration_rejected",
        RecordRejected = "record_rejected",
        RecordFinal = "record_final",
        RecordConfirmed = "record_confirmed",
        RecordSubmitted = "record_submitted",
        RecordsDiffer = "records_differ",
        ResultDisputed = "result_disputed",
        DisputeReason = "dispute_reason",
        RecordApproved = "record_approved",
        ArbiterDecision = "arbiter_decision",
        ResultCorrected = "result_corrected",
        RecordAccepted = "record_accepted",
        ReplayOrdered = "replay_ordered",
        DecisionReason = "decision_reason",
        DeciderAdded = "decider_added",
        TrfImported = "trf_imported",
        ArchiveImported = "archive_imported",
        ArchiveHeld = "archive_held",
        ArchiveRefused = "archive_refused",
        EventHandedOver = "event_handed_over",
        DecisionsRated = "decisions_rated",
        ResultHeld = "result_held",
        PrizesSet = "prizes_set",
        EventRated = "event_rated",
        EventUnrated = "event_unrated",
        RatingChangeHeld = "rating_change_held",
        RatingChangesAccepted = "rating_changes_accepted",
        RegistryMerged = "registry_merged",
        AdjudicationProposed = "adjudication_proposed",
        MoveTakenBack = "move_taken_back",
        MailChosen = "mail_chosen",
        NoticeSent = "notice_sent",
        MessageSentAgain = "message_sent_again",
    }
}

text_enum! {
    /// What an adjudication proposes when the engine neither proves a win nor sees a side
    /// ahead by the event's margin.
    pub enum AdjudicationFallback {
        /// A draw.
        Draw = "draw",
        /// No proposal: the arbiter decides.
        Arbiter = "arbiter",
    }
}

// Types of the pure modules (which know nothing of databases), stored by their codes. The
// proxies only carry diesel's derives for the foreign types.
#[derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)]
#[diesel(foreign_derive, sql_type = diesel::sql_types::Text)]
#[expect(dead_code)]
struct VariantSql(Variant);

#[derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)]
#[diesel(foreign_derive, sql_type = diesel::sql_types::Text)]
#[expect(dead_code)]
struct TerminationSql(Termination);

#[derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)]
#[diesel(foreign_derive, sql_type = diesel::sql_types::Text)]
#[expect(dead_code)]
struct VerdictKindSql(VerdictKind);

#[derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)]
#[diesel(foreign_derive, sql_type = diesel::sql_types::Text)]
#[expect(dead_code)]
struct ColourSql(Colour);

text_sql!(Variant, |text| text.parse().ok());
text_sql!(Termination, |text| Termination::ALL
    .iter()
    .copied()
    .find(|t| t.as_str() == text));
text_sql!(VerdictKind, |text| [
    VerdictKind::Valid,
    VerdictKind::ValidClaimed,
    VerdictKind::ValidUnfinished,
    VerdictKind::Invalid,
]
.into_iter()
.find(|v| v.as_str() == text));

/// The first move's colour as stored: `W` (the first player of round 1 moves first) or `B`.
trait ColourCode {
    fn as_str(&self) -> &'static str;
}

impl ColourCode for Colour {
    fn as_str(&self) -> &'static str {
        match self {
            Colour::White => "W",
            Colour::Black => "B",
        }
    }
}

text_sql!(Colour, |text| match text {
    "W" => Some(Colour::White),
    "B" => Some(Colour::Black),
    _ => None,
});

/// An event's tie-breaks in order, stored as their FIDE codes separated by commas.
#[derive(
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    diesel::expression::AsExpression,
    diesel::deserialize::FromSqlRow,
)]
#[diesel(sql_type = diesel::sql_types::Text)]
pub struct Tiebreaks {
    list: Vec<Tiebreak>,
    text: String,
}

impl Tiebreaks {
    /// The list, without repeats (the first place of a code counts).
    #[must_use]
    pub fn new(list: &[Tiebreak]) -> Tiebreaks {
        let mut unique: Vec<Tiebreak> = Vec::with_capacity(list.len());
        for t in list {
            if !unique.contains(t) {
                unique.push(*t);
            }
        }
        let text = unique
            .iter()
            .map(|t| t.code())
            .collect::<Vec<_>>()
            .join(",");
        Tiebreaks { list: unique, text }
    }

    #[must_use]
    pub fn list(&self) -> &[Tiebreak] {
        &self.list
    }

    fn from_code(text: &str) -> Option<Tiebreaks> {
        text.split(',')
            .filter(|c| !c.trim().is_empty())
            .map(|c| c.trim().parse().ok())
            .collect::<Option<Vec<Tiebreak>>>()
            .map(|list| Tiebreaks::new(&list))
    }

    /// The stored form.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

text_sql!(Tiebreaks, Tiebreaks::from_code);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back_as_its_value() {
        fn check<T: Copy + PartialEq + std::fmt::Debug>(
            all: &[T],
            code: fn(T) -> &'static str,
            parse: fn(&str) -> Option<T>,
        ) {
            for &v in all {
                assert_eq!(parse(code(v)), Some(v));
            }
            assert_eq!(parse("nonsense"), None);
        }
        check(Role::ALL, Role::as_str, Role::from_code);
        check(StaffRole::ALL, StaffRole::as_str, StaffRole::from_code);
        check(
            FairPlayDecision::ALL,
            FairPlayDecision::as_str,
            FairPlayDecision::from_code,
        );
        check(Format::ALL, Format::as_str, Format::from_code);
        check(EventState::ALL, EventState::as_str, EventState::from_code);
        check(
            PlayerStatus::ALL,
            PlayerStatus::as_str,
            PlayerStatus::from_code,
        );
        check(ByeKind::ALL, ByeKind::as_str, ByeKind::from_code);
        check(RoundState::ALL, RoundState::as_str, RoundState::from_code);
        check(Stage::ALL, Stage::as_str, Stage::from_code);
        check(GameStatus::ALL, GameStatus::as_str, GameStatus::from_code);
        check(
            StoredResult::ALL,
            StoredResult::as_str,
            StoredResult::from_code,
        );
        check(
            SubmissionStatus::ALL,
            SubmissionStatus::as_str,
            SubmissionStatus::from_code,
        );
        check(
            SubmitterRole::ALL,
            SubmitterRole::as_str,
            SubmitterRole::from_code,
        );
        check(
            AuditAction::ALL,
            AuditAction::as_str,
            AuditAction::from_code,
        );
    }

    #[test]
    fn tiebreak_lists_refuse_unknown_codes() {
        let list = Tiebreaks::from_code("BH-C1,BH,SB,BH").unwrap();
        assert_eq!(list.as_str(), "BH-C1,BH,SB");
        assert_eq!(Tiebreaks::from_code("").unwrap(), Tiebreaks::default());
        assert!(Tiebreaks::from_code("BH,XYZ").is_none());
    }
}
