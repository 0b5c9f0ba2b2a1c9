//! The installations whose archives this one takes, each with the key it signs with.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::limit::LimitRows;
use super::schema::venues;
use crate::domain::{UserId, VenueState};

/// A venue as stored.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = venues)]
pub(crate) struct VenueRow {
    pub code: String,
    pub name: String,
    pub public_key: String,
    pub state: VenueState,
    pub first_seen_at: NaiveDateTime,
    pub decided_at: Option<NaiveDateTime>,
}

pub(crate) fn venue(conn: &mut DbConnection, code: &str) -> QueryResult<Option<VenueRow>> {
    venues::table
        .find(code)
        .select(VenueRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// Every venue, those waiting for approval first.
pub(crate) fn all(conn: &mut DbConnection) -> QueryResult<Vec<VenueRow>> {
    let mut rows: Vec<VenueRow> = venues::table
        .order(venues::code)
        .select(VenueRow::as_select())
        .load(conn)?;
    rows.sort_by_key(|r| r.state != VenueState::Pending);
    Ok(rows)
}

/// Registers a venue's key, waiting for approval (the first archive signed with it); another
/// request registering the same code at once leaves the first.
pub(crate) fn insert_pending(
    conn: &mut DbConnection,
    code: &str,
    name: &str,
    public_key: &str,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let inserted = diesel::insert_into(venues::table)
        .values((
            venues::code.eq(code),
            venues::name.eq(name),
            venues::public_key.eq(public_key),
            venues::state.eq(VenueState::Pending),
            venues::first_seen_at.eq(now),
        ))
        .execute(conn);
    match inserted {
        Err(e) if super::is_unique_violation(&e) => Ok(()),
        other => other.map(|_| ()),
    }
}

/// Keeps the name a venue's latest archive gives.
pub(crate) fn rename(conn: &mut DbConnection, code: &str, name: &str) -> QueryResult<()> {
    diesel::update(venues::table.find(code))
        .set(venues::name.eq(name))
        .execute(conn)?;
    Ok(())
}

/// Approves a venue's key, if it is still `public_key`. Whether it did.
pub(crate) fn approve(
    conn: &mut DbConnection,
    code: &str,
    public_key: &str,
    by: UserId,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    Ok(diesel::update(
        venues::table
            .find(code)
            .filter(venues::public_key.eq(public_key)),
    )
    .set((
        venues::state.eq(VenueState::Approved),
        venues::decided_at.eq(now),
        venues::decided_by.eq(by),
    ))
    .execute(conn)?
        > 0)
}

/// Forgets a venue: its next archive registers its key afresh (a venue reinstalled with a new
/// key, or a key registered by mistake).
pub(crate) fn forget(conn: &mut DbConnection, code: &str) -> QueryResult<bool> {
    Ok(diesel::delete(venues::table.find(code)).execute(conn)? > 0)
}
