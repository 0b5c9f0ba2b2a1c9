//! The JSON API (`/api/v1`): bearer-token authentication and JSON errors
//! (`{"error":{"code","message"}}`), calling the same service functions as the pages.

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse, ResponseError, web};
use serde::Serialize;

pub(crate) mod archives;
pub(crate) mod cache;
pub(crate) mod circuits;
pub(crate) mod edits;
pub mod events;
pub(crate) mod fair_play;
pub mod games;
pub(crate) mod live;
pub(crate) mod me;
pub(crate) mod paging;
pub(crate) mod ratings;
pub(crate) mod registry;

use crate::domain::ErrorCode;
use crate::service::accounts::{self, User};
use crate::service::{App, ServiceError};
use crate::web::errors::{WebError, retry_after, status_of};
use crate::web::i18n::Lang;

/// The API's settings: a path that does not parse (`/games/abc`), or none of the API's, is a
/// JSON 404. Bodies are
/// read as bytes and parsed by [`json_body`] after the role checks.
pub(crate) fn configure(cfg: &mut web::ServiceConfig) {
    // A path parameter that does not parse (`/games/abc`) names no resource: our own 404, not
    // the framework's words about the types it tried.
    cfg.app_data(
        web::PathConfig::default()
            .error_handler(|_, _| ApiError::from(ServiceError::NotFound).into()),
    )
    .default_service(web::to(not_found));
}

/// An error of the API, written as JSON.
#[derive(Debug, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    status: StatusCode,
    /// A stable code from [`ErrorCode`]: a misspelt one does not compile.
    code: ErrorCode,
    message: String,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    detail: Option<serde_json::Value>,
    /// Seconds to wait before trying again (429 and 503), sent as `Retry-After`.
    #[serde(skip)]
    retry_after: Option<u64>,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl ApiError {
    /// Adds fields next to `code` and `message` (e.g. a verification error's ply).
    #[must_use]
    pub(crate) fn with_detail(mut self, detail: serde_json::Value) -> ApiError {
        self.detail = Some(detail);
        self
    }

    /// Replaces the message with one said otherwise (a refused record's reason, say).
    #[must_use]
    pub(crate) fn with_message(mut self, message: String) -> ApiError {
        self.message = message;
        self
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        if self.status.is_server_error() {
            tracing::error!("API error {}: {}", self.code, self.message);
        }
        let mut response = HttpResponse::build(self.status);
        if self.status == StatusCode::UNAUTHORIZED {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        if let Some(secs) = self.retry_after {
            response.insert_header((header::RETRY_AFTER, secs.to_string()));
        }
        response.json(serde_json::json!({ "error": self }))
    }
}

/// The API speaks English: a client shows the code, or these words.
impl From<WebError> for ApiError {
    fn from(e: WebError) -> ApiError {
        ApiError::said_in(e, Lang::En)
    }
}

impl ApiError {
    /// The error with its message in `lang`: for the JSON a page of the site asks for (the
    /// board of a game in play), whose reader has a language.
    #[expect(
        clippy::needless_pass_by_value,
        reason = "an error is turned into its answer once: taking it ends its life"
    )]
    pub(crate) fn said_in(e: WebError, lang: Lang) -> ApiError {
        let status = status_of(&e);
        let code = e.code();
        let message = if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            tracing::error!("API internal error: {e}");
            lang.t(&format!("error-{}", ErrorCode::Internal))
        } else {
            e.said(lang)
        };
        let detail = match &e {
            WebError::Service(ServiceError::Invalid(invalid)) => {
                Some(serde_json::json!({ "field": invalid.field }))
            }
            WebError::Service(
                ServiceError::Blocked { detail, .. } | ServiceError::Unusable { detail, .. },
            ) => Some(serde_json::json!({ "detail": detail })),
            WebError::Service(ServiceError::Archive(fault)) => Some(serde_json::json!({
                "round": fault.round,
                "board": fault.board,
                // In English, as every code and field name of the API; `said` names its
                // message and arguments, for a client (a venue) that says it in its own words.
                "detail": crate::web::said::fault_detail(crate::web::i18n::Lang::En, &fault.detail),
                "said": {
                    "key": fault.detail.key,
                    "args": fault.detail.args.iter().map(|(k, v)| ((*k).to_string(), serde_json::Value::from(v.clone()))).collect::<serde_json::Map<String, serde_json::Value>>(),
                },
            })),
            WebError::Malformed {
                field: Some(field), ..
            }
            | WebError::InvalidParameter(field) => Some(serde_json::json!({ "field": field })),
            WebError::UnknownFields(fields) => Some(serde_json::json!({ "fields": fields })),
            _ => None,
        };
        let retry_after = match &e {
            WebError::Service(service) => retry_after(service),
            _ => None,
        };
        ApiError {
            status,
            code,
            message,
            detail,
            retry_after,
        }
    }
}

impl From<ServiceError> for ApiError {
    fn from(e: ServiceError) -> ApiError {
        ApiError::from(WebError::Service(e))
    }
}

/// The user a request's bearer token acts for; 401 without a valid token. Cookies are never
/// looked at, so the API cannot be driven by a cross-site form.
#[derive(Clone)]
pub struct ApiUser(pub User);

/// The bearer token a request carries, if its `Authorization` header is one (`None` for a
/// header of another scheme or an empty token).
fn bearer_token(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
}

/// The account of a request that carries an `Authorization` header: every API route answers a
/// header that is not a valid token the same way, 401 (`bad_token`, or `unauthorized` for a
/// header that is not a bearer token), reads included. Checked once per request, by
/// [`crate::web::api_http`], before any handler or cached answer; the account is kept in
/// the request for [`ApiUser`].
pub(crate) async fn authenticate(req: &HttpRequest) -> Result<(), ApiError> {
    if !req.headers().contains_key(header::AUTHORIZATION) {
        return Ok(());
    }
    let Some(token) = bearer_token(req) else {
        return Err(WebError::Unauthorized.into());
    };
    let Some(app) = req.app_data::<web::Data<App>>().cloned() else {
        return Err(WebError::internal("application state missing").into());
    };
    let app = app.into_inner();
    match crate::web::run(move || accounts::api_token_user(&app, &token)).await? {
        Some(user) => {
            req.extensions_mut().insert(ApiUser(user));
            Ok(())
        }
        None => Err(WebError::BadToken.into()),
    }
}

impl FromRequest for ApiUser {
    type Error = ApiError;
    type Future = std::future::Ready<Result<ApiUser, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // The token was checked before the request reached its route ([`authenticate`]).
        std::future::ready(
            req.extensions()
                .get::<ApiUser>()
                .cloned()
                .ok_or_else(|| WebError::Unauthorized.into()),
        )
    }
}

/// An optional bearer token: reads are public, but a token may still be sent (and a bad one
/// was refused before the route).
pub struct MaybeApiUser(pub Option<User>);

impl FromRequest for MaybeApiUser {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Ok(MaybeApiUser(
            req.extensions().get::<ApiUser>().map(|u| u.0.clone()),
        )))
    }
}

/// A route the API does not have.
pub(crate) async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::from(ServiceError::NotFound))
}

/// The OpenAPI description of this API, kept beside the handlers it describes.
const OPENAPI: &str = include_str!("openapi.json");

/// `GET /api/v1/openapi.json`.
pub(crate) async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            actix_web::http::header::CACHE_CONTROL,
            "public, max-age=3600",
        ))
        .body(served_openapi())
}

/// The mark of a schema whose largest value is this year (a year of birth).
const THIS_YEAR_MARK: &str = "\"x-maximum-is-this-year\": true";

/// The document as served. A year of birth may be at most this year (UTC, as the server checks
/// it), which a file written once cannot say: each schema marked `x-maximum-is-this-year` gets
/// this year as its `maximum`. Made once a year, then the same bytes.
fn served_openapi() -> web::Bytes {
    static SERVED: std::sync::Mutex<Option<(i32, web::Bytes)>> = std::sync::Mutex::new(None);
    let year = chrono::Datelike::year(&chrono::Utc::now());
    let mut served = SERVED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match served.as_ref() {
        Some((made, bytes)) if *made == year => bytes.clone(),
        _ => {
            let bytes = web::Bytes::from(with_this_year(OPENAPI, year));
            *served = Some((year, bytes.clone()));
            bytes
        }
    }
}

fn with_this_year(document: &str, year: i32) -> String {
    document.replace(
        THIS_YEAR_MARK,
        &format!("{THIS_YEAR_MARK}, \"maximum\": {year}"),
    )
}

/// Whether the request says its body is JSON (`application/json` or `application/…+json`).
pub(crate) fn is_json(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| {
            let v = v.trim().to_ascii_lowercase();
            v == "application/json" || (v.starts_with("application/") && v.ends_with("+json"))
        })
}

/// A JSON body, read after the role extractors succeeded (so an unauthorised caller is told
/// 401/403, never how the body should look): 415 without `Content-Type: application/json`,
/// 400 when it is not a JSON object or a field has the wrong type, 422 naming the fields the
/// endpoint does not have (a misspelt field is never ignored silently).
pub(crate) fn json_body<T: serde::de::DeserializeOwned>(
    req: &HttpRequest,
    body: &web::Bytes,
) -> Result<T, ApiError> {
    if !is_json(req) {
        return Err(WebError::UnsupportedMediaType.into());
    }
    Ok(json_fields(body)?)
}

/// A JSON object's fields as `T`: 400 when it is not a JSON object or a field has the wrong
/// type (naming it), 422 naming the fields `T` does not have.
pub(crate) fn json_fields<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, WebError> {
    let malformed = |e: serde_json::Error| WebError::Malformed {
        field: None,
        reason: e.to_string(),
    };
    let value: serde_json::Value = serde_json::from_slice(body).map_err(malformed)?;
    // Every body is an object: serde would also read a struct from an array, field by field.
    if !value.is_object() {
        return Err(WebError::Malformed {
            field: None,
            reason: Lang::En.t("error-malformed-not-an-object"),
        });
    }
    let mut unknown = Vec::new();
    let parsed: Result<T, _> = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(
        crate::service::objects_only::ObjectsOnly(value),
        &mut |path: serde_ignored::Path<'_>| unknown.push(path.to_string()),
    ));
    if let Err(e) = &parsed
        && let Some(field) = e
            .inner()
            .to_string()
            .strip_prefix("unknown field `")
            .and_then(|rest| rest.split('`').next())
    {
        unknown.push(field.to_string());
    }
    if !unknown.is_empty() {
        return Err(WebError::UnknownFields(unknown));
    }
    parsed.map_err(|e| {
        let field = e.path().to_string();
        let words = in_json_words(&e.inner().to_string());
        if field == "." {
            // The body as a whole (a required field missing, say).
            return WebError::Malformed {
                field: None,
                reason: words,
            };
        }
        WebError::Malformed {
            field: Some(field),
            reason: words,
        }
    })
}

/// serde's words about a value, with JSON's names for the types instead of Rust's (`i64` is
/// "a whole number" to a client).
fn in_json_words(message: &str) -> String {
    let mut text = message.to_string();
    for (rust, json) in [
        ("expected i64", "expected a whole number"),
        ("expected i32", "expected a whole number"),
        ("expected u64", "expected a whole number from 0"),
        ("expected u32", "expected a whole number from 0"),
        ("expected usize", "expected a whole number from 0"),
        ("expected f64", "expected a number"),
        ("invalid type: sequence", "invalid type: array"),
        ("invalid type: map", "invalid type: object"),
        ("expected f32", "expected a number"),
    ] {
        text = text.replace(rust, json);
    }
    text
}

/// 422 naming the fields a body should not have.
pub(crate) fn unknown_fields(fields: &[String]) -> ApiError {
    WebError::UnknownFields(fields.to_vec()).into()
}

fn path_id<T: std::str::FromStr>(req: &HttpRequest, name: &str) -> Result<T, ApiError> {
    req.match_info()
        .get(name)
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| ApiError::from(ServiceError::NotFound))
}

type ApiFuture<T> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, ApiError>>>>;

/// The event of the path's `{id}` for the signed-in user, who must pass `allowed` (403).
fn event_access(
    req: &HttpRequest,
    payload: &mut Payload,
    allowed: fn(&crate::service::access::Access) -> bool,
) -> ApiFuture<crate::service::access::Access> {
    let user = ApiUser::from_request(req, payload);
    let id = path_id(req, "id");
    let app = req.app_data::<web::Data<App>>().cloned();
    Box::pin(async move {
        let ApiUser(user) = user.await?;
        let (id, app) = (id?, app.ok_or(ServiceError::Internal("no state".into()))?);
        let app = app.into_inner();
        let access = crate::web::run(move || {
            crate::service::access::access(
                &app,
                crate::service::access::EventRef::Id(id),
                Some(&user),
            )
        })
        .await?;
        if !allowed(&access) {
            return Err(ServiceError::Forbidden.into());
        }
        Ok(access)
    })
}

/// The event of the path's `{id}`, for one of its organisers (403 for anyone else).
pub struct ApiOrganiser(pub crate::service::access::Access);

impl FromRequest for ApiOrganiser {
    type Error = ApiError;
    type Future = ApiFuture<ApiOrganiser>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let access = event_access(req, payload, crate::service::access::Access::is_organiser);
        Box::pin(async move { Ok(ApiOrganiser(access.await?)) })
    }
}

/// The event of the path's `{id}`, for its staff: organisers and arbiters (403 for anyone
/// else).
pub struct ApiEventStaff(pub crate::service::access::Access);

impl FromRequest for ApiEventStaff {
    type Error = ApiError;
    type Future = ApiFuture<ApiEventStaff>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let access = event_access(req, payload, |access| access.staff_reading().is_ok());
        Box::pin(async move { Ok(ApiEventStaff(access.await?)) })
    }
}

/// The game of the path's `{id}` for someone who may act on it: one of its players or the
/// event's staff (403 for anyone else).
pub struct ApiGameActor {
    pub access: crate::service::access::Access,
    pub game_id: crate::domain::GameId,
    pub actor: crate::service::games::Actor,
}

fn game_actor(req: &HttpRequest, payload: &mut Payload) -> ApiFuture<ApiGameActor> {
    let user = ApiUser::from_request(req, payload);
    let id = path_id(req, "id");
    let app = req.app_data::<web::Data<App>>().cloned();
    Box::pin(async move {
        let ApiUser(user) = user.await?;
        let (game_id, app) = (id?, app.ok_or(ServiceError::Internal("no state".into()))?);
        let app = app.into_inner();
        let (access, game, players) = crate::web::run(move || {
            crate::service::games::access_for_game(&app, game_id, Some(&user))
        })
        .await?;
        let actor = crate::service::games::actor_or_refusal(&access, &game, &players)?;
        Ok(ApiGameActor {
            access,
            game_id,
            actor,
        })
    })
}

impl FromRequest for ApiGameActor {
    type Error = ApiError;
    type Future = ApiFuture<ApiGameActor>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        game_actor(req, payload)
    }
}

/// One of the game's two players.
pub struct ApiGamePlayer(pub ApiGameActor);

impl FromRequest for ApiGamePlayer {
    type Error = ApiError;
    type Future = ApiFuture<ApiGamePlayer>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let fut = game_actor(req, payload);
        Box::pin(async move {
            let game = fut.await?;
            match game.actor {
                crate::service::games::Actor::Player { .. } => Ok(ApiGamePlayer(game)),
                crate::service::games::Actor::Staff { .. } => Err(ServiceError::Forbidden.into()),
            }
        })
    }
}

/// The game of the path's `{id}`, for an arbiter or organiser of its event.
pub struct ApiGameArbiter(pub ApiGameActor);

impl FromRequest for ApiGameArbiter {
    type Error = ApiError;
    type Future = ApiFuture<ApiGameArbiter>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let fut = game_actor(req, payload);
        Box::pin(async move {
            let game = fut.await?;
            if !game.access.is_arbiter() {
                return Err(ServiceError::Forbidden.into());
            }
            Ok(ApiGameArbiter(game))
        })
    }
}

/// An administrator of the installation (the federation's).
pub struct ApiAdmin(pub User);

impl FromRequest for ApiAdmin {
    type Error = ApiError;
    type Future = ApiFuture<ApiAdmin>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let user = ApiUser::from_request(req, payload);
        Box::pin(async move {
            let ApiUser(user) = user.await?;
            if !user.is_admin() {
                return Err(ServiceError::Forbidden.into());
            }
            Ok(ApiAdmin(user))
        })
    }
}

/// A user who may create events (organisers and administrators).
pub struct ApiCreator(pub User);

impl FromRequest for ApiCreator {
    type Error = ApiError;
    type Future = ApiFuture<ApiCreator>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let user = ApiUser::from_request(req, payload);
        Box::pin(async move {
            let ApiUser(user) = user.await?;
            if !user.role.can_create_events() {
                return Err(ServiceError::Forbidden.into());
            }
            Ok(ApiCreator(user))
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    /// Every marked schema, with its `maximum`.
    fn marked(value: &Value, out: &mut Vec<Option<i64>>) {
        match value {
            Value::Object(map) => {
                if map.get("x-maximum-is-this-year") == Some(&Value::Bool(true)) {
                    out.push(map.get("maximum").and_then(Value::as_i64));
                }
                map.values().for_each(|v| marked(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| marked(v, out)),
            _ => {}
        }
    }

    #[test]
    fn the_served_document_gives_years_of_birth_this_year_as_their_maximum() {
        let mut stored = Vec::new();
        marked(&serde_json::from_str(super::OPENAPI).unwrap(), &mut stored);
        assert!(
            stored.len() >= 3 && stored.iter().all(Option::is_none),
            "{stored:?}"
        );
        let mut served = Vec::new();
        let document = super::with_this_year(super::OPENAPI, 2031);
        marked(&serde_json::from_str(&document).unwrap(), &mut served);
        assert_eq!(served, vec![Some(2031); stored.len()]);
    }
}
