//! Correcting entries from the manage page: a player's details edited, an entry without games
//! removed, a self-registration rejected with a reason.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::{act_and_redirect, error_key, redirect_with_flash};
use crate::domain::{PlayerId, PlayerStatus};
use crate::service::player_edit::{self, PlayerPatch};
use crate::service::{App, ServiceError};
use crate::web::context::Empty;
use crate::web::context::{CsrfForm, FlashLevel};
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

/// `POST /events/{slug}/players/{pid}/edit`: every field of the form is the new value.
pub(crate) async fn edit(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, PlayerId)>,
    form: CsrfForm<EditForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, player_id) = path.into_inner();
    let back = players_section(&page);
    let rating = match form.rating.trim() {
        "" => Some(0),
        r => match r.parse::<i64>() {
            Ok(v) => Some(v),
            Err(_) => {
                return redirect_with_flash(&req, &back, FlashLevel::Error, "error-rating_invalid");
            }
        },
    };
    let status = match form.status.trim() {
        "" => None,
        s => match s.parse::<PlayerStatus>() {
            Ok(s) => Some(s),
            Err(_) => {
                return Err(WebError::Service(ServiceError::invalid(
                    "field",
                    crate::domain::ErrorCode::FieldInvalid,
                )));
            }
        },
    };
    let birth_year = match form.birth_year.trim() {
        "" => None,
        y => match y.parse::<i64>() {
            Ok(y) => Some(y),
            Err(_) => {
                return redirect_with_flash(
                    &req,
                    &back,
                    FlashLevel::Error,
                    "error-birth_year_invalid",
                );
            }
        },
    };
    let patch = PlayerPatch {
        name: Some(form.name),
        rating,
        club: Some(form.club),
        province: Some(form.province),
        email: Some(Some(form.email)),
        status,
        sex: Some(Some(form.sex)),
        birth_year: Some(birth_year),
        federation_id: Some(Some(form.federation_id)),
        tags: Some(form.tags.split(',').map(str::to_string).collect()),
    };
    let access = page.access.clone();
    let service = app.into_inner();
    match crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(player_edit::edit(
            &service, &access, player_id, &patch,
        ))
    })
    .await?
    {
        Ok(_) => redirect_with_flash(&req, &back, FlashLevel::Success, "flash-player-edited"),
        // The organiser sees why on the list, the other entries as they were.
        Err(ServiceError::Invalid(invalid)) => {
            redirect_with_flash(&req, &back, FlashLevel::Error, &error_key(invalid.code))
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /events/{slug}/players/{pid}/remove`.
pub(crate) async fn remove(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, PlayerId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, player_id) = path.into_inner();
    let back = players_section(&page);
    let access = page.access.clone();
    let service = app.into_inner();
    match crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(player_edit::remove(&service, &access, player_id))
    })
    .await?
    {
        Ok(()) => redirect_with_flash(&req, &back, FlashLevel::Success, "flash-player-removed"),
        Err(ServiceError::Conflict(code)) => {
            redirect_with_flash(&req, &back, FlashLevel::Error, &error_key(code))
        }
        Err(e) => Err(e.into()),
    }
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
