//! Correcting entries from the manage page: a player's details edited, an entry without games
//! removed, a self-registration rejected with a reason.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::{act_and_redirect, act_or_say_why};
use crate::domain::{ErrorCode, PlayerId, PlayerStatus};
use crate::service::player_edit::{self, PlayerPatch};
use crate::service::{App, ServiceError};
use crate::web::context::CsrfForm;
use crate::web::context::Empty;
use crate::web::errors::WebError;
use crate::web::event_context::OrganiserPage;
use crate::web::paths;

fn players_section(page: &OrganiserPage) -> String {
    paths::manage(&page.access.event.slug, Some("players"))
}

#[derive(Deserialize)]
pub struct EditForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    province: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    sex: String,
    #[serde(default)]
    birth_year: String,
    #[serde(default)]
    federation_id: String,
    /// Separated by commas.
    #[serde(default)]
    tags: String,
}

/// The new values the edit form states: every field of the form is the new value, an empty
/// rating meaning none. A number that does not read is refused as the use case refuses one.
fn patch_of(form: EditForm, status: Option<PlayerStatus>) -> Result<PlayerPatch, ServiceError> {
    let rating = match form.rating.trim() {
        "" => 0,
        r => r
            .parse::<i64>()
            .map_err(|_| ServiceError::invalid("rating", ErrorCode::RatingInvalid))?,
    };
    let birth_year = match form.birth_year.trim() {
        "" => None,
        y => Some(
            y.parse::<i64>()
                .map_err(|_| ServiceError::invalid("birth_year", ErrorCode::BirthYearInvalid))?,
        ),
    };
    Ok(PlayerPatch {
        name: Some(form.name),
        rating: Some(rating),
        club: Some(form.club),
        province: Some(form.province),
        email: Some(Some(form.email)),
        status,
        sex: Some(Some(form.sex)),
        birth_year: Some(birth_year),
        federation_id: Some(Some(form.federation_id)),
        tags: Some(form.tags.split(',').map(str::to_string).collect()),
    })
}

/// `POST /events/{slug}/players/{pid}/edit`: the organiser reads a refusal beside the list,
/// the other entries as they were.
pub(crate) async fn edit(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, PlayerId)>,
    form: CsrfForm<EditForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, player_id) = path.into_inner();
    // The status comes from a list of choices: another value is a forged form, not a typo.
    let status = match form.status.trim() {
        "" => None,
        s => Some(s.parse::<PlayerStatus>().map_err(|_| {
            WebError::Service(ServiceError::invalid("field", ErrorCode::FieldInvalid))
        })?),
    };
    let patch = patch_of(form, status);
    act_or_say_why(
        &req,
        app,
        &page.access,
        move |app, access| player_edit::edit(app, access, player_id, &patch?),
        &players_section(&page),
        "flash-player-edited",
    )
    .await
}

/// `POST /events/{slug}/players/{pid}/remove`: an entry with games is refused beside the list.
pub(crate) async fn remove(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, PlayerId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, player_id) = path.into_inner();
    act_or_say_why(
        &req,
        app,
        &page.access,
        move |app, access| player_edit::remove(app, access, player_id),
        &players_section(&page),
        "flash-player-removed",
    )
    .await
}

#[derive(Deserialize)]
pub struct RejectForm {
    #[serde(default)]
    reason: String,
}

/// `POST /events/{slug}/players/{pid}/reject`.
pub(crate) async fn reject(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, PlayerId)>,
    form: CsrfForm<RejectForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, player_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| player_edit::reject(app, access, player_id, &form.reason),
        &players_section(&page),
        "flash-registration-rejected",
    )
    .await
}
