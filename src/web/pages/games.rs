//! Game pages: the record, result and a replay at any ply; submitting a record (pasted or
//! entered on the board), confirming, disputing and deciding. Players reach their games
//! signed in, or through their personal link (`/p/{secret}`), which needs no account.

use crate::domain::ErrorCode;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::events::Empty;
use super::{html, redirect_with_flash};
use crate::domain::{Game, GameId, GameStatus, Player};
use crate::rules::{Hole, Position, Side, VerdictJson};
use crate::service::board::{self, Claim};
use crate::service::events::{Access, Event};
use crate::service::games::{self, Actor, GameView, SubmitError};
use crate::service::{App, ServiceError, players};
use crate::web::context::{Chrome, CsrfForm, CsrfUpload, FlashLevel, SignedIn};
use crate::web::errors::WebError;
use crate::web::event_context::{ArbiterPage, EventPage, GameActor, GamePlayer};
use crate::web::paths;
use crate::web::personal::{PersonalGame, PersonalLink};

/// One hole as drawn.
pub struct Cell {
    pub name: String,
    pub count: u8,
    /// A link that plays this hole (board entry only).
    pub link: Option<String>,
    pub south: bool,
    pub inner: bool,
}

/// A board as drawn: rank 4 at the top.
pub struct BoardHtml {
    pub rows: Vec<Vec<Cell>>,
    pub to_move: Side,
    pub south: u32,
    pub north: u32,
}

impl BoardHtml {
    fn new(position: &Position, link: impl Fn(Hole) -> Option<String>) -> BoardHtml {
        BoardHtml {
            rows: board::rows(position)
                .into_iter()
                .map(|row| {
                    row.into_iter()
                        .map(|(hole, count)| Cell {
                            name: hole.to_string(),
                            count,
                            link: link(hole),
                            south: hole.side() == Side::South,
                            inner: hole.is_inner(),
                        })
                        .collect()
                })
                .collect(),
            to_move: position.to_move,
            south: position.board.stones(Side::South),
            north: position.board.stones(Side::North),
        }
    }

    #[must_use]
    pub(crate) fn to_move_is_south(&self) -> bool {
        self.to_move == Side::South
    }
}

/// Where a game's pages live, and who acts there.
#[derive(Clone)]
struct Place {
    /// `/events/{slug}/games/{id}` or `/p/{secret}/games/{id}`.
    base: String,
    actor: Option<Actor>,
}

#[derive(Template)]
#[template(path = "games/show.html")]
struct GamePage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    game: GameView,
    board: Option<BoardHtml>,
    ply: usize,
    plies: usize,
    last_move: Option<String>,
    captured: u32,
    base: String,
    can_submit: bool,
    can_confirm: bool,
    can_dispute: bool,
    is_arbiter: bool,
    error: Option<String>,
    verdict: Option<VerdictJson>,
    detail: Option<String>,
    record_text: String,
    submissions: Vec<crate::domain::Submission>,
    log: Vec<crate::service::audit::Shown>,
}

#[derive(Deserialize)]
pub struct PlyQuery {
    #[serde(default)]
    ply: Option<usize>,
}

struct Problem {
    error: Option<String>,
    verdict: Option<VerdictJson>,
    detail: Option<String>,
    record_text: String,
}

fn no_problem() -> Problem {
    Problem {
        error: None,
        verdict: None,
        detail: None,
        record_text: String::new(),
    }
}

#[allow(clippy::too_many_arguments)]
async fn render(
    app: web::Data<App>,
    chrome: &Chrome,
    access: Access,
    game_id: GameId,
    place: Place,
    ply: Option<usize>,
    problem: Problem,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let text = render_text(app, chrome, access, game_id, place, ply, problem).await?;
    Ok(super::super::errors::rendered(
        HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(text),
    ))
}

/// The game page's HTML.
async fn render_text(
    app: web::Data<App>,
    chrome: &Chrome,
    access: Access,
    game_id: GameId,
    place: Place,
    ply: Option<usize>,
    problem: Problem,
) -> Result<String, WebError> {
    let service = app.into_inner();
    // Staff acting as staff: a staff member who plays in this game acts as a player here.
    let staff = matches!(place.actor, Some(Actor::Staff { .. }));
    let viewer = if place.actor.is_some() {
        games::Viewer::Party
    } else {
        games::Viewer::Public
    };
    let access_for_block = access.clone();
    let (view, submissions, log) = web::block(move || {
        let view = games::view(&service, &access_for_block, game_id, viewer)?;
        let (submissions, log) = if staff {
            (
                games::submissions(&service, &access_for_block, game_id)?,
                crate::service::audit::game_log(&service, &access_for_block, game_id)?,
            )
        } else {
            (Vec::new(), Vec::new())
        };
        Ok::<_, ServiceError>((view, submissions, log))
    })
    .await??;
    let plies = view.positions.len().saturating_sub(1);
    let ply = ply.unwrap_or(plies).min(plies);
    let board = view
        .positions
        .get(ply)
        .and_then(|p| board::position_of(p))
        .map(|p| BoardHtml::new(&p, |_| None));
    let last_move = ply.checked_sub(1).and_then(|i| view.moves.get(i).cloned());
    let captured = ply
        .checked_sub(1)
        .and_then(|i| view.captured.get(i).copied())
        .unwrap_or(0);
    let is_player = matches!(place.actor, Some(Actor::Player { .. }));
    let my_id = match place.actor {
        Some(Actor::Player { player_id, .. }) => Some(player_id),
        _ => None,
    };
    let open = view.status != GameStatus::Final && view.second.is_some();
    let pending_from_other = view
        .pending
        .as_ref()
        .is_some_and(|p| p.player_id.is_some() && p.player_id != my_id);
    Ok(GamePage {
        c: chrome,
        event: &access.event,
        can_submit: open && (is_player || staff),
        can_confirm: view.status == GameStatus::Pending
            && (pending_from_other && is_player || staff && view.pending.is_some()),
        can_dispute: view.status == GameStatus::Pending && is_player,
        is_arbiter: staff,
        game: view,
        board,
        ply,
        plies,
        last_move,
        captured,
        base: place.base,
        error: problem.error,
        verdict: problem.verdict,
        detail: problem.detail,
        record_text: problem.record_text,
        submissions,
        log,
    }
    .render()?)
}

/// Where a game's party acts: the game's page on the event's site.
fn party_place(party: &GameActor) -> Place {
    Place {
        base: paths::game(&party.access.event.slug, party.game.id),
        actor: Some(party.actor.clone()),
    }
}

/// A game's party as the submitting functions take it: page frame, event, game id, place.
fn party_parts(party: GameActor) -> (Chrome, Access, GameId, Place) {
    let place = party_place(&party);
    (party.chrome, party.access, party.game.id, place)
}

fn session_place(access: &Access, game: &Game, players: &[Player]) -> Place {
    Place {
        base: paths::game(&access.event.slug, game.id),
        actor: games::actor_for(access, game, players),
    }
}

async fn load_game(
    app: &web::Data<App>,
    game_id: GameId,
    user: Option<crate::service::accounts::User>,
) -> Result<(Access, Game, Vec<Player>), WebError> {
    let app = app.clone().into_inner();
    Ok(web::block(move || games::access_for_game(&app, game_id, user.as_ref())).await??)
}

pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
    path: web::Path<(String, GameId)>,
    query: web::Query<PlyQuery>,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &page) {
        return Ok(r);
    }
    let (_, game_id) = path.into_inner();
    let (access, game, players) = load_game(&app, game_id, page.chrome.user.clone()).await?;
    if access.event.id != page.access.event.id {
        return Err(WebError::NotFound);
    }
    let place = session_place(&access, &game, &players);
    let text = render_text(
        app,
        &page.chrome,
        access,
        game_id,
        place,
        query.ply,
        no_problem(),
    )
    .await?;
    Ok(super::cached_text(&req, &page, text))
}

#[derive(Deserialize)]
pub struct RecordForm {
    #[serde(default)]
    record: String,
}

async fn submit(
    req: &HttpRequest,
    app: web::Data<App>,
    chrome: &Chrome,
    access: Access,
    game_id: GameId,
    place: Place,
    text: String,
) -> Result<HttpResponse, WebError> {
    let actor = place.actor.clone().ok_or(WebError::Forbidden)?;
    let service = app.clone().into_inner();
    let submitted = text.clone();
    let result =
        web::block(move || games::submit_record(&service, game_id, &actor, &submitted)).await?;
    match result {
        Ok(outcome) => {
            let key = match outcome.status {
                GameStatus::Final => "flash-result-final",
                GameStatus::Disputed => "flash-result-disputed",
                GameStatus::Pending | GameStatus::Scheduled => "flash-result-pending",
            };
            redirect_with_flash(req, &place.base, FlashLevel::Success, key)
        }
        Err(SubmitError::Refused(refusal)) => {
            let problem = Problem {
                error: Some(format!("error-{}", refusal.code)),
                verdict: refusal.verdict,
                detail: refusal.detail,
                record_text: text,
            };
            render(
                app,
                chrome,
                access,
                game_id,
                place,
                None,
                problem,
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
        Err(SubmitError::Service(e)) => Err(e.into()),
    }
}

pub(crate) async fn submit_record(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    form: CsrfForm<RecordForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (chrome, access, game_id, place) = party_parts(party);
    submit(&req, app, &chrome, access, game_id, place, form.record).await
}

/// `POST /events/{slug}/games/{id}/upload`: the record as a file, without JavaScript.
pub(crate) async fn upload_record(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    upload: CsrfUpload,
) -> Result<HttpResponse, WebError> {
    let text = upload.text()?;
    let (chrome, access, game_id, place) = party_parts(party);
    submit(&req, app, &chrome, access, game_id, place, text).await
}

async fn confirm_as(
    req: &HttpRequest,
    app: web::Data<App>,
    game_id: GameId,
    place: Place,
) -> Result<HttpResponse, WebError> {
    let actor = place.actor.clone().ok_or(WebError::Forbidden)?;
    let service = app.into_inner();
    web::block(move || games::confirm(&service, game_id, &actor)).await??;
    redirect_with_flash(req, &place.base, FlashLevel::Success, "flash-result-final")
}

pub(crate) async fn confirm(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let place = party_place(&party);
    confirm_as(&req, app, party.game.id, place).await
}

#[derive(Deserialize)]
pub struct DisputeForm {
    #[serde(default)]
    reason: String,
}

async fn dispute_as(
    req: &HttpRequest,
    app: web::Data<App>,
    game_id: GameId,
    place: Place,
    reason: String,
) -> Result<HttpResponse, WebError> {
    let actor = place.actor.clone().ok_or(WebError::Forbidden)?;
    let service = app.into_inner();
    web::block(move || games::dispute(&service, game_id, &actor, &reason)).await??;
    redirect_with_flash(
        req,
        &place.base,
        FlashLevel::Success,
        "flash-result-disputed",
    )
}

pub(crate) async fn dispute(
    req: HttpRequest,
    app: web::Data<App>,
    GamePlayer(party): GamePlayer,
    form: CsrfForm<DisputeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let place = party_place(&party);
    dispute_as(&req, app, party.game.id, place, form.reason).await
}

#[derive(Deserialize)]
pub struct DecisionForm {
    #[serde(default)]
    result: String,
    #[serde(default)]
    reason: String,
}

pub(crate) async fn decide(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, GameId)>,
    form: CsrfForm<DecisionForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, game_id) = path.into_inner();
    let access = page.access.clone();
    let service = app.into_inner();
    web::block(move || games::decide(&service, &access, game_id, &form.result, &form.reason))
        .await??;
    redirect_with_flash(
        &req,
        &paths::game(&page.access.event.slug, game_id),
        FlashLevel::Success,
        "flash-result-final",
    )
}

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

fn moves_link(base: &str, moves: &[String]) -> String {
    format!(
        "{base}/board?moves={}",
        super::super::errors::urlencode(&moves.join(" "))
    )
}

async fn board_page(
    app: web::Data<App>,
    chrome: &Chrome,
    access: Access,
    game_id: GameId,
    place: Place,
    query: BoardQuery,
) -> Result<HttpResponse, WebError> {
    if place.actor.is_none() {
        return Err(WebError::Forbidden);
    }
    let service = app.into_inner();
    let access_for_block = access.clone();
    let game =
        web::block(move || games::view(&service, &access_for_block, game_id, games::Viewer::Party))
            .await??;
    if game.status == GameStatus::Final || game.second.is_none() {
        return Err(WebError::Conflict(ErrorCode::GameFinal));
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
    let over = state
        .over
        .map(|(result, termination)| format!("{result} ({termination})"));
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
    let (chrome, access, game_id, place) = party_parts(party);
    board_page(app, &chrome, access, game_id, place, query.into_inner()).await
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

async fn submit_board(
    req: &HttpRequest,
    app: web::Data<App>,
    chrome: &Chrome,
    access: Access,
    game_id: GameId,
    place: Place,
    form: BoardSubmitForm,
) -> Result<HttpResponse, WebError> {
    let claim = claim(&form.claim)?;
    let moves = split_moves(&form.moves);
    let Some(text) = board::record_of(access.event.variant, Side::South, &moves, claim) else {
        return Err(WebError::Invalid(ErrorCode::RecordUnfinished));
    };
    submit(req, app, chrome, access, game_id, place, text).await
}

pub(crate) async fn board_submit(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    form: CsrfForm<BoardSubmitForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (chrome, access, game_id, place) = party_parts(party);
    submit_board(&req, app, &chrome, access, game_id, place, form).await
}

// The personal link: /p/{secret}.

#[derive(Template)]
#[template(path = "games/personal.html")]
struct PersonalPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    player: crate::service::players::Player,
    games: Vec<crate::service::rounds::BoardView>,
    rounds: Vec<i32>,
    secret: String,
    /// The entry is bound to the signed-in account.
    bound_to_you: bool,
}

/// `POST /p/{secret}/claim`: "this is me", by a signed-in holder of the personal link.
pub(crate) async fn personal_claim(
    req: HttpRequest,
    app: web::Data<App>,
    signed_in: SignedIn,
    path: web::Path<String>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let secret = path.into_inner();
    let user = signed_in.user.clone();
    let service = app.into_inner();
    let back = paths::personal(&secret);
    web::block(move || players::claim(&service, &secret, &user)).await??;
    redirect_with_flash(&req, &back, FlashLevel::Success, "flash-player-claimed")
}

pub(crate) async fn personal(
    app: web::Data<App>,
    link: PersonalLink,
) -> Result<HttpResponse, WebError> {
    let PersonalLink {
        chrome: c,
        access,
        player,
        secret,
    } = link;
    let service = app.into_inner();
    let access_for_block = access.clone();
    let all =
        web::block(move || crate::service::rounds::all(&service, &access_for_block)).await??;
    let mut mine = Vec::new();
    let mut rounds = Vec::new();
    for round in all {
        for b in round.boards {
            let plays = b.first.as_ref().is_some_and(|p| p.id == player.id)
                || b.second.as_ref().is_some_and(|p| p.id == player.id);
            if plays {
                rounds.push(round.number);
                mine.push(b);
            }
        }
    }
    let bound_to_you = c
        .user
        .as_ref()
        .is_some_and(|u| player.user_id == Some(u.id));
    html(&PersonalPage {
        c: &c,
        event: &access.event,
        player: crate::service::players::Player::from_row(&player, false),
        games: mine,
        rounds,
        secret,
        bound_to_you,
    })
}

/// Where a personal link's game lives, and its player acting.
fn link_place(game: &PersonalGame) -> Place {
    Place {
        base: game.base.clone(),
        actor: Some(game.actor.clone()),
    }
}

pub(crate) async fn personal_show(
    app: web::Data<App>,
    game: PersonalGame,
    query: web::Query<PlyQuery>,
) -> Result<HttpResponse, WebError> {
    let place = link_place(&game);
    render(
        app,
        &game.chrome,
        game.access,
        game.game_id,
        place,
        query.ply,
        no_problem(),
        StatusCode::OK,
    )
    .await
}

pub(crate) async fn personal_record(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    form: CsrfForm<RecordForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let place = link_place(&game);
    submit(
        &req,
        app,
        &game.chrome,
        game.access,
        game.game_id,
        place,
        form.record,
    )
    .await
}

/// `POST /p/{secret}/games/{id}/upload`: the record as a file.
pub(crate) async fn personal_upload(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    upload: CsrfUpload,
) -> Result<HttpResponse, WebError> {
    let text = upload.text()?;
    let place = link_place(&game);
    submit(
        &req,
        app,
        &game.chrome,
        game.access,
        game.game_id,
        place,
        text,
    )
    .await
}

pub(crate) async fn personal_confirm(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let place = link_place(&game);
    confirm_as(&req, app, game.game_id, place).await
}

pub(crate) async fn personal_dispute(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    form: CsrfForm<DisputeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let place = link_place(&game);
    dispute_as(&req, app, game.game_id, place, form.reason).await
}

pub(crate) async fn personal_board(
    app: web::Data<App>,
    game: PersonalGame,
    query: web::Query<BoardQuery>,
) -> Result<HttpResponse, WebError> {
    let place = link_place(&game);
    board_page(
        app,
        &game.chrome,
        game.access,
        game.game_id,
        place,
        query.into_inner(),
    )
    .await
}

pub(crate) async fn personal_board_submit(
    req: HttpRequest,
    app: web::Data<App>,
    game: PersonalGame,
    form: CsrfForm<BoardSubmitForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let place = link_place(&game);
    submit_board(
        &req,
        app,
        &game.chrome,
        game.access,
        game.game_id,
        place,
        form,
    )
    .await
}
