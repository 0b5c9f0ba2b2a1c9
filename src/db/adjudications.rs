//! The engine's adjudication proposals for unfinished games.

use super::limit::LimitRows;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::adjudications;
use crate::domain::{AdjudicationId, GameId, StoredResult, SubmissionId, UserId};

/// A stored proposal.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = adjudications)]
pub(crate) struct AdjudicationRow {
    pub id: AdjudicationId,
    pub game_id: GameId,
    pub game_version: i32,
    pub last_submission: Option<SubmissionId>,
    pub record: String,
    /// The engine's assessment, as JSON.
    pub search: String,
    pub proposed: Option<StoredResult>,
    pub requested_at: NaiveDateTime,
}

/// A proposal to store.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = adjudications)]
pub(crate) struct NewAdjudication<'a> {
    pub game_id: GameId,
    pub game_version: i32,
    pub last_submission: Option<SubmissionId>,
    pub record: &'a str,
    pub search: &'a str,
    pub proposed: Option<StoredResult>,
    pub requested_by: UserId,
    pub requested_at: NaiveDateTime,
}

pub(crate) fn insert(
    conn: &mut DbConnection,
    new: &NewAdjudication<'_>,
) -> QueryResult<AdjudicationId> {
    diesel::insert_into(adjudications::table)
        .values(new)
        .returning(adjudications::id)
        .get_result(conn)
}

/// The latest proposal for the game.
pub(crate) fn latest(
    conn: &mut DbConnection,
    game_id: GameId,
) -> QueryResult<Option<AdjudicationRow>> {
    adjudications::table
        .filter(adjudications::game_id.eq(game_id))
        .order(adjudications::id.desc())
        .select(AdjudicationRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// One proposal of the game.
pub(crate) fn of_game(
    conn: &mut DbConnection,
    game_id: GameId,
    id: AdjudicationId,
) -> QueryResult<Option<AdjudicationRow>> {
    adjudications::table
        .filter(adjudications::game_id.eq(game_id))
        .filter(adjudications::id.eq(id))
        .select(AdjudicationRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}
