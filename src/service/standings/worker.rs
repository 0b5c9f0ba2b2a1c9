//! The standings follow the results without holding up the writes: a final result that
//! completes a round only marks its event's standings due, in its own short transaction; a
//! single worker per event then reads a snapshot, computes the table outside any write
//! transaction, and stores it in a short one unless a table that counts as many results is
//! stored already. A request that finds the event's worker running only asks it to go round
//! once more, so a burst of results costs one computation per pass, not one per result.
//!
//! The first request of a burst runs the first pass itself before it answers: a client that
//! waits for its answer then reads standings that count its own result. Further passes run in
//! a background thread. The marks live in the database (`standings_due`), so a server stopped
//! between a result and its pass finishes the work when it starts again, and several app
//! servers on one database never store an older table over a newer one.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Condvar, Mutex, PoisonError};

use crate::db::{self, read_transaction, standings as qs, write_transaction};
use crate::domain::EventId;
use crate::service::event_data::EventData;
use crate::service::{App, ServiceError};

/// The events whose worker is running in this server, each with whether it was asked to go
/// round again.
#[derive(Debug, Default)]
pub struct StandingsWorker {
    running: Mutex<HashMap<EventId, bool>>,
    idle: Condvar,
}

impl StandingsWorker {
    /// Brings the event's stored standings up to its results: one pass in the caller's thread
    /// when no worker of the event is running, further passes in the background; otherwise
    /// the running worker is asked to go round once more.
    pub(crate) fn settle(&self, app: &App, event_id: EventId) {
        if !self.claim(event_id) {
            return;
        }
        let due = pass(app, event_id);
        if self.next(event_id, due) {
            self.continue_in_background(app, event_id);
        }
    }

    /// [`Self::settle`] without waiting: every pass runs in the background.
    pub(crate) fn nudge(&self, app: &App, event_id: EventId) {
        if self.claim(event_id) {
            self.continue_in_background(app, event_id);
        }
    }

    /// Waits until no worker runs in this server (tests, and the end of a benchmark).
    pub fn wait_idle(&self) {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        while !running.is_empty() {
            running = self
                .idle
                .wait(running)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Whether the caller becomes the event's worker (else the running one goes again).
    fn claim(&self, event_id: EventId) -> bool {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        match running.get_mut(&event_id) {
            Some(again) => {
                *again = true;
                false
            }
            None => {
                running.insert(event_id, false);
                true
            }
        }
    }

    /// After a pass: whether the worker goes round again (it was asked to, or results are
    /// still marked), else it stops.
    fn next(&self, event_id: EventId, due: bool) -> bool {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        let asked = running.get(&event_id).copied().unwrap_or(false);
        if asked || due {
            running.insert(event_id, false);
            return true;
        }
        running.remove(&event_id);
        if running.is_empty() {
            self.idle.notify_all();
        }
        false
    }

    fn continue_in_background(&self, app: &App, event_id: EventId) {
        let app = app.clone();
        let spawned = std::thread::Builder::new()
            .name("standings".into())
            .spawn(move || {
                loop {
                    let due = pass(&app, event_id);
                    if !app.standings.next(event_id, due) {
                        break;
                    }
                }
            });
        if let Err(e) = spawned {
            // The marks stay in the database: the next result, reader or start counts them.
            tracing::error!("standings worker not started: {e}");
            self.stop(event_id);
        }
    }

    fn stop(&self, event_id: EventId) {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        running.remove(&event_id);
        if running.is_empty() {
            self.idle.notify_all();
        }
    }
}

/// One pass: the table computed from a snapshot and stored. Whether results are still marked
/// (they arrived during the pass). A failed pass is logged and stops the worker; its marks
/// stay for the next one.
fn pass(app: &App, event_id: EventId) -> bool {
    match try_pass(app, event_id) {
        Ok(due) => due,
        Err(e) => {
            tracing::error!("standings of event {} not stored: {e}", event_id.0);
            false
        }
    }
}

fn try_pass(app: &App, event_id: EventId) -> Result<bool, ServiceError> {
    let mut conn = app.conn()?;
    let snapshot = read_transaction(&mut conn, |conn| {
        let Some(due) = qs::due(conn, event_id)?.filter(|d| d.is_due()) else {
            return Ok::<_, ServiceError>(None);
        };
        let Some(event) = crate::db::events::event_by_id(conn, event_id)? else {
            return Ok(None);
        };
        Ok(Some((
            due.seq,
            EventData::load_without_records(conn, event)?,
        )))
    })?;
    let Some((seq, data)) = snapshot else {
        return Ok(false);
    };
    let json = super::table_json(&data)?;
    write_transaction(&mut conn, |conn| {
        // The event's row first, as every writer of the event takes it: no two transactions
        // wait on each other's locks in opposite orders.
        crate::db::events::bump_event(conn, event_id, db::now())?;
        if !qs::set_counted(conn, event_id, seq)? {
            // A table counting as many results is stored already: nothing to change.
            return Err(ServiceError::Stale);
        }
        qs::store(conn, event_id, data.event.version, &json, db::now())?;
        Ok(())
    })
    .or_else(|e| match e {
        ServiceError::Stale => Ok(()),
        e => Err(e),
    })?;
    Ok(qs::due(&mut conn, event_id)?.is_some_and(|d| d.seq > seq))
}

/// What a transaction that made results final asks for once it has committed: the event
/// whose standings are due. Set inside the transaction (again on each retry), run after it.
#[derive(Debug, Default)]
pub(crate) struct AfterCommit(Cell<Option<EventId>>);

impl AfterCommit {
    /// The transaction marked the event's standings due.
    pub(crate) fn standings_due(&self, event_id: EventId) {
        self.0.set(Some(event_id));
    }

    /// Runs what the committed transaction asked for.
    pub(crate) fn run(self, app: &App) {
        if let Some(event_id) = self.0.take() {
            app.standings.settle(app, event_id);
        }
    }
}
