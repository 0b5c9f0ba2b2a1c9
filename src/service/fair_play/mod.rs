//! Fair-play screening of final games (docs/fair-play.md). The review worker screens each game
//! once its review is stored ([`super::reviews::screen_due`]): the review's engine moves and
//! costs, read again with the record, so nothing is searched twice. An event's screening
//! ranks its players by how far their play lies from what players of their rating do; an
//! arbiter reads the evidence and records a decision. Only the event's staff (and, across
//! events, the administrators) read any of it; nothing is automatic.

mod decisions;
mod evidence;
mod model;
mod person;
mod ranking;

pub use decisions::{NOTE_CHARS, ask_first, decide};
pub use evidence::{DecisionShown, GameEvidence, PlayerEvidence, PlyEvidence, of_player};
pub use model::{ExpectationFrom, MIN_DATA_MOVES};
pub use person::{EventLine, PersonScreening, of_person};
pub use ranking::{EventScreening, ScreenedPlayer, of_event};
