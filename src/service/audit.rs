//! The audit log: every change to pairings and results, with who and when.

use serde::{Deserialize, Serialize};

use super::ServiceError;
use crate::db::events::{self as q, NewAudit};
use crate::db::{self, DbConnection};
use crate::domain::{
    AuditAction, AuditState, ByeKind, ErrorCode, EventId, GameId, PlayerId, RoundId, StaffRole,
    StoredResult, SubmissionId, UserId,
};

/// A message with its values, kept by code so it is said in the reader's language: a TRF
/// import's warning (`trf-warning-<code>`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    pub code: String,
    pub args: std::collections::BTreeMap<String, String>,
}

impl From<&crate::tournament::trf::TrfWarning> for Note {
    fn from(w: &crate::tournament::trf::TrfWarning) -> Note {
        Note {
            code: w.code().to_string(),
            args: w
                .args()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        }
    }
}

/// What an entry says beyond its action, as data: stored as JSON (`{"m":"round","round":3}`)
/// and shown in the reader's language by the message `audit-detail-<m>`, its fields the
/// message's arguments. What people wrote (a reason, a record, a name) is kept as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "m", rename_all = "snake_case")]
pub enum Detail {
    /// A move of a game in play, taken back: its ply and text.
    MoveTakenBack {
        ply: i32,
        text: String,
    },
    /// Words or a record as someone sent them.
    Text {
        text: String,
    },
    Player {
        name: String,
        number: i32,
    },
    /// A personal link reissued, and what became of the account bound to the entry (`None`:
    /// none was).
    Reissued {
        name: String,
        number: i32,
        account: Option<crate::domain::ClaimOnReissue>,
    },
    Registrant {
        name: String,
    },
    PlayerAccount {
        name: String,
        number: i32,
        email: String,
    },
    PlayerWithdrawn {
        name: String,
        round: i32,
    },
    Bye {
        name: String,
        round: i32,
        points: ByeKind,
    },
    PlayerEdited {
        name: String,
        number: i32,
        changes: Vec<Change>,
    },
    RegistrationRejected {
        name: String,
        reason: String,
    },
    PlayersImported {
        count: usize,
    },
    TrfImported {
        players: usize,
        rounds: usize,
        /// What the file held that the event could not keep.
        #[serde(default)]
        warnings: Vec<Note>,
    },
    Prizes {
        places: usize,
        categories: usize,
    },
    Staff {
        email: String,
        role: StaffRole,
    },
    /// A venue's archive held for the organiser's confirmation: its digest's start and how
    /// many things it changes.
    ArchiveHeld {
        digest: String,
        changes: usize,
    },
    /// A venue's event imported: the venue (its name and code), the event's id there, the
    /// archive's digest's start, and who the entries shown to the organiser became.
    ArchiveImported {
        installation: String,
        code: String,
        venue_event: i64,
        archive: String,
        entries: Vec<ImportedEntry>,
    },
    /// An imported event handed to another organiser (by name).
    HandedOver {
        from: String,
        to: String,
    },
    /// Whether the rating list counts the venue's decisions without a record.
    DecisionsRated {
        rated: bool,
    },
    /// A staff role, as an archive carries a staff change (without the account's address).
    Role {
        role: StaffRole,
    },
    Account {
        account: UserId,
    },
    Round {
        round: i32,
    },
    RoundPaired {
        round: i32,
        games: usize,
    },
    RoundByHand {
        round: i32,
        boards: usize,
        overridden: Vec<Overridden>,
    },
    Board {
        board: i32,
    },
    PlayersExchanged {
        first: PlayerId,
        second: PlayerId,
        first_board: i32,
        second_board: i32,
    },
    Decider {
        code: String,
        game: usize,
    },
    Result {
        result: StoredResult,
    },
    Decision {
        result: StoredResult,
        reason: String,
    },
    Accepted {
        result: StoredResult,
        submission: SubmissionId,
        reason: String,
    },
    Corrected {
        from: StoredResult,
        to: StoredResult,
        reason: String,
    },
    /// A record refused: why (`invalid_record` with the verifier's reason and ply, or
    /// `record_mismatch` with what contradicts the pairing).
    Refused {
        code: ErrorCode,
        reason: Option<crate::rules::Reason>,
        ply: Option<u32>,
        mismatch: Option<crate::domain::Mismatch>,
    },
    WhileDisputed,
    /// The engine's proposal for an unfinished game: the position after `plies` plies, its
    /// score from the side to move, the search's figures, and the result proposed under the
    /// event's rule (`None`: the arbiter decides).
    AdjudicationProposed {
        plies: u32,
        to_move: crate::rules::Side,
        score: String,
        depth: u32,
        nodes: u64,
        millis: u64,
        best: Option<String>,
        margin: u32,
        proposed: Option<StoredResult>,
    },
    /// An adjudication decided: the result, what the engine had proposed, and the arbiter's
    /// reason (required when the result is not the proposal).
    Adjudicated {
        result: StoredResult,
        proposed: Option<StoredResult>,
        reason: String,
    },
}

/// An entry of an imported archive that the review showed the organiser: its pairing number,
/// name and the federation id it came with, the registered person it became (`None`: a new
/// person), and whether the organiser chose it or left the proposal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportedEntry {
    pub number: i32,
    pub name: String,
    pub federation_id: Option<String>,
    pub became: Option<String>,
    pub decided: bool,
}

/// One field of an entry changed: its name (`name`, `rating`, `birth_year` …), before, after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    pub field: String,
    pub old: String,
    pub new: String,
}

/// An absolute criterion a pairing by hand breaks, and whom it concerns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Overridden {
    pub criterion: String,
    pub names: Vec<String>,
}

/// What a stored entry says: a detail, or the plain text of an entry written before details
/// were data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Said {
    Detail(Detail),
    Text(String),
}

impl Said {
    pub(crate) fn read(stored: String) -> Said {
        if stored.starts_with('{')
            && let Ok(detail) = serde_json::from_str::<Detail>(&stored)
        {
            return Said::Detail(detail);
        }
        Said::Text(stored)
    }

    /// The people's words it quotes (a reason, a record), if that is all it is.
    #[must_use]
    pub fn text(&self) -> Option<&str> {
        match self {
            Said::Detail(Detail::Text { text }) | Said::Text(text) => Some(text),
            Said::Detail(_) => None,
        }
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        matches!(self, Said::Text(t) if t.is_empty())
    }
}

/// Cuts a text people sent to [`MAX_DETAIL_CHARS`]: the log must not grow by what a client
/// chooses to send.
fn cut(text: &str) -> String {
    if text.chars().count() > MAX_DETAIL_CHARS {
        let mut cut: String = text.chars().take(MAX_DETAIL_CHARS).collect();
        cut.push('…');
        cut
    } else {
        text.to_string()
    }
}

impl Detail {
    /// The detail with every text people sent cut short.
    fn bounded(self) -> Detail {
        match self {
            Detail::Text { text } => Detail::Text { text: cut(&text) },
            Detail::RegistrationRejected { name, reason } => Detail::RegistrationRejected {
                name,
                reason: cut(&reason),
            },
            Detail::Decision { result, reason } => Detail::Decision {
                result,
                reason: cut(&reason),
            },
            Detail::Accepted {
                result,
                submission,
                reason,
            } => Detail::Accepted {
                result,
                submission,
                reason: cut(&reason),
            },
            Detail::Corrected { from, to, reason } => Detail::Corrected {
                from,
                to,
                reason: cut(&reason),
            },
            Detail::Adjudicated {
                result,
                proposed,
                reason,
            } => Detail::Adjudicated {
                result,
                proposed,
                reason: cut(&reason),
            },
            other => other,
        }
    }
}

impl Detail {
    /// The detail as it may leave the installation in an archive (docs/archive.md): no e-mail
    /// address and no account of this installation. Every variant is named, so a new one is
    /// decided here; `None`: nothing of it may leave.
    #[must_use]
    pub(crate) fn carried(self) -> Option<Detail> {
        match self {
            // The account (its address) bound to an entry stays here; the entry goes.
            Detail::PlayerAccount { name, number, .. } => Some(Detail::Player { name, number }),
            Detail::Staff { role, .. } => Some(Detail::Role { role }),
            // An account of this installation means nothing elsewhere.
            Detail::Account { .. } => None,
            Detail::PlayerEdited {
                name,
                number,
                changes,
            } => Some(Detail::PlayerEdited {
                name,
                number,
                changes: changes
                    .into_iter()
                    .filter(|c| !Change::is_private(&c.field))
                    .collect(),
            }),
            detail @ (Detail::MoveTakenBack { .. }
            | Detail::Reissued { .. }
            | Detail::Text { .. }
            | Detail::Player { .. }
            | Detail::Registrant { .. }
            | Detail::PlayerWithdrawn { .. }
            | Detail::Bye { .. }
            | Detail::RegistrationRejected { .. }
            | Detail::PlayersImported { .. }
            | Detail::TrfImported { .. }
            | Detail::Prizes { .. }
            | Detail::Role { .. }
            | Detail::ArchiveHeld { .. }
            | Detail::ArchiveImported { .. }
            | Detail::HandedOver { .. }
            | Detail::DecisionsRated { .. }
            | Detail::Round { .. }
            | Detail::RoundPaired { .. }
            | Detail::RoundByHand { .. }
            | Detail::Board { .. }
            | Detail::PlayersExchanged { .. }
            | Detail::Decider { .. }
            | Detail::Result { .. }
            | Detail::Decision { .. }
            | Detail::Accepted { .. }
            | Detail::Corrected { .. }
            | Detail::Refused { .. }
            | Detail::WhileDisputed
            | Detail::AdjudicationProposed { .. }
            | Detail::Adjudicated { .. }) => Some(detail),
        }
    }
}

impl Change {
    /// Whether a changed field of an entry stays on this installation (the entry's e-mail
    /// address).
    #[must_use]
    pub(crate) fn is_private(field: &str) -> bool {
        field == "email"
    }
}

impl Said {
    /// A stored detail as an archive carries it: the detail's JSON without what may not leave
    /// ([`Detail::carried`]), or the text people wrote (a reason, a record) as it was.
    #[must_use]
    pub(crate) fn carried(stored: String) -> String {
        match Said::read(stored) {
            Said::Detail(detail) => detail
                .carried()
                .and_then(|d| serde_json::to_string(&d).ok())
                .unwrap_or_default(),
            Said::Text(text) => text,
        }
    }
}

/// An entry to write.
#[derive(Clone, Debug)]
pub struct Entry {
    pub event_id: EventId,
    pub round_id: Option<RoundId>,
    pub game_id: Option<GameId>,
    pub actor_user: Option<UserId>,
    pub actor_player: Option<PlayerId>,
    pub action: AuditAction,
    pub from_state: Option<AuditState>,
    pub to_state: Option<AuditState>,
    pub detail: Option<Detail>,
}

impl Entry {
    #[must_use]
    pub(crate) fn event(
        event_id: EventId,
        actor_user: Option<UserId>,
        action: AuditAction,
    ) -> Entry {
        Entry {
            event_id,
            round_id: None,
            game_id: None,
            actor_user,
            actor_player: None,
            action,
            from_state: None,
            to_state: None,
            detail: None,
        }
    }

    #[must_use]
    pub(crate) fn round(mut self, round_id: RoundId) -> Entry {
        self.round_id = Some(round_id);
        self
    }

    #[must_use]
    pub(crate) fn game(mut self, game_id: GameId) -> Entry {
        self.game_id = Some(game_id);
        self
    }

    #[must_use]
    pub(crate) fn by_player(mut self, player_id: Option<PlayerId>) -> Entry {
        self.actor_player = player_id;
        self
    }

    #[must_use]
    /// The states before and after.
    pub(crate) fn states(
        mut self,
        from: impl Into<AuditState>,
        to: impl Into<AuditState>,
    ) -> Entry {
        self.from_state = Some(from.into());
        self.to_state = Some(to.into());
        self
    }

    /// What the entry says (texts people sent cut to [`MAX_DETAIL_CHARS`] characters).
    #[must_use]
    pub(crate) fn detail(mut self, detail: Detail) -> Entry {
        self.detail = Some(detail.bounded());
        self
    }

    /// Words or a record as someone sent them.
    #[must_use]
    pub(crate) fn text(self, text: impl Into<String>) -> Entry {
        self.detail(Detail::Text { text: text.into() })
    }
}

/// Longest detail kept in the log (a dispute's reason may take 1,000).
pub const MAX_DETAIL_CHARS: usize = 1200;

/// Writes an entry (inside the caller's transaction).
pub(crate) fn record(conn: &mut DbConnection, entry: Entry) -> Result<(), ServiceError> {
    let detail = match entry.detail {
        Some(detail) => {
            serde_json::to_string(&detail).map_err(|e| ServiceError::Internal(e.to_string()))?
        }
        None => String::new(),
    };
    q::insert_audit(
        conn,
        &NewAudit {
            event_id: entry.event_id,
            round_id: entry.round_id,
            game_id: entry.game_id,
            actor_user: entry.actor_user,
            actor_player: entry.actor_player,
            action: entry.action,
            from_state: entry.from_state.map(AuditState::as_str),
            to_state: entry.to_state.map(AuditState::as_str),
            detail: &detail,
            created_at: db::now(),
        },
    )?;
    Ok(())
}
