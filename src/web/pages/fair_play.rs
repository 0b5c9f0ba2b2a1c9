//! The fair-play pages, never public: an event's screening for its arbiters and organisers
//! (the players ranked by their score, the flagged ones marked, what the numbers can and cannot
//! show), the evidence behind one player's score with the decisions recorded on it, and a
//! registered person's screenings across events for the administrators.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::fair_play_graph::cost_graph;
use super::{error_key, html, html_with_status, redirect_with_flash};
use crate::domain::{Event, FairPlayDecision, PlayerId};
use crate::service::access::EventRef;
use crate::service::fair_play::{self, EventScreening, PersonScreening, PlayerEvidence};
use crate::service::{App, ServiceError};
use crate::web::context::{AdminPage, Chrome, CsrfForm, Empty, FlashLevel};
use crate::web::errors::WebError;
use crate::web::event_context::ArbiterPage;

/// What an arbiter reads of a player stays out of every cache.
fn private(response: HttpResponse) -> HttpResponse {
    super::venue::no_store(response)
}

#[derive(Template)]
#[template(path = "events/fair_play.html")]
struct FairPlayPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    screening: EventScreening,
}

/// `GET /events/{slug}/fair-play` (the event's staff).
pub(crate) async fn show(app: web::Data<App>, page: ArbiterPage) -> Result<HttpResponse, WebError> {
    let user = page.chrome.user.clone();
    let id = page.access.event.id;
    let app = app.into_inner();
    let screening =
        crate::web::run(move || fair_play::of_event(&app, user.as_ref(), EventRef::Id(id))).await?;
    Ok(private(html(&FairPlayPage {
        c: &page.chrome,
        event: &page.access.event,
        screening,
    })?))
}

/// One screened game as the evidence page shows it.
struct GameShown {
    game: fair_play::GameEvidence,
    /// The cost graph, built from numbers and a translated label only (escaped).
    svg: String,
}

#[derive(Template)]
#[template(path = "events/fair_play_player.html")]
struct EvidencePage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    evidence: PlayerEvidence,
    games: Vec<GameShown>,
    decisions: &'static [FairPlayDecision],
    /// The form as sent, when it comes back with an error.
    note: String,
    /// The longest note the service keeps.
    note_chars: usize,
    error: Option<String>,
}

async fn evidence_page(
    app: web::Data<App>,
    page: &ArbiterPage,
    player: PlayerId,
    note: String,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let user = page.chrome.user.clone();
    let id = page.access.event.id;
    let app = app.into_inner();
    let evidence = crate::web::run(move || {
        fair_play::of_player(&app, user.as_ref(), EventRef::Id(id), player)
    })
    .await?;
    let games = evidence
        .games
        .iter()
        .map(|g| GameShown {
            svg: cost_graph(&page.chrome, &g.plies),
            game: g.clone(),
        })
        .collect();
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let view = EvidencePage {
        c: &page.chrome,
        event: &page.access.event,
        evidence,
        games,
        decisions: FairPlayDecision::ALL,
        note,
        note_chars: fair_play::NOTE_CHARS,
        error,
    };
    Ok(private(html_with_status(status, &view)?))
}

/// `GET /events/{slug}/fair-play/players/{pid}` (the event's staff): one player's evidence.
pub(crate) async fn player(
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, PlayerId)>,
) -> Result<HttpResponse, WebError> {
    let (_, player) = path.into_inner();
    evidence_page(app, &page, player, String::new(), None).await
}

#[derive(Deserialize)]
pub struct DecisionForm {
    decision: String,
    #[serde(default)]
    note: String,
}

/// `POST /events/{slug}/fair-play/players/{pid}/decision` (the event's staff): records a
/// decision; a note too long comes back on the page, as typed.
pub(crate) async fn decide(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, PlayerId)>,
    form: CsrfForm<DecisionForm>,
) -> Result<HttpResponse, WebError> {
    let (_, player) = path.into_inner();
    let form = form.parsed()?;
    let decision = FairPlayDecision::from_code(form.decision.trim()).ok_or(WebError::BadRequest)?;
    let user = page
        .chrome
        .user
        .clone()
        .ok_or(WebError::Service(ServiceError::Forbidden))?;
    let id = page.access.event.id;
    let service = app.clone().into_inner();
    let note = form.note.clone();
    let done = crate::web::run(move || {
        fair_play::decide(&service, &user, EventRef::Id(id), player, decision, &note)
    })
    .await;
    match done {
        Ok(()) => redirect_with_flash(
            &req,
            &format!(
                "/events/{}/fair-play/players/{player}",
                page.access.event.slug
            ),
            FlashLevel::Success,
            "flash-fair-play-decided",
        ),
        Err(ServiceError::Invalid(invalid)) => {
            evidence_page(app, &page, player, form.note, Some(error_key(invalid.code))).await
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /events/{slug}/fair-play/first` (the event's staff): the event's games reviewed
/// before other events'.
pub(crate) async fn ask_first(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    form.parsed()?;
    let user = page
        .chrome
        .user
        .clone()
        .ok_or(WebError::Service(ServiceError::Forbidden))?;
    let id = page.access.event.id;
    let service = app.into_inner();
    crate::web::run(move || fair_play::ask_first(&service, &user, EventRef::Id(id))).await?;
    redirect_with_flash(
        &req,
        &format!("/events/{}/fair-play", page.access.event.slug),
        FlashLevel::Success,
        "flash-fair-play-first",
    )
}

#[derive(Template)]
#[template(path = "registry/fair_play.html")]
struct PersonPage<'a> {
    c: &'a Chrome,
    person: PersonScreening,
}

/// `GET /players/{federation_id}/fair-play` (administrators): a registered person's
/// screenings in every event here.
pub(crate) async fn person(
    app: web::Data<App>,
    page: AdminPage,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = page.user.clone();
    let app = app.into_inner();
    let person = crate::web::run(move || fair_play::of_person(&app, &user, &id)).await?;
    Ok(private(html(&PersonPage {
        c: &page.chrome,
        person,
    })?))
}
