//! A record entered on the board, move by move, with no script: each move a link.

use crate::domain::ErrorCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::GameAt;
use super::actions::submit;
use super::page::party_parts;
use crate::domain::GameState;
use crate::rules::{Hole, Side};
use crate::service::board::{self, Claim};
use crate::service::events::Event;
use crate::service::games::{self, GameView};
use crate::service::{App, ServiceError};
use crate::web::context::{Chrome, CsrfForm};
use crate::web::errors::WebError;
use crate::web::event_context::GameActor;
use crate::web::pages::board_html::BoardHtml;
use crate::web::pages::html;

#[derive(Template)]
#[template(path = "games/board.html")]
struct BoardPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    game: GameView,
    board: BoardHtml,
    base: String,
    moves: String,
    undo: String,
    error: Option<String>,
    over: Option<String>,
    may_rearrange: bool,
    plies: usize,
    first_name: String,
    second_name: String,
}

#[derive(Deserialize)]
pub struct BoardQuery {
    #[serde(default)]
    moves: String,
    #[serde(default)]
    play: String,
}

fn split_moves(text: &str) -> Vec<String> {
    text.split_whitespace()
        .take(2000)
        .map(str::to_string)
        .collect()
}

pub(super) fn moves_link(base: &str, moves: &[String]) -> String {
    format!(
        "{base}/board?moves={}",
        crate::web::errors::urlencode(&moves.join(" "))
    )
}

pub(super) async fn board_page(
    app: web::Data<App>,
    chrome: &Chrome,
    at: GameAt,
    query: BoardQuery,
) -> Result<HttpResponse, WebError> {
    let GameAt {
        access,
        game_id,
        place,
    } = at;
    if place.actor.is_none() {
        return Err(WebError::Service(ServiceError::Forbidden));
    }
    let service = app.into_inner();
    let access_for_block = access.clone();
    let game = crate::web::run(move || {
        games::view(&service, &access_for_block, game_id, games::Viewer::Party)
    })
    .await?;
    if game.status == GameState::Final || game.second.is_none() {
        return Err(WebError::Service(ServiceError::Conflict(
            ErrorCode::GameFinal,
        )));
    }
    let mut moves = split_moves(&query.moves);
    if !query.play.trim().is_empty() {
        moves.push(query.play.trim().to_string());
    }
    // The player who moves first sits South on the board page.
    let state = board::explore(access.event.variant, Side::South, &moves);
    let base = place.base.clone();
    let played = state.moves.clone();
    let link = |hole: Hole| {
        state.legal.contains(&hole).then(|| {
            let mut next = played.clone();
            next.push(hole.to_string());
            moves_link(&base, &next)
        })
    };
    let board = BoardHtml::new(&state.position, link);
    let undo = moves_link(&base, &played[..played.len().saturating_sub(1)]);
    let over = state.over.map(|(result, termination)| {
        let how = chrome.t(&format!("termination-{}", termination.as_str()));
        format!("{result} ({how})")
    });
    let first_name = game
        .first
        .as_ref()
        .map(|p| p.name.clone())
        .unwrap_or_default();
    let second_name = game
        .second
        .as_ref()
        .map(|p| p.name.clone())
        .unwrap_or_default();
    html(&BoardPage {
        c: chrome,
        event: &access.event,
        game,
        board,
        base: place.base,
        moves: played.join(" "),
        undo,
        error: state.error,
        over,
        may_rearrange: state.may_rearrange,
        plies: played.len(),
        first_name,
        second_name,
    })
}

pub(crate) async fn board(
    app: web::Data<App>,
    party: GameActor,
    query: web::Query<BoardQuery>,
) -> Result<HttpResponse, WebError> {
    let (chrome, at) = party_parts(party);
    board_page(app, &chrome, at, query.into_inner()).await
}

#[derive(Deserialize)]
pub struct BoardSubmitForm {
    #[serde(default)]
    moves: String,
    /// `""` (the game is over on the board), `resign-S`, `resign-N`, `time-S`, `time-N`,
    /// `draw`.
    #[serde(default)]
    claim: String,
}

fn claim(text: &str) -> Result<Option<Claim>, WebError> {
    Ok(match text.trim() {
        "" => None,
        "resign-S" => Some(Claim::Resigned(Side::South)),
        "resign-N" => Some(Claim::Resigned(Side::North)),
        "time-S" => Some(Claim::LostOnTime(Side::South)),
        "time-N" => Some(Claim::LostOnTime(Side::North)),
        "draw" => Some(Claim::Draw),
        _ => return Err(WebError::BadRequest),
    })
}

pub(super) async fn submit_board(
    req: &HttpRequest,
    app: web::Data<App>,
    chrome: &Chrome,
    at: GameAt,
    form: BoardSubmitForm,
) -> Result<HttpResponse, WebError> {
    let GameAt {
        access,
        game_id,
        place,
    } = at;
    let claim = claim(&form.claim)?;
    let moves = split_moves(&form.moves);
    let Some(text) = board::record_of(access.event.variant, Side::South, &moves, claim) else {
        return Err(WebError::Service(ServiceError::invalid(
            "record",
            ErrorCode::RecordUnfinished,
        )));
    };
    let at = GameAt {
        access,
        game_id,
        place,
    };
    submit(req, app, chrome, at, text).await
}

pub(crate) async fn board_submit(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    form: CsrfForm<BoardSubmitForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (chrome, at) = party_parts(party);
    submit_board(&req, app, &chrome, at, form).await
}

// The personal link: /p/{secret}.
