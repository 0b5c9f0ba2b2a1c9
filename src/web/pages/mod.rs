//! Page handlers: thin. Each takes typed extractors, calls one service function on the
//! blocking pool, and renders a template or redirects (303).

pub mod accounts;
pub(crate) mod adjudication;
pub mod admin;
pub(crate) mod archives;
mod board_html;
pub(crate) mod circuits;
pub(crate) mod email_change;
pub(crate) mod entries;
pub(crate) mod event_list;
pub mod events;
pub(crate) mod fair_play;
mod fair_play_graph;
pub mod games;
pub mod home;
pub(crate) mod imported;
pub(crate) mod live;
pub(crate) mod mail;
pub(crate) mod me;
pub(crate) mod practice;
pub(crate) mod prizes;
pub mod public;
pub(crate) mod ratings;
pub(crate) mod registry;
pub(crate) mod reset;
mod review_graph;
pub mod rounds;
pub(crate) mod venue;
pub mod why;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::context::{FlashLevel, flash_cookie};
use super::errors::{WebError, rendered};
use super::page_cache::{PageCache, PageKey, Scope, if_none_match};
use crate::service::csv::CsvStyle;

/// A rendered page.
pub(crate) fn html(page: &impl Template) -> Result<HttpResponse, WebError> {
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(page.render()?))
}

/// A page shown with an error status, such as a form re-rendered with its errors.
pub(crate) fn html_with_status(
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
pub(crate) fn redirect(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location.to_string()))
        .finish()
}

/// 303 See Other with a message for the next page. The page opens at its top, where the
/// message is, even when `location` names a part of it: on a phone a form's outcome must be
/// where the reader is looking, not above a list they were scrolled to.
pub(crate) fn redirect_with_flash(
    req: &HttpRequest,
    location: &str,
    level: FlashLevel,
    key: &str,
) -> Result<HttpResponse, WebError> {
    redirect_with_counts(req, location, level, key, &[])
}

/// [`redirect_with_flash`] with a message that says numbers (names from
/// [`crate::web::context::FLASH_COUNTS`]).
pub(crate) fn redirect_with_counts(
    req: &HttpRequest,
    location: &str,
    level: FlashLevel,
    key: &str,
    counts: &[(&'static str, u64)],
) -> Result<HttpResponse, WebError> {
    let page = location.split_once('#').map_or(location, |(page, _)| page);
    let mut response = redirect(page);
    response.add_cookie(&flash_cookie(req, level, key, counts))?;
    Ok(response)
}

/// A staff form's use case: runs `action` on the blocking pool for the event, then answers
/// 303 to `location` with the success message `key`. Errors become their pages.
pub(crate) async fn act_and_redirect<T: Send + 'static>(
    req: &HttpRequest,
    app: web::Data<crate::service::App>,
    access: &crate::service::access::Access,
    action: impl FnOnce(
        &crate::service::App,
        &crate::service::access::Access,
    ) -> Result<T, crate::service::ServiceError>
    + Send
    + 'static,
    location: &str,
    key: &str,
) -> Result<HttpResponse, WebError> {
    let access = access.clone();
    let app = app.into_inner();
    crate::web::run(move || action(&app, &access)).await?;
    redirect_with_flash(req, location, FlashLevel::Success, key)
}

/// A staff form's use case whose form is on the page it returns to: as [`act_and_redirect`],
/// but a refusal (a value the use case rejects, a conflict with the event's state) is said
/// there as an error message, so the organiser reads why beside the form and the rest of the
/// page as it was. Other errors become their pages.
pub(crate) async fn act_or_say_why<T: Send + 'static>(
    req: &HttpRequest,
    app: web::Data<crate::service::App>,
    access: &crate::service::access::Access,
    action: impl FnOnce(
        &crate::service::App,
        &crate::service::access::Access,
    ) -> Result<T, crate::service::ServiceError>
    + Send
    + 'static,
    location: &str,
    key: &str,
) -> Result<HttpResponse, WebError> {
    use crate::service::ServiceError;
    match act_and_redirect(req, app, access, action, location, key).await {
        Err(WebError::Service(ServiceError::Invalid(invalid))) => {
            redirect_with_flash(req, location, FlashLevel::Error, &error_key(invalid.code))
        }
        Err(WebError::Service(ServiceError::Conflict(code))) => {
            redirect_with_flash(req, location, FlashLevel::Error, &error_key(code))
        }
        answered => answered,
    }
}

/// Points kept in tenths, as pages show them: `2`, `1.5`.
#[must_use]
pub(crate) fn points_text(tenths: u32) -> String {
    if tenths.is_multiple_of(10) {
        (tenths / 10).to_string()
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

/// The style of a CSV download from a page. A page's download is meant for a person: it opens
/// in a spreadsheet in the reader's language (Portuguese and French: `;` and a decimal comma,
/// headed in the language). `?format=plain` asks for the file for scripts, the same bytes in
/// every language: `,`, a decimal point and fixed English keys as its header.
pub(crate) fn csv_style(req: &HttpRequest, lang: crate::web::i18n::Lang) -> CsvStyle {
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
    if pairs.iter().any(|(k, v)| k == "format" && v == "plain") {
        CsvStyle::Plain
    } else {
        CsvStyle::Spreadsheet {
            decimal_comma: !matches!(lang, crate::web::i18n::Lang::En),
        }
    }
}

/// A CSV download's header: the fixed keys in the plain file, the columns' names in the
/// reader's language otherwise.
pub(crate) fn csv_header<const N: usize>(
    style: CsvStyle,
    lang: crate::web::i18n::Lang,
    keys: [&str; N],
    names: [&str; N],
) -> [String; N] {
    match style {
        CsvStyle::Plain => keys.map(str::to_string),
        CsvStyle::Spreadsheet { .. } => names.map(|name| lang.t(name)),
    }
}

/// What a form says when it is refused, in the reader's language: the error's message, and
/// the specifics it names (the tie-break code not known, say) after it.
pub(crate) fn form_error(
    c: &crate::web::context::Chrome,
    e: &crate::service::ServiceError,
) -> String {
    let message = c.t(&error_key(e.code()));
    match e {
        crate::service::ServiceError::Blocked { detail, .. }
        | crate::service::ServiceError::Unusable { detail, .. } => format!("{message} {detail}"),
        crate::service::ServiceError::Archive(fault) => {
            let place = match (fault.round, fault.board) {
                (Some(round), Some(board)) => c.t2(
                    "archive-fault-game",
                    "round",
                    &round.to_string(),
                    "board",
                    &board.to_string(),
                ),
                (Some(round), None) => c.t1("archive-fault-round", "round", &round.to_string()),
                _ => String::new(),
            };
            let detail = crate::web::said::fault_detail(c.lang, &fault.detail);
            format!("{message} {place} {detail}").trim().to_string()
        }
        _ => message,
    }
}

/// The message key of an error code.
#[must_use]
pub(crate) fn error_key(code: impl std::fmt::Display) -> String {
    format!("error-{code}")
}

/// A local path to return to after login; anything else (another site) becomes `/`.
#[must_use]
pub(crate) fn safe_next(next: &str) -> String {
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

/// An absolute URL of this site (for QR codes, calendar files, the API's `url` fields): the
/// configured public address when there is one; else the request's `Host`, or with
/// `trust_proxy` the proxy's `X-Forwarded-Host` and `X-Forwarded-Proto`. The scheme is only
/// ever `http` or `https`, and a host that is not a plain host name or address is not used.
#[must_use]
pub(crate) fn public_url(req: &HttpRequest, app: &crate::service::App, path: &str) -> String {
    if let Some(base) = &app.config.base_url {
        return format!("{}{path}", base.trim_end_matches('/'));
    }
    let trust = app.config.trust_proxy;
    let scheme = match trust
        .then(|| first_header_value(req, "x-forwarded-proto"))
        .flatten()
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("https") => "https",
        Some("http") => "http",
        _ if app.config.secure_cookies => "https",
        _ => "http",
    };
    let host =
        crate::web::context::request_host(req, trust).unwrap_or_else(|| app.config.bind.clone());
    format!("{scheme}://{host}{path}")
}

/// The site's address as the hall's phones open it, for the pages printed or shown for phones
/// (scoresheets, slips, the join sheet): the configured or hall address, else the request's
/// host, unless that host is the laptop itself (`localhost`, `127.0.0.1`, `::1`), which on a
/// phone is the phone: then `None`, and the page says so instead of printing codes that point
/// nowhere.
#[must_use]
pub(crate) fn phone_base(req: &HttpRequest, app: &crate::service::App) -> Option<String> {
    if app.config.base_url.is_some() {
        return Some(public_url(req, app, ""));
    }
    let host = crate::web::context::request_host(req, app.config.trust_proxy)?;
    (!is_loopback_host(&host)).then(|| public_url(req, app, ""))
}

/// Whether a `Host` (with or without its port) names this machine only.
fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(rest),
        // A bare IPv6 address has colons of its own.
        None if host.parse::<std::net::IpAddr>().is_ok() => host,
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost"
        || name.ends_with(".localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified())
}

/// The first value of a header that may hold a comma-separated list.
fn first_header_value<'r>(req: &'r HttpRequest, name: &str) -> Option<&'r str> {
    req.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .map(str::trim)
        .filter(|v| !v.is_empty())
}

/// The validator of an event page as a signed-in visitor sees it: the event's version, the
/// language, the visitor, the form token, the address. `None` for a visitor without an
/// account, whose pages are validated by what they show ([`content_etag`]), and when the page
/// shows a one-time message.
#[must_use]
fn page_etag(req: &HttpRequest, page: &crate::web::event_context::EventPage) -> Option<String> {
    use sha2::{Digest, Sha256};
    if page.chrome.flash.is_some() || page.chrome.user.is_none() {
        return None;
    }
    let user = page.chrome.user.as_ref().map_or(0, |u| u.id.0);
    let key = format!(
        "{}|{}|{}|{}|{}|{}",
        page.access.event.id,
        page.access.event.version,
        page.chrome.lang.code(),
        user,
        page.chrome.csrf,
        req.uri()
    );
    Some(format!(
        "W/\"{}\"",
        &hex::encode(Sha256::digest(key.as_bytes()))[..24]
    ))
}

/// The answer to a repeated visit: 304 Not Modified when the visitor already has this version
/// of the page, or the stored rendering of it when another visitor without an account saw it.
/// `key` names the page: its path and the parameters that change what it shows, parsed and
/// clamped. `None` when the handler is to render the page; if the page may be stored, the
/// handler then holds the page's render turn (in `page`) until it is done, and other visitors
/// asking for the page meanwhile wait for its rendering instead of making their own.
pub(crate) async fn not_modified(
    req: &HttpRequest,
    page: &mut crate::web::event_context::EventPage,
    key: PageKey,
) -> Option<HttpResponse> {
    page.key = key;
    if let Some(etag) = page_etag(req, page)
        && if_none_match(req, &etag)
    {
        return Some(super::page_cache::not_modified(&etag));
    }
    if !shareable(page) {
        return None;
    }
    let cache = req.app_data::<web::Data<PageCache>>()?.clone().into_inner();
    if let Some(stored) = stored_page(req, page, &cache) {
        return Some(stored);
    }
    let turn = PageCache::render_turn(
        cache.clone(),
        scope(page),
        version(page),
        page.chrome.lang.code(),
        &page.key,
    )
    .await;
    if turn.is_some() {
        page.render_turn = turn;
        return None;
    }
    stored_page(req, page, &cache)
}

/// What an event page belongs to in the page store.
fn scope(page: &crate::web::event_context::EventPage) -> Scope {
    Scope::Event(page.access.event.id)
}

/// The version of the event a page was read at, as the page store counts.
fn version(page: &crate::web::event_context::EventPage) -> u64 {
    u64::try_from(page.access.event.version).unwrap_or_default()
}

/// The bound of the parameter of the page at `key`'s path for this version of the event, if a
/// rendering learnt it ([`PageCache::bound`]).
pub(crate) fn bound(
    req: &HttpRequest,
    page: &crate::web::event_context::EventPage,
    key: &PageKey,
) -> Option<u64> {
    req.app_data::<web::Data<PageCache>>()?
        .bound(scope(page), version(page), key)
}

/// Remembers the bound of the parameter of the page named `key` (without that parameter) for
/// this version of the event, from a page as other visitors see it: a page of one visitor
/// (staff replaying a submission, a player's pending record) says nothing of theirs.
pub(crate) fn learn_bound(
    req: &HttpRequest,
    page: &crate::web::event_context::EventPage,
    key: &PageKey,
    bound: u64,
) {
    if !shareable(page) {
        return;
    }
    if let Some(cache) = req.app_data::<web::Data<PageCache>>() {
        cache.learn_bound(scope(page), version(page), key, bound);
    }
}

/// The stored rendering of a page for this version of the event, answered (304 when the
/// visitor has it).
fn stored_page(
    req: &HttpRequest,
    page: &crate::web::event_context::EventPage,
    cache: &PageCache,
) -> Option<HttpResponse> {
    let stored = cache.get(
        scope(page),
        version(page),
        page.chrome.lang.code(),
        &page.key,
    )?;
    let mut response = super::page_cache::answer(req, html_kind(page.chrome.lang), &stored);
    if response.status() == actix_web::http::StatusCode::OK {
        add_validators(req, page, &mut response, Some(&stored.etag));
    }
    Some(response)
}

/// A page in the reader's language, as the page store keeps and sends it.
pub(crate) fn html_kind(lang: crate::web::i18n::Lang) -> super::page_cache::Kind {
    super::page_cache::Kind {
        content_type: "text/html; charset=utf-8",
        slot: lang.code(),
        vary: "Accept-Encoding",
    }
}

/// A public page outside one event (the rating list, a circuit, a person) as stored for a
/// visitor without an account; else the handler renders it, holding the turn.
pub(crate) async fn site_lookup(
    req: &HttpRequest,
    c: &crate::web::context::Chrome,
    named: &super::page_cache::Named,
) -> super::page_cache::Lookup {
    let shared = c.user.is_none() && c.flash.is_none();
    super::page_cache::lookup(req, named, html_kind(c.lang), shared).await
}

/// Answers a rendered page outside one event, kept for later visitors when nothing in it is
/// of this visitor (no account, no message, not even the form token).
pub(crate) fn site_answer(
    req: &HttpRequest,
    c: &crate::web::context::Chrome,
    named: &super::page_cache::Named,
    turn: Option<super::page_cache::RenderTurn>,
    text: String,
) -> HttpResponse {
    let shared =
        c.user.is_none() && c.flash.is_none() && (c.csrf.is_empty() || !text.contains(&c.csrf));
    if !shared && let Some(turn) = &turn {
        turn.not_stored();
    }
    let response = super::page_cache::keep_and_answer(
        req,
        named,
        html_kind(c.lang),
        shared,
        web::Bytes::from(text),
        Vec::new(),
    );
    drop(turn);
    response
}

/// Whether a page may be stored and shown to other visitors: nobody is signed in and there is
/// no one-time message.
fn shareable(page: &crate::web::event_context::EventPage) -> bool {
    page.chrome.user.is_none() && page.chrome.flash.is_none()
}

/// Stores a page for other visitors when it carries nothing personal (not even the form token).
fn share(req: &HttpRequest, page: &crate::web::event_context::EventPage, html: &str) {
    if !shareable(page) {
        return;
    }
    if !page.chrome.csrf.is_empty() && html.contains(&page.chrome.csrf) {
        if let Some(turn) = &page.render_turn {
            turn.not_stored();
        }
        return;
    }
    if let Some(cache) = req.app_data::<web::Data<PageCache>>() {
        cache.put(
            scope(page),
            version(page),
            page.chrome.lang.code(),
            &page.key,
            web::Bytes::copy_from_slice(html.as_bytes()),
            Vec::new(),
        );
    }
}

/// A rendered event page with its validators, so the next visit can be a 304; shared with
/// later visitors when nothing in it is personal.
pub(crate) fn cached_html(
    req: &HttpRequest,
    page: &crate::web::event_context::EventPage,
    template: &impl Template,
) -> Result<HttpResponse, WebError> {
    Ok(cached_text(req, page, template.render()?))
}

/// An event page already rendered to text, answered as [`cached_html`] does.
pub(crate) fn cached_text(
    req: &HttpRequest,
    page: &crate::web::event_context::EventPage,
    text: String,
) -> HttpResponse {
    share(req, page, &text);
    // A visitor without an account: the validator is what the page shows.
    let content = (page.chrome.user.is_none() && page.chrome.flash.is_none())
        .then(|| super::page_cache::content_etag(text.as_bytes()));
    if let Some(etag) = &content
        && if_none_match(req, etag)
    {
        return super::page_cache::not_modified(etag);
    }
    let mut response = HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(text);
    add_validators(req, page, &mut response, content.as_deref());
    response
}

/// An event page that is about to change without the event changing (a review being
/// computed): never kept for other visitors, and validated by its content only, so the next
/// view after the change is a new page.
pub(crate) fn unshared_text(
    req: &HttpRequest,
    page: &crate::web::event_context::EventPage,
    text: String,
) -> HttpResponse {
    if page.chrome.user.is_some() || page.chrome.flash.is_some() {
        // A signed-in reader's validator is the event's version: none is given.
        return HttpResponse::Ok()
            .content_type("text/html; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .body(text);
    }
    if let Some(turn) = &page.render_turn {
        turn.not_stored();
    }
    let etag = super::page_cache::content_etag(text.as_bytes());
    if if_none_match(req, &etag) {
        return super::page_cache::not_modified(&etag);
    }
    let mut response = HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(text);
    add_validators(req, page, &mut response, Some(&etag));
    response
}

/// Adds the ETag, Last-Modified and cache policy of an event page to a rendered response.
fn add_validators(
    req: &HttpRequest,
    page: &crate::web::event_context::EventPage,
    response: &mut HttpResponse,
    content_etag: Option<&str>,
) {
    let headers = response.headers_mut();
    if let Some(etag) = content_etag
        .map(str::to_string)
        .or_else(|| page_etag(req, page))
        && let Ok(value) = header::HeaderValue::from_str(&etag)
    {
        headers.insert(header::ETAG, value);
    }
    let seconds = page.access.event.updated_at.and_utc().timestamp().max(0) as u64;
    let modified = std::time::UNIX_EPOCH + std::time::Duration::from_secs(seconds);
    if let Ok(value) = header::HeaderValue::from_str(&header::HttpDate::from(modified).to_string())
    {
        headers.insert(header::LAST_MODIFIED, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("private, no-cache"),
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_laptop_itself_is_no_address_for_a_phone() {
        for host in [
            "localhost",
            "localhost:8080",
            "LOCALHOST.",
            "kiela.localhost:80",
            "127.0.0.1:8080",
            "127.1.2.3",
            "[::1]:8080",
            "::1",
            "0.0.0.0:8080",
        ] {
            assert!(super::is_loopback_host(host), "{host}");
        }
        for host in [
            "192.168.43.17:8080",
            "kiela.local",
            "[fd12::17]:8080",
            "10.0.0.2",
        ] {
            assert!(!super::is_loopback_host(host), "{host}");
        }
    }
}
