//! What every request carries: its language, its CSRF seed and a flash message, set up by one
//! middleware; and the typed extractors that give handlers a signed-in user, a role, or a
//! form whose CSRF token has been checked.

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

pub const SESSION_COOKIE: &str = "kiela_session";
pub const CSRF_COOKIE: &str = "kiela_csrf";
pub const LANG_COOKIE: &str = "kiela_lang";
pub const FLASH_COOKIE: &str = "kiela_flash";
/// The hidden form field that carries the CSRF token.
pub const CSRF_FIELD: &str = "csrf";

/// Largest request body accepted (forms and API). A game record is at most 1 MiB; form
/// encoding adds a little.
pub const MAX_BODY_BYTES: usize = 1_536 * 1024;

/// A one-time message shown on the next page, by message key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flash {
    pub level: FlashLevel,
    pub key: String,
}

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
        format!("{level}.{}", self.key)
    }

    fn decode(value: &str) -> Option<Flash> {
        let (level, key) = value.split_once('.')?;
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

fn cookie(name: &str, value: String, secure: bool) -> Cookie<'_> {
    Cookie::build(name, value)
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .finish()
}

fn is_token(value: &str) -> bool {
    value.len() == 64 && value.bytes().all(|b| b.is_ascii_hexdigit())
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

/// A cookie that makes the browser show `flash` on the next page.
#[must_use]
pub(crate) fn flash_cookie(req: &HttpRequest, level: FlashLevel, key: &str) -> Cookie<'static> {
    let secure = app_of(req).is_ok_and(|app| app.config.secure_cookies);
    let flash = Flash {
        level,
        key: key.to_string(),
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

/// The session cookie's value, if any.
#[must_use]
pub(crate) fn session_token(req: &HttpRequest) -> Option<String> {
    req.cookie(SESSION_COOKIE)
        .map(|c| c.value().to_string())
        .filter(|v| is_token(v))
}

/// The client address used by the rate limits: the peer; or, when the server is configured to
/// trust its proxy, the right-most address of `X-Forwarded-For` that is not the proxy's own.
/// The proxy appends the address it saw to the end of the header; whatever stands before it
/// was written by the client and proves nothing.
#[must_use]
pub(crate) fn client_ip(req: &HttpRequest) -> String {
    let trust = app_of(req).is_ok_and(|app| app.config.trust_proxy);
    let peer = req.peer_addr().map(|a| a.ip());
    let forwarded = trust
        .then(|| forwarded_client(req.headers(), peer))
        .flatten();
    forwarded
        .or(peer)
        .map_or_else(|| "unknown".to_string(), limit_address)
}

/// An address as the rate limits count it: an IPv4 address itself, an IPv6 address by its
/// /64 network (one home or phone gets a whole /64 and can pick any address in it).
fn limit_address(ip: std::net::IpAddr) -> String {
    match ip {
        std::net::IpAddr::V4(v4) => v4.to_string(),
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// The right-most address of every `X-Forwarded-For` header that is not `proxy`.
fn forwarded_client(
    headers: &actix_web::http::header::HeaderMap,
    proxy: Option<std::net::IpAddr>,
) -> Option<std::net::IpAddr> {
    let values: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .collect();
    values
        .iter()
        .flat_map(|v| v.split(','))
        .rev()
        .filter_map(parse_forwarded_addr)
        .find(|ip| Some(*ip) != proxy)
}

/// An address as proxies write it: `203.0.113.7`, `203.0.113.7:4711`, `[2001:db8::1]:4711`.
fn parse_forwarded_addr(text: &str) -> Option<std::net::IpAddr> {
    let text = text.trim();
    if let Ok(ip) = text.parse() {
        return Some(ip);
    }
    if let Ok(addr) = text.parse::<std::net::SocketAddr>() {
        return Some(addr.ip());
    }
    text.strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .and_then(|(ip, _)| ip.parse().ok())
}

/// The host this request was sent to: `X-Forwarded-Host` when the proxy is trusted, else
/// `Host`. Only a plain host name or address (with an optional port) is taken; anything else
/// (a path, a scheme, spaces, quotes) is not a host and gives `None`.
#[must_use]
pub(crate) fn request_host(req: &HttpRequest, trust_proxy: bool) -> Option<String> {
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .map(str::trim)
    };
    let forwarded = trust_proxy.then(|| header("x-forwarded-host")).flatten();
    forwarded
        .or_else(|| header("host"))
        .filter(|h| is_host(h))
        .map(str::to_string)
}

fn is_host(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 255
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b':' | b'[' | b']'))
}

/// The signed-in user, looked up once per request and cached.
#[derive(Clone, Debug)]
struct CachedUser(Option<User>);

async fn current_user(req: &HttpRequest) -> Result<Option<User>, WebError> {
    if let Some(cached) = req.extensions().get::<CachedUser>() {
        return Ok(cached.0.clone());
    }
    let user = match session_token(req) {
        Some(token) => {
            let app = app_of(req)?;
            web::block(move || accounts::session_user(&app, &token)).await??
        }
        None => None,
    };
    req.extensions_mut().insert(CachedUser(user.clone()));
    Ok(user)
}

/// The frame of every page: language, user, CSRF token, flash message, current path.
#[derive(Clone, Debug)]
pub struct Chrome {
    pub lang: Lang,
    pub user: Option<User>,
    pub csrf: String,
    pub flash: Option<Flash>,
    pub path: String,
    /// Local time's offset from UTC (times are stored in UTC and shown in local time).
    pub offset: chrono::FixedOffset,
}

impl Chrome {
    fn build(req: &HttpRequest, user: Option<User>) -> Result<Chrome, WebError> {
        let ctx = request_context(req);
        let app = app_of(req)?;
        req.extensions_mut().insert(CsrfUsed);
        Ok(Chrome {
            lang: ctx.lang,
            user,
            csrf: csrf_token(&app, &ctx.csrf_seed),
            flash: ctx.flash,
            path: req.path().to_string(),
            offset: app.config.offset(),
        })
    }

    /// The frame of an error page: the visitor's own (signed in or not), whatever failed.
    pub(crate) async fn for_error(req: &HttpRequest) -> Chrome {
        let user = current_user(req).await.ok().flatten();
        let mut chrome = Chrome::anonymous(req);
        chrome.user = user;
        chrome
    }

    /// For pages rendered outside a handler: no user lookup.
    #[must_use]
    pub(crate) fn anonymous(req: &HttpRequest) -> Chrome {
        let ctx = request_context(req);
        req.extensions_mut().insert(CsrfUsed);
        let app = app_of(req).ok();
        let csrf = app
            .as_ref()
            .map(|app| csrf_token(app, &ctx.csrf_seed))
            .unwrap_or_default();
        Chrome {
            lang: ctx.lang,
            user: None,
            csrf,
            flash: None,
            path: req.path().to_string(),
            offset: app.map_or_else(
                || chrono::FixedOffset::east_opt(0).unwrap_or(chrono::Utc.fix()),
                |app| app.config.offset(),
            ),
        }
    }

    /// Times of an event's page in the event's local time, when it has its own.
    pub(crate) fn use_event_time(&mut self, event: &crate::domain::Event) {
        if let Some(offset) = &event.utc_offset {
            self.offset = offset.offset();
        }
    }

    /// A stored (UTC) time as local time, to the minute, with its offset:
    /// `2026-12-05 09:30 (UTC+01:00)`.
    #[must_use]
    pub(crate) fn time(&self, at: &chrono::NaiveDateTime) -> String {
        self.local(at, "%Y-%m-%d %H:%M")
    }

    /// [`Chrome::time`] to the second (the audit log).
    #[must_use]
    pub(crate) fn time_s(&self, at: &chrono::NaiveDateTime) -> String {
        self.local(at, "%Y-%m-%d %H:%M:%S")
    }

    fn local(&self, at: &chrono::NaiveDateTime, format: &str) -> String {
        let local = at.and_utc().with_timezone(&self.offset);
        format!("{} (UTC{})", local.format(format), self.offset)
    }

    /// A message in the page's language.
    #[must_use]
    pub fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }

    /// An event's adjudication rule in words.
    #[must_use]
    pub(crate) fn adjudication_rule(&self, rule: &crate::domain::AdjudicationRule) -> String {
        let wins = if rule.margin == 0 {
            self.t("adjudication-rule-proven")
        } else {
            self.t1(
                "adjudication-rule-margin",
                "margin",
                &rule.margin.to_string(),
            )
        };
        let otherwise = self.t(&format!(
            "adjudication-otherwise-{}",
            rule.otherwise.as_str()
        ));
        self.t_args(
            "adjudication-rule",
            &[("wins", wins), ("otherwise", otherwise)],
        )
    }

    /// The colon after a label, as the language writes it (French: a no-break space first).
    #[must_use]
    pub fn colon(&self) -> &'static str {
        match self.lang {
            crate::web::i18n::Lang::Fr => "\u{a0}:",
            _ => ":",
        }
    }

    /// A message whose key is a prefix and a code (`state-` + `running`).
    #[must_use]
    pub(crate) fn tk(&self, prefix: &str, code: &str) -> String {
        self.lang.t(&format!("{prefix}{code}"))
    }

    /// An audit entry's detail in the page's language.
    #[must_use]
    pub(crate) fn said(&self, said: &crate::service::audit::Said) -> String {
        crate::web::said::said(self.lang, said)
    }

    /// A state an audit entry records, in the page's language.
    #[must_use]
    pub(crate) fn state(&self, action: &crate::domain::AuditAction, code: &str) -> String {
        crate::web::said::state(self.lang, *action, code)
    }

    /// A knockout stage's name ("Semi-finals").
    #[must_use]
    pub(crate) fn stage(&self, name: &crate::tournament::knockout::StageName) -> String {
        crate::web::words::stage(self.lang, *name)
    }

    /// A knockout match's name ("Semi-finals, match 2", "Final").
    #[must_use]
    pub(crate) fn match_stage(&self, stage: &crate::tournament::knockout::MatchStage) -> String {
        crate::web::words::match_stage(self.lang, *stage)
    }

    /// A refused record's fault, in the page's language.
    #[must_use]
    pub(crate) fn explain(&self, explanation: &crate::rules::explain::Explanation) -> String {
        crate::web::said::explanation_words(self.lang, explanation)
    }

    /// What in a record contradicts the pairing, in the page's language.
    #[must_use]
    pub(crate) fn mismatch(&self, mismatch: &crate::domain::Mismatch) -> String {
        crate::web::said::mismatch_words(self.lang, mismatch)
    }

    /// A message with any number of arguments.
    #[must_use]
    pub(crate) fn t_args(&self, key: &str, args: &[(&'static str, String)]) -> String {
        self.lang.t_args(key, args)
    }

    /// A message with one argument.
    #[must_use]
    pub(crate) fn t1(&self, key: &str, name: &'static str, value: &str) -> String {
        self.lang.t_args(key, &[(name, value.to_string())])
    }

    /// A message with two arguments.
    #[must_use]
    pub(crate) fn t2(
        &self,
        key: &str,
        first: &'static str,
        first_value: &str,
        second: &'static str,
        second_value: &str,
    ) -> String {
        self.lang.t_args(
            key,
            &[
                (first, first_value.to_string()),
                (second, second_value.to_string()),
            ],
        )
    }

    /// The other languages' links for the switcher: (code, name, is current).
    #[must_use]
    pub(crate) fn languages(&self) -> Vec<(&'static str, &'static str, bool)> {
        Lang::ALL
            .iter()
            .map(|l| (l.code(), l.native_name(), *l == self.lang))
            .collect()
    }

    #[must_use]
    pub fn is_admin(&self) -> bool {
        self.user.as_ref().is_some_and(User::is_admin)
    }
}

type LocalBoxFuture<T> = Pin<Box<dyn Future<Output = T>>>;

/// Any visitor's page.
pub struct Page(pub Chrome);

impl FromRequest for Page {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<Page, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = current_user(&req).await?;
            Ok(Page(Chrome::build(&req, user)?))
        })
    }
}

/// A page for signed-in users; anyone else is sent to the login page.
pub struct SignedIn {
    pub chrome: Chrome,
    pub user: User,
}

impl FromRequest for SignedIn {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<SignedIn, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            match current_user(&req).await? {
                Some(user) => Ok(SignedIn {
                    chrome: Chrome::build(&req, Some(user.clone()))?,
                    user,
                }),
                None => Err(WebError::LoginRequired(login_return_path(&req))),
            }
        })
    }
}

/// Where to come back after logging in: this page, for a GET; the referring form's page
/// would be guesswork for a POST, so the home page.
fn login_return_path(req: &HttpRequest) -> String {
    if req.method() == actix_web::http::Method::GET {
        match req.query_string() {
            "" => req.path().to_string(),
            query => format!("{}?{query}", req.path()),
        }
    } else {
        "/".to_string()
    }
}

/// A page for the installation's administrators.
pub struct AdminPage {
    pub chrome: Chrome,
    pub user: User,
}

impl FromRequest for AdminPage {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<AdminPage, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let signed_in = SignedIn::from_request(req, payload);
        Box::pin(async move {
            let SignedIn { chrome, user } = signed_in.await?;
            if user.role != Role::Admin {
                return Err(WebError::Service(ServiceError::Forbidden));
            }
            Ok(AdminPage { chrome, user })
        })
    }
}

/// A page for accounts that may create events (organisers and administrators).
pub struct CreatorPage {
    pub chrome: Chrome,
    pub user: User,
}

impl FromRequest for CreatorPage {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<CreatorPage, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let signed_in = SignedIn::from_request(req, payload);
        Box::pin(async move {
            let SignedIn { chrome, user } = signed_in.await?;
            if !user.role.can_create_events() {
                return Err(WebError::Service(ServiceError::Forbidden));
            }
            Ok(CreatorPage { chrome, user })
        })
    }
}

/// A form with nothing but its CSRF token.
#[derive(serde::Deserialize)]
pub struct Empty {}

/// A URL-encoded form whose CSRF token was checked before anything else in it was read.
/// Requests from another site (by `Origin` or `Sec-Fetch-Site`) are refused outright.
///
/// A form that does not parse is reported by [`CsrfForm::parsed`] in the handler, after the
/// role extractors succeeded: a visitor without the right role learns nothing about a form's
/// shape, and is told 403 (or to log in) rather than 400.
pub struct CsrfForm<T>(Result<T, WebError>);

impl<T> CsrfForm<T> {
    /// The form's fields, or 400 when they do not parse.
    pub(crate) fn parsed(self) -> Result<T, WebError> {
        self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for CsrfForm<T> {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<CsrfForm<T>, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let body = web::Bytes::from_request(&req, payload);
        Box::pin(async move {
            check_same_origin(&req)?;
            let body = body.await.map_err(|e| WebError::from_payload(&e))?;
            let fields: Vec<(String, String)> =
                serde_urlencoded::from_bytes(&body).map_err(|_| WebError::BadRequest)?;
            let sent = fields
                .iter()
                .find(|(k, _)| k == CSRF_FIELD)
                .map(|(_, v)| v.as_str())
                .unwrap_or_default();
            check_csrf_token(&req, sent)?;
            Ok(CsrfForm(
                serde_urlencoded::from_bytes(&body).map_err(|_| WebError::BadRequest),
            ))
        })
    }
}

/// Refuses a form whose token is not this visitor's (constant-time comparison).
fn check_csrf_token(req: &HttpRequest, sent: &str) -> Result<(), WebError> {
    let app = app_of(req)?;
    let expected = csrf_token(&app, &request_context(req).csrf_seed);
    if crypto::same_secret(&expected, sent) {
        Ok(())
    } else {
        Err(WebError::Csrf)
    }
}

/// Refuses a state-changing request that a browser marks as coming from another site.
fn check_same_origin(req: &HttpRequest) -> Result<(), WebError> {
    let headers = req.headers();
    match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        Some("cross-site") => return Err(WebError::Csrf),
        // Browsers set this header themselves and pages cannot forge it; `Origin` may then
        // be `null` (privacy settings), so it decides alone.
        Some("same-origin") => return Ok(()),
        _ => {}
    }
    if let Some(origin) = headers
        .get(actix_web::http::header::ORIGIN)
        .and_then(|v| v.to_str().ok())
    {
        let trust = app_of(req).is_ok_and(|app| app.config.trust_proxy);
        let host = request_host(req, trust).unwrap_or_default();
        let origin_host = origin
            .split_once("://")
            .map_or(origin, |(_, rest)| rest)
            .trim_end_matches('/');
        if origin == "null" || !origin_host.eq_ignore_ascii_case(&host) {
            return Err(WebError::Csrf);
        }
    }
    Ok(())
}

/// A record file sent with a `multipart/form-data` form (the upload that needs no JavaScript):
/// the CSRF token is checked as for any form; the file must be UTF-8 text within the record
/// size limit.
pub struct CsrfUpload(Result<Vec<u8>, WebError>);

impl CsrfUpload {
    /// The uploaded text, or 400 when the file is missing, not UTF-8 text or too large.
    /// Checked in the handler, after the role extractors.
    pub(crate) fn text(self) -> Result<String, WebError> {
        String::from_utf8(self.0?).map_err(|_| {
            WebError::Service(ServiceError::invalid("file", ErrorCode::RecordFileNotText))
        })
    }

    /// The uploaded bytes, for a file that may come in another encoding (a TRF file).
    pub(crate) fn bytes(self) -> Result<Vec<u8>, WebError> {
        self.0
    }
}

impl FromRequest for CsrfUpload {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<CsrfUpload, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        use futures_util::StreamExt;
        let req = req.clone();
        let multipart = actix_multipart::Multipart::new(req.headers(), payload.take());
        Box::pin(async move {
            check_same_origin(&req)?;
            let mut multipart = multipart;
            let (mut csrf, mut file, mut total) = (String::new(), Vec::new(), 0usize);
            while let Some(field) = multipart.next().await {
                // A body that is not multipart is reported after the role checks, like a form
                // that does not parse.
                let Ok(mut field) = field else {
                    return Ok(CsrfUpload(Err(WebError::BadRequest)));
                };
                let name = field.name().unwrap_or_default().to_string();
                let mut data = Vec::new();
                while let Some(chunk) = field.next().await {
                    let Ok(chunk) = chunk else {
                        return Ok(CsrfUpload(Err(WebError::BadRequest)));
                    };
                    total += chunk.len();
                    if total > MAX_BODY_BYTES {
                        return Err(WebError::PayloadTooLarge { limit: None });
                    }
                    data.extend_from_slice(&chunk);
                }
                match name.as_str() {
                    CSRF_FIELD => csrf = String::from_utf8(data).unwrap_or_default(),
                    "file" => file = data,
                    _ => {}
                }
            }
            check_csrf_token(&req, &csrf)?;
            let file = if file.is_empty() {
                Err(WebError::Service(ServiceError::invalid(
                    "file",
                    ErrorCode::RecordFileMissing,
                )))
            } else {
                Ok(file)
            };
            Ok(CsrfUpload(file))
        })
    }
}

/// An event archive sent with a `multipart/form-data` form: the file (at most
/// `MAX_ARCHIVE_BODY` bytes) and the form's small fields (the organiser's decisions), the CSRF
/// token checked as for any form.
pub struct CsrfArchiveUpload {
    pub file: Result<Vec<u8>, WebError>,
    pub fields: Vec<(String, String)>,
}

/// Bytes of a form's fields beside its file.
const MAX_FIELD_BYTES: usize = 256 * 1024;

impl FromRequest for CsrfArchiveUpload {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<CsrfArchiveUpload, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        use futures_util::StreamExt;
        let req = req.clone();
        let multipart = actix_multipart::Multipart::new(req.headers(), payload.take());
        Box::pin(async move {
            check_same_origin(&req)?;
            let mut multipart = multipart;
            let (mut csrf, mut file, mut fields) = (String::new(), Vec::new(), Vec::new());
            let (mut file_bytes, mut field_bytes) = (0usize, 0usize);
            let broken = || CsrfArchiveUpload {
                file: Err(WebError::BadRequest),
                fields: Vec::new(),
            };
            while let Some(field) = multipart.next().await {
                let Ok(mut field) = field else {
                    return Ok(broken());
                };
                let name = field.name().unwrap_or_default().to_string();
                let is_file = name == "file";
                let mut data = Vec::new();
                while let Some(chunk) = field.next().await {
                    let Ok(chunk) = chunk else {
                        return Ok(broken());
                    };
                    let (used, limit) = if is_file {
                        (&mut file_bytes, crate::web::api::archives::MAX_ARCHIVE_BODY)
                    } else {
                        (&mut field_bytes, MAX_FIELD_BYTES)
                    };
                    *used += chunk.len();
                    if *used > limit {
                        return Err(WebError::PayloadTooLarge { limit: None });
                    }
                    data.extend_from_slice(&chunk);
                }
                match name.as_str() {
                    CSRF_FIELD => csrf = String::from_utf8(data).unwrap_or_default(),
                    "file" => file = data,
                    _ => fields.push((name, String::from_utf8_lossy(&data).into_owned())),
                }
            }
            check_csrf_token(&req, &csrf)?;
            Ok(CsrfArchiveUpload {
                file: if file.is_empty() {
                    Err(WebError::Service(ServiceError::invalid(
                        "file",
                        ErrorCode::RecordFileMissing,
                    )))
                } else {
                    Ok(file)
                },
                fields,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> actix_web::http::header::HeaderMap {
        let mut map = actix_web::http::header::HeaderMap::new();
        for v in values {
            map.append(
                actix_web::http::header::HeaderName::from_static("x-forwarded-for"),
                actix_web::http::header::HeaderValue::from_str(v).unwrap(),
            );
        }
        map
    }

    #[test]
    fn the_client_is_the_right_most_forwarded_address_not_the_proxys() {
        let proxy: std::net::IpAddr = "10.0.0.2".parse().unwrap();
        let ip = |v: &[&str]| forwarded_client(&headers(v), Some(proxy)).map(|a| a.to_string());
        // The client wrote a false address; the proxy appended the real one.
        assert_eq!(
            ip(&["6.6.6.6, 203.0.113.7"]).as_deref(),
            Some("203.0.113.7")
        );
        assert_eq!(
            ip(&["6.6.6.6", "203.0.113.7"]).as_deref(),
            Some("203.0.113.7")
        );
        // The proxy's own address is skipped, ports and brackets are read.
        assert_eq!(
            ip(&["203.0.113.7:5000, 10.0.0.2"]).as_deref(),
            Some("203.0.113.7")
        );
        assert_eq!(ip(&["[2001:db8::1]:443"]).as_deref(), Some("2001:db8::1"));
        // Garbage is not an address.
        assert_eq!(
            ip(&["203.0.113.7, not-an-ip"]).as_deref(),
            Some("203.0.113.7")
        );
        assert_eq!(ip(&["nonsense"]), None);
        assert_eq!(ip(&[]), None);
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_network() {
        let at = |text: &str| limit_address(text.parse().unwrap());
        assert_eq!(at("2001:db8:1:2:aaaa::1"), at("2001:db8:1:2:bbbb::9"));
        assert_ne!(at("2001:db8:1:2::1"), at("2001:db8:1:3::1"));
        assert_eq!(at("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(at("203.0.113.7"), "203.0.113.7");
    }
}
