//! Standings of an event: computed when results change (in the same transaction) and kept in
//! the database, so a page view only reads them.

use serde::{Deserialize, Serialize};

use super::event_data::EventData;
use super::events::Access;
use super::{App, ServiceError};
use crate::db::events as q;
use crate::db::{self, DbConnection};
use crate::domain::{EventId, PlayerId, PlayerStatus};
use crate::tournament::standings::{self, Contribution, Standings, StandingsInput, Tiebreak};

/// The standings as shown and cached.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StandingsView {
    /// The last round counted (every game of it has a final result).
    pub after_round: usize,
    pub tiebreaks: Vec<Tiebreak>,
    pub rows: Vec<RowView>,
    /// The event version these standings belong to.
    pub version: i32,
}

/// One line.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RowView {
    pub rank: usize,
    pub player_id: PlayerId,
    pub number: i32,
    pub name: String,
    pub rating: i32,
    pub club: String,
    pub status: PlayerStatus,
    pub points: f64,
    pub values: Vec<f64>,
    pub played: usize,
    pub won: usize,
    pub performance: Option<i64>,
    pub contributions: Vec<ContributionView>,
}

/// A contribution to BH/SB, with the opponent named.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ContributionView {
    pub round: usize,
    pub opponent_id: Option<PlayerId>,
    pub opponent_name: Option<String>,
    pub value: f64,
    pub result: f64,
    pub voluntary: bool,
    pub cut: bool,
    pub cut_high: bool,
}

/// Computes the standings over the completed Swiss or round-robin rounds.
#[must_use]
pub fn compute_from(data: &EventData) -> Standings {
    let rounds = data.complete_rounds();
    let histories = data.histories(rounds);
    standings::compute(&StandingsInput {
        players: &histories,
        rounds,
        points: data.event.points,
        tiebreaks: &data.event.tiebreaks,
    })
}

fn view_of(data: &EventData, table: &Standings) -> StandingsView {
    let named = |c: &Contribution| ContributionView {
        round: c.round,
        opponent_id: c.opponent.and_then(|o| data.players.get(o)).map(|p| p.id),
        opponent_name: c
            .opponent
            .and_then(|o| data.players.get(o))
            .map(|p| p.name.clone()),
        value: c.value,
        result: c.result,
        voluntary: c.voluntary,
        cut: c.cut,
        cut_high: c.cut_high,
    };
    StandingsView {
        after_round: table.rounds,
        tiebreaks: table.tiebreaks.clone(),
        version: data.event.version,
        rows: table
            .rows
            .iter()
            .filter_map(|row| {
                let p = data.players.get(row.player)?;
                if p.status == PlayerStatus::Pending {
                    return None;
                }
                Some(RowView {
                    rank: row.rank,
                    player_id: p.id,
                    number: p.number,
                    name: p.name.clone(),
                    rating: p.rating,
                    club: p.club.clone(),
                    status: p.status,
                    points: row.points,
                    values: row.values.clone(),
                    played: row.played,
                    won: row.won,
                    performance: row.performance,
                    contributions: row.contributions.iter().map(named).collect(),
                })
            })
            .collect(),
    }
}

/// Computes and stores the standings of the event as `data` holds it (inside the caller's
/// transaction, which changed it): every change of results, byes, withdrawals or rounds ends
/// with this, so a page only ever reads the stored table.
pub(crate) fn store(
    conn: &mut DbConnection,
    data: &EventData,
) -> Result<StandingsView, ServiceError> {
    let view = view_of(data, &compute_from(data));
    let json = serde_json::to_string(&view).map_err(|e| ServiceError::Internal(e.to_string()))?;
    q::store_standings(conn, data.event.id, data.event.version, &json, db::now())?;
    Ok(view)
}

/// [`store`], reading the event first.
pub(crate) fn refresh(
    conn: &mut DbConnection,
    event_id: EventId,
) -> Result<StandingsView, ServiceError> {
    let event = q::event_by_id(conn, event_id)?.ok_or(ServiceError::NotFound)?;
    let data = EventData::load(conn, event)?;
    store(conn, &data)
}

/// The standings as stored by the last change of the event that could change them. An event
/// whose table was never stored (one kept by an older version of the program) is computed for
/// the answer, and nothing is written.
pub fn get(app: &App, access: &Access) -> Result<StandingsView, ServiceError> {
    let mut conn = app.conn()?;
    if let Some((_, json)) = q::cached_standings(&mut conn, access.event.id)? {
        match serde_json::from_str::<StandingsView>(&json) {
            Ok(view) => return Ok(view),
            Err(e) => tracing::warn!("stored standings unreadable: {e}"),
        }
    }
    let data = EventData::load(&mut conn, access.event.clone())?;
    Ok(view_of(&data, &compute_from(&data)))
}

/// Marks the event changed (pages and answers are renewed) and stores its standings again,
/// in the caller's transaction: for every change that can move the standings.
pub(crate) fn changed(conn: &mut DbConnection, event_id: EventId) -> Result<(), ServiceError> {
    q::bump_event(conn, event_id, db::now())?;
    refresh(conn, event_id)?;
    Ok(())
}
