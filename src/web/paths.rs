//! The site's addresses, built in one place (the route table in `routes.rs` serves them).

use crate::domain::GameId;

/// `/events/{slug}`.
#[must_use]
pub(crate) fn event(slug: &str) -> String {
    format!("/events/{slug}")
}

/// `/events/{slug}/manage`, at a section (`players`, `rounds`, `staff`) or at the top.
#[must_use]
pub(crate) fn manage(slug: &str, section: Option<&str>) -> String {
    match section {
        Some(section) => format!("/events/{slug}/manage#{section}"),
        None => format!("/events/{slug}/manage"),
    }
}

/// `/events/{slug}/queue`.
#[must_use]
pub(crate) fn queue(slug: &str) -> String {
    format!("/events/{slug}/queue")
}

/// `/events/{slug}/rounds/{n}`.
#[must_use]
pub(crate) fn round(slug: &str, number: i32) -> String {
    format!("/events/{slug}/rounds/{number}")
}

/// `/events/{slug}/games/{id}`.
#[must_use]
pub(crate) fn game(slug: &str, id: GameId) -> String {
    format!("/events/{slug}/games/{id}")
}

/// `/p/{secret}`: a player's personal link.
#[must_use]
pub(crate) fn personal(secret: &str) -> String {
    format!("/p/{secret}")
}

/// `/events/{slug}/games/{id}/enter`: where a scoresheet's QR code leads.
#[must_use]
pub(crate) fn game_entry(slug: &str, id: GameId) -> String {
    format!("/events/{slug}/games/{id}/enter")
}

/// `/p/{secret}/games/{id}`.
#[must_use]
pub(crate) fn personal_game(secret: &str, id: GameId) -> String {
    format!("/p/{secret}/games/{id}")
}

/// `/events/{slug}/prizes/edit`: the organisers' prize fund form.
#[must_use]
pub(crate) fn prizes_edit(slug: &str) -> String {
    format!("/events/{slug}/prizes/edit")
}

/// `/events/{slug}/mail`: the organisers' view of the event's messages.
#[must_use]
pub(crate) fn event_mail(slug: &str) -> String {
    format!("/events/{slug}/mail")
}
