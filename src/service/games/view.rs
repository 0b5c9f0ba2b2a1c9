//! A game as shown: its players, state, record and replay; the staff's queue and a game's
//! submissions.

use serde::Serialize;

use super::record::replay;
use crate::db::DbConnection;
use crate::db::events as q;
use crate::domain::{
    EventId, Game, GameId, GameStatus, PlayerId, StoredResult, Submission, SubmissionStatus,
};
use crate::rules::{Termination, Variant};
use crate::service::events::Access;
use crate::service::{App, ServiceError};

/// A game as shown.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub id: GameId,
    pub event_id: EventId,
    pub event_slug: String,
    pub event_name: String,
    pub round: i32,
    pub board: i32,
    pub game_no: i32,
    pub bracket_code: Option<String>,
    pub first: Option<GamePlayer>,
    pub second: Option<GamePlayer>,
    pub status: GameStatus,
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    pub record: Option<String>,
    pub variant: Variant,
    /// The position before the first ply, then after each ply (for replay).
    pub positions: Vec<String>,
    /// Move text of each ply.
    pub moves: Vec<String>,
    /// Stones captured in each ply.
    pub captured: Vec<u32>,
    /// The side that moved first (`S` or `N`).
    pub first_side: String,
    /// The last pending submission (its result and who sent it), if any.
    pub pending: Option<PendingView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct GamePlayer {
    pub id: PlayerId,
    pub number: i32,
    pub name: String,
    pub rating: i32,
}

#[derive(Clone, Debug, Serialize)]
pub struct PendingView {
    pub result: Option<StoredResult>,
    pub player_id: Option<PlayerId>,
    pub by_staff: bool,
    /// The record itself, for the game's parties only (absent from the JSON for others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

/// Who is looking at a game: a party to it (one of its players, or staff of its event) sees
/// the record waiting for confirmation; anyone else sees records once they are final.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Party,
    Public,
}

fn game_player(
    conn: &mut DbConnection,
    id: Option<PlayerId>,
) -> Result<Option<GamePlayer>, ServiceError> {
    let Some(id) = id else { return Ok(None) };
    Ok(q::player_by_id(conn, id)?.map(|p| GamePlayer {
        id: p.id,
        number: p.number,
        name: p.name,
        rating: p.rating,
    }))
}

/// A game, with its replay when it has a record. Games of draft rounds are for staff only.
pub(crate) fn view(
    app: &App,
    access: &Access,
    game_id: GameId,
    viewer: Viewer,
) -> Result<GameView, ServiceError> {
    let mut conn = app.conn()?;
    let game = q::game_by_id(&mut conn, game_id)?
        .filter(|g| g.event_id == access.event.id)
        .ok_or(ServiceError::NotFound)?;
    let round = q::rounds_of_event(&mut conn, game.event_id)?
        .into_iter()
        .find(|r| r.id == game.round_id)
        .ok_or(ServiceError::NotFound)?;
    if !round.is_published() && !access.is_arbiter() {
        return Err(ServiceError::NotFound);
    }
    let first = game_player(&mut conn, game.first_id)?;
    let second = game_player(&mut conn, game.second_id)?;
    let pending = q::submissions_of_game(&mut conn, game.id)?
        .into_iter()
        .rfind(|s| s.status == SubmissionStatus::Pending)
        .map(|s| PendingView {
            result: s.result,
            player_id: s.player_id,
            by_staff: s.player_id.is_none(),
            record: (viewer == Viewer::Party).then_some(s.record),
        });
    let replayed = game
        .record
        .as_deref()
        .and_then(|text| replay(text, &access.event));
    let (positions, moves, captured, first_side) = match replayed {
        Some(r) => (
            r.positions,
            r.moves,
            r.captured,
            r.first_side.letter().to_string(),
        ),
        None => (Vec::new(), Vec::new(), Vec::new(), "S".to_string()),
    };
    Ok(GameView {
        id: game.id,
        event_id: access.event.id,
        event_slug: access.event.slug.clone(),
        event_name: access.event.name.clone(),
        round: round.number,
        board: game.board,
        game_no: game.game_no,
        bracket_code: game.bracket_code,
        first,
        second,
        status: game.status,
        result: game.result,
        termination: game.termination,
        plies: game.plies,
        record: game.record,
        variant: access.event.variant,
        positions,
        moves,
        captured,
        first_side,
        pending,
    })
}

/// Games waiting for staff: disputed ones first, then pending, oldest first.
pub(crate) fn queue(app: &App, access: &Access) -> Result<Vec<Game>, ServiceError> {
    access.require_arbiter()?;
    let mut conn = app.conn()?;
    let mut games: Vec<Game> = q::games_of_event(&mut conn, access.event.id)?
        .into_iter()
        .filter(|g| matches!(g.status, GameStatus::Pending | GameStatus::Disputed))
        .collect();
    games.sort_by_key(|g| (g.status != GameStatus::Disputed, g.updated_at));
    Ok(games)
}

/// Every submission of a game (for the staff's view).
pub(crate) fn submissions(
    app: &App,
    access: &Access,
    game_id: GameId,
) -> Result<Vec<Submission>, ServiceError> {
    access.require_arbiter()?;
    let mut conn = app.conn()?;
    let game = q::game_by_id(&mut conn, game_id)?
        .filter(|g| g.event_id == access.event.id)
        .ok_or(ServiceError::NotFound)?;
    Ok(q::submissions_of_game(&mut conn, game.id)?)
}
