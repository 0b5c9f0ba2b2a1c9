//! Moments as the JSON API writes them: RFC 3339 in UTC with its offset
//! (`2026-12-01T20:00:00Z`). The database keeps UTC without an offset; an answer never does.

use chrono::{NaiveDateTime, SecondsFormat};
use serde::Serializer;

/// The moment as RFC 3339 text.
#[must_use]
pub fn rfc3339(moment: NaiveDateTime) -> String {
    moment.and_utc().to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// `serialize_with` for a moment.
pub fn serialize<S: Serializer>(moment: &NaiveDateTime, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&rfc3339(*moment))
}

/// `serialize_with` for a moment that may be absent.
pub fn serialize_option<S: Serializer>(
    moment: &Option<NaiveDateTime>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match moment {
        Some(m) => s.serialize_str(&rfc3339(*m)),
        None => s.serialize_none(),
    }
}

/// `serialize_with` for a colour, lowercase like every other enum of the API.
pub fn colour<S: Serializer>(
    colour: &crate::tournament::history::Colour,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.serialize_str(match colour {
        crate::tournament::history::Colour::White => "white",
        crate::tournament::history::Colour::Black => "black",
    })
}
