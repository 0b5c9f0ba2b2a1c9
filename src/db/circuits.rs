//! Circuits: their settings and their events, in order.

use super::limit::LimitRows;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::{circuit_events, circuits};
use crate::domain::{Circuit, CircuitId, EventId, UserId};

#[derive(Insertable)]
#[diesel(table_name = circuits)]
pub(crate) struct NewCircuit<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub points: &'a str,
    pub qualifiers: i32,
    pub final_event_id: Option<EventId>,
    pub owner_id: UserId,
    pub created_at: NaiveDateTime,
}

pub(crate) fn slug_taken(conn: &mut DbConnection, slug: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        circuits::table.filter(circuits::slug.eq(slug)),
    ))
    .get_result(conn)
}

/// Adds a circuit with its qualifiers, in order.
pub(crate) fn insert(
    conn: &mut DbConnection,
    circuit: &NewCircuit<'_>,
    events: &[EventId],
) -> QueryResult<CircuitId> {
    let id: CircuitId = diesel::insert_into(circuits::table)
        .values(circuit)
        .returning(circuits::id)
        .get_result(conn)?;
    for (position, event) in events.iter().enumerate() {
        diesel::insert_into(circuit_events::table)
            .values((
                circuit_events::circuit_id.eq(id),
                circuit_events::event_id.eq(event),
                circuit_events::position.eq(position as i32),
            ))
            .execute(conn)?;
    }
    Ok(id)
}

pub(crate) fn by_id(conn: &mut DbConnection, id: CircuitId) -> QueryResult<Option<Circuit>> {
    circuits::table
        .find(id)
        .select(Circuit::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

pub(crate) fn by_slug(conn: &mut DbConnection, slug: &str) -> QueryResult<Option<Circuit>> {
    circuits::table
        .filter(circuits::slug.eq(slug))
        .select(Circuit::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// The qualifiers of a circuit, in order.
pub(crate) fn events_of(conn: &mut DbConnection, id: CircuitId) -> QueryResult<Vec<EventId>> {
    circuit_events::table
        .filter(circuit_events::circuit_id.eq(id))
        .order(circuit_events::position)
        .select(circuit_events::event_id)
        .load(conn)
}

/// Every circuit, the newest first, at most `limit`.
pub(crate) fn all(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<Circuit>> {
    circuits::table
        .order(circuits::id.desc())
        .select(Circuit::as_select())
        .limit_rows(limit)
        .load(conn)
}
