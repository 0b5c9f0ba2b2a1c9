//! The expectation a screening is judged against: fitted on the installation's other events
//! when they hold enough moves, else on simulated people reviewed at the same budget
//! ([`crate::engine::screening::baseline`], computed once per process, in a thread of its own
//! that takes one of the engine's slots per game, when a screening is first read).

use std::sync::Mutex;
use std::time::Duration;

use serde::Serialize;

use crate::db::DbConnection;
use crate::db::screenings::{self as qs, SideRow};
use crate::domain::EventId;
use crate::engine::screening::{self, Model, Tally};
use crate::service::engine_slots::EngineSlots;
use crate::service::{App, ServiceError};

/// Counted moves of other events the installation needs before its own data replaces the
/// simulated baseline.
pub const MIN_DATA_MOVES: u64 = 2_000;

/// How long the baseline's thread waits for a slot before asking again.
const SLOT_WAIT: Duration = Duration::from_mins(1);

/// Where the expectation came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExpectationFrom {
    /// The installation's other events.
    Installation,
    /// Simulated people reviewed at the same budget.
    Simulation,
    /// Not yet computed (a thread computes the baseline).
    Pending,
}

/// The baselines computed in this process, by review budget.
static BASELINES: Mutex<Vec<(u64, Model)>> = Mutex::new(Vec::new());

/// Budgets whose baseline a thread is computing.
static COMPUTING: Mutex<Vec<u64>> = Mutex::new(Vec::new());

fn cached_baseline(nodes: u64) -> Option<Model> {
    let held = BASELINES.lock().ok()?;
    held.iter().find(|(n, _)| *n == nodes).map(|(_, m)| *m)
}

/// A slot, however long the adjudications and practice moves ahead of it take.
fn slot_in_turn(slots: &EngineSlots) -> crate::service::engine_slots::Slot {
    loop {
        if let Ok(slot) = slots.take(SLOT_WAIT) {
            return slot;
        }
    }
}

/// Starts computing the baseline at `nodes` in a thread of its own, unless this process has it
/// or is computing it: the first reading of a screening asks for it and says it is not
/// complete until it is there (seconds in a release build; nothing is computed for an
/// installation that never reads a screening).
fn ask_for_baseline(slots: &EngineSlots, nodes: u64) {
    let Ok(mut computing) = COMPUTING.lock() else {
        return;
    };
    if computing.contains(&nodes) || cached_baseline(nodes).is_some() {
        return;
    }
    computing.push(nodes);
    let slots = slots.clone();
    let spawned = std::thread::Builder::new()
        .name("screening-baseline".into())
        .spawn(move || {
            let model = screening::baseline(nodes, || slot_in_turn(&slots));
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

pub(super) fn tally_of(side: &SideRow) -> Tally {
    Tally {
        moves: u32::try_from(side.moves).unwrap_or(0),
        matched: u32::try_from(side.matched).unwrap_or(0),
        cost: side.cost,
        cost_squared: side.cost_squared,
    }
}

/// The expectation an event is judged against: the installation's other events, else the
/// baseline (asked for when this process has none yet).
pub(super) fn expectation_for(
    app: &App,
    conn: &mut DbConnection,
    event: EventId,
) -> Result<(ExpectationFrom, Option<Model>), ServiceError> {
    let data: Vec<(i32, Tally)> = qs::sums_by_rating_except(conn, event)?
        .iter()
        .map(|side| (side.rating, tally_of(side)))
        .filter(|(_, t)| t.moves > 0)
        .collect();
    if let Some(model) = Model::fit(&data, MIN_DATA_MOVES) {
        return Ok((ExpectationFrom::Installation, Some(model)));
    }
    let nodes = app.config.review_nodes.max(1);
    Ok(match cached_baseline(nodes) {
        Some(model) => (ExpectationFrom::Simulation, Some(model)),
        None => {
            ask_for_baseline(&app.engine, nodes);
            (ExpectationFrom::Pending, None)
        }
    })
}
