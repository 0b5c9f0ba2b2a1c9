//! Standings of an event: computed when what they count changes and kept in the database, so
//! a page view only reads them. An organiser's change (a withdrawal, a bye, a round) stores
//! them in its own transaction; results are counted by the event's worker ([`worker`]) once
//! a round is complete, since the table counts complete rounds only.

mod worker;

use serde::{Deserialize, Serialize};

use super::access::Access;
use super::event_data::EventData;
use super::{App, ServiceError, bracket};
use crate::db::events as q;
use crate::db::{self, DbConnection, standings as qs};
use crate::domain::{EventId, EventState, PlayerId, PlayerStatus};

use crate::tournament::places;
use crate::tournament::standings::{self, Contribution, Standings, StandingsInput, Tiebreak};
pub(crate) use worker::AfterCommit;
pub use worker::StandingsWorker;

/// The standings as shown and cached.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StandingsView {
    /// The last round counted (every game of it has a final result).
    pub after_round: usize,
    /// The event is finished and the rows are its final ranking (for a knockout, by how far
    /// each player got; see [`final_places`]).
    #[serde(default)]
    pub final_ranking: bool,
    pub tiebreaks: Vec<Tiebreak>,
    pub rows: Vec<RowView>,
    /// The event version these standings were computed from.
    pub version: i32,
    /// How many final results the table counts (every game of the rounds it counts).
    #[serde(default)]
    pub results: usize,
    /// Results that complete a later round are being counted: a newer table follows within
    /// moments (known when read, never stored).
    #[serde(skip)]
    pub updating: bool,
}

/// One line.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RowView {
    /// The place (the first of a shared band).
    pub rank: usize,
    /// The last place of the band the player shares (`rank` when alone).
    #[serde(default)]
    pub place_to: usize,
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
    /// What the player did in the knockout stage (a finished event places its knockout's
    /// players by it, not by the points of the stages before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knockout: Option<KnockoutRun>,
}

/// A player's run through the knockout stage.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct KnockoutRun {
    /// The stage of the last match the player played.
    pub stage: Option<crate::tournament::knockout::StageName>,
    /// Whether they won it (the champion won the final).
    pub won_last: bool,
    /// Knockout games won, drawn and lost (forfeits included; byes are no game).
    pub won: usize,
    pub drawn: usize,
    pub lost: usize,
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
    let runs = knockout_runs(data);
    let (after_round, results) = if data.scored_rounds().is_empty() {
        // Only knockout rounds: they are what the table counts.
        let done = complete_knockout_rounds(data);
        (done, final_knockout_games(data, done))
    } else {
        let counted = counted_results(data, table.rounds);
        if data.event.state == EventState::Finished && data.event.format.has_knockout() {
            // The final ranking counts the knockout after the Swiss rounds.
            let done = complete_knockout_rounds(data);
            (
                done.max(table.rounds),
                counted + final_knockout_games(data, done),
            )
        } else {
            (table.rounds, counted)
        }
    };
    let mut view = StandingsView {
        after_round,
        final_ranking: false,
        tiebreaks: table.tiebreaks.clone(),
        version: data.event.version,
        results,
        updating: false,
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
                    place_to: row.rank,
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
                    knockout: runs.get(&p.id).copied(),
                })
            })
            .collect(),
    };
    if data.scored_rounds().is_empty() {
        // Only knockout rounds: a player's games and points are their knockout games.
        let points = &data.event.points;
        for row in &mut view.rows {
            if let Some(run) = row.knockout {
                row.played = run.won + run.drawn + run.lost;
                row.won = run.won;
                let tenths = run.won * points.win as usize
                    + run.drawn * points.draw as usize
                    + run.lost * points.loss as usize;
                row.points = tenths as f64 / 10.0;
            }
        }
    }
    if data.event.state == EventState::Finished {
        final_places(data, &mut view);
    }
    view
}

/// The last round, counting every round of the event, whose games are all final (0: none).
fn complete_knockout_rounds(data: &EventData) -> usize {
    let mut done = 0;
    for round in data.rounds.iter().filter(|r| r.is_published()) {
        if !data.games_of_round(round.id).iter().all(|g| g.is_final()) {
            break;
        }
        done = usize::try_from(round.number).unwrap_or(0);
    }
    done
}

/// The final games of the knockout rounds up to round `rounds`.
fn final_knockout_games(data: &EventData, rounds: usize) -> usize {
    data.rounds
        .iter()
        .filter(|r| r.stage == crate::domain::Stage::Knockout && r.is_published())
        .filter(|r| usize::try_from(r.number).is_ok_and(|n| n <= rounds))
        .map(|r| {
            data.games_of_round(r.id)
                .iter()
                .filter(|g| g.is_final() && g.second_id.is_some())
                .count()
        })
        .sum()
}

/// Each knockout player's run: the last match played, whether won, and the games.
fn knockout_runs(data: &EventData) -> std::collections::HashMap<PlayerId, KnockoutRun> {
    let mut runs: std::collections::HashMap<PlayerId, KnockoutRun> =
        std::collections::HashMap::new();
    let Some(view) = bracket::view(data) else {
        return runs;
    };
    // The round of each player's latest decided match.
    let mut latest: std::collections::HashMap<PlayerId, i32> = std::collections::HashMap::new();
    for m in &view.matches {
        let [Some(a), Some(b)] = m.entrants else {
            continue;
        };
        for (me, other) in [(a, b), (b, a)] {
            let run = runs.entry(me).or_default();
            for game in data.games.iter().filter(|g| m.game_ids.contains(&g.id)) {
                let Some(result) = game.final_result() else {
                    continue;
                };
                let (first, second) = result.outcomes();
                let mine = if game.first_id == Some(me) && game.second_id == Some(other) {
                    first
                } else if game.second_id == Some(me) && game.first_id == Some(other) {
                    second
                } else {
                    continue;
                };
                use crate::tournament::history::{GameScore, Outcome};
                match mine {
                    Outcome::Played(GameScore::Win) | Outcome::ForfeitWin => run.won += 1,
                    Outcome::Played(GameScore::Draw) => run.drawn += 1,
                    _ => run.lost += 1,
                }
            }
            let later = latest.get(&me).is_none_or(|&round| m.round >= round);
            if m.winner.is_some() && later {
                latest.insert(me, m.round);
                run.stage = m.stage.map(|s| s.name);
                run.won_last = m.winner == Some(me);
            }
        }
    }
    runs
}

/// The final results of the first `rounds` scored rounds.
fn counted_results(data: &EventData, rounds: usize) -> usize {
    data.scored_rounds()
        .iter()
        .filter(|r| usize::try_from(r.number).is_ok_and(|n| n <= rounds))
        .map(|r| {
            data.games_of_round(r.id)
                .iter()
                .filter(|g| g.is_final())
                .count()
        })
        .sum()
}

/// The final ranking of a finished event, in place of the ranks: Swiss and round robin keep
/// their standings (tied rows share the band of their places); a knockout places its players
/// by how far they got (bands by seed); Swiss then knockout places the knockout's players
/// first, then everyone else in Swiss order.
fn final_places(data: &EventData, view: &mut StandingsView) {
    let knockout: Vec<places::Place<PlayerId>> = if data.event.format.has_knockout() {
        knockout_places(data)
    } else {
        Vec::new()
    };
    let placed = knockout.len();
    let (mut top, mut rest): (Vec<RowView>, Vec<RowView>) = std::mem::take(&mut view.rows)
        .into_iter()
        .partition(|r| knockout.iter().any(|p| p.player == r.player_id));
    for row in &mut top {
        if let Some(p) = knockout.iter().find(|p| p.player == row.player_id) {
            row.rank = p.place;
            row.place_to = p.place_to;
        }
    }
    top.sort_by_key(|r| {
        knockout
            .iter()
            .position(|p| p.player == r.player_id)
            .unwrap_or(usize::MAX)
    });
    // The others keep their order; their ranks restart after the knockout's places.
    let ranks: Vec<usize> = rest
        .iter()
        .map(|r| 1 + rest.iter().filter(|o| o.rank < r.rank).count())
        .collect();
    for (row, (place, place_to)) in rest.iter_mut().zip(places::places_of_ranks(&ranks)) {
        row.rank = placed + place;
        row.place_to = placed + place_to;
    }
    top.append(&mut rest);
    view.rows = top;
    view.final_ranking = true;
}

/// The places of a finished knockout stage, from its bracket.
fn knockout_places(data: &EventData) -> Vec<places::Place<PlayerId>> {
    let Some(view) = bracket::view(data) else {
        return Vec::new();
    };
    let Some(champion) = view.champion else {
        return Vec::new();
    };
    let decided: Vec<places::Decided<PlayerId>> = view
        .matches
        .iter()
        .filter_map(|m| {
            let winner = m.winner?;
            let [Some(a), Some(b)] = m.entrants else {
                return None;
            };
            Some(places::Decided {
                part: m.part,
                part_round: m.part_round,
                winner,
                loser: if winner == a { b } else { a },
            })
        })
        .collect();
    let seed_of = |p: PlayerId| {
        view.seeds
            .iter()
            .position(|s| *s == p)
            .unwrap_or(usize::MAX)
    };
    places::knockout_places(&decided, champion, seed_of)
}

/// The standings of the event as `data` holds it (its final ranking once finished), without
/// storing them.
#[must_use]
pub fn ranked(data: &EventData) -> StandingsView {
    view_of(data, &compute_from(data))
}

/// The table of the event as `data` holds it, as stored.
fn table_json(data: &EventData) -> Result<String, ServiceError> {
    serde_json::to_string(&ranked(data)).map_err(|e| ServiceError::Internal(e.to_string()))
}

/// Computes and stores the standings of the event as `data` holds it, inside the caller's
/// transaction, which changed it and holds its latest state: the table then counts every
/// result marked so far.
pub(crate) fn store(conn: &mut DbConnection, data: &EventData) -> Result<(), ServiceError> {
    let json = table_json(data)?;
    qs::store(conn, data.event.id, data.event.version, &json, db::now())?;
    qs::set_all_counted(conn, data.event.id)?;
    Ok(())
}

/// [`store`], reading the event first.
pub(crate) fn refresh(conn: &mut DbConnection, event_id: EventId) -> Result<(), ServiceError> {
    let event = q::event_by_id(conn, event_id)?.ok_or(ServiceError::NotFound)?;
    let data = EventData::load_without_records(conn, event)?;
    store(conn, &data)
}

/// The standings of the event as `data` holds it, inside the caller's transaction: as stored,
/// unless results are still to be counted (then computed from `data`).
pub(crate) fn stored(
    conn: &mut DbConnection,
    data: &EventData,
) -> Result<StandingsView, ServiceError> {
    let due = qs::due(conn, data.event.id)?.is_some_and(qs::Due::is_due);
    if !due
        && let Some((_, json)) = qs::stored(conn, data.event.id)?
        && let Ok(view) = serde_json::from_str::<StandingsView>(&json)
    {
        return Ok(view);
    }
    Ok(ranked(data))
}

/// The standings as stored. While results that complete a round are being counted, the
/// stored table is answered, marked `updating`, and the event's worker is woken (it may have
/// been stopped with the server that took the result). An event whose table was never stored
/// is computed for the answer, and nothing is written.
pub fn get(app: &App, access: &Access) -> Result<StandingsView, ServiceError> {
    let mut conn = app.conn()?;
    let (stored, due) = db::read_transaction(&mut conn, |conn| {
        Ok::<_, ServiceError>((
            qs::stored(conn, access.event.id)?,
            qs::due(conn, access.event.id)?.is_some_and(qs::Due::is_due),
        ))
    })?;
    if due {
        app.standings.nudge(app, access.event.id);
    }
    if let Some((_, json)) = stored {
        match serde_json::from_str::<StandingsView>(&json) {
            Ok(mut view) => {
                view.updating = due;
                return Ok(view);
            }
            Err(e) => tracing::warn!("stored standings unreadable: {e}"),
        }
    }
    let data = EventData::load_without_records(&mut conn, access.event.clone())?;
    Ok(ranked(&data))
}

/// Marks the event changed (pages and answers are renewed) and stores its standings again,
/// in the caller's transaction: for every change that can move the standings.
pub(crate) fn changed(conn: &mut DbConnection, event_id: EventId) -> Result<(), ServiceError> {
    q::bump_event(conn, event_id, db::now())?;
    refresh(conn, event_id)?;
    Ok(())
}
