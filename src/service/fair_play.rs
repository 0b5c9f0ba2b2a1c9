//! Fair-play screening of final games (docs/fair-play.md). The review worker screens each game
//! once its review is stored ([`super::reviews::screen_due`]) (the review's engine moves and costs, read again with the record:
//! nothing is searched twice) and keeps a tally per player; an event's screening ranks its
//! players by how far their play lies from what players of their rating do. The expectation is
//! fitted on the installation's other events when they hold enough moves, else on simulated
//! people reviewed at the same budget ([`crate::engine::screening::baseline`], computed once
//! per process, in a thread of its own, when a screening is first read). Only the event's staff read it; nothing is automatic.

use std::collections::BTreeMap;
use std::sync::Mutex;

use serde::Serialize;

use super::access::{EventRef, load_access};
use super::accounts::User;
use super::{App, ServiceError};
use crate::db::read_transaction;
use crate::db::screenings::{self as qs, ScreeningRow, SideRow};
use crate::domain::{EventId, PlayerId};
use crate::engine::screening::{self, Model, Tally, judge};

/// Counted moves of other events the installation needs before its own data replaces the
/// simulated baseline.
pub const MIN_DATA_MOVES: u64 = 2_000;

/// The baselines computed in this process, by review budget.
static BASELINES: Mutex<Vec<(u64, Model)>> = Mutex::new(Vec::new());

fn cached_baseline(nodes: u64) -> Option<Model> {
    let held = BASELINES.lock().ok()?;
    held.iter().find(|(n, _)| *n == nodes).map(|(_, m)| *m)
}

/// Budgets whose baseline a thread is computing.
static COMPUTING: Mutex<Vec<u64>> = Mutex::new(Vec::new());

/// Starts computing the baseline at `nodes` in a thread of its own, unless this process has it
/// or is computing it: the first reading of a screening asks for it and says it is not
/// complete until it is there (seconds in a release build; nothing is computed for an
/// installation that never reads a screening).
fn ask_for_baseline(nodes: u64) {
    let Ok(mut computing) = COMPUTING.lock() else {
        return;
    };
    if computing.contains(&nodes) || cached_baseline(nodes).is_some() {
        return;
    }
    computing.push(nodes);
    let spawned = std::thread::Builder::new()
        .name("screening-baseline".into())
        .spawn(move || {
            let model = screening::baseline(nodes);
            if let Ok(mut held) = BASELINES.lock() {
                held.push((nodes, model));
            }
            if let Ok(mut computing) = COMPUTING.lock() {
                computing.retain(|n| *n != nodes);
            }
        });
    if let Err(e) = spawned {
        tracing::error!("the screening's baseline was not started: {e}");
        computing.retain(|n| *n != nodes);
    }
}

fn tally_of(side: &SideRow) -> Tally {
    Tally {
        moves: u32::try_from(side.moves).unwrap_or(0),
        matched: u32::try_from(side.matched).unwrap_or(0),
        cost: side.cost,
        cost_squared: side.cost_squared,
    }
}

/// One player of an event, as the screening reads the player's games.
#[derive(Clone, Debug, Serialize)]
pub struct ScreenedPlayer {
    pub player_id: PlayerId,
    pub name: String,
    pub rating: i32,
    /// Games screened.
    pub games: u32,
    /// Moves counted, and how many were the engine's first choice.
    pub moves: u32,
    pub matched: u32,
    pub average_cost: f64,
    pub expected_match_rate: Option<f64>,
    /// The matches expected of the player's counted moves.
    pub expected_matched: Option<f64>,
    pub expected_cost: Option<f64>,
    /// Larger the less likely the play is without help; `None` below the moves it needs.
    pub score: Option<f64>,
    pub flagged: bool,
}

/// Where the expectation came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExpectationFrom {
    /// The installation's other events.
    Installation,
    /// Simulated people reviewed at the same budget.
    Simulation,
    /// Not yet computed (the worker computes the baseline first).
    Pending,
}

/// An event's screening.
#[derive(Clone, Debug, Serialize)]
pub struct EventScreening {
    /// Every final game with a record is screened.
    pub complete: bool,
    pub screened_games: i64,
    pub final_games: i64,
    pub expectation: ExpectationFrom,
    /// The moves the expectation was fitted on.
    pub expectation_moves: u64,
    pub threshold: f64,
    pub min_moves: u32,
    /// By score, highest first (players without one last, by name).
    pub players: Vec<ScreenedPlayer>,
}

fn add_side(per: &mut BTreeMap<PlayerId, (u32, Tally)>, player: Option<PlayerId>, side: &SideRow) {
    if let Some(player) = player {
        let entry = per.entry(player).or_default();
        entry.0 += 1;
        entry.1.add(&tally_of(side));
    }
}

/// The model the event is judged against: the installation's other events, else the baseline.
fn model_for(rows: &[ScreeningRow], nodes: u64) -> (ExpectationFrom, Option<Model>) {
    let data: Vec<(i32, Tally)> = rows
        .iter()
        .flat_map(|r| {
            [
                (r.first.rating, tally_of(&r.first)),
                (r.second.rating, tally_of(&r.second)),
            ]
        })
        .filter(|(_, t)| t.moves > 0)
        .collect();
    if let Some(model) = Model::fit(&data, MIN_DATA_MOVES) {
        return (ExpectationFrom::Installation, Some(model));
    }
    match cached_baseline(nodes) {
        Some(model) => (ExpectationFrom::Simulation, Some(model)),
        None => {
            ask_for_baseline(nodes);
            (ExpectationFrom::Pending, None)
        }
    }
}

/// The screening of an event, for its staff (403 for anyone else).
pub fn of_event(
    app: &App,
    viewer: Option<&User>,
    event: EventRef<'_>,
) -> Result<EventScreening, ServiceError> {
    let mut conn = app.conn()?;
    read_transaction(&mut conn, |conn| {
        let access = load_access(conn, event, viewer)?;
        access.staff_reading()?;
        let id: EventId = access.event.id;
        let rows = qs::of_event(conn, id)?;
        let (screened_games, final_games) = qs::progress(conn, id)?;
        let others = qs::of_other_events(conn, id)?;
        let (from, model) = model_for(&others, app.config.review_nodes.max(1));
        let games = crate::db::events::games_of_event_without_records(conn, id)?;
        let players = crate::db::events::players_of_event(conn, id)?;
        let mut per: BTreeMap<PlayerId, (u32, Tally)> = BTreeMap::new();
        for row in &rows {
            let Some(game) = games.iter().find(|g| g.id == row.game_id) else {
                continue;
            };
            add_side(&mut per, game.first_id, &row.first);
            add_side(&mut per, game.second_id, &row.second);
        }
        let mut listed: Vec<ScreenedPlayer> = players
            .iter()
            .map(|p| {
                let (games, tally) = per.get(&p.id).copied().unwrap_or_default();
                let judged = model.and_then(|m| judge(&m, p.rating, &tally));
                ScreenedPlayer {
                    player_id: p.id,
                    name: p.name.clone(),
                    rating: p.rating,
                    games,
                    moves: tally.moves,
                    matched: tally.matched,
                    average_cost: tally.average_cost(),
                    expected_match_rate: judged.map(|j| j.expected_match_rate),
                    expected_matched: judged
                        .map(|j| j.expected_match_rate * f64::from(tally.moves)),
                    expected_cost: judged.map(|j| j.expected_cost),
                    score: judged.map(|j| j.score),
                    flagged: judged.is_some_and(|j| j.score >= screening::THRESHOLD),
                }
            })
            .collect();
        listed.sort_by(|a, b| {
            b.score
                .unwrap_or(f64::NEG_INFINITY)
                .total_cmp(&a.score.unwrap_or(f64::NEG_INFINITY))
                .then_with(|| a.name.cmp(&b.name))
        });
        Ok(EventScreening {
            complete: from != ExpectationFrom::Pending && screened_games == final_games,
            screened_games,
            final_games,
            expectation: from,
            expectation_moves: model.map_or(0, |m| m.moves),
            threshold: screening::THRESHOLD,
            min_moves: screening::MIN_MOVES,
            players: listed,
        })
    })
}
