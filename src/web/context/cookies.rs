//! The cookies a visitor carries: the session, the flash message, the personal link last
//! opened.

use super::{
    Cookie, CookieDuration, FLASH_COOKIE, Flash, FlashLevel, HttpRequest, SESSION_COOKIE, SameSite,
    accounts, app_of,
};

pub(super) fn cookie(name: &str, value: String, secure: bool) -> Cookie<'_> {
    Cookie::build(name, value)
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .finish()
}

pub(super) fn is_token(value: &str) -> bool {
    value.len() == 64 && value.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A cookie that makes the browser show `flash` on the next page.
#[must_use]
pub(crate) fn flash_cookie(
    req: &HttpRequest,
    level: FlashLevel,
    key: &str,
    counts: &[(&'static str, u64)],
) -> Cookie<'static> {
    let secure = app_of(req).is_ok_and(|app| app.config.secure_cookies);
    let flash = Flash {
        level,
        key: key.to_string(),
        counts: counts.to_vec(),
    };
    cookie(FLASH_COOKIE, flash.encode(), secure)
}

/// The cookie that remembers, on this device, the personal link last opened: a scoresheet's
/// QR code then leads its holder straight to where the result is entered.
pub const LINK_COOKIE: &str = "kiela_link";

/// The remembered personal link for a response that opened it.
#[must_use]
pub(crate) fn link_cookie(req: &HttpRequest, secret: &str) -> Cookie<'static> {
    let secure = app_of(req).is_ok_and(|app| app.config.secure_cookies);
    let mut c = cookie(LINK_COOKIE, secret.to_string(), secure);
    c.set_max_age(actix_web::cookie::time::Duration::days(30));
    c
}

/// The personal link this device remembers, if it looks like one.
#[must_use]
pub(crate) fn remembered_link(req: &HttpRequest) -> Option<String> {
    req.cookie(LINK_COOKIE)
        .map(|c| c.value().to_string())
        .filter(|v| is_token(v))
}

/// The session cookie for a new login.
#[must_use]
pub(crate) fn session_cookie(req: &HttpRequest, token: String) -> Cookie<'static> {
    let secure = app_of(req).is_ok_and(|app| app.config.secure_cookies);
    let mut c = cookie(SESSION_COOKIE, token, secure);
    c.set_max_age(CookieDuration::days(accounts::SESSION_DAYS));
    c
}

/// Removes the session cookie.
#[must_use]
pub(crate) fn session_removal(req: &HttpRequest) -> Cookie<'static> {
    let secure = app_of(req).is_ok_and(|app| app.config.secure_cookies);
    let mut c = cookie(SESSION_COOKIE, String::new(), secure);
    c.make_removal();
    c
}

/// The session cookie's value, if any, and if a signed-in account may act from where the
/// request comes (the hall's rule, [`super::staff_may_act_here`]).
#[must_use]
pub(crate) fn session_token(req: &HttpRequest) -> Option<String> {
    if !super::staff_may_act_here(req) {
        return None;
    }
    req.cookie(SESSION_COOKIE)
        .map(|c| c.value().to_string())
        .filter(|v| is_token(v))
}
