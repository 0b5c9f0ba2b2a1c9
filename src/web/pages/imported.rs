//! An imported event on its manage page: the venue's key, a later archive held for the
//! organiser's confirmation (accepted or refused here), whether the venue's decisions without
//! a record count for the rating list, and an administrator's undoing (hand the event to
//! another organiser, withdraw it).

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::redirect_with_flash;
use crate::service::App;
use crate::service::archive::imported::{self, ImportedState};
use crate::web::context::{Chrome, CsrfForm, Empty, FlashLevel};
use crate::web::errors::WebError;
use crate::web::event_context::OrganiserPage;
use crate::web::paths;

/// What the manage page shows of an imported event, its changes and decisions in words.
pub(crate) struct ImportedView {
    pub state: ImportedState,
    pub changes: Vec<String>,
    pub decisions: Vec<String>,
}

impl ImportedView {
    pub(crate) fn of(c: &Chrome, state: ImportedState) -> ImportedView {
        ImportedView {
            changes: state
                .held
                .iter()
                .flat_map(|h| &h.changes)
                .map(|ch| crate::web::said::change(c.lang, ch))
                .collect(),
            decisions: state
                .decisions
                .iter()
                .map(|d| crate::web::said::decision(c.lang, d))
                .collect(),
            state,
        }
    }
}

fn back(page: &OrganiserPage) -> String {
    format!("{}#venue", paths::manage(&page.access.event.slug, None))
}

/// `POST /events/{slug}/held/accept` (organisers): the held archive is imported, its changes
/// confirmed.
pub(crate) async fn accept(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    form.parsed()?;
    let access = page.access.clone();
    let app = app.into_inner();
    crate::web::run(move || imported::accept_held(&app, &access)).await?;
    redirect_with_flash(
        &req,
        &back(&page),
        FlashLevel::Success,
        "flash-held-accepted",
    )
}

/// `POST /events/{slug}/held/refuse` (organisers): the held archive is dropped.
pub(crate) async fn refuse(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    form.parsed()?;
    let access = page.access.clone();
    let app = app.into_inner();
    crate::web::run(move || imported::refuse_held(&app, &access)).await?;
    redirect_with_flash(
        &req,
        &back(&page),
        FlashLevel::Success,
        "flash-held-refused",
    )
}

#[derive(Deserialize)]
pub struct DecisionsForm {
    /// Ticked: the venue's decisions without a record count.
    #[serde(default)]
    rated: Option<String>,
}

/// `POST /events/{slug}/venue-decisions` (organisers): whether the venue's decisions without a
/// record count for the rating list.
pub(crate) async fn decisions(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<DecisionsForm>,
) -> Result<HttpResponse, WebError> {
    let rated = form.parsed()?.rated.is_some();
    let access = page.access.clone();
    let app = app.into_inner();
    crate::web::run(move || imported::set_rate_decisions(&app, &access, rated)).await?;
    redirect_with_flash(&req, &back(&page), FlashLevel::Success, "flash-saved")
}

#[derive(Deserialize)]
pub struct HandOverForm {
    #[serde(default)]
    email: String,
}

/// `POST /events/{slug}/hand-over` (administrators): the imported event goes to another
/// organiser.
pub(crate) async fn hand_over(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<HandOverForm>,
) -> Result<HttpResponse, WebError> {
    let email = form.parsed()?.email;
    let access = page.access.clone();
    let user = access.user().cloned().ok_or(WebError::Unauthorized)?;
    let app = app.into_inner();
    crate::web::run(move || imported::hand_over(&app, &user, &access, &email)).await?;
    redirect_with_flash(&req, &back(&page), FlashLevel::Success, "flash-handed-over")
}

/// `POST /events/{slug}/withdraw-import` (administrators): the imported event is withdrawn
/// from this installation.
pub(crate) async fn withdraw(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    form.parsed()?;
    let access = page.access.clone();
    let user = access.user().cloned().ok_or(WebError::Unauthorized)?;
    let app = app.into_inner();
    crate::web::run(move || imported::withdraw(&app, &user, &access)).await?;
    redirect_with_flash(
        &req,
        "/events",
        FlashLevel::Success,
        "flash-event-withdrawn",
    )
}
