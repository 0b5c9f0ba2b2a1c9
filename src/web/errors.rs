//! The one place where errors become HTTP: status codes, translated error pages for the site,
//! JSON bodies for the API.
//!
//! Handlers return [`WebError`]; its response is a bare status carrying the error code. The
//! [`render`] error handler (wrapped around the whole app) then writes the body: a translated
//! page in the visitor's language, or `{"error":{"code","message"}}` under `/api/`. Errors that
//! actix produces itself (unknown route, wrong method, body too large) get the same treatment.

use actix_web::dev::ServiceResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

use super::context::Chrome;
use super::i18n::Lang;
use crate::db::DbError;
use crate::service::crypto::RandomError;
use crate::service::{ErrorCode, ServiceError};

/// Attached to an error response: the stable code of what went wrong.
#[derive(Clone, Copy, Debug)]
pub struct ResponseCode(pub ErrorCode);

/// Attached to an error response: specifics to show after the message.
#[derive(Clone, Debug)]
pub struct ErrorDetail(pub String);

/// Attached to a response whose body is already final (a form re-rendered with its errors).
#[derive(Clone, Copy, Debug)]
pub struct Rendered;

/// Errors of handlers: a use case's error, or one of the few only the web layer has.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// A page for signed-in people, asked without a session: the login form, then `next`.
    #[error("login required")]
    LoginRequired(String),
    #[error(transparent)]
    Service(ServiceError),
    /// A form that does not have the shape of one (not a form, not UTF-8).
    #[error("bad request")]
    BadRequest,
    #[error("CSRF token missing or wrong")]
    Csrf,
    /// A body larger than the route takes (its limit in bytes, when the route names it).
    #[error("payload too large")]
    PayloadTooLarge { limit: Option<usize> },
    /// An API request without a bearer token.
    #[error("API token missing")]
    Unauthorized,
    /// An API request whose bearer token is unknown or revoked.
    #[error("API token unknown or revoked")]
    BadToken,
    /// An API body that is not JSON.
    #[error("not JSON")]
    UnsupportedMediaType,
    /// An API body that is JSON but not of the endpoint's shape: which field, if one, and
    /// what was expected there.
    #[error("malformed body: {reason}")]
    Malformed {
        field: Option<String>,
        reason: String,
    },
    /// An API body with fields the endpoint does not have.
    #[error("unknown fields {0:?}")]
    UnknownFields(Vec<String>),
    /// A query parameter that is not a page number or a page size.
    #[error("invalid parameter {0}")]
    InvalidParameter(String),
    /// A method the path does not answer; the methods it does.
    #[error("method not allowed")]
    MethodNotAllowed { allow: String },
}

/// The one table from an error to its HTTP status, for the pages and the API alike.
#[must_use]
pub(crate) fn status_of(error: &WebError) -> StatusCode {
    match error {
        WebError::LoginRequired(_) => StatusCode::SEE_OTHER,
        WebError::BadRequest | WebError::Malformed { .. } | WebError::InvalidParameter(_) => {
            StatusCode::BAD_REQUEST
        }
        WebError::Unauthorized | WebError::BadToken => StatusCode::UNAUTHORIZED,
        WebError::Csrf => StatusCode::FORBIDDEN,
        WebError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
        WebError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        WebError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        WebError::UnknownFields(_) => StatusCode::UNPROCESSABLE_ENTITY,
        WebError::Service(error) => service_status(error),
    }
}

/// The use cases' half of the table.
#[must_use]
pub(crate) fn service_status(error: &ServiceError) -> StatusCode {
    match error {
        ServiceError::NotFound => StatusCode::NOT_FOUND,
        ServiceError::Forbidden | ServiceError::NotAllowed(_) => StatusCode::FORBIDDEN,
        ServiceError::Invalid(_)
        | ServiceError::Unusable { .. }
        | ServiceError::Trf(_)
        | ServiceError::Archive(_) => StatusCode::UNPROCESSABLE_ENTITY,
        ServiceError::Conflict(_) | ServiceError::Blocked { .. } | ServiceError::Stale => {
            StatusCode::CONFLICT
        }
        ServiceError::BadCredentials => StatusCode::UNAUTHORIZED,
        ServiceError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
        ServiceError::Busy { .. } | ServiceError::Db(DbError::Pool(_) | DbError::Connect(_)) => {
            StatusCode::SERVICE_UNAVAILABLE
        }
        ServiceError::Db(_) | ServiceError::Random(_) | ServiceError::Internal(_) => {
            StatusCode::INTERNAL_SERVER_ERROR
        }
    }
}

/// The status of a form sent back because what was typed is refused, for the refusals a
/// handler finds itself (a field that does not parse, a record the engine refuses): the one
/// the table gives a use case's invalid input.
#[must_use]
pub(crate) fn refused_input() -> StatusCode {
    service_status(&ServiceError::invalid("form", ErrorCode::FieldInvalid))
}

/// Seconds to wait before trying again, for the errors that have them.
#[must_use]
pub(crate) fn retry_after(error: &ServiceError) -> Option<u64> {
    match error {
        ServiceError::RateLimited { retry_after_secs }
        | ServiceError::Busy { retry_after_secs } => Some(*retry_after_secs),
        // Every connection stayed busy for the whole wait: a moment later one is free again.
        ServiceError::Db(DbError::Pool(_)) => Some(1),
        _ => None,
    }
}

impl WebError {
    /// The stable code.
    #[must_use]
    pub fn code(&self) -> ErrorCode {
        match self {
            WebError::LoginRequired(_) => ErrorCode::LoginRequired,
            WebError::Service(e) => e.code(),
            WebError::BadRequest => ErrorCode::BadRequest,
            WebError::Csrf => ErrorCode::Csrf,
            WebError::PayloadTooLarge { .. } => ErrorCode::PayloadTooLarge,
            WebError::Unauthorized => ErrorCode::Unauthorized,
            WebError::BadToken => ErrorCode::BadToken,
            WebError::UnsupportedMediaType => ErrorCode::UnsupportedMediaType,
            WebError::Malformed { .. } => ErrorCode::Malformed,
            WebError::UnknownFields(_) => ErrorCode::UnknownFields,
            WebError::InvalidParameter(_) => ErrorCode::InvalidParameter,
            WebError::MethodNotAllowed { .. } => ErrorCode::MethodNotAllowed,
        }
    }

    /// What to tell a person, in `lang`: the code's message, with the error's specifics where
    /// it has them. Every word comes from the locale files.
    #[must_use]
    pub(crate) fn said(&self, lang: Lang) -> String {
        let key = |suffix: &str| format!("error-{}-{suffix}", self.code());
        match self {
            WebError::PayloadTooLarge { limit: Some(limit) } => {
                lang.t_args(&key("limit"), &[("megabytes", (limit >> 20).to_string())])
            }
            WebError::Malformed {
                field: Some(field),
                reason,
            } => lang.t_args(
                &key("field"),
                &[("field", field.clone()), ("reason", reason.clone())],
            ),
            WebError::Malformed {
                field: None,
                reason,
            } => lang.t_args(&key("reason"), &[("reason", reason.clone())]),
            WebError::UnknownFields(fields) => lang.t_args(
                &key("named"),
                &[(
                    "fields",
                    fields
                        .iter()
                        .map(|f| format!("`{f}`"))
                        .collect::<Vec<_>>()
                        .join(", "),
                )],
            ),
            WebError::InvalidParameter(name) => lang.t_args(
                &key("named"),
                &[
                    ("name", name.clone()),
                    ("max", super::api::paging::MAX_PER_PAGE.to_string()),
                ],
            ),
            WebError::MethodNotAllowed { allow } => {
                lang.t_args(&key("allow"), &[("allow", allow.clone())])
            }
            _ => lang.t(&format!("error-{}", self.code())),
        }
    }

    /// A body that could not be read: too large, or broken.
    pub(crate) fn from_payload(error: &actix_web::Error) -> WebError {
        match error.as_response_error().status_code() {
            StatusCode::PAYLOAD_TOO_LARGE => WebError::PayloadTooLarge { limit: None },
            _ => WebError::BadRequest,
        }
    }

    /// An error the program should not have: logged, and said as "internal error".
    pub(crate) fn internal(what: impl std::fmt::Display) -> WebError {
        WebError::Service(ServiceError::Internal(what.to_string()))
    }
}

impl From<ServiceError> for WebError {
    fn from(e: ServiceError) -> WebError {
        WebError::Service(e)
    }
}

impl From<RandomError> for WebError {
    fn from(e: RandomError) -> WebError {
        WebError::internal(e)
    }
}

impl From<actix_web::http::Error> for WebError {
    fn from(e: actix_web::http::Error) -> WebError {
        WebError::internal(e)
    }
}

impl From<actix_web::error::HttpError> for WebError {
    fn from(e: actix_web::error::HttpError) -> WebError {
        WebError::internal(e)
    }
}

impl From<actix_web::http::header::InvalidHeaderValue> for WebError {
    fn from(e: actix_web::http::header::InvalidHeaderValue) -> WebError {
        WebError::internal(e)
    }
}

impl From<askama::Error> for WebError {
    fn from(e: askama::Error) -> WebError {
        WebError::internal(format_args!("template: {e}"))
    }
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        status_of(self)
    }

    fn error_response(&self) -> HttpResponse {
        if let WebError::LoginRequired(next) = self {
            let location = format!("/login?next={}", urlencode(next));
            return HttpResponse::SeeOther()
                .insert_header((header::LOCATION, location))
                .finish();
        }
        if self.status_code().is_server_error() {
            tracing::error!("{}: {self}", self.code());
        }
        let mut response = HttpResponse::new(self.status_code());
        if let WebError::Service(e) = self {
            if let Some(secs) = retry_after(e)
                && let Ok(value) = HeaderValue::from_str(&secs.to_string())
            {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
            if let ServiceError::Blocked { detail, .. } | ServiceError::Unusable { detail, .. } = e
            {
                response
                    .extensions_mut()
                    .insert(ErrorDetail(detail.clone()));
            }
        }
        response.extensions_mut().insert(ResponseCode(self.code()));
        response
    }
}

/// Percent-encodes a path for a query parameter.
#[must_use]
pub(crate) fn urlencode(text: &str) -> String {
    serde_urlencoded::to_string([("x", text)])
        .map(|s| s.trim_start_matches("x=").to_string())
        .unwrap_or_default()
}

/// The code of an error response that carries none (actix's own: no route, wrong method).
fn default_code(status: StatusCode) -> ErrorCode {
    match status.as_u16() {
        401 => ErrorCode::Unauthorized,
        403 => ErrorCode::Forbidden,
        404 => ErrorCode::NotFound,
        405 => ErrorCode::MethodNotAllowed,
        408 => ErrorCode::BodyTimeout,
        409 => ErrorCode::Conflict,
        413 => ErrorCode::PayloadTooLarge,
        415 => ErrorCode::UnsupportedMediaType,
        422 => ErrorCode::Unprocessable,
        429 => ErrorCode::RateLimited,
        503 => ErrorCode::Unavailable,
        s if s >= 500 => ErrorCode::Internal,
        _ => ErrorCode::BadRequest,
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    c: &'a Chrome,
    status: u16,
    title: String,
    message: String,
    detail: Option<String>,
    /// The page the visitor came from on this site.
    back: Option<String>,
}

/// Writes the body of every error response that has none yet (see the module comment).
#[expect(
    clippy::unnecessary_wraps,
    reason = "the shape actix's error handlers take"
)]
pub(crate) fn render<B: 'static>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    if res.response().extensions().get::<Rendered>().is_some() || res.status().is_redirection() {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let code = res
        .response()
        .extensions()
        .get::<ResponseCode>()
        .map_or_else(|| default_code(status), |c| c.0);
    let detail = res
        .response()
        .extensions()
        .get::<ErrorDetail>()
        .map(|d| d.0.clone());
    let is_api = res.request().path().starts_with("/api/");
    let (req, old) = res.into_parts();
    // A JSON error (the API's, or a JSON answer elsewhere such as a personal link's games)
    // is complete as it is.
    if old
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"))
    {
        return Ok(ErrorHandlerResponse::Response(
            ServiceResponse::new(req, old).map_into_left_body(),
        ));
    }
    if is_api {
        let new = api_error_body(status, code, detail.as_deref());
        return Ok(ErrorHandlerResponse::Response(with_headers(req, &old, new)));
    }
    // A page: in the visitor's language, with their own header (signed in or not), which may
    // need the session looked up.
    Ok(ErrorHandlerResponse::Future(Box::pin(async move {
        let chrome = Chrome::for_error(&req).await;
        let new = error_page(&req, &chrome, status, code, detail);
        Ok(with_headers(req, &old, new))
    })))
}

fn api_error_body(status: StatusCode, code: ErrorCode, detail: Option<&str>) -> HttpResponse {
    let message = Lang::En.t(&format!("error-{code}"));
    let message = if message.starts_with("error-") {
        status.canonical_reason().unwrap_or("error").to_string()
    } else {
        message
    };
    let mut error = serde_json::json!({"code": code, "message": message});
    if let Some(detail) = detail {
        error["detail"] = serde_json::Value::String(detail.to_string());
    }
    HttpResponse::build(status).json(serde_json::json!({ "error": error }))
}

/// Where the visitor came from on this site, to offer the way back (the `Referer` a browser
/// sends within the site; another site's is ignored).
fn way_back(req: &actix_web::HttpRequest) -> Option<String> {
    let referer = req.headers().get(header::REFERER)?.to_str().ok()?;
    let host = req.connection_info().host().to_string();
    let rest = referer
        .strip_prefix("https://")
        .or_else(|| referer.strip_prefix("http://"))?;
    let path = rest.strip_prefix(host.as_str())?;
    let path = super::pages::safe_next(path);
    (path != req.path()).then_some(path)
}

fn error_page(
    req: &actix_web::HttpRequest,
    chrome: &Chrome,
    status: StatusCode,
    code: ErrorCode,
    detail: Option<String>,
) -> HttpResponse {
    let lang = chrome.lang;
    let title_key = format!("error-title-{}", status.as_u16());
    let title = if lang.has(&title_key) {
        lang.t(&title_key)
    } else {
        status.canonical_reason().unwrap_or("Error").to_string()
    };
    let message_key = format!("error-{code}");
    let message = if lang.has(&message_key) {
        lang.t(&message_key)
    } else {
        lang.t(&format!("error-{}", default_code(status)))
    };
    let page = ErrorPage {
        c: chrome,
        status: status.as_u16(),
        title,
        message,
        detail,
        back: way_back(req),
    };
    let body = page.render().unwrap_or_else(|e| {
        tracing::error!("error page template: {e}");
        format!(
            "{} {}",
            status.as_u16(),
            status.canonical_reason().unwrap_or("")
        )
    });
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(body)
}

/// The new body with the old response's headers (cookies, `Retry-After`, `Allow`, ...).
fn with_headers<B>(
    req: actix_web::HttpRequest,
    old: &HttpResponse<B>,
    mut new: HttpResponse,
) -> ServiceResponse<actix_web::body::EitherBody<B>> {
    for (name, value) in old.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            new.headers_mut().append(name.clone(), value.clone());
        }
    }
    ServiceResponse::new(req, new).map_into_right_body()
}

/// Marks a response as complete, so [`render`] leaves its body alone.
#[must_use]
pub(crate) fn rendered(mut response: HttpResponse) -> HttpResponse {
    response.extensions_mut().insert(Rendered);
    response
}
