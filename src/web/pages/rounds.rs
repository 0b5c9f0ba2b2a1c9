//! Rounds: the pairings page (with the organiser's review of a draft), pairing, publishing,
//! the printable pairing sheet, and the standings.

use crate::domain::ErrorCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::events::Empty;
use super::{act_and_redirect, redirect_with_flash};
use crate::service::events::Event;
use crate::service::rounds::{self, RoundView};
use crate::service::standings::{self, StandingsView};
use crate::service::{App, ServiceError};
use crate::web::context::{Chrome, CsrfForm, FlashLevel};
use crate::web::errors::WebError;
use crate::web::event_context::{EventPage, OrganiserPage};
use crate::web::paths;

#[derive(Template)]
#[template(path = "rounds/show.html")]
struct RoundPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    round: RoundView,
    is_organiser: bool,
    numbers: Vec<i32>,
}

pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &page) {
        return Ok(r);
    }
    let (_, number) = path.into_inner();
    let access = page.access.clone();
    let app = app.into_inner();
    let (round, all) = web::block(move || {
        Ok::<_, ServiceError>((
            rounds::view(&app, &access, number)?,
            rounds::all(&app, &access)?,
        ))
    })
    .await??;
    super::cached_html(
        &req,
        &page,
        &RoundPage {
            c: &page.chrome,
            event: &page.access.event,
            round,
            is_organiser: page.access.is_organiser(),
            numbers: all.iter().map(|r| r.number).collect(),
        },
    )
}

#[derive(Template)]
#[template(path = "rounds/sheet.html")]
struct SheetPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    round: RoundView,
}

pub(crate) async fn sheet(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &page) {
        return Ok(r);
    }
    let (_, number) = path.into_inner();
    let access = page.access.clone();
    let app = app.into_inner();
    let round = web::block(move || rounds::view(&app, &access, number)).await??;
    super::cached_html(
        &req,
        &page,
        &SheetPage {
            c: &page.chrome,
            event: &page.access.event,
            round,
        },
    )
}

fn round_url(page: &OrganiserPage, number: i32) -> String {
    paths::round(&page.access.event.slug, number)
}

pub(crate) async fn pair_next(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let app = app.into_inner();
    let round = web::block(move || rounds::pair_next(&app, &access)).await??;
    redirect_with_flash(
        &req,
        &round_url(&page, round.number),
        FlashLevel::Success,
        "flash-round-paired",
    )
}

pub(crate) async fn publish(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, number) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::publish(app, access, number),
        &round_url(&page, number),
        "flash-round-published",
    )
    .await
}

pub(crate) async fn discard(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, number) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::discard_draft(app, access, number),
        &paths::manage(&page.access.event.slug, Some("rounds")),
        "flash-draft-discarded",
    )
    .await
}

#[derive(Deserialize)]
pub struct SwapForm {
    game: crate::domain::GameId,
}

pub(crate) async fn swap(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    form: CsrfForm<SwapForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, number) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::swap_first_move(app, access, number, form.game),
        &round_url(&page, number),
        "flash-round-changed",
    )
    .await
}

#[derive(Deserialize)]
pub struct ExchangeForm {
    #[serde(default)]
    a: String,
    #[serde(default)]
    b: String,
}

pub(crate) async fn exchange(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    form: CsrfForm<ExchangeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, number) = path.into_inner();
    let a: crate::domain::PlayerId = form
        .a
        .trim()
        .parse()
        .map_err(|_| WebError::Invalid(ErrorCode::PlayerNotInRound))?;
    let b: crate::domain::PlayerId = form
        .b
        .trim()
        .parse()
        .map_err(|_| WebError::Invalid(ErrorCode::PlayerNotInRound))?;
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::exchange_players(app, access, number, a, b),
        &round_url(&page, number),
        "flash-round-changed",
    )
    .await
}

#[derive(Deserialize)]
pub struct StartForm {
    #[serde(default)]
    starts_at: String,
}

pub(crate) async fn set_start(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    form: CsrfForm<StartForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, number) = path.into_inner();
    let offset = app.config.offset();
    let starts_at = match form.starts_at.trim() {
        "" => None,
        text => {
            let local = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
                .map_err(|_| WebError::Invalid(ErrorCode::DateInvalid))?;
            Some(local - chrono::TimeDelta::seconds(i64::from(offset.local_minus_utc())))
        }
    };
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::set_start(app, access, number, starts_at),
        &round_url(&page, number),
        "flash-saved",
    )
    .await
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    table: StandingsView,
    codes: Vec<&'static str>,
    print: bool,
}

#[derive(Deserialize)]
pub struct StandingsQuery {
    #[serde(default)]
    print: Option<String>,
}

pub(crate) async fn standings_page(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
    query: web::Query<StandingsQuery>,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &page) {
        return Ok(r);
    }
    let access = page.access.clone();
    let app = app.into_inner();
    let table = web::block(move || standings::get(&app, &access)).await??;
    let codes = table.tiebreaks.iter().map(|t| t.code()).collect();
    super::cached_html(
        &req,
        &page,
        &StandingsPage {
            c: &page.chrome,
            event: &page.access.event,
            table,
            codes,
            print: query.print.is_some(),
        },
    )
}
