//! The personal link, `/p/{secret}`: a player's entry and their games, reached without an
//! account, the same forms as signed in.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::GameAt;
use super::Place;
use super::actions::DisputeForm;
use super::actions::RecordForm;
use super::actions::confirm_as;
use super::actions::dispute_as;
use super::actions::submit;
use super::board::BoardQuery;
use super::board::BoardSubmitForm;
use super::board::board_page;
use super::board::submit_board;
use super::page::PlyQuery;
use super::page::ReplayChoice;
use super::page::no_problem;
use super::page::render;
use crate::service::events::Event;
use crate::service::{App, players};
use crate::web::context::Empty;
use crate::web::context::{Chrome, CsrfForm, CsrfUpload, FlashLevel, SignedIn};
use crate::web::errors::WebError;
use crate::web::pages::{html, redirect_with_flash};
use crate::web::paths;
use crate::web::personal::{PersonalGame, PersonalLink};

#[derive(Template)]
#[template(path = "games/personal.html")]
struct PersonalPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    player: crate::service::players::Player,
    /// The entry's event, games and what to do next.
    mine: crate::service::my_games::MyEvent,
    /// Where its games open: `/p/{secret}/games/`.
    games_base: String,
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
    crate::web::run(move || players::claim(&service, &secret, &user)).await?;
    redirect_with_flash(&req, &back, FlashLevel::Success, "flash-player-claimed")
}

pub(crate) async fn personal(
    req: HttpRequest,
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
    let entry = player.clone();
    let mine =
        crate::web::run(move || crate::service::my_games::of_entry(&service, &entry)).await?;
    let bound_to_you = c
        .user
        .as_ref()
        .is_some_and(|u| player.user_id == Some(u.id));
    let link_secret = secret.clone();
    let mut response = html(&PersonalPage {
        c: &c,
        event: &access.event,
        player: crate::service::players::Player::from_row(&player, false),
        games_base: format!("{}/games/", paths::personal(&secret)),
        mine,
        secret,
        bound_to_you,
    })?;
    crate::web::pages::venue::remember_link(&req, &mut response, &link_secret);
    Ok(response)
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
        GameAt {
            access: game.access,
            game_id: game.game_id,
            place,
        },
        ReplayChoice::from(&*query),
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
        GameAt {
            access: game.access,
            game_id: game.game_id,
            place,
        },
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
        GameAt {
            access: game.access,
            game_id: game.game_id,
            place,
        },
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
        GameAt {
            access: game.access,
            game_id: game.game_id,
            place,
        },
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
        GameAt {
            access: game.access,
            game_id: game.game_id,
            place,
        },
        form,
    )
    .await
}
