//! The vocabulary every layer shares: the ids of things, every state and kind as an enum, and
//! the entities (events, players, rounds, games, submissions) as the database holds them.
//!
//! Nothing here is ever a string outside the database mapping: each enum has its full list
//! (`ALL`, for tests and forms), its stable code (`as_str`, which is also its text in the
//! database, the API and message keys), and reads and writes itself as SQL text on both
//! backends. A stored value that is not a known code is an error when it is read, never a
//! silent default.

mod audit_state;
mod codes;
mod entities;
mod ids;
pub mod installation;
mod kinds;
mod mail;
mod mismatch;
mod offset;
mod sql;
mod tags;
pub mod utc;

pub use audit_state::AuditState;
pub use codes::ErrorCode;
pub use entities::{
    AdjudicationRule, Bye, Circuit, Event, FideDetails, Game, Origin, Player, RatingRecord,
    RegistryPlayer, Round, Submission,
};
pub use ids::{
    AdjudicationId, ByeId, CircuitId, EventId, GameId, MessageId, PersonId, PlayerId, RoundId,
    SubmissionId, TokenId, UserId,
};
pub use installation::{HallStaff, InstallationRole, IssuedIds, VenueState};
pub use kinds::{
    AccountAction, AccountVia, AdjudicationFallback, AuditAction, ByeKind, ClaimOnReissue,
    EventState, FairPlayDecision, FeedKind, Format, GameState, GameStatus, LeftOut, PlayerStatus,
    Resemblance, Role, RoundState, Sex, StaffRole, Stage, StoredResult, SubmissionStatus,
    SubmitterRole, Tiebreaks,
};
pub use mail::{Language, MailKind, OutboxState};
pub use mismatch::Mismatch;
pub use offset::UtcOffset;
pub use tags::{InvalidTags, MAX_TAG_CHARS, MAX_TAGS, Tags};

/// A text that is none of a kind's codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a known {kind}")]
pub struct UnknownCode {
    pub kind: &'static str,
}
