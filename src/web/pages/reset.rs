//! The one-time link that sets a forgotten password: its page, and the administrator's button
//! that makes it (src/service/password_reset.rs).

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{error_key, html_with_status, redirect_with_flash};
use crate::service::{App, ServiceError, password_reset};
use crate::web::context::{AdminPage, Chrome, CsrfForm, FlashLevel, Page};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "reset.html")]
struct ResetPage<'a> {
    c: &'a Chrome,
    /// The link's path (its form posts there); `None`: the link is used or expired.
    action: Option<String>,
    error: Option<String>,
}

#[derive(Template)]
#[template(path = "reset_made.html")]
struct ResetMadePage<'a> {
    c: &'a Chrome,
    email: &'a str,
    link: &'a str,
    minutes: i64,
}

#[derive(Deserialize)]
pub struct ResetForm {
    #[serde(default)]
    password: String,
}

/// The token in a secret link's path (a reset link, an unsubscribe link): 64 hex digits, or
/// nothing that could be one.
pub(crate) fn token_of(path: &str) -> Option<&str> {
    (path.len() == 64 && path.bytes().all(|b| b.is_ascii_hexdigit())).then_some(path)
}

/// The page of a secret link: never kept ([`super::venue::no_store`]), never sent on as a
/// referrer.
pub(crate) fn secret_page(response: HttpResponse) -> HttpResponse {
    let mut response = super::venue::no_store(response);
    response.headers_mut().insert(
        header::REFERRER_POLICY,
        header::HeaderValue::from_static("no-referrer"),
    );
    response
}

/// `GET /reset/{token}`: the form for a new password, or why the link no longer works.
pub(crate) async fn reset_form(
    Page(c): Page,
    app: web::Data<App>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let works = match token_of(&token) {
        Some(t) => {
            let (app, t) = (app.into_inner(), t.to_string());
            crate::web::run(move || password_reset::link_works(&app, &t)).await?
        }
        None => false,
    };
    let page = ResetPage {
        c: &c,
        action: works.then(|| password_reset::reset_path(&token)),
        error: (!works).then(|| error_key("reset_link_dead")),
    };
    let status = if works {
        StatusCode::OK
    } else {
        StatusCode::GONE
    };
    Ok(secret_page(html_with_status(status, &page)?))
}

/// `POST /reset/{token}`: sets the new password; every session of the account ends, and the
/// visitor signs in with it.
pub(crate) async fn reset_password(
    req: HttpRequest,
    Page(c): Page,
    app: web::Data<App>,
    path: web::Path<String>,
    form: CsrfForm<ResetForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let token = path.into_inner();
    let Some(valid) = token_of(&token).map(str::to_string) else {
        return Err(ServiceError::Conflict(crate::domain::ErrorCode::ResetLinkDead).into());
    };
    let app = app.into_inner();
    let password = form.password;
    match crate::web::run(move || {
        Ok::<_, ServiceError>(password_reset::reset(&app, &valid, &password))
    })
    .await?
    {
        Ok(_) => redirect_with_flash(&req, "/login", FlashLevel::Success, "flash-password-reset"),
        Err(e @ (ServiceError::Invalid(_) | ServiceError::Conflict(_))) => {
            let dead = matches!(e, ServiceError::Conflict(_));
            let page = ResetPage {
                c: &c,
                action: (!dead).then(|| password_reset::reset_path(&token)),
                error: Some(error_key(e.code())),
            };
            Ok(secret_page(html_with_status(
                crate::web::errors::service_status(&e),
                &page,
            )?))
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /admin/users/{id}/reset-link` (administrators): a one-time link for the account,
/// shown once, to hand over in person.
pub(crate) async fn make_link(
    req: HttpRequest,
    app: web::Data<App>,
    admin: AdminPage,
    path: web::Path<crate::domain::UserId>,
    _csrf: CsrfForm<crate::web::context::Empty>,
) -> Result<HttpResponse, WebError> {
    let user_id = path.into_inner();
    let service = app.clone().into_inner();
    let by = admin.user.clone();
    let made =
        crate::web::run(move || password_reset::make_link(&service, Some(&by), user_id)).await?;
    let link = super::public_url(&req, &app, &password_reset::reset_path(&made.token));
    let email = made.email;
    Ok(secret_page(html_with_status(
        StatusCode::OK,
        &ResetMadePage {
            c: &admin.chrome,
            email: &email,
            link: &link,
            minutes: password_reset::RESET_LINK_MINUTES,
        },
    )?))
}
