//! Games in play: their moves, one row a ply, and the live feed every server reads to tell the
//! screens that follow them.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::limit::LimitRows;
use super::schema::{game_moves, games, live_feed};
use crate::domain::{EventId, FeedKind, GameId, GameState, PlayerId, RoundId, UserId};

/// A move of a game in play, as stored.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = game_moves)]
pub struct LiveMove {
    pub game_id: GameId,
    pub ply: i32,
    pub move_text: String,
    /// The position after the move.
    pub position: String,
    /// The entry that entered it (through its personal link or its account); `None`: staff.
    pub player_id: Option<PlayerId>,
    pub user_id: Option<UserId>,
    /// The server's clock when the move was entered.
    pub played_at: NaiveDateTime,
    pub public_at: NaiveDateTime,
}

/// A move to store.
#[derive(Insertable)]
#[diesel(table_name = game_moves)]
pub struct NewLiveMove<'a> {
    pub game_id: GameId,
    pub ply: i32,
    pub move_text: &'a str,
    pub position: &'a str,
    pub player_id: Option<PlayerId>,
    pub user_id: Option<UserId>,
    pub played_at: NaiveDateTime,
    pub public_at: NaiveDateTime,
}

/// Stores a move. Its ply is the key: a second move for the same ply fails as a unique
/// violation, which the caller reads as "taken".
pub(crate) fn insert_move(conn: &mut DbConnection, mv: &NewLiveMove<'_>) -> QueryResult<()> {
    diesel::insert_into(game_moves::table)
        .values(mv)
        .execute(conn)
        .map(drop)
}

/// The moves of a game, in order.
pub(crate) fn moves_of_game(
    conn: &mut DbConnection,
    game_id: GameId,
) -> QueryResult<Vec<LiveMove>> {
    game_moves::table
        .filter(game_moves::game_id.eq(game_id))
        .order(game_moves::ply)
        .select(LiveMove::as_select())
        .load(conn)
}

/// The last move of each game of a round that has any, visible at `visible_at` (`None`: all).
pub(crate) fn last_moves_of_round(
    conn: &mut DbConnection,
    round_id: RoundId,
    visible_at: Option<NaiveDateTime>,
) -> QueryResult<Vec<LiveMove>> {
    let mut query = game_moves::table
        .inner_join(games::table)
        .filter(games::round_id.eq(round_id))
        .order((game_moves::game_id, game_moves::ply))
        .select(LiveMove::as_select())
        .into_boxed();
    if let Some(at) = visible_at {
        query = query.filter(game_moves::public_at.le(at));
    }
    let all = query.load(conn)?;
    // One row a game: the last of its ply order.
    let mut last: Vec<LiveMove> = Vec::new();
    for mv in all {
        match last.last_mut() {
            Some(prev) if prev.game_id == mv.game_id => *prev = mv,
            _ => last.push(mv),
        }
    }
    Ok(last)
}

/// Whether a game still in play has reached `position` (with the same side to move) by a
/// move visible at `visible_at`: the public asks only of what it may see, so the answer says
/// nothing of a move the event's delay still hides.
pub(crate) fn position_in_play(
    conn: &mut DbConnection,
    position: &str,
    visible_at: NaiveDateTime,
) -> QueryResult<bool> {
    use crate::domain::GameStatus;
    diesel::select(diesel::dsl::exists(
        game_moves::table
            .inner_join(games::table)
            .filter(game_moves::position.eq(position))
            .filter(game_moves::public_at.le(visible_at))
            .filter(games::status.ne(GameStatus::Final)),
    ))
    .get_result(conn)
}

/// When the public sees the last move of a game entered live, if that is after `now`.
pub(crate) fn hidden_until(
    conn: &mut DbConnection,
    game_id: GameId,
    now: NaiveDateTime,
) -> QueryResult<Option<NaiveDateTime>> {
    game_moves::table
        .filter(game_moves::game_id.eq(game_id))
        .filter(game_moves::public_at.gt(now))
        .select(diesel::dsl::max(game_moves::public_at))
        .get_result(conn)
}

/// The games of an event with a move the public does not see yet at `now`.
pub(crate) fn hidden_games(
    conn: &mut DbConnection,
    event_id: EventId,
    now: NaiveDateTime,
) -> QueryResult<Vec<GameId>> {
    game_moves::table
        .inner_join(games::table)
        .filter(games::event_id.eq(event_id))
        .filter(game_moves::public_at.gt(now))
        .select(game_moves::game_id)
        .distinct()
        .load(conn)
}

/// A result held until the public sees the game's last move.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = super::schema::held_results)]
pub(crate) struct HeldResult {
    pub game_id: GameId,
    pub event_id: EventId,
    pub game_version: i32,
    pub final_at: NaiveDateTime,
    pub outcome: String,
}

pub(crate) fn hold_result(conn: &mut DbConnection, held: &HeldResult) -> QueryResult<()> {
    use super::schema::held_results as h;
    diesel::delete(h::table.find(held.game_id)).execute(conn)?;
    diesel::insert_into(h::table)
        .values((
            h::game_id.eq(held.game_id),
            h::event_id.eq(held.event_id),
            h::game_version.eq(held.game_version),
            h::final_at.eq(held.final_at),
            h::outcome.eq(&held.outcome),
        ))
        .execute(conn)?;
    Ok(())
}

pub(crate) fn held_result(
    conn: &mut DbConnection,
    game_id: GameId,
) -> QueryResult<Option<HeldResult>> {
    use super::schema::held_results as h;
    h::table
        .find(game_id)
        .select(HeldResult::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// The held results whose moment has come at `now`, oldest first.
pub(crate) fn held_results_due(
    conn: &mut DbConnection,
    now: NaiveDateTime,
) -> QueryResult<Vec<GameId>> {
    use super::schema::held_results as h;
    h::table
        .filter(h::final_at.le(now))
        .order(h::final_at)
        .select(h::game_id)
        .limit_rows(100)
        .load(conn)
}

pub(crate) fn release_result(conn: &mut DbConnection, game_id: GameId) -> QueryResult<usize> {
    use super::schema::held_results as h;
    diesel::delete(h::table.find(game_id)).execute(conn)
}

/// Removes a game's move at `ply` (the last one, taken back).
pub(crate) fn delete_move(
    conn: &mut DbConnection,
    game_id: GameId,
    ply: i32,
) -> QueryResult<usize> {
    diesel::delete(
        game_moves::table
            .filter(game_moves::game_id.eq(game_id))
            .filter(game_moves::ply.eq(ply)),
    )
    .execute(conn)
}

/// Forgets a game's moves (the game is to be played again).
pub(crate) fn delete_moves(conn: &mut DbConnection, game_id: GameId) -> QueryResult<usize> {
    diesel::delete(game_moves::table.filter(game_moves::game_id.eq(game_id))).execute(conn)
}

/// A line of the live feed, as stored.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = live_feed)]
pub struct FeedRow {
    pub id: i64,
    pub event_id: EventId,
    pub round_number: i32,
    pub game_id: GameId,
    pub kind: FeedKind,
    pub ply: i32,
    pub move_text: Option<String>,
    pub position: Option<String>,
    pub status: GameState,
    pub result: Option<String>,
    pub written_at: NaiveDateTime,
    pub public_at: NaiveDateTime,
}

/// A line to write to the live feed.
#[derive(Insertable)]
#[diesel(table_name = live_feed)]
pub struct NewFeedRow<'a> {
    pub event_id: EventId,
    pub round_number: i32,
    pub game_id: GameId,
    pub kind: FeedKind,
    pub ply: i32,
    pub move_text: Option<&'a str>,
    pub position: Option<&'a str>,
    pub status: GameState,
    pub result: Option<&'a str>,
    pub written_at: NaiveDateTime,
    pub public_at: NaiveDateTime,
}

pub(crate) fn insert_feed(conn: &mut DbConnection, row: &NewFeedRow<'_>) -> QueryResult<()> {
    diesel::insert_into(live_feed::table)
        .values(row)
        .execute(conn)
        .map(drop)
}

/// Up to `limit` lines of the feed after `after`, in id order.
pub(crate) fn feed_after(
    conn: &mut DbConnection,
    after: i64,
    limit: i64,
) -> QueryResult<Vec<FeedRow>> {
    live_feed::table
        .filter(live_feed::id.gt(after))
        .order(live_feed::id)
        .select(FeedRow::as_select())
        .limit_rows(limit)
        .load(conn)
}

/// The feed's last id (0 when empty): where a server starting now begins to read.
pub(crate) fn feed_end(conn: &mut DbConnection) -> QueryResult<i64> {
    live_feed::table
        .select(diesel::dsl::max(live_feed::id))
        .get_result::<Option<i64>>(conn)
        .map(Option::unwrap_or_default)
}

/// Clears the feed's lines written before `before` (the screens took them long ago).
pub(crate) fn clear_feed_before(
    conn: &mut DbConnection,
    before: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::delete(live_feed::table.filter(live_feed::written_at.lt(before))).execute(conn)
}
