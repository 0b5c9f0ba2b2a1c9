//! The national rating list: the events put into it, their rated games, and each person's
//! rating after every period they played in.

use diesel::prelude::*;
use diesel::sql_types::Integer;

use super::DbConnection;
use super::schema::{events, games, listed_games, players, rating_history};
use crate::domain::{
    EventId, GameId, GameStatus, PlayerId, RatingRecord as HistoryRow, StoredResult,
};
use crate::rules::Termination;

/// Two ratings written at once never interleave (app servers behind a load balancer): on
/// PostgreSQL a lock held to the end of the transaction; SQLite's write transaction is one
/// writer already.
pub(crate) fn lock(conn: &mut DbConnection) -> QueryResult<()> {
    if let DbConnection::Postgres(c) = conn {
        diesel::sql_query("SELECT pg_advisory_xact_lock(7304)").execute(c)?;
    }
    Ok(())
}

pub(crate) fn set_rating_period(
    conn: &mut DbConnection,
    event: EventId,
    period: Option<i32>,
) -> QueryResult<usize> {
    let changed = diesel::update(events::table.find(event))
        .set(events::rating_period.eq(period))
        .execute(conn)?;
    super::versions::bump(conn, super::versions::Counter::Ratings)?;
    Ok(changed)
}

/// The events in the list from `from` on, by period.
pub(crate) fn events_from(conn: &mut DbConnection, from: i32) -> QueryResult<Vec<(EventId, i32)>> {
    events::table
        .filter(events::rating_period.ge(from))
        .order((events::rating_period, events::id))
        .select((events::id, events::rating_period.assume_not_null()))
        .load(conn)
}

/// A game an event counts for in the rating list: its id, the two people by federation id (the
/// first mover first) and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CountedGame {
    pub game_id: GameId,
    pub first: String,
    pub second: String,
    pub result: StoredResult,
}

/// A game of an event as the list sees it: its two people (by federation id, the first mover
/// first; `None` for an entry outside the registry), where it stands, and whether its result
/// stands on a record verified here or on an arbiter's decision (`on_record`).
#[derive(Clone, Debug)]
pub(crate) struct ListCandidate {
    pub game_id: GameId,
    pub first: Option<String>,
    pub second: Option<String>,
    pub status: GameStatus,
    pub result: Option<StoredResult>,
    /// Its result stands on a record verified here, or on an adjudication.
    pub on_record: bool,
    /// It has a record (an adjudication or an arbiter's decision may have none).
    pub has_record: bool,
}

/// A game as read for the list.
type CandidateRow = (
    GameId,
    Option<PlayerId>,
    Option<PlayerId>,
    GameStatus,
    Option<StoredResult>,
    bool,
    Option<Termination>,
);

/// Every game of an event between two entries (byes are not games), by id.
pub(crate) fn list_candidates(
    conn: &mut DbConnection,
    event: EventId,
) -> QueryResult<Vec<ListCandidate>> {
    let played: Vec<CandidateRow> = games::table
        .filter(games::event_id.eq(event))
        .filter(games::first_id.is_not_null())
        .filter(games::second_id.is_not_null())
        .order(games::id)
        .select((
            games::id,
            games::first_id,
            games::second_id,
            games::status,
            games::result,
            games::record.is_not_null(),
            games::termination,
        ))
        .load(conn)?;
    let ids: std::collections::HashMap<PlayerId, String> = players::table
        .filter(players::event_id.eq(event))
        .filter(players::federation_id.is_not_null())
        .select((players::id, players::federation_id.assume_not_null()))
        .load::<(PlayerId, String)>(conn)?
        .into_iter()
        .collect();
    let person = |entry: Option<PlayerId>| entry.and_then(|e| ids.get(&e).cloned());
    Ok(played
        .into_iter()
        .map(
            |(game_id, first, second, status, result, has_record, termination)| ListCandidate {
                game_id,
                first: person(first),
                second: person(second),
                status,
                result,
                on_record: has_record || termination == Some(Termination::Adjudication),
                has_record,
            },
        )
        .collect())
}

/// The games an event counts for in the list, as an administrator last accepted them.
pub(crate) fn listed_games(
    conn: &mut DbConnection,
    event: EventId,
) -> QueryResult<Vec<CountedGame>> {
    let rows: Vec<(GameId, String, String, StoredResult)> = listed_games::table
        .filter(listed_games::event_id.eq(event))
        .order(listed_games::id)
        .select((
            listed_games::game_id,
            listed_games::first_federation_id,
            listed_games::second_federation_id,
            listed_games::result,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(game_id, first, second, result)| CountedGame {
            game_id,
            first,
            second,
            result,
        })
        .collect())
}

/// Makes the event count for these games (put in the list, or its changes accepted).
pub(crate) fn list_games(
    conn: &mut DbConnection,
    event: EventId,
    games: &[CountedGame],
) -> QueryResult<()> {
    unlist_games(conn, event)?;
    for chunk in games.chunks(500) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|g| {
                (
                    listed_games::event_id.eq(event),
                    listed_games::game_id.eq(g.game_id),
                    listed_games::first_federation_id.eq(&g.first),
                    listed_games::second_federation_id.eq(&g.second),
                    listed_games::result.eq(g.result),
                )
            })
            .collect();
        // A batch of rows is written per backend: one statement on each.
        match conn {
            DbConnection::Sqlite(c) => {
                diesel::insert_into(listed_games::table)
                    .values(rows)
                    .execute(c)?;
            }
            DbConnection::Postgres(c) => {
                diesel::insert_into(listed_games::table)
                    .values(rows)
                    .execute(c)?;
            }
        }
    }
    super::versions::bump(conn, super::versions::Counter::Ratings)?;
    Ok(())
}

/// The event counts for no game any more (taken out of the list).
pub(crate) fn unlist_games(conn: &mut DbConnection, event: EventId) -> QueryResult<usize> {
    diesel::delete(listed_games::table.filter(listed_games::event_id.eq(event))).execute(conn)
}

/// A person merged into another: the games the list counts for follow them.
pub(crate) fn merge_listed(conn: &mut DbConnection, gone: &str, kept: &str) -> QueryResult<()> {
    diesel::update(listed_games::table.filter(listed_games::first_federation_id.eq(gone)))
        .set(listed_games::first_federation_id.eq(kept))
        .execute(conn)?;
    diesel::update(listed_games::table.filter(listed_games::second_federation_id.eq(gone)))
        .set(listed_games::second_federation_id.eq(kept))
        .execute(conn)?;
    Ok(())
}

/// Each person's newest row of a period before `before` (all of them with `None`).
pub(crate) fn latest_rows(
    conn: &mut DbConnection,
    before: Option<i32>,
) -> QueryResult<Vec<HistoryRow>> {
    diesel::sql_query(
        "SELECT h.federation_id, h.period, h.rating, h.deviation, h.volatility, h.games \
         FROM rating_history h \
         WHERE h.period = (SELECT max(g.period) FROM rating_history g \
                           WHERE g.federation_id = h.federation_id \
                           AND g.period < $1)",
    )
    .bind::<Integer, _>(before.unwrap_or(i32::MAX))
    .load(conn)
}

/// Each person's row before their newest one of a period before `before`.
pub(crate) fn previous_rows(conn: &mut DbConnection, before: i32) -> QueryResult<Vec<HistoryRow>> {
    diesel::sql_query(
        "SELECT h.federation_id, h.period, h.rating, h.deviation, h.volatility, h.games \
         FROM rating_history h \
         WHERE h.period = (SELECT max(g.period) FROM rating_history g \
                           WHERE g.federation_id = h.federation_id \
                           AND g.period < (SELECT max(k.period) FROM rating_history k \
                                           WHERE k.federation_id = h.federation_id \
                                           AND k.period < $1))",
    )
    .bind::<Integer, _>(before)
    .load(conn)
}

/// The newest row of each of these people (those with one), of a period before `before`
/// when given.
pub(crate) fn latest_of(
    conn: &mut DbConnection,
    ids: &[&str],
    before: Option<i32>,
) -> QueryResult<Vec<HistoryRow>> {
    let mut newest: std::collections::HashMap<String, HistoryRow> =
        std::collections::HashMap::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<HistoryRow> = rating_history::table
            .filter(rating_history::federation_id.eq_any(chunk.to_vec()))
            .filter(rating_history::period.lt(before.unwrap_or(i32::MAX)))
            .order(rating_history::period)
            .select((
                rating_history::federation_id,
                rating_history::period,
                rating_history::rating,
                rating_history::deviation,
                rating_history::volatility,
                rating_history::games,
            ))
            .load(conn)?;
        for row in rows {
            newest.insert(row.federation_id.clone(), row);
        }
    }
    Ok(newest.into_values().collect())
}

/// A person's rows, the earliest first.
pub(crate) fn history_of(
    conn: &mut DbConnection,
    federation_id: &str,
) -> QueryResult<Vec<HistoryRow>> {
    rating_history::table
        .filter(rating_history::federation_id.eq(federation_id))
        .order(rating_history::period)
        .select((
            rating_history::federation_id,
            rating_history::period,
            rating_history::rating,
            rating_history::deviation,
            rating_history::volatility,
            rating_history::games,
        ))
        .load(conn)
}

/// Replaces the history from period `from` on with `rows`.
pub(crate) fn replace_from(
    conn: &mut DbConnection,
    from: i32,
    rows: &[HistoryRow],
) -> QueryResult<()> {
    diesel::delete(rating_history::table.filter(rating_history::period.ge(from))).execute(conn)?;
    super::versions::bump(conn, super::versions::Counter::Ratings)?;
    match conn {
        DbConnection::Sqlite(c) => {
            for chunk in rows.chunks(500) {
                diesel::insert_into(rating_history::table)
                    .values(chunk)
                    .execute(c)?;
            }
        }
        // The whole list rated again writes a row per person and month: PostgreSQL takes them
        // as one binary COPY, several times faster than statements of bound values.
        DbConnection::Postgres(c) => {
            diesel::copy_from(rating_history::table)
                .from_insertable(rows)
                .execute(c)?;
        }
    }
    Ok(())
}
