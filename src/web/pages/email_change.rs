//! A change of the account's address (src/service/email_change.rs): the account page's form
//! that asks for it, and the page of the link mailed to the new address that confirms it.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::accounts::{Refused, account_page};
use super::reset::{secret_page, token_of};
use super::{error_key, html_with_status, redirect_with_flash};
use crate::service::email_change::{self, CHANGE_LINK_HOURS, EmailChangeAsk};
use crate::service::{App, ServiceError};
use crate::web::context::{Chrome, CsrfForm, Empty, FlashLevel, Page, SignedIn, client_ip};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "email_change.html")]
struct ConfirmPage<'a> {
    c: &'a Chrome,
    /// The link's path (its form posts there).
    action: String,
    /// The new address; `None`: the link is used, expired or ended by a newer one.
    email: Option<String>,
    error: Option<String>,
    /// The link no longer works (used, expired, or ended by a newer one).
    dead: bool,
    hours: i64,
}

#[derive(Deserialize)]
pub struct EmailForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    current: String,
}

/// `POST /account/email`: checks the current password and mails a link to the new address;
/// the address stays as it is until the link is opened.
pub(crate) async fn ask(
    req: HttpRequest,
    app: web::Data<App>,
    page: SignedIn,
    form: CsrfForm<EmailForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let service = app.clone().into_inner();
    let ip = client_ip(&req);
    let user_id = page.user.id;
    let language = page.chrome.lang.language();
    let typed = form.email.clone();
    let asked = crate::web::run(move || {
        let ask = EmailChangeAsk {
            new_email: &form.email,
            current_password: &form.current,
        };
        Ok::<_, ServiceError>(email_change::ask(&service, user_id, &ask, &ip, language))
    })
    .await?;
    match asked {
        Ok(_) => redirect_with_flash(
            &req,
            "/account",
            FlashLevel::Success,
            "flash-email-change-sent",
        ),
        Err(e @ ServiceError::Invalid(_)) => {
            let refused = Refused {
                email: Some(error_key(e.code())),
                email_typed: typed,
                ..Refused::default()
            };
            account_page(
                app,
                &page,
                None,
                refused,
                crate::web::errors::refused_input(),
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}

/// The new address of the link in `path`, if it still works.
async fn works(app: &web::Data<App>, path: &str) -> Result<Option<String>, WebError> {
    let Some(token) = token_of(path).map(str::to_string) else {
        return Ok(None);
    };
    let app = app.clone().into_inner();
    Ok(crate::web::run(move || email_change::link_works(&app, &token)).await?)
}

/// `GET /account/email/{token}`: the new address and the button that confirms it (a link
/// opened by a mail scanner changes nothing), or why the link no longer works.
pub(crate) async fn confirm_form(
    Page(c): Page,
    app: web::Data<App>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let email = works(&app, &token).await?;
    let status = if email.is_some() {
        StatusCode::OK
    } else {
        StatusCode::GONE
    };
    let page = ConfirmPage {
        c: &c,
        action: email_change::change_path(&token),
        error: email.is_none().then(|| error_key("email_change_link_dead")),
        dead: email.is_none(),
        email,
        hours: CHANGE_LINK_HOURS,
    };
    Ok(secret_page(html_with_status(status, &page)?))
}

/// `POST /account/email/{token}`: the address changes; signed in, the visitor goes back to
/// the account page, else to the sign-in page (with the new address).
pub(crate) async fn confirm(
    req: HttpRequest,
    Page(c): Page,
    app: web::Data<App>,
    path: web::Path<String>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let service = app.into_inner();
    let confirmed = match token_of(&token).map(str::to_string) {
        Some(valid) => {
            crate::web::run(move || Ok::<_, ServiceError>(email_change::confirm(&service, &valid)))
                .await?
        }
        None => Err(ServiceError::Conflict(
            crate::domain::ErrorCode::EmailChangeLinkDead,
        )),
    };
    match confirmed {
        Ok(_) => {
            let to = if c.user.is_some() {
                "/account"
            } else {
                "/login"
            };
            redirect_with_flash(&req, to, FlashLevel::Success, "flash-email-changed")
        }
        Err(e @ ServiceError::Conflict(code)) => {
            // Another account took the address since the link was mailed: the link stays as
            // it is, and the page says why it cannot work.
            let dead = code == crate::domain::ErrorCode::EmailChangeLinkDead;
            let page = ConfirmPage {
                c: &c,
                action: email_change::change_path(&token),
                email: None,
                error: Some(error_key(e.code())),
                dead,
                hours: CHANGE_LINK_HOURS,
            };
            let status = if dead {
                StatusCode::GONE
            } else {
                crate::web::errors::service_status(&e)
            };
            Ok(secret_page(html_with_status(status, &page)?))
        }
        Err(e) => Err(e.into()),
    }
}
