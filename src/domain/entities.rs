//! The entities as the database keeps them, in types. `db/` reads them (each column mapped by
//! name, each code checked as it is read) and writes them; the use cases take and return
//! them; the pages and the API show views made from them.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::{Insertable, Queryable, Selectable};
use serde::Serialize;

use super::ids::{ByeId, CircuitId, EventId, GameId, PlayerId, RoundId, SubmissionId, UserId};
use super::kinds::{
    AccountVia, ByeKind, EventState, Format, GameStatus, PlayerStatus, RoundState, Sex, Stage,
    StoredResult, SubmissionStatus, SubmitterRole,
};
use super::tags::Tags;
use crate::db::schema::{
    circuits, games, player_byes, players, rating_history, registry_players, rounds, submissions,
};
use crate::rules::{Termination, Variant, VerdictKind};
use crate::tournament::history::{Colour, PointSystem};
use crate::tournament::standings::Tiebreak;

/// An event.
#[derive(Clone, Debug, Serialize)]
pub struct Event {
    pub id: EventId,
    pub slug: String,
    pub name: String,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    pub location: String,
    pub variant: Variant,
    pub format: Format,
    /// Swiss rounds planned (for a Swiss-then-knockout event, the Swiss part).
    pub rounds: i32,
    pub games_per_match: i32,
    pub knockout_size: i32,
    pub third_place: bool,
    pub grand_final_reset: bool,
    pub tiebreaks: Vec<Tiebreak>,
    /// Points in tenths.
    pub points: PointSystem,
    #[serde(serialize_with = "super::utc::colour")]
    pub initial_colour: Colour,
    pub accelerated: bool,
    pub self_registration: bool,
    pub check_in: bool,
    /// The organiser asks for the event's games to count for the national rating list.
    pub rated: bool,
    /// The rating period the event was put into the list in (by a federation administrator).
    pub rating_period: Option<crate::tournament::ratings::Month>,
    /// The venue's offset from UTC; `None`: the installation's.
    pub utc_offset: Option<super::UtcOffset>,
    /// How an unfinished game is adjudicated with the engine.
    pub adjudication: AdjudicationRule,
    /// Minutes the public waits to see a game in play (the players and staff see it at once).
    pub live_delay_minutes: u32,
    pub state: EventState,
    pub owner_id: UserId,
    /// Counts every change of the event: pages and answers are kept per version.
    pub version: i32,
    #[serde(serialize_with = "super::utc::serialize")]
    pub updated_at: NaiveDateTime,
    /// When the event was made (not part of the API's answer).
    #[serde(skip)]
    pub created_at: NaiveDateTime,
    /// The installation that ran the event, when it was imported from its archive: the event
    /// is then read-only here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
}

/// Where an imported event was run: the venue installation's code and name, and the event's id
/// there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Origin {
    pub installation: String,
    pub name: String,
    pub event_id: i32,
}

impl Event {
    /// The tie-break codes, for display.
    #[must_use]
    pub fn tiebreak_codes(&self) -> Vec<&'static str> {
        self.tiebreaks.iter().map(|t| t.code()).collect()
    }
}

/// An event's rule for adjudicating an unfinished game with the engine: a proven win wins; so
/// does a score of at least `margin` stones (0: only a proven win); anything else gets
/// `otherwise`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AdjudicationRule {
    pub margin: u32,
    pub otherwise: super::AdjudicationFallback,
}

impl Default for AdjudicationRule {
    fn default() -> AdjudicationRule {
        AdjudicationRule {
            margin: 10,
            otherwise: super::AdjudicationFallback::Arbiter,
        }
    }
}

/// A player's entry in one event.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = players)]
pub struct Player {
    pub id: PlayerId,
    pub event_id: EventId,
    /// The pairing number.
    pub number: i32,
    pub name: String,
    /// 0 for an unrated player.
    pub rating: i32,
    pub club: String,
    pub province: String,
    pub email: Option<String>,
    /// The account bound to the entry (by its personal link's holder or the organiser).
    pub user_id: Option<UserId>,
    /// The personal link's secret.
    pub secret: String,
    pub status: PlayerStatus,
    /// The last round played before withdrawing.
    pub withdrawn_after: Option<i32>,
    /// The first round the player was paired in (a late entry's is above 1).
    pub joined_round: i32,
    /// What a late entry's missed rounds are worth.
    pub missed_points: ByeKind,
    pub checked_in: bool,
    /// The knockout seed, once the stage is seeded.
    pub seed: Option<i32>,
    pub created_at: NaiveDateTime,
    /// Optional details, for prize categories and federations.
    pub sex: Option<Sex>,
    pub birth_year: Option<i32>,
    pub federation_id: Option<String>,
    /// The organiser's labels, for custom prize categories.
    pub tags: Tags,
    /// What a tournament file from another program gave (title, federation, FIDE id).
    #[diesel(embed)]
    pub fide: FideDetails,
    /// How the entry came to be bound to its account (`None`: bound to none).
    pub account_via: Option<AccountVia>,
}

/// A person of the federation's registry, the same across every event they enter.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = registry_players)]
pub struct RegistryPlayer {
    pub id: super::PersonId,
    /// The printable id the federation knows the player by (`K0000123`, or the federation's
    /// own numbering where it had one).
    pub federation_id: String,
    /// The latest details an organiser entered.
    pub name: String,
    pub name_key: String,
    pub sound_key: String,
    pub sex: Option<Sex>,
    pub birth_year: Option<i32>,
    pub club: String,
    pub province: String,
    pub email: Option<String>,
    pub user_id: Option<UserId>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A person's rating after one rating period they played in.
#[derive(
    Clone, Debug, PartialEq, Queryable, diesel::QueryableByName, diesel::Insertable, Selectable,
)]
#[diesel(table_name = rating_history, treat_none_as_default_value = false)]
pub struct RatingRecord {
    pub federation_id: String,
    /// The period, a month counted as `year * 12 + month - 1`.
    pub period: i32,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games up to and including this period.
    pub games: i32,
}

/// A circuit of events: a season's qualifiers, their points table and their final.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = circuits)]
pub struct Circuit {
    pub id: CircuitId,
    pub slug: String,
    pub name: String,
    /// Comma-separated points for the 1st, 2nd, … place.
    pub points: String,
    /// How many of each qualifier go to the final.
    pub qualifiers: i32,
    pub final_event_id: Option<EventId>,
    pub owner_id: UserId,
    pub created_at: NaiveDateTime,
}

/// A player's FIDE title, federation and id, as a TRF file gives them; kept so that the
/// event's own TRF gives them back.
#[derive(Clone, Debug, Default, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = crate::db::schema::players)]
pub struct FideDetails {
    pub fide_title: Option<String>,
    pub fide_federation: Option<String>,
    pub fide_id: Option<String>,
}

impl Player {
    /// Whether the entry plays in `game`.
    #[must_use]
    pub fn plays_in(&self, game: &Game) -> bool {
        game.first_id == Some(self.id) || game.second_id == Some(self.id)
    }
}

/// A requested bye for a round not yet paired.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = player_byes)]
pub struct Bye {
    pub id: ByeId,
    pub player_id: PlayerId,
    pub round: i32,
    pub kind: ByeKind,
}

/// A round of an event.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = rounds)]
pub struct Round {
    pub id: RoundId,
    pub event_id: EventId,
    pub number: i32,
    pub stage: Stage,
    pub state: RoundState,
    pub starts_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub published_at: Option<NaiveDateTime>,
}

impl Round {
    #[must_use]
    pub fn is_published(&self) -> bool {
        self.state == RoundState::Published
    }
}

/// A game: one board of a round (a knockout match may be several games).
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct Game {
    pub id: GameId,
    pub event_id: EventId,
    pub round_id: RoundId,
    pub board: i32,
    /// The game's number within its knockout match (1 otherwise).
    pub game_no: i32,
    /// The knockout match (`W1-1`, …).
    pub bracket_code: Option<String>,
    /// The player who moves first.
    pub first_id: Option<PlayerId>,
    /// `None`: a bye.
    pub second_id: Option<PlayerId>,
    pub status: GameStatus,
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    /// The final game's record.
    pub record: Option<String>,
    pub final_position: Option<String>,
    /// Counts every change, so two writers cannot both change the same state.
    pub version: i32,
    pub updated_at: NaiveDateTime,
    /// A corrected result: what it was before the correction.
    pub corrected_from: Option<StoredResult>,
    /// Why it was corrected, as the staff member wrote it (public, as the result is).
    pub correction_reason: Option<String>,
}

impl Game {
    #[must_use]
    pub fn is_final(&self) -> bool {
        self.status == GameStatus::Final
    }

    /// The final result, if the game has one.
    #[must_use]
    pub fn final_result(&self) -> Option<StoredResult> {
        self.result.filter(|_| self.is_final())
    }
}

/// A record sent for a game, kept with its verdict.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = submissions)]
pub struct Submission {
    pub id: SubmissionId,
    pub game_id: GameId,
    pub user_id: Option<UserId>,
    /// The player who sent it; `None` for staff.
    pub player_id: Option<PlayerId>,
    pub role: SubmitterRole,
    /// The record (a refused one: its first 64 KiB).
    pub record: String,
    /// Identifies the game recorded (moves and outcome), to tell equal records apart.
    pub record_hash: String,
    pub verdict: VerdictKind,
    /// Why it was refused (a verifier reason or a refusal code).
    pub reason: Option<String>,
    pub ply: Option<i32>,
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    pub status: SubmissionStatus,
    pub created_at: NaiveDateTime,
    /// The size of what was sent.
    pub record_bytes: i32,
    /// SHA-256 of what was sent, in hex.
    pub record_sha256: String,
}

impl Submission {
    /// Waiting for the opponent or staff, or part of a dispute.
    #[must_use]
    pub fn is_open(&self) -> bool {
        matches!(
            self.status,
            SubmissionStatus::Pending | SubmissionStatus::Disputed
        )
    }
}
