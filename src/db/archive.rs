//! What an event archive reads and writes beyond an event's ordinary queries: submissions and
//! log lines with the names of the accounts behind them, where an imported event came from,
//! and the rows of an imported event written as the archive gives them.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::limit::LimitRows;
use super::schema::{
    audit_log, event_origins, games, held_archives, player_byes, players, rounds, submissions,
    users, withdrawn_events,
};
use crate::domain::{
    AuditAction, ByeKind, EventId, GameId, GameStatus, PlayerId, RoundId, Stage, StoredResult,
    Submission, SubmissionStatus, SubmitterRole,
};
use crate::rules::{Termination, VerdictKind};

/// A submission with the name of whoever sent it from an account: the account's name here, or
/// the name an imported archive gave.
pub(crate) fn submissions_of_event(
    conn: &mut DbConnection,
    event: EventId,
) -> QueryResult<Vec<(Submission, Option<String>)>> {
    let rows: Vec<(Submission, Option<String>, Option<String>)> = submissions::table
        .inner_join(games::table)
        .left_join(users::table.on(users::id.nullable().eq(submissions::user_id)))
        .filter(games::event_id.eq(event))
        .order(submissions::id)
        .select((
            Submission::as_select(),
            users::display_name.nullable(),
            submissions::by_name,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(s, account, imported)| (s, account.or(imported)))
        .collect())
}

/// A line of an event's log as an archive carries it.
#[derive(Clone, Debug, Queryable)]
pub(crate) struct LogLine {
    pub round_id: Option<RoundId>,
    pub game_id: Option<GameId>,
    pub actor_player: Option<PlayerId>,
    pub account: Option<String>,
    pub imported_name: Option<String>,
    pub action: AuditAction,
    pub from_state: Option<String>,
    pub to_state: Option<String>,
    pub detail: String,
    pub created_at: NaiveDateTime,
}

/// The event's log, oldest first, each line with the name of the account that acted.
pub(crate) fn log_of_event(conn: &mut DbConnection, event: EventId) -> QueryResult<Vec<LogLine>> {
    audit_log::table
        .left_join(users::table.on(users::id.nullable().eq(audit_log::actor_user)))
        .filter(audit_log::event_id.eq(event))
        .order(audit_log::id)
        .select((
            audit_log::round_id,
            audit_log::game_id,
            audit_log::actor_player,
            users::display_name.nullable(),
            audit_log::actor_name,
            audit_log::action,
            audit_log::from_state,
            audit_log::to_state,
            audit_log::detail,
            audit_log::created_at,
        ))
        .load(conn)
}

/// The event imported from `installation`'s event `origin_event`, with the digest of the
/// archive it was last written from.
pub(crate) fn imported_event(
    conn: &mut DbConnection,
    installation: &str,
    origin_event: i32,
) -> QueryResult<Option<(EventId, String)>> {
    event_origins::table
        .filter(event_origins::installation.eq(installation))
        .filter(event_origins::origin_event.eq(origin_event))
        .select((event_origins::event_id, event_origins::digest))
        .first_row()
        .get_result(conn)
        .optional()
}

/// Records where an imported event came from, and the archive it was written from (kept,
/// gzip, to compare the next one with); whether the venue's decisions count for the rating
/// list stays as this installation said.
pub(crate) fn set_origin(
    conn: &mut DbConnection,
    event: EventId,
    origin: &Origin<'_>,
) -> QueryResult<()> {
    let rate_decisions = rate_decisions(conn, event)?;
    diesel::delete(event_origins::table.find(event)).execute(conn)?;
    diesel::insert_into(event_origins::table)
        .values((
            event_origins::event_id.eq(event),
            event_origins::installation.eq(origin.installation),
            event_origins::name.eq(origin.name),
            event_origins::origin_event.eq(origin.event),
            event_origins::digest.eq(origin.digest),
            event_origins::archive.eq(origin.archive),
            event_origins::rate_decisions.eq(rate_decisions),
        ))
        .execute(conn)?;
    Ok(())
}

/// Where an imported event came from: the installation (its code and name), the event's id
/// there, and the archive it was written from (its digest and gzip bytes).
pub(crate) struct Origin<'a> {
    pub installation: &'a str,
    pub name: &'a str,
    /// The event's id there.
    pub event: i32,
    pub digest: &'a str,
    pub archive: &'a [u8],
}

/// The archive an imported event was last written from (gzip), if kept.
pub(crate) fn last_archive(
    conn: &mut DbConnection,
    event: EventId,
) -> QueryResult<Option<Vec<u8>>> {
    Ok(event_origins::table
        .find(event)
        .select(event_origins::archive)
        .first_row()
        .get_result::<Option<Vec<u8>>>(conn)
        .optional()?
        .flatten())
}

/// Whether the rating list counts an imported event's decisions without a record.
pub(crate) fn rate_decisions(conn: &mut DbConnection, event: EventId) -> QueryResult<bool> {
    Ok(event_origins::table
        .find(event)
        .select(event_origins::rate_decisions)
        .first_row()
        .get_result::<bool>(conn)
        .optional()?
        .unwrap_or(false))
}

pub(crate) fn set_rate_decisions(
    conn: &mut DbConnection,
    event: EventId,
    rate: bool,
) -> QueryResult<usize> {
    diesel::update(event_origins::table.find(event))
        .set(event_origins::rate_decisions.eq(rate))
        .execute(conn)
}

/// An archive held for the importing organiser's confirmation.
#[derive(Clone, Debug, Queryable)]
pub(crate) struct HeldArchive {
    pub digest: String,
    pub archive: Vec<u8>,
    pub received_at: NaiveDateTime,
}

/// Holds an archive of the imported event `event` for confirmation, in place of any held
/// before.
pub(crate) fn hold(
    conn: &mut DbConnection,
    event: EventId,
    digest: &str,
    archive: &[u8],
    by: Option<crate::domain::UserId>,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::delete(held_archives::table.find(event)).execute(conn)?;
    diesel::insert_into(held_archives::table)
        .values((
            held_archives::event_id.eq(event),
            held_archives::digest.eq(digest),
            held_archives::archive.eq(archive),
            held_archives::received_at.eq(now),
            held_archives::received_by.eq(by),
        ))
        .execute(conn)?;
    Ok(())
}

pub(crate) fn held(conn: &mut DbConnection, event: EventId) -> QueryResult<Option<HeldArchive>> {
    held_archives::table
        .find(event)
        .select((
            held_archives::digest,
            held_archives::archive,
            held_archives::received_at,
        ))
        .first_row()
        .get_result(conn)
        .optional()
}

pub(crate) fn release_held(conn: &mut DbConnection, event: EventId) -> QueryResult<usize> {
    diesel::delete(held_archives::table.find(event)).execute(conn)
}

/// Whether an administrator withdrew the event `origin_event` of `installation` from here.
pub(crate) fn withdrawn(
    conn: &mut DbConnection,
    installation: &str,
    origin_event: i32,
) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        withdrawn_events::table
            .filter(withdrawn_events::installation.eq(installation))
            .filter(withdrawn_events::origin_event.eq(origin_event)),
    ))
    .get_result(conn)
}

pub(crate) fn mark_withdrawn(
    conn: &mut DbConnection,
    installation: &str,
    origin_event: i32,
    name: &str,
    by: crate::domain::UserId,
    now: NaiveDateTime,
) -> QueryResult<()> {
    clear_withdrawn(conn, installation, origin_event)?;
    diesel::insert_into(withdrawn_events::table)
        .values((
            withdrawn_events::installation.eq(installation),
            withdrawn_events::origin_event.eq(origin_event),
            withdrawn_events::name.eq(name),
            withdrawn_events::withdrawn_at.eq(now),
            withdrawn_events::withdrawn_by.eq(by),
        ))
        .execute(conn)?;
    Ok(())
}

pub(crate) fn clear_withdrawn(
    conn: &mut DbConnection,
    installation: &str,
    origin_event: i32,
) -> QueryResult<usize> {
    diesel::delete(
        withdrawn_events::table
            .filter(withdrawn_events::installation.eq(installation))
            .filter(withdrawn_events::origin_event.eq(origin_event)),
    )
    .execute(conn)
}

/// Removes what an imported event holds below the event itself (its entries, rounds, games,
/// submissions, byes, the log lines the archive brought, prize fund and standings), before its
/// next archive is written in its place.
pub(crate) fn clear_event(conn: &mut DbConnection, event: EventId) -> QueryResult<()> {
    let game_ids = games::table
        .filter(games::event_id.eq(event))
        .select(games::id);
    diesel::delete(submissions::table.filter(submissions::game_id.eq_any(game_ids)))
        .execute(conn)?;
    diesel::delete(
        super::schema::game_reviews::table
            .filter(super::schema::game_reviews::game_id.eq_any(game_ids)),
    )
    .execute(conn)?;
    diesel::delete(
        super::schema::adjudications::table
            .filter(super::schema::adjudications::game_id.eq_any(game_ids)),
    )
    .execute(conn)?;
    // The log lines the archive brought (no account of this installation acted in them);
    // this installation's own (the imports, the rating list's) stay.
    diesel::delete(
        audit_log::table
            .filter(audit_log::event_id.eq(event))
            .filter(audit_log::actor_user.is_null()),
    )
    .execute(conn)?;
    // Those that stay name no game or round of the archive written before.
    diesel::update(audit_log::table.filter(audit_log::event_id.eq(event)))
        .set((
            audit_log::game_id.eq(None::<GameId>),
            audit_log::round_id.eq(None::<RoundId>),
        ))
        .execute(conn)?;
    diesel::delete(games::table.filter(games::event_id.eq(event))).execute(conn)?;
    diesel::delete(rounds::table.filter(rounds::event_id.eq(event))).execute(conn)?;
    let player_ids = players::table
        .filter(players::event_id.eq(event))
        .select(players::id);
    diesel::delete(player_byes::table.filter(player_byes::player_id.eq_any(player_ids)))
        .execute(conn)?;
    diesel::delete(players::table.filter(players::event_id.eq(event))).execute(conn)?;
    diesel::delete(
        super::schema::standings_cache::table
            .filter(super::schema::standings_cache::event_id.eq(event)),
    )
    .execute(conn)?;
    diesel::delete(super::schema::prize_funds::table.find(event)).execute(conn)?;
    Ok(())
}

/// A round as an archive gives it.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = rounds)]
pub(crate) struct ArchivedRound {
    pub event_id: EventId,
    pub number: i32,
    pub stage: Stage,
    pub state: crate::domain::RoundState,
    pub starts_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub published_at: Option<NaiveDateTime>,
}

pub(crate) fn insert_round(conn: &mut DbConnection, round: &ArchivedRound) -> QueryResult<RoundId> {
    diesel::insert_into(rounds::table)
        .values(round)
        .returning(rounds::id)
        .get_result(conn)
}

/// A game as an archive gives it, its record verified again.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = games)]
pub(crate) struct ArchivedGame<'a> {
    pub event_id: EventId,
    pub round_id: RoundId,
    pub board: i32,
    pub game_no: i32,
    pub bracket_code: Option<&'a str>,
    pub first_id: Option<PlayerId>,
    pub second_id: Option<PlayerId>,
    pub status: GameStatus,
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    pub record: Option<&'a str>,
    pub final_position: Option<&'a str>,
    pub updated_at: NaiveDateTime,
    pub corrected_from: Option<StoredResult>,
    pub correction_reason: Option<&'a str>,
}

pub(crate) fn insert_game(conn: &mut DbConnection, game: &ArchivedGame<'_>) -> QueryResult<GameId> {
    diesel::insert_into(games::table)
        .values(game)
        .returning(games::id)
        .get_result(conn)
}

/// A submission as an archive gives it.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = submissions)]
pub(crate) struct ArchivedSubmission<'a> {
    pub game_id: GameId,
    pub player_id: Option<PlayerId>,
    pub by_name: Option<&'a str>,
    pub role: SubmitterRole,
    pub record: &'a str,
    pub record_hash: &'a str,
    pub verdict: VerdictKind,
    pub reason: Option<&'a str>,
    pub ply: Option<i32>,
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    pub status: SubmissionStatus,
    pub created_at: NaiveDateTime,
    pub record_bytes: i32,
    pub record_sha256: &'a str,
}

/// Writes submissions, a few hundred rows to a statement.
pub(crate) fn insert_submissions(
    conn: &mut DbConnection,
    rows: &[ArchivedSubmission<'_>],
) -> QueryResult<()> {
    for chunk in rows.chunks(200) {
        match conn {
            DbConnection::Sqlite(c) => {
                diesel::insert_into(submissions::table)
                    .values(chunk)
                    .execute(c)?;
            }
            DbConnection::Postgres(c) => {
                diesel::insert_into(submissions::table)
                    .values(chunk)
                    .execute(c)?;
            }
        }
    }
    Ok(())
}

/// A line of the log as an archive gives it.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = audit_log)]
pub(crate) struct ArchivedLogLine<'a> {
    pub event_id: EventId,
    pub round_id: Option<RoundId>,
    pub game_id: Option<GameId>,
    pub actor_player: Option<PlayerId>,
    pub actor_name: Option<&'a str>,
    pub action: AuditAction,
    pub from_state: Option<&'a str>,
    pub to_state: Option<&'a str>,
    pub detail: &'a str,
    pub created_at: NaiveDateTime,
}

/// Writes log lines, a few hundred rows to a statement.
pub(crate) fn insert_log(conn: &mut DbConnection, rows: &[ArchivedLogLine<'_>]) -> QueryResult<()> {
    for chunk in rows.chunks(200) {
        match conn {
            DbConnection::Sqlite(c) => {
                diesel::insert_into(audit_log::table)
                    .values(chunk)
                    .execute(c)?;
            }
            DbConnection::Postgres(c) => {
                diesel::insert_into(audit_log::table)
                    .values(chunk)
                    .execute(c)?;
            }
        }
    }
    Ok(())
}

/// A bye asked for ahead.
pub(crate) fn insert_bye(
    conn: &mut DbConnection,
    player: PlayerId,
    round: i32,
    kind: ByeKind,
) -> QueryResult<()> {
    diesel::insert_into(player_byes::table)
        .values((
            player_byes::player_id.eq(player),
            player_byes::round.eq(round),
            player_byes::kind.eq(kind),
        ))
        .execute(conn)?;
    Ok(())
}

/// Entry details the ordinary insert does not write.
pub(crate) fn set_entry_state(
    conn: &mut DbConnection,
    player: PlayerId,
    withdrawn_after: Option<i32>,
    checked_in: bool,
    seed: Option<i32>,
    entered_at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::update(players::table.find(player))
        .set((
            players::withdrawn_after.eq(withdrawn_after),
            players::checked_in.eq(checked_in),
            players::seed.eq(seed),
            players::created_at.eq(entered_at),
        ))
        .execute(conn)?;
    Ok(())
}
