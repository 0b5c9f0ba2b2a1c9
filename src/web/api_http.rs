//! HTTP as API clients expect it, around every route: a wrong method is `405 Method Not
//! Allowed` with `Allow` (never a 404 for a path that exists), and the API's public reads carry
//! CORS (`Access-Control-Allow-Origin: *`, never with credentials, so a scoreboard on another
//! site can read the standings and nothing else), an `ETag` answered with `304 Not Modified`,
//! and `Cache-Control`. Writes get no CORS header at all, so no other site's script can send
//! one with the visitor's browser.

use std::sync::OnceLock;

use actix_web::body::{BoxBody, EitherBody, MessageBody};
use actix_web::dev::{ResourceDef, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};
use sha2::{Digest, Sha256};

use super::api::ApiError;
use super::routes::ROUTES;

/// The API's reads that anyone may make without a token.
pub(crate) const PUBLIC_READS: &[&str] = &[
    "/api/v1/openapi.json",
    "/api/v1/events",
    "/api/v1/events/{id}",
    "/api/v1/events/{id}/players",
    "/api/v1/events/{id}/players/{pid}",
    "/api/v1/events/{id}/rounds/{n}",
    "/api/v1/events/{id}/standings",
    "/api/v1/events/{id}/prizes",
    "/api/v1/events/{id}/export.trf",
    "/api/v1/events/{id}/export.csv",
    "/api/v1/events/{id}/rating",
    "/api/v1/games/{id}",
    "/api/v1/ratings",
    "/api/v1/circuits/{id}",
    "/api/v1/registry",
    "/api/v1/registry/{federation_id}",
];

/// Largest answer whose `ETag` is computed (the body is read whole to hash it).
const MAX_TAGGED_BYTES: usize = 32 << 20;

fn route_defs() -> &'static [(ResourceDef, &'static str)] {
    static DEFS: OnceLock<Vec<(ResourceDef, &'static str)>> = OnceLock::new();
    DEFS.get_or_init(|| {
        ROUTES
            .iter()
            .map(|r| (ResourceDef::new(r.path), r.method))
            .collect()
    })
}

fn public_defs() -> &'static [ResourceDef] {
    static DEFS: OnceLock<Vec<ResourceDef>> = OnceLock::new();
    DEFS.get_or_init(|| PUBLIC_READS.iter().map(|p| ResourceDef::new(*p)).collect())
}

/// The methods the route table serves at `path` (`HEAD` wherever `GET` is).
pub(crate) fn allowed_methods(path: &str) -> Vec<&'static str> {
    let mut methods: Vec<&'static str> = Vec::new();
    for (def, method) in route_defs() {
        if def.is_match(path) && !methods.contains(method) {
            methods.push(method);
        }
    }
    if methods.contains(&"GET") {
        methods.push("HEAD");
    }
    methods
}

/// The path without its trailing slashes, when that is a page or read the site serves (never
/// `//host`, which a browser would take for another site).
fn without_trailing_slash(path: &str) -> Option<String> {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() || trimmed.starts_with("//") {
        return None;
    }
    allowed_methods(trimmed)
        .contains(&"GET")
        .then(|| trimmed.to_string())
}

/// Whether `path` is one of the API's public reads.
pub(crate) fn is_public_read(path: &str) -> bool {
    public_defs().iter().any(|d| d.is_match(path))
}

/// The middleware.
pub(crate) async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<BoxBody>>, actix_web::Error> {
    let path = req.path().to_string();
    let method = req.method().clone();
    let reading = method == Method::GET || method == Method::HEAD;
    if reading && let Some(response) = to_page_without_slash(&req, &path) {
        return Ok(req.into_response(response).map_into_right_body());
    }
    let public = reading && is_public_read(&path);
    let if_none_match = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let with_token = req.headers().contains_key(header::AUTHORIZATION);
    if path.starts_with("/api/")
        && let Err(refused) = super::api::authenticate(req.request()).await
    {
        return Ok(req
            .into_response(refused.error_response())
            .map_into_right_body());
    }
    let res = next.call(req).await?.map_into_boxed_body();
    if res.status() == StatusCode::NOT_FOUND {
        let allowed = allowed_methods(&path);
        if !allowed.is_empty() && !allowed.contains(&method.as_str()) {
            return Ok(method_not_allowed(res, &path, &allowed));
        }
    }
    if !public {
        return Ok(res.map_into_left_body());
    }
    let (req, mut response) = res.into_parts();
    open_to_other_sites(&mut response);
    if response.status() != StatusCode::OK {
        return Ok(ServiceResponse::new(req, response).map_into_left_body());
    }
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(if with_token {
            "private, no-cache"
        } else {
            "public, no-cache"
        }),
    );
    let response = validated(response, if_none_match.as_deref()).await?;
    Ok(ServiceResponse::new(req, response).map_into_left_body())
}

/// `/events/open-2026/` is `/events/open-2026`: a link with a trailing slash (typed, or from
/// another site) is sent to the page instead of a 404.
fn to_page_without_slash(req: &ServiceRequest, path: &str) -> Option<HttpResponse> {
    if path.len() <= 1 || !path.ends_with('/') {
        return None;
    }
    let to = without_trailing_slash(path)?;
    let query = req.query_string();
    let location = if query.is_empty() {
        to
    } else {
        format!("{to}?{query}")
    };
    Some(
        HttpResponse::PermanentRedirect()
            .insert_header((header::LOCATION, location))
            .finish(),
    )
}

/// A public read may be fetched by a scoreboard on another site.
fn open_to_other_sites(response: &mut HttpResponse) {
    let headers = response.headers_mut();
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        header::HeaderValue::from_static("*"),
    );
    headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        header::HeaderValue::from_static("ETag, Link, X-Total-Count, Retry-After"),
    );
    headers.insert(
        header::VARY,
        header::HeaderValue::from_static("Authorization"),
    );
}

/// A public read with its validator: the one it carries (rendered once per event version),
/// or a hash of its bytes; 304 without a body when the client has it already.
async fn validated(
    response: HttpResponse,
    if_none_match: Option<&str>,
) -> Result<HttpResponse, actix_web::Error> {
    let not_modified = |response: HttpResponse| {
        let mut not_modified = response.set_body(BoxBody::new(()));
        *not_modified.status_mut() = StatusCode::NOT_MODIFIED;
        not_modified.headers_mut().remove(header::CONTENT_TYPE);
        not_modified
    };
    if let Some(tag) = response
        .headers()
        .get(header::ETAG)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
    {
        if if_none_match.is_some_and(|v| matches_tag(v, &tag)) {
            let mut response = not_modified(response);
            response.headers_mut().remove(header::CONTENT_ENCODING);
            return Ok(response);
        }
        return Ok(response);
    }
    let (response, body) = response.into_parts();
    let Ok(bytes) = actix_web::body::to_bytes_limited(body, MAX_TAGGED_BYTES).await else {
        return Ok(response.set_body(BoxBody::new(())));
    };
    let bytes = bytes.map_err(|e| actix_web::error::ErrorInternalServerError(e.to_string()))?;
    // Weak: the same answer may travel gzip-compressed or not.
    let tag = format!("W/\"{}\"", &hex::encode(Sha256::digest(&bytes))[..32]);
    let mut response = if if_none_match.is_some_and(|v| matches_tag(v, &tag)) {
        not_modified(response.set_body(BoxBody::new(())))
    } else {
        response.set_body(BoxBody::new(bytes))
    };
    if let Ok(value) = header::HeaderValue::from_str(&tag) {
        response.headers_mut().insert(header::ETAG, value);
    }
    Ok(response)
}

/// Whether an `If-None-Match` value names `tag` (weak comparison) or is `*`.
fn matches_tag(if_none_match: &str, tag: &str) -> bool {
    let bare = tag.trim_start_matches("W/");
    if_none_match
        .split(',')
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == bare || t == "*")
}

/// 405 with the methods the path has: JSON for the API, the site's error page elsewhere.
fn method_not_allowed(
    res: ServiceResponse<BoxBody>,
    path: &str,
    allowed: &[&str],
) -> ServiceResponse<EitherBody<BoxBody>> {
    let allow = allowed.join(", ");
    let (req, _) = res.into_parts();
    let mut response = if path.starts_with("/api/") {
        ApiError::from(crate::web::errors::WebError::MethodNotAllowed {
            allow: allow.clone(),
        })
        .error_response()
    } else {
        HttpResponse::new(StatusCode::METHOD_NOT_ALLOWED)
    };
    if let Ok(value) = header::HeaderValue::from_str(&allow) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    ServiceResponse::new(req, response).map_into_right_body()
}
