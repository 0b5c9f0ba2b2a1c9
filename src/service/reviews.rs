//! The engine's review of every final game, computed once in the background and stored; a page
//! view only reads it. A worker thread of the server takes the final games without a review of
//! their current version one at a time: it reads the record, searches every position outside
//! any transaction and without holding a connection (each position in one of the engine's
//! slots, so an adjudication or a practice move waits for one position at most), and stores
//! the review in a short transaction, only if the game is still at the version reviewed. The
//! event's version is left alone: a review changes no result, and a round computed ahead from
//! that version stays good. Several app servers may review the same game at once; the review is
//! the same (a node budget), and the first one stored stands.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use crate::db::screenings::{self as qs, NewScreening, SideRow};
use crate::db::{self, read_transaction, reviews as qr, write_transaction};
use crate::domain::Game;
use crate::engine::review::{Review, review_gated};
use crate::engine::screening::{self, Tally};
use crate::engine::{Engine, Limits};
use crate::rules::{Move, parse_record, verify};
use crate::service::{App, ServiceError};

/// The longest game reviewed, in plies (every game played over the board is far shorter); a
/// longer record gets an empty review.
const MAX_REVIEWED_PLIES: usize = 600;
/// The worker's table (reset for each game).
const TABLE_BYTES: usize = 4 << 20;
/// How long the worker sleeps when no game waits for its review.
const IDLE: Duration = Duration::from_secs(3);
/// How long one position's search waits for one of the engine's slots.
const SLOT_WAIT: Duration = Duration::from_mins(1);

/// How long an arbiter's ask to review an event's games first holds (they are reviewed in
/// minutes; an ask forgotten must not put one event ahead of every other for good).
pub const ASKED_FIRST_FOR: chrono::TimeDelta = chrono::TimeDelta::days(2);

/// Reviews up to `limit` final games that have none (those of events an arbiter asked for
/// first); returns how many it stored.
pub fn review_due(app: &App, limit: usize) -> Result<usize, ServiceError> {
    let due = {
        let mut conn = app.conn()?;
        read_transaction(&mut conn, |conn| {
            qr::due(
                conn,
                db::now() - ASKED_FIRST_FOR,
                i64::try_from(limit).unwrap_or(i64::MAX),
            )
        })?
    };
    let nodes = app.config.review_nodes.max(1);
    let mut engine = Engine::new(TABLE_BYTES, 1);
    let mut stored = 0;
    for game in due {
        let gate = || app.engine.take(SLOT_WAIT).ok();
        // An engine fault on one record must not stop the reviews of every later game: that
        // game gets an empty review and is not taken again.
        let reviewed = catch_unwind(AssertUnwindSafe(|| {
            review_record(&game.record, &mut engine, nodes, gate)
        }));
        let reviewed = match reviewed {
            Ok(Some(review)) => review,
            // The slots stayed busy for a whole minute: the game waits for the next pass.
            Ok(None) => continue,
            Err(_) => {
                tracing::error!(
                    "the engine failed on game {}; stored an empty review",
                    game.game_id
                );
                engine = Engine::new(TABLE_BYTES, 1);
                Review::default()
            }
        };
        let json = serde_json::to_string(&reviewed)
            .map_err(|e| ServiceError::Internal(format!("review: {e}")))?;
        let mut conn = app.conn()?;
        write_transaction(&mut conn, |conn| {
            db::lock_event(conn, game.event_id)?;
            qr::store(
                conn,
                game.game_id,
                game.version,
                i64::try_from(nodes).unwrap_or(i64::MAX),
                &json,
                db::now(),
            )
        })?;
        stored += 1;
    }
    Ok(stored)
}

/// The review of a stored record (`None`: the gate gave no slot). A record that no longer reads
/// or verifies (it was final, so it did), or is too long, gets an empty review rather than a
/// retry at every pass.
fn review_record<G>(
    text: &str,
    engine: &mut Engine,
    nodes: u64,
    gate: impl FnMut() -> Option<G>,
) -> Option<Review> {
    let Ok(record) = parse_record(text) else {
        return Some(Review::default());
    };
    if verify(&record).is_err() || record.moves.len() > MAX_REVIEWED_PLIES {
        return Some(Review::default());
    }
    let moves: Vec<Move> = record
        .moves
        .iter()
        .filter_map(|token| token.parsed.clone().ok())
        .collect();
    review_gated(
        &record.start(),
        &moves,
        engine,
        || Limits::nodes(nodes),
        gate,
    )
}

/// The stored review of a game, if its current version has one.
pub(crate) fn of_game(
    conn: &mut db::DbConnection,
    game: &Game,
) -> Result<Option<Review>, ServiceError> {
    let Some(json) = qr::of_game(conn, game.id, game.version)? else {
        return Ok(None);
    };
    Ok(serde_json::from_str(&json).ok())
}

/// Screens up to `limit` reviewed games that have no screening (src/service/fair_play.rs reads
/// them); how many it stored.
pub fn screen_due(app: &App, limit: usize) -> Result<usize, ServiceError> {
    let mut conn = app.conn()?;
    let due = read_transaction(&mut conn, |conn| {
        qs::due(conn, i64::try_from(limit).unwrap_or(i64::MAX))
    })?;
    let mut stored = 0;
    for game in due {
        let review: Review = serde_json::from_str(&game.review).unwrap_or_default();
        let plies = match parse_record(&game.record) {
            Ok(record) => {
                let moves: Vec<Move> = record
                    .moves
                    .iter()
                    .filter_map(|t| t.parsed.clone().ok())
                    .collect();
                screening::screen(&record.start(), &moves, &review)
            }
            Err(_) => Vec::new(),
        };
        // The first mover's side is the side of the review's first ply.
        let first_side = plies.first().map(|p| p.side);
        let tally = |first: bool| match first_side {
            Some(side) => Tally::of_side(&plies, if first { side } else { side.opponent() }),
            None => Tally::default(),
        };
        let json = serde_json::to_string(&plies)
            .map_err(|e| ServiceError::Internal(format!("screening: {e}")))?;
        write_transaction(&mut conn, |conn| {
            let first = side_row(qs::rating(conn, game.first)?, &tally(true));
            let second = side_row(qs::rating(conn, game.second)?, &tally(false));
            qs::store(
                conn,
                &NewScreening {
                    game_id: game.game_id,
                    version: game.version,
                    event_id: game.event_id,
                    first,
                    second,
                    plies: &json,
                    now: db::now(),
                },
            )
        })?;
        stored += 1;
    }
    Ok(stored)
}

fn side_row(rating: i32, tally: &Tally) -> SideRow {
    SideRow {
        rating,
        moves: i32::try_from(tally.moves).unwrap_or(i32::MAX),
        matched: i32::try_from(tally.matched).unwrap_or(i32::MAX),
        cost: tally.cost,
        cost_squared: tally.cost_squared,
    }
}

/// Starts the server's review worker: it reviews waiting games one at a time and sleeps when
/// none is left.
pub fn start_worker(app: &App) {
    if app.config.review_nodes == 0 {
        return;
    }
    let app = app.clone();
    let spawned = std::thread::Builder::new()
        .name("reviews".into())
        .spawn(move || {
            loop {
                let started = std::time::Instant::now();
                match review_due(&app, 1) {
                    // No review waits: the games reviewed are screened (a few milliseconds
                    // each).
                    Ok(0) => match screen_due(&app, 50) {
                        Ok(0) => std::thread::sleep(IDLE),
                        Ok(_) => {}
                        Err(e) => {
                            tracing::error!("screening not stored: {e}");
                            std::thread::sleep(IDLE);
                        }
                    },
                    // As long again at rest: the reviews of a round's games take at most half
                    // a core from the requests of the round's end.
                    Ok(_) => std::thread::sleep(started.elapsed()),
                    Err(e) => {
                        tracing::error!("game review not stored: {e}");
                        std::thread::sleep(IDLE);
                    }
                }
            }
        });
    if let Err(e) = spawned {
        tracing::error!("review worker not started: {e}");
    }
}
