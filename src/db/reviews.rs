//! The engine's stored reviews of final games.

use super::limit::LimitRows;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::{demo_events, game_reviews, games, review_priorities};
use crate::domain::{EventId, GameId, GameStatus, UserId};

/// A final game with a record and no review of its current version.
#[derive(Clone, Debug)]
pub(crate) struct DueReview {
    pub game_id: GameId,
    pub event_id: EventId,
    pub version: i32,
    pub record: String,
}

/// Up to `limit` final games whose record has no review yet: first the games of events whose
/// arbiter asked for them since `asked_since` (the earliest ask first), then real events' games
/// oldest first, then demonstration events' (a burst of demonstrations never holds a real
/// game's review back).
pub(crate) fn due(
    conn: &mut DbConnection,
    asked_since: NaiveDateTime,
    limit: i64,
) -> QueryResult<Vec<DueReview>> {
    let rows: Vec<(GameId, EventId, i32, Option<String>)> = games::table
        .left_join(
            game_reviews::table.on(game_reviews::game_id
                .eq(games::id)
                .and(game_reviews::game_version.eq(games::version))),
        )
        .left_join(demo_events::table.on(demo_events::event_id.eq(games::event_id)))
        .left_join(
            review_priorities::table.on(review_priorities::event_id
                .eq(games::event_id)
                .and(review_priorities::asked_at.ge(asked_since))),
        )
        .filter(game_reviews::game_id.is_null())
        .filter(games::status.eq(GameStatus::Final))
        .filter(games::record.is_not_null())
        .order((
            review_priorities::event_id.is_null().asc(),
            review_priorities::asked_at.asc(),
            demo_events::event_id.is_not_null().asc(),
            games::id.asc(),
        ))
        .select((games::id, games::event_id, games::version, games::record))
        .limit_rows(limit)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(game_id, event_id, version, record)| {
            record.map(|record| DueReview {
                game_id,
                event_id,
                version,
                record,
            })
        })
        .collect())
}

/// Stores the review of a game's version, replacing any review of an earlier one, if the game
/// is still at that version and no review of it is stored yet (another app server may have
/// stored the same one first). The caller holds the event's lock, so two app servers store one
/// at a time. Returns whether it was stored.
pub(crate) fn store(
    conn: &mut DbConnection,
    game_id: GameId,
    version: i32,
    nodes: i64,
    review: &str,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let current: Option<i32> = games::table
        .find(game_id)
        .select(games::version)
        .first_row()
        .get_result(conn)
        .optional()?;
    if current != Some(version) {
        return Ok(false);
    }
    diesel::delete(
        game_reviews::table
            .find(game_id)
            .filter(game_reviews::game_version.ne(version)),
    )
    .execute(conn)?;
    let present: Option<GameId> = game_reviews::table
        .find(game_id)
        .select(game_reviews::game_id)
        .first_row()
        .get_result(conn)
        .optional()?;
    if present.is_some() {
        return Ok(false);
    }
    diesel::insert_into(game_reviews::table)
        .values((
            game_reviews::game_id.eq(game_id),
            game_reviews::game_version.eq(version),
            game_reviews::nodes.eq(i32::try_from(nodes).unwrap_or(i32::MAX)),
            game_reviews::review.eq(review),
            game_reviews::computed_at.eq(now),
        ))
        .execute(conn)?;
    Ok(true)
}

/// The stored review of the game's `version`, if computed.
pub(crate) fn of_game(
    conn: &mut DbConnection,
    game_id: GameId,
    version: i32,
) -> QueryResult<Option<String>> {
    game_reviews::table
        .find(game_id)
        .filter(game_reviews::game_version.eq(version))
        .select(game_reviews::review)
        .first_row()
        .get_result(conn)
        .optional()
}

/// Marks an event as a demonstration.
pub(crate) fn mark_demo(conn: &mut DbConnection, event: EventId) -> QueryResult<()> {
    diesel::insert_into(demo_events::table)
        .values(demo_events::event_id.eq(event))
        .execute(conn)?;
    Ok(())
}

/// An arbiter asks for the event's games to be reviewed before the others' (again: from now).
pub(crate) fn ask_first(
    conn: &mut DbConnection,
    event: EventId,
    user: Option<UserId>,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::delete(review_priorities::table.find(event)).execute(conn)?;
    diesel::insert_into(review_priorities::table)
        .values((
            review_priorities::event_id.eq(event),
            review_priorities::user_id.eq(user),
            review_priorities::asked_at.eq(now),
        ))
        .execute(conn)
        .map(drop)
}

/// When the event's games were last asked for first, if they were.
pub(crate) fn asked_first_at(
    conn: &mut DbConnection,
    event: EventId,
) -> QueryResult<Option<NaiveDateTime>> {
    review_priorities::table
        .find(event)
        .select(review_priorities::asked_at)
        .first_row()
        .get_result(conn)
        .optional()
}
