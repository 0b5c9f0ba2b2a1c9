//! Games in play on the pages: the board a player (through the personal link or the account)
//! or staff enter moves on as they are played, the streams that keep a game's and a round's
//! pages up to date, and the round's live page with every board.
//!
//! Every move is a form post that answers with the board again (no JavaScript needed); with
//! JavaScript (`static/live.js`) the same move is sent as JSON and the board redrawn in place,
//! and moves entered while the connection is down are kept and sent in order once it is back.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::board_html::BoardHtml;
use super::{html, redirect, redirect_with_flash};
use crate::domain::{Event, GameId, GameState};
use crate::service::access::Access;
use crate::service::games::{self, Actor, LiveBoard, LiveState, MoveError, SentMove};
use crate::service::live_feed::Audience;
use crate::service::{App, ServiceError};
use crate::web::api::live::{game_opening, move_error, round_opening};
use crate::web::context::{Chrome, CsrfForm, Empty, FlashLevel, FormOrJson};
use crate::web::errors::WebError;
use crate::web::event_context::{ArbiterPage, EventPage, GameActor};
use crate::web::live::{self as sse, state_json};
use crate::web::paths;
use crate::web::personal::PersonalGame;

/// A move as a page sends it: the ply it plays and the hole (a board's button is named
/// `play`; a script sends `move`).
#[derive(Deserialize)]
pub struct MoveForm {
    ply: u32,
    #[serde(rename = "move", alias = "play")]
    text: String,
}

/// Where a game is played from, and who plays there.
struct Seat {
    access: Access,
    game_id: GameId,
    /// `/p/{secret}/games/{id}` or `/events/{slug}/games/{id}`.
    base: String,
    actor: Actor,
}

impl Seat {
    fn of_link(game: PersonalGame) -> (Chrome, Seat) {
        (
            game.chrome,
            Seat {
                access: game.access,
                game_id: game.game_id,
                base: game.base,
                actor: game.actor,
            },
        )
    }

    fn of_session(party: GameActor) -> (Chrome, Seat) {
        let base = paths::game(&party.access.event.slug, party.game.id);
        (
            party.chrome,
            Seat {
                access: party.access,
                game_id: party.game.id,
                base,
                actor: party.actor,
            },
        )
    }
}

#[derive(Template)]
#[template(path = "games/play.html")]
struct PlayPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    round: i32,
    board_number: i32,
    first: String,
    second: String,
    base: String,
    state: LiveState,
    board: BoardHtml,
    /// The moves so far, numbered: `1. c2 2. h3 …`.
    moves: String,
    /// The result on the board, said.
    over: Option<String>,
    /// Staff may take the last move back.
    take_back: Option<String>,
    /// A player enters the moves (not staff): told what entering the opponent's means.
    is_player: bool,
    /// A refusal of the move just sent.
    error: Option<String>,
}

/// The board of a game in play, with its legal holes as buttons.
async fn play_page(
    app: web::Data<App>,
    chrome: &Chrome,
    seat: Seat,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let service = app.into_inner();
    let access = seat.access.clone();
    let game_id = seat.game_id;
    let (view, state) = crate::web::run(move || {
        let view = games::view(&service, &access, game_id, games::Viewer::Party)?;
        let state = games::live_state(&service, &access, game_id, false)?;
        Ok::<_, ServiceError>((view, state))
    })
    .await?;
    if view.second.is_none() {
        return Err(WebError::Service(ServiceError::Conflict(
            crate::domain::ErrorCode::GameHasNoOpponent,
        )));
    }
    let playable = if state.takes_moves() {
        state.legal.clone()
    } else {
        Vec::new()
    };
    let mut board = BoardHtml::with_buttons(&state.position, &playable);
    if let Some(marks) = view.marks.last() {
        board.show_ply(marks);
    }
    let name =
        |p: &Option<games::GamePlayer>| p.as_ref().map(|p| p.name.clone()).unwrap_or_default();
    board.south_name = Some(name(&view.first));
    board.north_name = Some(name(&view.second));
    board.over = state.over.is_some();
    let over = state.over.map(|(result, termination)| {
        let how = chrome.t(&format!("termination-{}", termination.as_str()));
        format!("{result} ({how})")
    });
    let moves = state
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}. {m}", i + 1))
        .collect::<Vec<_>>()
        .join(" ");
    let take_back = (matches!(seat.actor, Actor::Staff { .. })
        && state.status == GameState::InPlay)
        .then(|| {
            format!(
                "{}/takeback",
                paths::game(&seat.access.event.slug, seat.game_id)
            )
        });
    html(&PlayPage {
        c: chrome,
        event: &seat.access.event,
        round: view.round,
        board_number: view.board,
        first: name(&view.first),
        second: name(&view.second),
        base: seat.base,
        moves,
        over,
        take_back,
        is_player: matches!(seat.actor, Actor::Player { .. }),
        error,
        board,
        state,
    })
}

/// Plays a move and answers as it was sent: JSON with the game as it stands (or the refusal
/// in the reader's language), or the board page again (303 to it, the refusal said on it).
async fn play_move(
    req: &HttpRequest,
    app: web::Data<App>,
    chrome: &Chrome,
    seat: Seat,
    form: FormOrJson<MoveForm>,
) -> Result<HttpResponse, WebError> {
    let json = form.json;
    let lang = chrome.lang;
    let fields = match form.parsed() {
        Ok(fields) => fields,
        Err(e) if json => {
            return Ok(actix_web::ResponseError::error_response(
                &crate::web::api::ApiError::said_in(sse::malformed_move(e), lang),
            ));
        }
        Err(e) => return Err(e),
    };
    let sent = SentMove {
        ply: fields.ply,
        text: fields.text,
    };
    let service = app.into_inner();
    let (game_id, actor) = (seat.game_id, seat.actor.clone());
    let played = crate::web::run(move || {
        Ok::<_, ServiceError>(games::play(&service, game_id, &actor, &sent))
    })
    .await?;
    let back = format!("{}/play", seat.base);
    match (played, json) {
        (Ok(state), true) => Ok(HttpResponse::Ok().json(state_json(&state))),
        (Err(e), true) => Ok(actix_web::ResponseError::error_response(&move_error(
            e, lang,
        ))),
        (Ok(_), false) => Ok(redirect(&back)),
        (Err(MoveError::Service(e)), false) => Err(WebError::Service(e)),
        (Err(MoveError::Taken { code, .. }), false) => {
            redirect_with_flash(req, &back, FlashLevel::Error, &super::error_key(code))
        }
        (Err(MoveError::Illegal { .. }), false) => {
            redirect_with_flash(req, &back, FlashLevel::Error, "error-illegal_move")
        }
    }
}

/// `GET /p/{secret}/games/{id}/play`: the board the link's player enters moves on.
pub(crate) async fn personal_play(
    app: web::Data<App>,
    game: PersonalGame,
) -> Result<HttpResponse, WebError> {
    let (chrome, seat) = Seat::of_link(game);
    play_page(app, &chrome, seat, None).await
}

/// `POST /p/{secret}/games/{id}/moves`: a move, as a form (with its CSRF token) or as JSON
/// (the secret in the path is the credential; a cross-site `Origin` is refused).
pub(crate) async fn personal_move(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    form: FormOrJson<MoveForm>,
) -> Result<HttpResponse, WebError> {
    let (chrome, seat) = Seat::of_link(game);
    play_move(&req, app, &chrome, seat, form).await
}

/// `GET /p/{secret}/games/{id}/moves`: the game as it stands, as JSON (what a move answers).
pub(crate) async fn personal_state(
    app: web::Data<App>,
    game: PersonalGame,
) -> Result<HttpResponse, WebError> {
    let (_, seat) = Seat::of_link(game);
    state_answer(app, seat).await
}

/// `GET /p/{secret}/games/{id}/stream`: the game's stream for its player, without delay.
pub(crate) async fn personal_stream(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
) -> Result<HttpResponse, WebError> {
    let (_, seat) = Seat::of_link(game);
    game_stream_for(&req, app, seat.access, seat.game_id, Audience::Party).await
}

/// `GET /events/{slug}/games/{id}/play`: the board a signed-in player or staff enter moves on.
pub(crate) async fn play(app: web::Data<App>, party: GameActor) -> Result<HttpResponse, WebError> {
    let (chrome, seat) = Seat::of_session(party);
    play_page(app, &chrome, seat, None).await
}

/// `POST /events/{slug}/games/{id}/moves`.
pub(crate) async fn play_move_signed_in(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    form: FormOrJson<MoveForm>,
) -> Result<HttpResponse, WebError> {
    let (chrome, seat) = Seat::of_session(party);
    play_move(&req, app, &chrome, seat, form).await
}

/// `GET /events/{slug}/games/{id}/moves`: the game as it stands, for its players and staff.
pub(crate) async fn state(app: web::Data<App>, party: GameActor) -> Result<HttpResponse, WebError> {
    let (_, seat) = Seat::of_session(party);
    state_answer(app, seat).await
}

async fn state_answer(app: web::Data<App>, seat: Seat) -> Result<HttpResponse, WebError> {
    let service = app.into_inner();
    let state =
        crate::web::run(move || games::live_state(&service, &seat.access, seat.game_id, false))
            .await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(state_json(&state)))
}

/// `POST /events/{slug}/games/{id}/takeback` (arbiters): the last move is taken back.
pub(crate) async fn take_back(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, GameId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, game_id) = path.into_inner();
    let back = format!("{}/play", paths::game(&page.access.event.slug, game_id));
    super::act_or_say_why(
        &req,
        app,
        &page.access,
        move |app, access| games::take_back(app, access, game_id),
        &back,
        "flash-move-taken-back",
    )
    .await
}

async fn game_stream_for(
    req: &HttpRequest,
    app: web::Data<App>,
    access: Access,
    game_id: GameId,
    audience: Audience,
) -> Result<HttpResponse, WebError> {
    let service = app.into_inner();
    let admitted = sse::admit(req, &service)?;
    let (first, lines) =
        crate::web::run(move || game_opening(&service, &access, game_id, audience)).await?;
    Ok(sse::event_stream(first, lines, admitted, false))
}

/// `GET /events/{slug}/games/{id}/stream`: the game page's stream; its players and the staff
/// follow it without delay.
pub(crate) async fn game_stream(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
    path: web::Path<(String, GameId)>,
) -> Result<HttpResponse, WebError> {
    let (_, game_id) = path.into_inner();
    let service = app.clone().into_inner();
    let user = page.chrome.user.clone();
    let (access, audience) = crate::web::run(move || {
        let (access, game, players) = games::access_for_game(&service, game_id, user.as_ref())?;
        let party = games::actor_for(&access, &game, &players).is_some() || access.is_arbiter();
        Ok::<_, ServiceError>((
            access,
            if party {
                Audience::Party
            } else {
                Audience::Public
            },
        ))
    })
    .await?;
    if access.event.id != page.access.event.id {
        return Err(WebError::Service(ServiceError::NotFound));
    }
    game_stream_for(&req, app, access, game_id, audience).await
}

/// `GET /events/{slug}/rounds/{n}/stream`: the round's live page's stream.
pub(crate) async fn round_stream(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, WebError> {
    let (_, number) = path.into_inner();
    let audience = if page.access.is_arbiter() {
        Audience::Party
    } else {
        Audience::Public
    };
    let service = app.into_inner();
    let admitted = sse::admit(&req, &service)?;
    let access = page.access.clone();
    let (first, lines) =
        crate::web::run(move || round_opening(&service, &access, number, audience)).await?;
    Ok(sse::event_stream(first, lines, admitted, false))
}

#[derive(Template)]
#[template(path = "rounds/live.html")]
struct RoundLivePage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    round: i32,
    boards: Vec<(LiveBoard, BoardHtml)>,
}

/// `GET /events/{slug}/rounds/{n}/live`: every board of the round as it stands, kept up to
/// date by the round's stream (without JavaScript, the page reloads itself).
pub(crate) async fn round_live(
    app: web::Data<App>,
    page: EventPage,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, WebError> {
    let (_, number) = path.into_inner();
    let public = !page.access.is_arbiter();
    let service = app.into_inner();
    let access = page.access.clone();
    let boards =
        crate::web::run(move || games::round_state(&service, &access, number, public)).await?;
    let boards = boards
        .into_iter()
        .map(|b| {
            let mut board = BoardHtml::with_buttons(&b.position, &[]);
            if let Some(last) = &b.last_move {
                board.mark_hole(last);
            }
            // A game with a result (waiting for confirmation or final): nobody is to move.
            board.over =
                b.result.is_some() || matches!(b.status, GameState::Pending | GameState::Final);
            (b, board)
        })
        .collect();
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(
            RoundLivePage {
                c: &page.chrome,
                event: &page.access.event,
                round: number,
                boards,
            }
            .render()?,
        ))
}
