//! The stored standings of each event, and the results still to be counted in them.

use super::limit::LimitRows;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::{games, standings_cache, standings_due};
use crate::domain::{EventId, GameStatus, RoundId};

/// The standings as stored: the event version they were computed from, and their JSON.
pub(crate) fn stored(
    conn: &mut DbConnection,
    event_id: EventId,
) -> QueryResult<Option<(i32, String)>> {
    standings_cache::table
        .find(event_id)
        .select((standings_cache::version, standings_cache::data))
        .first_row()
        .get_result(conn)
        .optional()
}

/// Replaces the stored standings.
pub(crate) fn store(
    conn: &mut DbConnection,
    event_id: EventId,
    version: i32,
    data: &str,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::delete(standings_cache::table.find(event_id)).execute(conn)?;
    diesel::insert_into(standings_cache::table)
        .values((
            standings_cache::event_id.eq(event_id),
            standings_cache::version.eq(version),
            standings_cache::data.eq(data),
            standings_cache::computed_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

/// Where the counting of an event's results stands: `seq` results marked, `counted` of them
/// in the stored standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Due {
    pub seq: i32,
    pub counted: i32,
}

impl Due {
    /// Whether the stored standings lack a marked result.
    #[must_use]
    pub(crate) fn is_due(self) -> bool {
        self.seq > self.counted
    }
}

/// The counting of an event's results (`None` when no result was ever marked).
pub(crate) fn due(conn: &mut DbConnection, event_id: EventId) -> QueryResult<Option<Due>> {
    standings_due::table
        .find(event_id)
        .select((standings_due::seq, standings_due::counted))
        .first_row()
        .get_result::<(i32, i32)>(conn)
        .optional()
        .map(|row| row.map(|(seq, counted)| Due { seq, counted }))
}

/// The events whose stored standings lack a marked result (a server stopped before it
/// counted them).
pub(crate) fn due_events(conn: &mut DbConnection) -> QueryResult<Vec<EventId>> {
    standings_due::table
        .filter(standings_due::seq.gt(standings_due::counted))
        .select(standings_due::event_id)
        .load(conn)
}

/// Marks a result the standings must count. Called under the event's lock
/// ([`super::lock_event`]) after its row was updated, so the writers of one event are
/// serialised here on both backends and the insert of a first mark never meets another.
pub(crate) fn mark_due(conn: &mut DbConnection, event_id: EventId) -> QueryResult<()> {
    let marked = diesel::update(standings_due::table.find(event_id))
        .set(standings_due::seq.eq(standings_due::seq + 1))
        .execute(conn)?;
    if marked == 0 {
        diesel::insert_into(standings_due::table)
            .values((
                standings_due::event_id.eq(event_id),
                standings_due::seq.eq(1),
                standings_due::counted.eq(0),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Records that the stored standings count every result up to `seq`, unless a table that
/// counts as many is stored already. Whether it did.
pub(crate) fn set_counted(
    conn: &mut DbConnection,
    event_id: EventId,
    seq: i32,
) -> QueryResult<bool> {
    let changed = diesel::update(
        standings_due::table
            .find(event_id)
            .filter(standings_due::counted.lt(seq)),
    )
    .set(standings_due::counted.eq(seq))
    .execute(conn)?;
    Ok(changed > 0)
}

/// Records that the stored standings count every marked result (they were computed in the
/// transaction that holds the event's latest state).
pub(crate) fn set_all_counted(conn: &mut DbConnection, event_id: EventId) -> QueryResult<()> {
    diesel::update(standings_due::table.find(event_id))
        .set(standings_due::counted.eq(standings_due::seq))
        .execute(conn)?;
    Ok(())
}

/// How many games of a round have no final result yet.
pub(crate) fn open_games_of_round(conn: &mut DbConnection, round_id: RoundId) -> QueryResult<i64> {
    games::table
        .filter(games::round_id.eq(round_id))
        .filter(games::status.ne(GameStatus::Final))
        .count()
        .get_result(conn)
}

/// How many games of a knockout match have no final result yet.
pub(crate) fn open_games_of_match(
    conn: &mut DbConnection,
    event_id: EventId,
    code: &str,
) -> QueryResult<i64> {
    games::table
        .filter(games::event_id.eq(event_id))
        .filter(games::bracket_code.eq(code))
        .filter(games::status.ne(GameStatus::Final))
        .count()
        .get_result(conn)
}

/// How many games of an event have no final result yet.
pub(crate) fn open_games_of_event(conn: &mut DbConnection, event_id: EventId) -> QueryResult<i64> {
    games::table
        .filter(games::event_id.eq(event_id))
        .filter(games::status.ne(GameStatus::Final))
        .count()
        .get_result(conn)
}
