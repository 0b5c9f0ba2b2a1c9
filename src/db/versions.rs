//! Counters of what pages outside one event show ([`Counter`]), and the versions of the
//! events such a page gathers: the page store keeps the rating list, a circuit and a person's
//! page per value of these, as it keeps an event's pages per event version.

use diesel::prelude::*;

use super::DbConnection;
use super::schema::{events, players, public_versions};
use crate::domain::EventId;

/// A counter kept in `public_versions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counter {
    /// Moves with every change to the national rating list.
    Ratings,
    /// Moves with every change to the registry's people.
    Registry,
}

impl Counter {
    fn name(self) -> &'static str {
        match self {
            Counter::Ratings => "ratings",
            Counter::Registry => "registry",
        }
    }
}

/// Moves `counter` on, in the transaction that changes what it counts.
pub(crate) fn bump(conn: &mut DbConnection, counter: Counter) -> QueryResult<()> {
    diesel::update(public_versions::table.find(counter.name()))
        .set(public_versions::value.eq(public_versions::value + 1))
        .execute(conn)?;
    Ok(())
}

/// The counters' values: (ratings, registry).
pub(crate) fn read(conn: &mut DbConnection) -> QueryResult<(i64, i64)> {
    let rows: Vec<(String, i64)> = public_versions::table
        .select((public_versions::name, public_versions::value))
        .load(conn)?;
    let value = |counter: Counter| {
        rows.iter()
            .find(|(name, _)| name == counter.name())
            .map_or(0, |(_, value)| *value)
    };
    Ok((value(Counter::Ratings), value(Counter::Registry)))
}

/// The versions of these events, by id.
pub(crate) fn of_events(
    conn: &mut DbConnection,
    ids: &[EventId],
) -> QueryResult<Vec<(EventId, i32)>> {
    events::table
        .filter(events::id.eq_any(ids))
        .order(events::id)
        .select((events::id, events::version))
        .load(conn)
}

/// The versions of the events a person has an entry in, by id.
pub(crate) fn of_person_events(
    conn: &mut DbConnection,
    federation_id: &str,
) -> QueryResult<Vec<(EventId, i32)>> {
    events::table
        .filter(
            events::id.eq_any(
                players::table
                    .filter(players::federation_id.eq(federation_id))
                    .select(players::event_id),
            ),
        )
        .order(events::id)
        .select((events::id, events::version))
        .load(conn)
}
