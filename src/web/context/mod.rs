//! What every request carries: its language, its CSRF seed and a flash message, set up by one
//! middleware (here). Beside it, by concern: the cookies (`cookies`), who is asking and at which
//! host (`client`), the frame of every page (`chrome`), pages by who may see them
//! (`extractors`), and forms whose CSRF token was checked first (`forms`).

use crate::domain::ErrorCode;
use crate::service::ServiceError;
use std::future::Future;
use std::pin::Pin;

use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use chrono::Offset;
use serde::de::DeserializeOwned;

use super::errors::WebError;
use super::i18n::Lang;
use crate::service::accounts::{self, Role, User};
use crate::service::{App, crypto};

mod chrome;
mod client;
mod cookies;
mod extractors;
mod forms;

pub use chrome::*;
pub(crate) use client::*;
pub(crate) use cookies::*;
pub use extractors::*;
pub use forms::*;

pub const SESSION_COOKIE: &str = "kiela_session";
pub const CSRF_COOKIE: &str = "kiela_csrf";
pub const LANG_COOKIE: &str = "kiela_lang";
pub const FLASH_COOKIE: &str = "kiela_flash";
/// The hidden form field that carries the CSRF token.
pub const CSRF_FIELD: &str = "csrf";

/// Largest request body accepted (forms and API). A game record is at most 1 MiB; form
/// encoding adds a little.
pub const MAX_BODY_BYTES: usize = 1_536 * 1024;

/// A one-time message shown on the next page, by message key, with the counts it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flash {
    pub level: FlashLevel,
    pub key: String,
    /// The message's numbers, by argument name (one of [`FLASH_COUNTS`]).
    pub counts: Vec<(&'static str, u64)>,
}

/// The names a flash message's numbers may have: the cookie carries digits and these only.
pub(crate) const FLASH_COUNTS: &[&str] = &["added", "updated", "rated", "queued"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlashLevel {
    Success,
    Error,
}

impl Flash {
    fn encode(&self) -> String {
        let level = match self.level {
            FlashLevel::Success => "success",
            FlashLevel::Error => "error",
        };
        let mut text = format!("{level}.{}", self.key);
        for (name, value) in &self.counts {
            text.push_str(&format!(":{name}={value}"));
        }
        text
    }

    fn decode(value: &str) -> Option<Flash> {
        let mut parts = value.split(':');
        let (level, key) = parts.next()?.split_once('.')?;
        let mut counts = Vec::new();
        for part in parts {
            let (name, number) = part.split_once('=')?;
            let name = FLASH_COUNTS.iter().find(|n| **n == name)?;
            counts.push((*name, number.parse().ok()?));
        }
        let level = match level {
            "success" => FlashLevel::Success,
            "error" => FlashLevel::Error,
            _ => return None,
        };
        // Only known message keys: the cookie cannot inject text.
        let valid = key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'-' || b == b'_');
        (valid && Lang::Pt.has(key)).then(|| Flash {
            level,
            key: key.to_string(),
            counts,
        })
    }

    #[must_use]
    pub(crate) fn level_class(&self) -> &'static str {
        match self.level {
            FlashLevel::Success => "notice-success",
            FlashLevel::Error => "notice-error",
        }
    }
}

/// Set up by [`middleware`] for every request.
#[derive(Clone, Debug)]
pub struct RequestContext {
    pub lang: Lang,
    csrf_seed: String,
    pub flash: Option<Flash>,
}

fn app_of(req: &HttpRequest) -> Result<web::Data<App>, WebError> {
    req.app_data::<web::Data<App>>()
        .cloned()
        .ok_or_else(|| WebError::internal("application state missing"))
}

/// Decides the language (`?lang=`, then the cookie, then `Accept-Language`, then Portuguese),
/// makes sure the visitor has a CSRF seed cookie, and hands the flash message over once.
pub(crate) async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let secure = req
        .app_data::<web::Data<App>>()
        .is_some_and(|app| app.config.secure_cookies);
    let query_lang = web::Query::<Vec<(String, String)>>::from_query(req.query_string())
        .ok()
        .and_then(|q| {
            q.iter()
                .find(|(k, _)| k == "lang")
                .and_then(|(_, v)| Lang::from_tag(v))
        });
    let cookie_lang = req
        .cookie(LANG_COOKIE)
        .and_then(|c| Lang::from_tag(c.value()));
    let header_lang = req
        .headers()
        .get(actix_web::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(Lang::from_accept_language);
    let lang = query_lang
        .or(cookie_lang)
        .or(header_lang)
        .unwrap_or_default();

    let existing_seed = req
        .cookie(CSRF_COOKIE)
        .map(|c| c.value().to_string())
        .filter(|v| is_token(v));
    let (csrf_seed, new_seed) = match existing_seed {
        Some(seed) => (seed, false),
        None => (crypto::random_token().map_err(WebError::from)?, true),
    };
    let had_flash = req.cookie(FLASH_COOKIE).is_some();
    // A personal link's pages (and their redirects) carry its secret: no cache keeps them.
    let behind_link = req.path().starts_with("/p/");
    let flash = req
        .cookie(FLASH_COOKIE)
        .and_then(|c| Flash::decode(c.value()));
    req.extensions_mut().insert(RequestContext {
        lang,
        csrf_seed: csrf_seed.clone(),
        flash,
    });

    let mut res = next.call(req).await?;
    // The seed cookie is only worth setting when a page with forms was rendered.
    let seed_used = res.request().extensions().get::<CsrfUsed>().is_some();
    let response = res.response_mut();
    if behind_link {
        response.headers_mut().insert(
            actix_web::http::header::CACHE_CONTROL,
            actix_web::http::header::HeaderValue::from_static("private, no-store"),
        );
    }
    if let Some(lang) = query_lang {
        let mut c = cookie(LANG_COOKIE, lang.code().to_string(), secure);
        c.set_max_age(CookieDuration::days(365));
        response.add_cookie(&c).map_err(WebError::from)?;
    }
    if new_seed && seed_used {
        response
            .add_cookie(&cookie(CSRF_COOKIE, csrf_seed, secure))
            .map_err(WebError::from)?;
    }
    let sets_flash = response
        .cookies()
        .any(|c| c.name() == FLASH_COOKIE && !c.value().is_empty());
    if had_flash && !sets_flash && !response.status().is_redirection() {
        let mut c = cookie(FLASH_COOKIE, String::new(), secure);
        c.make_removal();
        response.add_cookie(&c).map_err(WebError::from)?;
    }
    Ok(res)
}

/// Marks a request whose page carries a CSRF token.
#[derive(Clone, Copy, Debug)]
struct CsrfUsed;

/// The request's context (the middleware always sets it; a default keeps tests of single
/// handlers simple).
pub(crate) fn request_context(req: &HttpRequest) -> RequestContext {
    req.extensions()
        .get::<RequestContext>()
        .cloned()
        .unwrap_or(RequestContext {
            lang: Lang::default(),
            csrf_seed: String::new(),
            flash: None,
        })
}

/// The CSRF token for forms of this visitor: a MAC of the seed cookie under the installation's
/// secret, so a forged cookie is useless without the secret.
fn csrf_token(app: &App, seed: &str) -> String {
    if seed.is_empty() {
        return String::new();
    }
    app.sign(&format!("csrf:{seed}"))
}
