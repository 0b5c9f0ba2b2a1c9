//! What a submitted record may contradict in its game's pairing, kept in the audit log and
//! said in the reader's language.

use crate::rules::Variant;

/// What in a record contradicts the game's pairing.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "m", rename_all = "snake_case")]
pub enum Mismatch {
    /// The record's `Variant` is not the event's.
    Variant { sent: Variant, event: Variant },
    /// The record starts from another position than the standard one.
    Position,
    /// The `South` or `North` tag names someone the pairing does not have on that side.
    Name {
        tag: String,
        sent: String,
        paired: String,
    },
}
