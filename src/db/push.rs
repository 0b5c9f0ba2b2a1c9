//! The events a venue publishes to the federation, and where each push stands.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::limit::LimitRows;
use super::schema::{event_pushes, events};
use crate::domain::EventId;

/// An event's push as stored.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = event_pushes)]
pub(crate) struct PushRow {
    pub pushed_version: Option<i32>,
    pub pushed_at: Option<NaiveDateTime>,
    pub failures: i32,
    pub last_attempt_at: Option<NaiveDateTime>,
    pub last_status: Option<i32>,
    pub last_answer: Option<String>,
    pub last_code: Option<String>,
    pub refused_version: Option<i32>,
}

pub(crate) fn row(conn: &mut DbConnection, event: EventId) -> QueryResult<Option<PushRow>> {
    event_pushes::table
        .find(event)
        .select(PushRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// Marks the event to be pushed (once; marking it again changes nothing).
pub(crate) fn mark(conn: &mut DbConnection, event: EventId) -> QueryResult<()> {
    if row(conn, event)?.is_none() {
        let inserted = diesel::insert_into(event_pushes::table)
            .values((
                event_pushes::event_id.eq(event),
                event_pushes::failures.eq(0),
            ))
            .execute(conn);
        match inserted {
            Err(e) if super::is_unique_violation(&e) => {}
            other => {
                other?;
            }
        }
    }
    Ok(())
}

/// The federation took the event at `version`.
pub(crate) fn succeeded(
    conn: &mut DbConnection,
    event: EventId,
    version: i32,
    status: u16,
    answer: &str,
) -> QueryResult<()> {
    let now = super::now();
    diesel::update(event_pushes::table.find(event))
        .set((
            event_pushes::pushed_version.eq(version),
            event_pushes::pushed_at.eq(now),
            event_pushes::failures.eq(0),
            event_pushes::last_attempt_at.eq(now),
            event_pushes::last_status.eq(i32::from(status)),
            event_pushes::last_answer.eq(answer),
            event_pushes::last_code.eq(None::<String>),
            event_pushes::refused_version.eq(None::<i32>),
        ))
        .execute(conn)?;
    Ok(())
}

/// The federation refused the event at `version` for a reason that holds until something
/// changes (`code`): it is not sent again until the event changes or an organiser asks.
pub(crate) fn refused(
    conn: &mut DbConnection,
    event: EventId,
    version: i32,
    status: u16,
    code: &str,
    answer: &str,
) -> QueryResult<()> {
    diesel::update(event_pushes::table.find(event))
        .set((
            event_pushes::failures.eq(event_pushes::failures + 1),
            event_pushes::last_attempt_at.eq(super::now()),
            event_pushes::last_status.eq(i32::from(status)),
            event_pushes::last_answer.eq(answer.chars().take(1000).collect::<String>()),
            event_pushes::last_code.eq(code),
            event_pushes::refused_version.eq(version),
        ))
        .execute(conn)?;
    Ok(())
}

/// An organiser asks for the event to be sent again now, refused or not.
pub(crate) fn retry(conn: &mut DbConnection, event: EventId) -> QueryResult<()> {
    diesel::update(event_pushes::table.find(event))
        .set((
            event_pushes::refused_version.eq(None::<i32>),
            event_pushes::pushed_version.eq(None::<i32>),
            event_pushes::failures.eq(0),
        ))
        .execute(conn)?;
    Ok(())
}

/// An attempt failed (`status` 0: no answer).
pub(crate) fn failed(
    conn: &mut DbConnection,
    event: EventId,
    status: u16,
    answer: &str,
) -> QueryResult<()> {
    diesel::update(event_pushes::table.find(event))
        .set((
            event_pushes::failures.eq(event_pushes::failures + 1),
            event_pushes::last_attempt_at.eq(super::now()),
            event_pushes::last_status.eq(i32::from(status)),
            event_pushes::last_answer.eq(answer.chars().take(1000).collect::<String>()),
            event_pushes::last_code.eq(None::<String>),
        ))
        .execute(conn)?;
    Ok(())
}

/// The marked events with changes the federation has not taken, except those it refused at
/// their current version: (event, failures, last attempt).
pub(crate) fn due(
    conn: &mut DbConnection,
) -> QueryResult<Vec<(EventId, i32, Option<NaiveDateTime>)>> {
    event_pushes::table
        .inner_join(events::table)
        .filter(
            event_pushes::pushed_version
                .is_null()
                .or(event_pushes::pushed_version.ne(events::version.nullable())),
        )
        .filter(
            event_pushes::refused_version
                .is_null()
                .or(event_pushes::refused_version.ne(events::version.nullable())),
        )
        .order(event_pushes::event_id)
        .select((
            event_pushes::event_id,
            event_pushes::failures,
            event_pushes::last_attempt_at,
        ))
        .limit_rows(100)
        .load(conn)
}
