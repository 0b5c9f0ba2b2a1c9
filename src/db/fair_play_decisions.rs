//! Arbiters' decisions on players' fair-play screenings: appended, never changed, so the rows
//! are their own audit.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::{fair_play_decisions as d, users};
use crate::domain::{EventId, FairPlayDecision, PlayerId, UserId};

/// A decision to record.
#[derive(Insertable)]
#[diesel(table_name = d)]
pub(crate) struct NewDecision<'a> {
    pub event_id: EventId,
    pub player_id: PlayerId,
    pub decision: FairPlayDecision,
    pub note: &'a str,
    pub user_id: Option<UserId>,
    pub decided_at: NaiveDateTime,
}

pub(crate) fn record(conn: &mut DbConnection, decision: &NewDecision<'_>) -> QueryResult<()> {
    diesel::insert_into(d::table)
        .values(decision)
        .execute(conn)
        .map(drop)
}

/// A recorded decision, with who made it.
#[derive(Clone, Debug)]
pub(crate) struct DecisionRow {
    pub player_id: PlayerId,
    pub decision: FairPlayDecision,
    pub note: String,
    pub decided_by: Option<String>,
    pub decided_at: NaiveDateTime,
}

/// The decisions on these entries, oldest first.
pub(crate) fn of_entries(
    conn: &mut DbConnection,
    entries: &[PlayerId],
) -> QueryResult<Vec<DecisionRow>> {
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(
        PlayerId,
        FairPlayDecision,
        String,
        Option<String>,
        NaiveDateTime,
    )> = d::table
        .left_join(users::table.on(users::id.nullable().eq(d::user_id)))
        .filter(d::player_id.eq_any(entries))
        .order(d::id.asc())
        .select((
            d::player_id,
            d::decision,
            d::note,
            users::display_name.nullable(),
            d::decided_at,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(player_id, decision, note, decided_by, decided_at)| DecisionRow {
                player_id,
                decision,
                note,
                decided_by,
                decided_at,
            },
        )
        .collect())
}

/// The decision that stands for each of the event's players who has one (the latest).
pub(crate) fn standing_in_event(
    conn: &mut DbConnection,
    event: EventId,
) -> QueryResult<Vec<(PlayerId, FairPlayDecision)>> {
    let rows: Vec<(PlayerId, FairPlayDecision)> = d::table
        .filter(d::event_id.eq(event))
        .order(d::id.asc())
        .select((d::player_id, d::decision))
        .load(conn)?;
    // Later rows overwrite earlier ones.
    let latest: std::collections::BTreeMap<PlayerId, FairPlayDecision> = rows.into_iter().collect();
    Ok(latest.into_iter().collect())
}
