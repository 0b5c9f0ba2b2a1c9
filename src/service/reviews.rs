//! The engine's review of every final game, computed once in the background and stored; a page
//! view only reads it. A worker thread of the server takes the final games without a review of
//! their current version one at a time: it reads the record, searches every position outside
//! any transaction, and stores the review in a short one that moves the event's version on (the
//! pages that show the review are cached per version). Several app servers may review the same
//! game at once; the review is the same (a node budget), and the last one stored stands.

use std::time::Duration;

use crate::db::{self, read_transaction, reviews as qr, write_transaction};
use crate::domain::Game;
use crate::engine::review::{Review, review};
use crate::engine::{Engine, Limits};
use crate::rules::{Move, parse_record, verify};
use crate::service::{App, ServiceError};

/// Nodes searched in each position of a reviewed game: about 20 ms on one core, so a 60-ply
/// game takes about a second and the same review comes out on every machine.
pub const REVIEW_NODES: u64 = 50_000;
/// The worker's table (reset for each game).
const TABLE_BYTES: usize = 4 << 20;
/// How long the worker sleeps when no game waits for its review.
const IDLE: Duration = Duration::from_secs(3);
/// How long a review waits for one of the engine's slots.
const SLOT_WAIT: Duration = Duration::from_secs(60);

/// Reviews up to `limit` final games that have none; returns how many it stored.
pub fn review_due(app: &App, limit: usize) -> Result<usize, ServiceError> {
    let mut conn = app.conn()?;
    let due = read_transaction(&mut conn, |conn| {
        qr::due(conn, i64::try_from(limit).unwrap_or(i64::MAX))
    })?;
    let nodes = app.config.review_nodes.max(1);
    let mut engine = Engine::new(TABLE_BYTES, 1);
    let mut stored = 0;
    for game in due {
        let reviewed = {
            // The review waits its turn behind adjudications and the practice board.
            let _slot = app.engine.take(SLOT_WAIT)?;
            review_record(&game.record, &mut engine, nodes)
        };
        let json = serde_json::to_string(&reviewed)
            .map_err(|e| ServiceError::Internal(format!("review: {e}")))?;
        write_transaction(&mut conn, |conn| {
            db::events::bump_event(conn, game.event_id, db::now())?;
            qr::store(
                conn,
                game.game_id,
                game.version,
                i64::try_from(nodes).unwrap_or(i64::MAX),
                &json,
                db::now(),
            )?;
            Ok::<_, ServiceError>(())
        })?;
        stored += 1;
    }
    Ok(stored)
}

/// The review of a stored record. A record that no longer reads or verifies (it was final, so
/// it did) gets an empty review rather than a retry at every pass.
fn review_record(text: &str, engine: &mut Engine, nodes: u64) -> Review {
    let Ok(record) = parse_record(text) else {
        return Review::default();
    };
    if verify(&record).is_err() {
        return Review::default();
    }
    let moves: Vec<Move> = record
        .moves
        .iter()
        .filter_map(|token| token.parsed.clone().ok())
        .collect();
    review(&record.start(), &moves, engine, || Limits::nodes(nodes))
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
                    Ok(0) => std::thread::sleep(IDLE),
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
