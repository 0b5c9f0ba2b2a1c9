//! The event archive's format (`FILE.kiela`, docs/archive.md): one JSON document holding a
//! whole event as the installation that ran it stored it. Every id in it is that
//! installation's; entries are referred to by pairing number, rounds by number, games by their
//! place (round, board, game of the match), submissions by their place in their game.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use crate::domain::{
    AuditAction, ByeKind, EventState, GameStatus, InstallationRole, PlayerStatus, Sex, Stage,
    StoredResult, SubmissionStatus, SubmitterRole,
};
use crate::rules::{Termination, VerdictKind};
use crate::service::bounded::{AtMost, Nodes};

/// What the document says it is.
pub const FORMAT: &str = "kiela-event-archive";

/// The version of the format this program writes and reads. A later version is refused
/// (`archive_version`): its meaning is not known here. Version 1 was written before archives
/// were signed, and is refused as unsigned (`archive_unsigned`).
pub const VERSION: u32 = 2;

/// The most entries an archive holds (an event's).
pub const MAX_ENTRIES: usize = crate::service::entrant::MAX_PLAYERS;
/// Byes asked ahead.
pub const MAX_BYES: usize = 20_000;
/// Rounds of one event (Swiss rounds and a knockout's).
pub const MAX_ROUNDS: usize = 300;
/// Games of one round (its boards, a knockout's matches with their deciders).
pub const MAX_GAMES_PER_ROUND: usize = 10_000;
/// Records sent for one game (two players and the staff, with refusals and retries).
pub const MAX_SUBMISSIONS_PER_GAME: usize = 200;
/// Lines of one event's log.
pub const MAX_LOG_LINES: usize = 500_000;
/// Values of a prize fund as its editor wrote it.
pub const MAX_FUND_VALUES: usize = 100_000;
/// Tags of one entry.
const MAX_TAGS: usize = crate::domain::MAX_TAGS;

/// The whole archive. Every list is bounded as it is read ([`AtMost`]): a document past a
/// bound is refused at the first item beyond it (`archive_too_large`), having read no more.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Archive {
    pub format: String,
    pub version: u32,
    #[serde(with = "moment")]
    pub exported_at: NaiveDateTime,
    pub installation: ArchiveInstallation,
    pub event: ArchiveEvent,
    #[serde(deserialize_with = "AtMost::<MAX_ENTRIES>::vec")]
    pub players: Vec<ArchivePlayer>,
    #[serde(default, deserialize_with = "AtMost::<MAX_BYES>::vec")]
    pub byes: Vec<ArchiveBye>,
    #[serde(default, deserialize_with = "AtMost::<MAX_ROUNDS>::vec")]
    pub rounds: Vec<ArchiveRound>,
    #[serde(default, deserialize_with = "AtMost::<MAX_LOG_LINES>::vec")]
    pub audit: Vec<ArchiveAudit>,
    /// The organiser's decisions on who each entry is in the importing installation's
    /// registry; absent entries take the review's defaults.
    #[serde(default, deserialize_with = "AtMost::<MAX_ENTRIES>::vec")]
    pub matches: Vec<MatchDecision>,
    /// The installation's signature of the archive's digest (its content without
    /// `exported_at`, `matches` and this).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<ArchiveSignature>,
}

/// An installation's signature of an archive: its public key and the signature, in hex.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArchiveSignature {
    pub key: String,
    pub value: String,
}

/// The installation that ran the event.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchiveInstallation {
    pub id: String,
    pub name: String,
    pub role: InstallationRole,
}

/// The event and its settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchiveEvent {
    /// The event's id on the installation that ran it.
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub state: EventState,
    /// The settings, as `POST /api/v1/events` takes them.
    pub settings: super::super::events::SettingsInput,
    /// The prize fund as its organiser wrote it, and whether its list was public early.
    #[serde(default)]
    pub prize_fund: Option<ArchivePrizeFund>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivePrizeFund {
    #[serde(deserialize_with = "Nodes::<MAX_FUND_VALUES>::value")]
    pub fund: serde_json::Value,
    pub published: bool,
}

/// An entry, without its personal link or e-mail address (they never leave).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivePlayer {
    /// The entry's id on the installation that ran the event: the same entry in every archive
    /// of the event, whatever its pairing number (a later archive is compared by it).
    pub id: i32,
    /// The pairing number: how every other part of the archive names the entry.
    pub number: i32,
    pub name: String,
    pub rating: i32,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub province: String,
    #[serde(default)]
    pub sex: Option<Sex>,
    #[serde(default)]
    pub birth_year: Option<i32>,
    /// A national id, a venue's local id (`L-…`), or none.
    #[serde(default)]
    pub federation_id: Option<String>,
    pub status: PlayerStatus,
    #[serde(default)]
    pub withdrawn_after: Option<i32>,
    pub joined_round: i32,
    pub missed_points: ByeKind,
    #[serde(default)]
    pub checked_in: bool,
    #[serde(default)]
    pub seed: Option<i32>,
    #[serde(default, deserialize_with = "AtMost::<MAX_TAGS>::vec")]
    pub tags: Vec<String>,
    #[serde(default)]
    pub fide_title: Option<String>,
    #[serde(default)]
    pub fide_federation: Option<String>,
    #[serde(default)]
    pub fide_id: Option<String>,
    #[serde(with = "moment")]
    pub entered_at: NaiveDateTime,
}

/// A bye asked for ahead (a round's absence).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchiveBye {
    pub player: i32,
    pub round: i32,
    pub kind: ByeKind,
}

/// A round with its games.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchiveRound {
    pub number: i32,
    pub stage: Stage,
    pub published: bool,
    #[serde(default, with = "moment::option")]
    pub starts_at: Option<NaiveDateTime>,
    #[serde(default, with = "moment::option")]
    pub published_at: Option<NaiveDateTime>,
    #[serde(with = "moment")]
    pub created_at: NaiveDateTime,
    #[serde(default, deserialize_with = "AtMost::<MAX_GAMES_PER_ROUND>::vec")]
    pub games: Vec<ArchiveGame>,
}

/// A game (or a bye: no second player) and everything sent for it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchiveGame {
    pub board: i32,
    #[serde(default = "one")]
    pub game_no: i32,
    #[serde(default)]
    pub bracket_code: Option<String>,
    /// Pairing numbers: the first mover, and the second (none: a bye).
    #[serde(default)]
    pub first: Option<i32>,
    #[serde(default)]
    pub second: Option<i32>,
    pub status: GameStatus,
    #[serde(default)]
    pub result: Option<StoredResult>,
    #[serde(default)]
    pub termination: Option<Termination>,
    #[serde(default)]
    pub plies: Option<i32>,
    /// The record the result stands on (KGN), verified again on import.
    #[serde(default)]
    pub record: Option<String>,
    #[serde(default)]
    pub final_position: Option<String>,
    /// A corrected result: what it was before, and why it changed.
    #[serde(default)]
    pub corrected_from: Option<StoredResult>,
    #[serde(default)]
    pub correction_reason: Option<String>,
    #[serde(with = "moment")]
    pub updated_at: NaiveDateTime,
    #[serde(default, deserialize_with = "AtMost::<MAX_SUBMISSIONS_PER_GAME>::vec")]
    pub submissions: Vec<ArchiveSubmission>,
}

fn one() -> i32 {
    1
}

/// A record sent for a game, as it was sent, with what became of it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchiveSubmission {
    /// The player who sent it (pairing number); none: a member of staff.
    #[serde(default)]
    pub player: Option<i32>,
    /// The account that sent it, by its name on the installation that took it.
    #[serde(default)]
    pub by: Option<String>,
    pub role: SubmitterRole,
    pub record: String,
    pub verdict: VerdictKind,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub ply: Option<i32>,
    #[serde(default)]
    pub result: Option<StoredResult>,
    #[serde(default)]
    pub termination: Option<Termination>,
    #[serde(default)]
    pub plies: Option<i32>,
    pub status: SubmissionStatus,
    /// The size and SHA-256 of what was sent (a refused record keeps only its start).
    pub record_bytes: i32,
    pub record_sha256: String,
    #[serde(with = "moment")]
    pub created_at: NaiveDateTime,
}

/// A line of the event's log.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchiveAudit {
    #[serde(with = "moment")]
    pub at: NaiveDateTime,
    pub action: AuditAction,
    #[serde(default)]
    pub round: Option<i32>,
    /// The game, by round, board and game of the match.
    #[serde(default)]
    pub game: Option<GamePlace>,
    /// Who acted: an entry (pairing number) or an account (its name there).
    #[serde(default)]
    pub player: Option<i32>,
    #[serde(default)]
    pub account: Option<String>,
    #[serde(default)]
    pub from_state: Option<String>,
    #[serde(default)]
    pub to_state: Option<String>,
    /// What the installation logged (JSON or text), kept as it was.
    #[serde(default)]
    pub detail: String,
}

/// Where a game is: its round, board and game of the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamePlace {
    pub round: i32,
    pub board: i32,
    #[serde(default = "one")]
    pub game_no: i32,
}

/// An entry of an imported archive (its pairing number), the id the archive gave it, and
/// the id the importing installation knows its person by: the answer a venue's push reads.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Person {
    pub player: i32,
    #[serde(default)]
    pub given: Option<String>,
    pub federation_id: String,
}

/// Who an entry is in the importing installation's registry.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MatchDecision {
    /// The entry's pairing number.
    pub player: i32,
    /// A registered person's national id, or `new`: a new person.
    pub person: String,
}

/// Moments as RFC 3339 in UTC (`2026-12-01T20:00:00Z`), read back to the database's UTC.
mod moment {
    use chrono::NaiveDateTime;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(m: &NaiveDateTime, s: S) -> Result<S::Ok, S::Error> {
        crate::domain::utc::serialize(m, s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveDateTime, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        chrono::DateTime::parse_from_rfc3339(&text)
            .map(|m| m.naive_utc())
            .map_err(serde::de::Error::custom)
    }

    pub(super) mod option {
        use chrono::NaiveDateTime;
        use serde::{Deserialize, Deserializer, Serializer};

        #[expect(clippy::ref_option)] // serde hands the field by reference
        pub(crate) fn serialize<S: Serializer>(
            m: &Option<NaiveDateTime>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            crate::domain::utc::serialize_option(m, s)
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<NaiveDateTime>, D::Error> {
            let text = <Option<std::borrow::Cow<'de, str>>>::deserialize(d)?;
            text.map(|t| {
                chrono::DateTime::parse_from_rfc3339(&t)
                    .map(|m| m.naive_utc())
                    .map_err(serde::de::Error::custom)
            })
            .transpose()
        }
    }
}
