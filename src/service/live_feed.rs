//! The live feed: what happens to games in play (a move, a move taken back, a result), written
//! in the transaction that makes it happen and read by every app server, which tells the
//! screens following those games.
//!
//! The database is the only channel between servers, so a venue's SQLite laptop needs nothing
//! more and a federation's servers behind a load balancer agree: each server reads the feed
//! from the last line it saw, a few times a second and at once after a move it took itself,
//! and hands each line to the streams that follow its game or its round. Nothing is read while
//! nobody follows a game. The public sees a line once the event's delay has passed; the
//! players and the staff at once.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use chrono::{NaiveDateTime, TimeDelta};
use tokio::sync::broadcast;

use super::{App, ServiceError};
use crate::db::events as q;
use crate::db::live::{self as ql, FeedRow, NewFeedRow};
use crate::db::{self, DbConnection};
use crate::domain::{EventId, FeedKind, Game, GameId, GameState, PlayerId, StoredResult, UserId};

/// How often a server reads the feed when nothing woke it.
const POLL: Duration = Duration::from_millis(200);
/// How long the reader keeps going with nobody following a game before it stops.
const IDLE: Duration = Duration::from_secs(30);
/// How long a missing id is waited for: a transaction that took it may commit later than one
/// that took a higher id (PostgreSQL's sequences); after this it was rolled back.
const GAP_WAIT: Duration = Duration::from_secs(5);
/// Lines a stream may fall behind before it is closed (the screen reconnects and starts again
/// from the current state): a game moves every few seconds, a round of 2,000 boards some 200
/// times a second. Each channel holds its lines' places from the start, so a game's is small.
const GAME_LINES: usize = 64;
const ROUND_LINES: usize = 4096;
/// Lines held back for the public at most, per server; beyond it the oldest are dropped (a
/// screen connecting later reads the position from the moves themselves).
const HELD_LINES: usize = 500_000;
/// How long lines stay in the table: servers read them within seconds.
const KEEP: TimeDelta = TimeDelta::hours(1);

/// Who follows: the public (after the event's delay), or the game's players and the event's
/// staff (at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    Public,
    Party,
}

/// What a stream follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    Game(GameId, Audience),
    Round(EventId, i32, Audience),
}

/// A line of the feed, as the streams send it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub id: i64,
    pub event_id: EventId,
    pub round: i32,
    pub game_id: GameId,
    pub kind: FeedKind,
    /// The ply just played; after a take-back, the plies that remain.
    pub ply: i32,
    pub move_text: Option<String>,
    /// The position after it (none for a result).
    pub position: Option<String>,
    pub status: GameState,
    /// The result, from the first mover's side, for a result line.
    pub result: Option<StoredResult>,
    pub public_at: NaiveDateTime,
}

impl From<FeedRow> for Line {
    fn from(row: FeedRow) -> Line {
        Line {
            id: row.id,
            event_id: row.event_id,
            round: row.round_number,
            game_id: row.game_id,
            kind: row.kind,
            ply: row.ply,
            move_text: row.move_text,
            position: row.position,
            status: row.status,
            result: row.result.as_deref().and_then(StoredResult::from_code),
            public_at: row.public_at,
        }
    }
}

/// What a game's line says, to write.
pub(crate) struct Happened<'a> {
    pub kind: FeedKind,
    pub ply: i32,
    pub move_text: Option<&'a str>,
    pub position: Option<&'a str>,
    pub status: GameState,
    pub result: Option<StoredResult>,
}

/// When the public may see what happens now in `event_id`'s games.
pub(crate) fn public_at(
    conn: &mut DbConnection,
    event_id: EventId,
    now: NaiveDateTime,
) -> Result<NaiveDateTime, ServiceError> {
    let delay = q::live_delay_of(conn, event_id)?;
    Ok(now + TimeDelta::minutes(i64::from(delay.max(0))))
}

/// Where a line belongs and when the public may see it.
pub(crate) struct Placed {
    pub round_number: i32,
    pub written_at: NaiveDateTime,
    pub public_at: NaiveDateTime,
}

impl Placed {
    /// A line about `game` written now, for the public after the event's delay (`delayed`)
    /// or at once.
    pub(crate) fn now(
        conn: &mut DbConnection,
        game: &Game,
        delayed: bool,
    ) -> Result<Placed, ServiceError> {
        let written_at = db::now();
        Ok(Placed {
            round_number: q::round_number_of(conn, game.round_id)?,
            written_at,
            public_at: if delayed {
                public_at(conn, game.event_id, written_at)?
            } else {
                written_at
            },
        })
    }
}

/// Writes a line about `game` in the caller's transaction.
pub(crate) fn write(
    conn: &mut DbConnection,
    game: &Game,
    placed: &Placed,
    happened: &Happened<'_>,
) -> Result<(), ServiceError> {
    let Placed {
        round_number,
        written_at: now,
        public_at,
    } = *placed;
    ql::insert_feed(
        conn,
        &NewFeedRow {
            event_id: game.event_id,
            round_number,
            game_id: game.id,
            kind: happened.kind,
            ply: happened.ply,
            move_text: happened.move_text,
            position: happened.position,
            status: happened.status,
            result: happened.result.map(StoredResult::as_str),
            written_at: now,
            public_at,
        },
    )?;
    Ok(())
}

/// A game's result, for the screens that follow it: for the public after the event's delay
/// when the game was played live (the result would tell its last moves), at once otherwise.
pub(crate) fn write_result(
    conn: &mut DbConnection,
    game: &Game,
    status: GameState,
    result: Option<StoredResult>,
) -> Result<(), ServiceError> {
    let plies = ql::moves_of_game(conn, game.id)?.len();
    let placed = Placed::now(conn, game, plies > 0)?;
    write(
        conn,
        game,
        &placed,
        &Happened {
            kind: FeedKind::Result,
            ply: i32::try_from(plies).unwrap_or(i32::MAX),
            move_text: None,
            position: None,
            status,
            result,
        },
    )
}

/// The streams of one server, and its reader of the feed.
#[derive(Debug, Default)]
pub struct LiveFeed {
    channels: Mutex<HashMap<Topic, broadcast::Sender<Arc<Line>>>>,
    reader: Mutex<ReaderState>,
    wake: Condvar,
    /// Moves sent to each game by each sender, with when their window opened.
    sent: Mutex<HashMap<Sender, (Instant, u32)>>,
}

/// Who sent moves to which game: the entry or the account.
type Sender = (GameId, Option<PlayerId>, Option<UserId>);

/// Moves one sender may send to one game within [`FLOOD_WINDOW`] on one server: a real game
/// moves every few seconds; a phone sending what it kept offline sends its queue at once, and
/// waits as told when the queue is longer.
const FLOOD_MOVES: u32 = 120;
const FLOOD_WINDOW: Duration = Duration::from_mins(1);

#[derive(Debug, Default)]
struct ReaderState {
    running: bool,
    woken: bool,
}

impl LiveFeed {
    /// Follows `topic`: every line from now on (the caller reads the current state itself).
    /// Starts the reader if it is not running.
    pub(crate) fn subscribe(&self, app: &App, topic: Topic) -> broadcast::Receiver<Arc<Line>> {
        let receiver = {
            let mut channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
            channels
                .entry(topic)
                .or_insert_with(|| {
                    broadcast::channel(match topic {
                        Topic::Game(..) => GAME_LINES,
                        Topic::Round(..) => ROUND_LINES,
                    })
                    .0
                })
                .subscribe()
        };
        self.start_reader(app);
        receiver
    }

    /// Counts a move sent to a game, or refuses it (429) when the sender has sent
    /// [`FLOOD_MOVES`] to it within the window.
    pub(crate) fn count_move(
        &self,
        game_id: GameId,
        player_id: Option<PlayerId>,
        user_id: Option<UserId>,
    ) -> Result<(), ServiceError> {
        let mut sent = self.sent.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        if sent.len() > 100_000 {
            sent.retain(|_, (since, _)| now.duration_since(*since) < FLOOD_WINDOW);
        }
        let count = sent
            .entry((game_id, player_id, user_id))
            .or_insert((now, 0));
        if now.duration_since(count.0) >= FLOOD_WINDOW {
            *count = (now, 0);
        }
        count.1 += 1;
        if count.1 > FLOOD_MOVES {
            let left = FLOOD_WINDOW.saturating_sub(now.duration_since(count.0));
            return Err(ServiceError::RateLimited {
                retry_after_secs: left.as_secs().max(1),
            });
        }
        Ok(())
    }

    /// Something was written: read the feed now rather than at the next poll.
    pub(crate) fn wake(&self) {
        let mut state = self.reader.lock().unwrap_or_else(PoisonError::into_inner);
        if state.running {
            state.woken = true;
            self.wake.notify_one();
        }
    }

    /// Ends every stream of this server (it is stopping): each screen's `EventSource`
    /// reconnects, to another server or to this one started again.
    pub fn close_streams(&self) {
        self.channels
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    /// Streams open on this server.
    #[must_use]
    pub fn followers(&self) -> usize {
        self.channels
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .map(broadcast::Sender::receiver_count)
            .sum()
    }

    fn start_reader(&self, app: &App) {
        let mut state = self.reader.lock().unwrap_or_else(PoisonError::into_inner);
        if state.running {
            return;
        }
        state.running = true;
        let app = app.clone();
        let spawned = std::thread::Builder::new()
            .name("live-feed".into())
            .spawn(move || read_feed(&app));
        if let Err(e) = spawned {
            tracing::error!("live feed reader not started: {e}");
            state.running = false;
        }
    }

    /// Waits for a wake or the poll; whether the reader should stop (nobody followed for
    /// [`IDLE`]), in which case it is marked stopped under the same lock a subscriber starts
    /// it under.
    fn wait(&self, idle_since: &mut Option<Instant>) -> bool {
        let followed = self.followers() > 0;
        let mut state = self.reader.lock().unwrap_or_else(PoisonError::into_inner);
        if followed {
            *idle_since = None;
        } else {
            let since = *idle_since.get_or_insert_with(Instant::now);
            if since.elapsed() >= IDLE {
                state.running = false;
                return true;
            }
        }
        if !state.woken {
            state = self
                .wake
                .wait_timeout(state, POLL)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        state.woken = false;
        false
    }

    /// Hands a line to the streams of its topics for `audience`; forgets topics nobody
    /// follows any more.
    fn deliver(&self, line: &Arc<Line>, audience: Audience) {
        let mut channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
        for topic in [
            Topic::Game(line.game_id, audience),
            Topic::Round(line.event_id, line.round, audience),
        ] {
            if let Some(sender) = channels.get(&topic) {
                if sender.receiver_count() == 0 {
                    channels.remove(&topic);
                } else {
                    // A send fails only when nobody listens any more.
                    let _ = sender.send(Arc::clone(line));
                }
            }
        }
    }
}

/// Where the reader stands in the feed: every id up to `done` is handled; above it, the ids
/// seen and the missing ones with when they were first missed.
#[derive(Debug, Default)]
struct Cursor {
    done: i64,
    seen: HashSet<i64>,
    missing: BTreeMap<i64, Instant>,
}

impl Cursor {
    /// Whether the line is new; notes it.
    fn take(&mut self, id: i64) -> bool {
        if id <= self.done || !self.seen.insert(id) {
            return false;
        }
        self.missing.remove(&id);
        true
    }

    /// After a read: notes the ids missing below the highest seen, and moves `done` over
    /// the ids seen and those missed for longer than [`GAP_WAIT`].
    fn advance(&mut self, now: Instant) {
        let Some(&highest) = self.seen.iter().max() else {
            return;
        };
        for id in self.done + 1..highest {
            if !self.seen.contains(&id) {
                self.missing.entry(id).or_insert(now);
            }
        }
        loop {
            let next = self.done + 1;
            if self.seen.remove(&next) {
                self.done = next;
            } else if self
                .missing
                .get(&next)
                .is_some_and(|since| now.duration_since(*since) >= GAP_WAIT)
            {
                self.missing.remove(&next);
                self.done = next;
            } else {
                break;
            }
        }
    }
}

/// The reader: reads the feed, hands each new line to the party's streams at once and to the
/// public's when its time comes, until nobody has followed anything for a while.
fn read_feed(app: &App) {
    let feed = &app.live;
    let mut cursor = Cursor::default();
    match app.conn().and_then(|mut c| Ok(ql::feed_end(&mut c)?)) {
        Ok(end) => cursor.done = end,
        Err(e) => tracing::error!("live feed: {e}"),
    }
    let mut held: BinaryHeap<Reverse<(NaiveDateTime, i64)>> = BinaryHeap::new();
    let mut waiting: HashMap<i64, Arc<Line>> = HashMap::new();
    let mut idle_since = None;
    let mut cleared = Instant::now();
    loop {
        if feed.wait(&mut idle_since) {
            return;
        }
        if let Err(e) = read_once(app, &mut cursor, &mut held, &mut waiting) {
            tracing::warn!("live feed not read: {e}");
        }
        let now = db::now();
        while let Some(Reverse((at, id))) = held.peek().copied() {
            if at > now {
                break;
            }
            held.pop();
            if let Some(line) = waiting.remove(&id) {
                feed.deliver(&line, Audience::Public);
            }
        }
        if cleared.elapsed() > Duration::from_mins(10) {
            cleared = Instant::now();
            if let Err(e) = app
                .conn()
                .and_then(|mut c| Ok(ql::clear_feed_before(&mut c, now - KEEP)?))
            {
                tracing::warn!("live feed not cleared: {e}");
            }
        }
    }
}

fn read_once(
    app: &App,
    cursor: &mut Cursor,
    held: &mut BinaryHeap<Reverse<(NaiveDateTime, i64)>>,
    waiting: &mut HashMap<i64, Arc<Line>>,
) -> Result<(), ServiceError> {
    let feed = &app.live;
    let mut conn = app.conn()?;
    let mut after = cursor.done;
    loop {
        let rows = ql::feed_after(&mut conn, after, 1000)?;
        let full = rows.len() == 1000;
        let now = db::now();
        for row in rows {
            after = row.id;
            if !cursor.take(row.id) {
                continue;
            }
            let line = Arc::new(Line::from(row));
            feed.deliver(&line, Audience::Party);
            if line.public_at <= now {
                feed.deliver(&line, Audience::Public);
            } else {
                if held.len() >= HELD_LINES
                    && let Some(Reverse((_, oldest))) = held.pop()
                {
                    waiting.remove(&oldest);
                }
                held.push(Reverse((line.public_at, line.id)));
                waiting.insert(line.id, line);
            }
        }
        if !full {
            break;
        }
    }
    cursor.advance(Instant::now());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_waits_for_a_missing_id_then_moves_on() {
        let start = Instant::now();
        let mut cursor = Cursor::default();
        assert!(cursor.take(1));
        assert!(cursor.take(3));
        cursor.advance(start);
        assert_eq!(cursor.done, 1, "2 may still commit");
        // Read again from 1: 3 is not new, 2 is.
        assert!(!cursor.take(3));
        assert!(cursor.take(2));
        cursor.advance(start);
        assert_eq!(cursor.done, 3);
        assert!(cursor.seen.is_empty() && cursor.missing.is_empty());
        // 4 never commits: after the wait the cursor passes it.
        assert!(cursor.take(5));
        cursor.advance(start);
        assert_eq!(cursor.done, 3);
        cursor.advance(start + GAP_WAIT);
        assert_eq!(cursor.done, 5);
        assert!(
            !cursor.take(4),
            "a line that commits after the wait is too late"
        );
    }
}
