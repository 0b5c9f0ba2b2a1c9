//! Page handlers: thin. Each takes typed extractors, calls one service function on the
//! blocking pool, and renders a template or redirects (303).

pub mod accounts;
pub mod admin;
pub mod events;
pub mod games;
pub mod home;
pub mod rounds;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;

use super::context::{FlashLevel, flash_cookie};
use super::errors::{WebError, rendered};

/// A rendered page.
pub fn html(page: &impl Template) -> Result<HttpResponse, WebError> {
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(page.render()?))
}

/// A page shown with an error status, such as a form re-rendered with its errors.
pub fn html_with_status(
    status: actix_web::http::StatusCode,
    page: &impl Template,
) -> Result<HttpResponse, WebError> {
    Ok(rendered(
        HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(page.render()?),
    ))
}

/// 303 See Other to `location`.
#[must_use]
pub fn redirect(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location.to_string()))
        .finish()
}

/// 303 See Other with a message for the next page.
pub fn redirect_with_flash(
    req: &HttpRequest,
    location: &str,
    level: FlashLevel,
    key: &str,
) -> Result<HttpResponse, WebError> {
    let mut response = redirect(location);
    response.add_cookie(&flash_cookie(req, level, key))?;
    Ok(response)
}

/// The message key of an error code.
#[must_use]
pub fn error_key(code: &str) -> String {
    format!("error-{code}")
}

/// A local path to return to after login; anything else (another site) becomes `/`.
#[must_use]
pub fn safe_next(next: &str) -> String {
    let local = next.starts_with('/')
        && !next.starts_with("//")
        && !next.starts_with("/\\")
        && !next.chars().any(char::is_control);
    if local {
        next.to_string()
    } else {
        "/".to_string()
    }
}

/// An absolute URL of this site: the configured public address, else the request's host.
#[must_use]
pub fn public_url(req: &HttpRequest, app: &crate::service::App, path: &str) -> String {
    match &app.config.base_url {
        Some(base) => format!("{}{path}", base.trim_end_matches('/')),
        None => {
            let info = req.connection_info();
            format!("{}://{}{path}", info.scheme(), info.host())
        }
    }
}
