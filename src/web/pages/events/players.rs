//! The organiser's forms on entries and staff: a player added or imported, withdrawn,
//! approved, bound to an account, given a new link, a bye, checked in; staff added and removed.

use crate::domain::ErrorCode;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::create::optional_number;
use super::manage::ManageExtras;
use super::manage::manage_page;
use super::manage::manage_url;
use super::manage::no_extras;
use crate::service::entrant::PlayerInput;
use crate::service::events::{self};
use crate::service::players::{self};
use crate::service::{App, ServiceError};
use crate::web::context::{CsrfForm, Empty, FlashLevel};
use crate::web::errors::WebError;
use crate::web::event_context::{ArbiterPage, OrganiserPage};
use crate::web::pages::{
    act_and_redirect, act_or_say_why, error_key, redirect, redirect_with_flash,
};
use crate::web::paths;

#[derive(Clone, Default, Deserialize)]
pub struct PlayerForm {
    #[serde(default)]
    pub(super) name: String,
    #[serde(default)]
    pub(super) rating: String,
    #[serde(default)]
    pub(super) club: String,
    #[serde(default)]
    pub(super) province: String,
    #[serde(default)]
    pub(super) email: String,
    #[serde(default)]
    pub(super) missed_points: String,
    #[serde(default)]
    pub(super) federation_id: String,
}

pub(crate) async fn add_player(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let input = optional_number::<i64>(&form.rating, "rating").map(|rating| PlayerInput {
        name: form.name.clone(),
        rating,
        club: Some(form.club.clone()),
        province: Some(form.province.clone()),
        email: Some(form.email.clone()),
        missed_points: Some(form.missed_points.clone()),
        federation_id: Some(form.federation_id.clone()),
        ..PlayerInput::default()
    });
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let result = match input {
        Ok(input) => {
            crate::web::run(move || {
                Ok::<_, crate::service::ServiceError>(players::add_player(
                    &service, &access, &input,
                ))
            })
            .await?
        }
        Err(e) => Err(e),
    };
    match result {
        Ok((_, duplicates)) => redirect_with_flash(
            &req,
            &manage_url(&page),
            FlashLevel::Success,
            if duplicates.is_empty() {
                "flash-player-added"
            } else if duplicates
                .iter()
                .all(|d| d.code == crate::domain::Resemblance::OtherName)
            {
                "flash-player-added-other-name"
            } else if duplicates
                .iter()
                .all(crate::service::duplicates::DuplicateWarning::is_registry)
            {
                "flash-player-added-registered"
            } else {
                "flash-player-added-duplicate"
            },
        ),
        // A value refused, or the person entered already: said beside the form, kept as typed.
        Err(e @ (ServiceError::Invalid(_) | ServiceError::Conflict(_))) => {
            let extras = ManageExtras {
                player_error: Some(error_key(e.code())),
                new_player: form,
                ..no_extras()
            };
            let status = crate::web::errors::service_status(&e);
            manage_page(&req, app, &page, extras, status).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct ImportForm {
    #[serde(default)]
    csv: String,
    /// Enter the lines that look like players entered already (the organiser ticked it after
    /// being told which).
    #[serde(default)]
    also_entered: Option<String>,
}

pub(crate) async fn import_players(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<ImportForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let text = form.csv.clone();
    let also_entered = form.also_entered.is_some();
    let report =
        crate::web::run(move || players::import_csv(&service, &access, &text, also_entered))
            .await?;
    let refused = !report.rejected.is_empty() || !report.already_entered.is_empty();
    if !refused && report.duplicates.is_empty() && report.registry.is_empty() {
        return redirect_with_flash(
            &req,
            &manage_url(&page),
            FlashLevel::Success,
            "flash-players-imported",
        );
    }
    // Imported, with lines that look like entries already there: the list says which.
    let status = if refused {
        crate::web::errors::refused_input()
    } else {
        StatusCode::OK
    };
    // A refused file imported nothing: it comes back as typed, to be corrected (or sent
    // again with the lines that look like entries ticked in).
    let import_text = if refused { form.csv } else { String::new() };
    let extras = ManageExtras {
        import: Some(report),
        import_text,
        ..no_extras()
    };
    manage_page(&req, app, &page, extras, status).await
}

pub(crate) async fn withdraw(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, player_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| players::withdraw(app, access, player_id),
        &manage_url(&page),
        "flash-player-withdrawn",
    )
    .await
}

pub(crate) async fn approve(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, player_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| players::approve(app, access, player_id),
        &manage_url(&page),
        "flash-player-approved",
    )
    .await
}

#[derive(Deserialize)]
pub struct LinkForm {
    #[serde(default)]
    email: String,
}

/// `POST /events/{slug}/players/{pid}/link`: the organiser binds an entry to an account.
pub(crate) async fn link_account(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    form: CsrfForm<LinkForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, player_id) = path.into_inner();
    act_or_say_why(
        &req,
        app,
        &page.access,
        move |app, access| players::link_account(app, access, player_id, &form.email),
        &manage_url(&page),
        "flash-player-linked",
    )
    .await
}

/// `POST /events/{slug}/players/{pid}/unlink`.
pub(crate) async fn unlink_account(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, player_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| players::unlink_account(app, access, player_id),
        &manage_url(&page),
        "flash-player-unlinked",
    )
    .await
}

/// `POST /events/{slug}/players/{pid}/reissue`: a new personal link; the old one is dead.
/// The reissue form: what to do with the account bound through the old link (none: what the
/// binding asks, [`players::reissue_link`]).
#[derive(Deserialize)]
pub struct ReissueForm {
    #[serde(default)]
    claim: Option<crate::domain::ClaimOnReissue>,
}

pub(crate) async fn reissue_link(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    form: CsrfForm<ReissueForm>,
) -> Result<HttpResponse, WebError> {
    let claim = form.parsed()?.claim;
    let (_, player_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| players::reissue_link(app, access, player_id, claim),
        &manage_url(&page),
        "flash-link-reissued",
    )
    .await
}

#[derive(Deserialize)]
pub struct ByeForm {
    #[serde(default)]
    round: String,
    #[serde(default)]
    points: String,
}

pub(crate) async fn bye(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    form: CsrfForm<ByeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, player_id) = path.into_inner();
    let round: i32 = form.round.trim().parse().map_err(|_| {
        WebError::Service(ServiceError::invalid("round", ErrorCode::ByeRoundInvalid))
    })?;
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| {
            players::bye_kind(&form.points)
                .and_then(|kind| players::request_bye(app, access, player_id, round, kind))
        },
        &manage_url(&page),
        "flash-bye-recorded",
    )
    .await
}

#[derive(Deserialize)]
pub struct CheckInForm {
    #[serde(default)]
    present: String,
}

pub(crate) async fn check_in(
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    form: CsrfForm<CheckInForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, player_id) = path.into_inner();
    let access = page.access.clone();
    let present = form.present == "1";
    let app = app.into_inner();
    crate::web::run(move || players::check_in(&app, &access, player_id, present)).await?;
    let back = if page.access.is_organiser() {
        paths::manage(&page.access.event.slug, Some("players"))
    } else {
        paths::queue(&page.access.event.slug)
    };
    Ok(redirect(&back))
}

#[derive(Deserialize)]
pub struct StaffForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    role: String,
}

pub async fn add_staff(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<StaffForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    act_or_say_why(
        &req,
        app,
        &page.access,
        move |app, access| {
            let role = events::staff_role(&form.role)?;
            events::add_staff(app, access, &form.email, role)
        },
        &manage_url(&page),
        "flash-staff-added",
    )
    .await
}

pub(crate) async fn remove_staff(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::UserId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, user_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| events::remove_staff(app, access, user_id),
        &manage_url(&page),
        "flash-staff-removed",
    )
    .await
}
