//! The fair-play screenings of final games, read from their stored reviews.

use super::limit::LimitRows;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::{game_reviews, game_screenings, games, players, rounds};
use crate::domain::{EventId, GameId, GameStatus, PlayerId};

/// A final game whose current version has a review and no screening.
#[derive(Clone, Debug)]
pub(crate) struct DueScreening {
    pub game_id: GameId,
    pub event_id: EventId,
    pub version: i32,
    pub record: String,
    pub review: String,
    pub first: Option<PlayerId>,
    pub second: Option<PlayerId>,
}

type DueRow = (
    GameId,
    EventId,
    i32,
    Option<String>,
    String,
    Option<PlayerId>,
    Option<PlayerId>,
);

/// Up to `limit` games to screen, oldest first.
pub(crate) fn due(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<DueScreening>> {
    let rows: Vec<DueRow> = games::table
        .inner_join(
            game_reviews::table.on(game_reviews::game_id
                .eq(games::id)
                .and(game_reviews::game_version.eq(games::version))),
        )
        .left_join(
            game_screenings::table.on(game_screenings::game_id
                .eq(games::id)
                .and(game_screenings::game_version.eq(games::version))),
        )
        .filter(game_screenings::game_id.is_null())
        .filter(games::status.eq(GameStatus::Final))
        .order(games::id.asc())
        .select((
            games::id,
            games::event_id,
            games::version,
            games::record,
            game_reviews::review,
            games::first_id,
            games::second_id,
        ))
        .limit_rows(limit)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(
            |(game_id, event_id, version, record, review, first, second)| {
                record.map(|record| DueScreening {
                    game_id,
                    event_id,
                    version,
                    record,
                    review,
                    first,
                    second,
                })
            },
        )
        .collect())
}

/// A player's rating in the entry (0: unrated, or no such entry).
pub(crate) fn rating(conn: &mut DbConnection, player: Option<PlayerId>) -> QueryResult<i32> {
    let Some(player) = player else {
        return Ok(0);
    };
    Ok(players::table
        .find(player)
        .select(players::rating)
        .first_row()
        .get_result(conn)
        .optional()?
        .unwrap_or(0))
}

/// One player's side of a screening: counted moves, matches, the sums of costs and squares.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct SideRow {
    pub rating: i32,
    pub moves: i32,
    pub matched: i32,
    pub cost: f64,
    pub cost_squared: f64,
}

/// A screening to store.
pub(crate) struct NewScreening<'a> {
    pub game_id: GameId,
    pub version: i32,
    pub event_id: EventId,
    pub first: SideRow,
    pub second: SideRow,
    pub plies: &'a str,
    pub now: NaiveDateTime,
}

/// Stores a screening, replacing one of an earlier version; nothing when the game has moved
/// on from that version, or another app server stored it first.
pub(crate) fn store(conn: &mut DbConnection, s: &NewScreening<'_>) -> QueryResult<bool> {
    let current: Option<i32> = games::table
        .find(s.game_id)
        .select(games::version)
        .first_row()
        .get_result(conn)
        .optional()?;
    if current != Some(s.version) {
        return Ok(false);
    }
    diesel::delete(game_screenings::table.find(s.game_id)).execute(conn)?;
    diesel::insert_into(game_screenings::table)
        .values((
            game_screenings::game_id.eq(s.game_id),
            game_screenings::game_version.eq(s.version),
            game_screenings::event_id.eq(s.event_id),
            game_screenings::first_rating.eq(s.first.rating),
            game_screenings::second_rating.eq(s.second.rating),
            game_screenings::first_moves.eq(s.first.moves),
            game_screenings::first_matched.eq(s.first.matched),
            game_screenings::first_cost.eq(s.first.cost),
            game_screenings::first_cost_squared.eq(s.first.cost_squared),
            game_screenings::second_moves.eq(s.second.moves),
            game_screenings::second_matched.eq(s.second.matched),
            game_screenings::second_cost.eq(s.second.cost),
            game_screenings::second_cost_squared.eq(s.second.cost_squared),
            game_screenings::plies.eq(s.plies),
            game_screenings::computed_at.eq(s.now),
        ))
        .execute(conn)?;
    Ok(true)
}

/// A stored screening of a game's current version, with the game's players.
#[derive(Clone, Debug)]
pub(crate) struct ScreeningRow {
    pub game_id: GameId,
    pub first_player: Option<PlayerId>,
    pub second_player: Option<PlayerId>,
    pub first: SideRow,
    pub second: SideRow,
}

type SidesRow = (
    (GameId, Option<PlayerId>, Option<PlayerId>),
    (i32, i32, i32, i32, f64, f64, i32, i32, f64, f64),
);

fn sides(row: SidesRow) -> ScreeningRow {
    let ((game_id, first_player, second_player), (r1, r2, m1, k1, c1, q1, m2, k2, c2, q2)) = row;
    ScreeningRow {
        game_id,
        first_player,
        second_player,
        first: SideRow {
            rating: r1,
            moves: m1,
            matched: k1,
            cost: c1,
            cost_squared: q1,
        },
        second: SideRow {
            rating: r2,
            moves: m2,
            matched: k2,
            cost: c2,
            cost_squared: q2,
        },
    }
}

macro_rules! side_columns {
    () => {
        (
            (game_screenings::game_id, games::first_id, games::second_id),
            (
                game_screenings::first_rating,
                game_screenings::second_rating,
                game_screenings::first_moves,
                game_screenings::first_matched,
                game_screenings::first_cost,
                game_screenings::first_cost_squared,
                game_screenings::second_moves,
                game_screenings::second_matched,
                game_screenings::second_cost,
                game_screenings::second_cost_squared,
            ),
        )
    };
}

/// The screenings joined with their games at the version screened (an older one is no longer
/// the game's).
macro_rules! current_screenings {
    () => {
        game_screenings::table.inner_join(
            games::table.on(games::id
                .eq(game_screenings::game_id)
                .and(games::version.eq(game_screenings::game_version))),
        )
    };
}

/// The event's screenings of its games' current versions.
pub(crate) fn of_event(conn: &mut DbConnection, event: EventId) -> QueryResult<Vec<ScreeningRow>> {
    let rows: Vec<SidesRow> = current_screenings!()
        .filter(game_screenings::event_id.eq(event))
        .select(side_columns!())
        .load(conn)?;
    Ok(rows.into_iter().map(sides).collect())
}

/// Every other event's screened sides at their games' current versions, summed by the side's
/// rating: the installation's data the expectation is fitted on (the fit is linear in these
/// sums, so summing first loses nothing).
pub(crate) fn sums_by_rating_except(
    conn: &mut DbConnection,
    event: EventId,
) -> QueryResult<Vec<SideRow>> {
    use diesel::dsl::sum;
    type Sums = (i32, Option<i64>, Option<i64>, Option<f64>, Option<f64>);
    let firsts: Vec<Sums> = current_screenings!()
        .filter(game_screenings::event_id.ne(event))
        .group_by(game_screenings::first_rating)
        .select((
            game_screenings::first_rating,
            sum(game_screenings::first_moves),
            sum(game_screenings::first_matched),
            sum(game_screenings::first_cost),
            sum(game_screenings::first_cost_squared),
        ))
        .load(conn)?;
    let seconds: Vec<Sums> = current_screenings!()
        .filter(game_screenings::event_id.ne(event))
        .group_by(game_screenings::second_rating)
        .select((
            game_screenings::second_rating,
            sum(game_screenings::second_moves),
            sum(game_screenings::second_matched),
            sum(game_screenings::second_cost),
            sum(game_screenings::second_cost_squared),
        ))
        .load(conn)?;
    let whole = |n: Option<i64>| i32::try_from(n.unwrap_or(0)).unwrap_or(i32::MAX);
    Ok(firsts
        .into_iter()
        .chain(seconds)
        .map(|(rating, moves, matched, cost, cost_squared)| SideRow {
            rating,
            moves: whole(moves),
            matched: whole(matched),
            cost: cost.unwrap_or(0.0),
            cost_squared: cost_squared.unwrap_or(0.0),
        })
        .collect())
}

/// The screenings of the games of these entries (any event's), at their current versions.
pub(crate) fn of_entries(
    conn: &mut DbConnection,
    entries: &[PlayerId],
) -> QueryResult<Vec<ScreeningRow>> {
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<SidesRow> = current_screenings!()
        .filter(
            games::first_id
                .eq_any(entries)
                .or(games::second_id.eq_any(entries)),
        )
        .select(side_columns!())
        .load(conn)?;
    Ok(rows.into_iter().map(sides).collect())
}

/// One screened game of an entry, with what its evidence shows.
#[derive(Clone, Debug)]
pub(crate) struct EntryGame {
    pub screening: ScreeningRow,
    pub round: i32,
    pub board: i32,
    pub record: Option<String>,
    /// Every ply as the screening read it (JSON of `engine::screening::ScreenedPly`).
    pub plies: String,
}

/// The screened games of one entry, by round and board.
pub(crate) fn games_of_entry(
    conn: &mut DbConnection,
    entry: PlayerId,
) -> QueryResult<Vec<EntryGame>> {
    let rows: Vec<(SidesRow, i32, i32, Option<String>, String)> = current_screenings!()
        .inner_join(rounds::table.on(rounds::id.eq(games::round_id)))
        .filter(games::first_id.eq(entry).or(games::second_id.eq(entry)))
        .order((rounds::number.asc(), games::board.asc()))
        .select((
            side_columns!(),
            rounds::number,
            games::board,
            games::record,
            game_screenings::plies,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(sides_row, round, board, record, plies)| EntryGame {
            screening: sides(sides_row),
            round,
            board,
            record,
            plies,
        })
        .collect())
}

/// The event's final games with a record: (screened at their current version, in all).
pub(crate) fn progress(conn: &mut DbConnection, event: EventId) -> QueryResult<(i64, i64)> {
    let finals = games::table
        .filter(games::event_id.eq(event))
        .filter(games::status.eq(GameStatus::Final))
        .filter(games::record.is_not_null());
    let all: i64 = finals.count().get_result(conn)?;
    let screened: i64 = finals
        .inner_join(
            game_screenings::table.on(game_screenings::game_id
                .eq(games::id)
                .and(game_screenings::game_version.eq(games::version))),
        )
        .count()
        .get_result(conn)?;
    Ok((screened, all))
}
