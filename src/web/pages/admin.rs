//! Installation administration: the installation's identity, accounts and their global roles.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{html, redirect_with_flash};
use crate::service::App;
use crate::service::accounts::{self, Role, User};
use crate::web::context::{AdminPage, Chrome, CsrfForm, FlashLevel};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "admin_users.html")]
struct UsersPage<'a> {
    c: &'a Chrome,
    users: Vec<User>,
    roles: Vec<(&'static str, String)>,
    installation: crate::service::installation::Status,
    venues: Vec<crate::service::venues::Venue>,
}

#[derive(Deserialize)]
pub struct RoleForm {
    #[serde(default)]
    role: String,
}

pub(crate) async fn users(app: web::Data<App>, page: AdminPage) -> Result<HttpResponse, WebError> {
    let app = app.into_inner();
    let admin = page.user.clone();
    let (users, installation, venues) = crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>((
            accounts::list_users(&app)?,
            crate::service::installation::status(&app)?,
            crate::service::venues::list(&app, &admin)?,
        ))
    })
    .await?;
    let roles = Role::ALL
        .iter()
        .map(|r| (r.as_str(), format!("role-{}", r.as_str())))
        .collect();
    html(&UsersPage {
        c: &page.chrome,
        users,
        roles,
        installation,
        venues,
    })
}

pub(crate) async fn set_role(
    req: HttpRequest,
    app: web::Data<App>,
    _admin: AdminPage,
    path: web::Path<crate::domain::UserId>,
    form: CsrfForm<RoleForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let role = accounts::parse_role(&form.role)?;
    let app = app.into_inner();
    let user_id = path.into_inner();
    crate::web::run(move || accounts::set_role(&app, user_id, role)).await?;
    redirect_with_flash(
        &req,
        "/admin/users",
        FlashLevel::Success,
        "flash-role-changed",
    )
}

/// `POST /admin/registry` (administrators): loads the federation's registry file (the file of
/// `GET /api/v1/registry/export`), as `kiela registry import` does.
pub(crate) async fn load_registry(
    req: HttpRequest,
    app: web::Data<App>,
    _admin: AdminPage,
    upload: crate::web::context::CsrfArchiveUpload,
) -> Result<HttpResponse, WebError> {
    let bytes = upload.file?;
    let app = app.into_inner();
    let loaded = crate::web::run(move || crate::service::registry_file::load(&app, &bytes)).await?;
    super::redirect_with_counts(
        &req,
        "/admin/users",
        FlashLevel::Success,
        "flash-registry-loaded",
        &[
            ("added", loaded.added as u64),
            ("updated", loaded.updated as u64),
            ("rated", loaded.rated as u64),
        ],
    )
}

#[derive(Deserialize)]
pub struct ApproveForm {
    #[serde(default)]
    fingerprint: String,
}

/// `POST /admin/venues/{code}/approve` (administrators): approves the venue's key, the
/// fingerprint typed as the venue's administrator reads it from their own page.
pub(crate) async fn approve_venue(
    req: HttpRequest,
    app: web::Data<App>,
    admin: AdminPage,
    path: web::Path<String>,
    form: CsrfForm<ApproveForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let app = app.into_inner();
    let code = path.into_inner();
    let user = admin.user.clone();
    crate::web::run(move || crate::service::venues::approve(&app, &user, &code, &form.fingerprint))
        .await?;
    redirect_with_flash(
        &req,
        "/admin/users#venues",
        FlashLevel::Success,
        "flash-venue-approved",
    )
}

/// `POST /admin/venues/{code}/forget` (administrators): forgets the venue's key.
pub(crate) async fn forget_venue(
    req: HttpRequest,
    app: web::Data<App>,
    admin: AdminPage,
    path: web::Path<String>,
    form: CsrfForm<crate::web::context::Empty>,
) -> Result<HttpResponse, WebError> {
    form.parsed()?;
    let app = app.into_inner();
    let code = path.into_inner();
    let user = admin.user.clone();
    crate::web::run(move || crate::service::venues::forget(&app, &user, &code)).await?;
    redirect_with_flash(
        &req,
        "/admin/users#venues",
        FlashLevel::Success,
        "flash-venue-forgotten",
    )
}
