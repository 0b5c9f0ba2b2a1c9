//! The API's public reads served like the public pages: rendered once per version of the
//! event for everyone without a token, compressed once, with the validator of what they show.
//! A crowd of scoreboards polling the standings costs one small query (the event's version)
//! and a copy of stored bytes each. An answer for a token may hold staff-only fields: it is
//! rendered for that request and never stored.

use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;

use super::ApiError;
use crate::service::events::Access;
use crate::web::page_cache::{self, PageCache, RenderTurn};

/// The cache's language slot for JSON (pages use the reader's language code).
const JSON: &str = "json";

/// The stored answer's name: the path and the paging parameters, written one way.
fn key(req: &HttpRequest) -> String {
    let mut kept: Vec<(String, String)> =
        serde_urlencoded::from_str::<Vec<(String, String)>>(req.query_string())
            .unwrap_or_default()
            .into_iter()
            .filter(|(name, _)| name == "page" || name == "per_page")
            .collect();
    kept.sort();
    match serde_urlencoded::to_string(&kept) {
        Ok(query) if !query.is_empty() => format!("{}?{query}", req.path()),
        _ => req.path().to_string(),
    }
}

/// What a public read finds before rendering.
pub(crate) enum Lookup {
    /// The answer stored for this version of the event.
    Stored(HttpResponse),
    /// Nothing stored: the caller renders, holding the turn (if any) until it has called
    /// [`json`], so that other clients asking meanwhile wait for its answer.
    Render(Option<RenderTurn>),
}

/// The stored answer for a visitor without a token, if this version of the event has one,
/// once any other request rendering it has stored it.
pub(crate) async fn stored(req: &HttpRequest, access: &Access, anonymous: bool) -> Lookup {
    let Some(cache) = req.app_data::<web::Data<PageCache>>().filter(|_| anonymous) else {
        return Lookup::Render(None);
    };
    let cache = cache.clone().into_inner();
    let (event, version, key) = (access.event.id, access.event.version, key(req));
    let found = |cache: &PageCache| {
        cache
            .get(event, version, JSON, &key)
            .map(|page| answer(req, page.html, page.gzip, &page.etag, &page.headers))
    };
    if let Some(stored) = found(&cache) {
        return Lookup::Stored(stored);
    }
    match PageCache::render_turn(cache.clone(), event, version, JSON, &key).await {
        Some(turn) => Lookup::Render(Some(turn)),
        None => found(&cache).map_or(Lookup::Render(None), Lookup::Stored),
    }
}

/// Renders `body` once: stored for visitors without a token, answered with its headers and
/// validator either way.
pub(crate) fn json(
    req: &HttpRequest,
    access: &Access,
    anonymous: bool,
    headers: Vec<(&'static str, String)>,
    body: &impl Serialize,
) -> Result<HttpResponse, ApiError> {
    let bytes = Bytes::from(
        serde_json::to_vec(body)
            .map_err(|e| ApiError::from(crate::service::ServiceError::Internal(e.to_string())))?,
    );
    let etag = page_cache::content_etag(&bytes);
    if anonymous && let Some(cache) = req.app_data::<web::Data<PageCache>>() {
        cache.put(
            access.event.id,
            access.event.version,
            JSON,
            &key(req),
            bytes.clone(),
            headers.clone(),
        );
        if let Some(page) = cache.get(access.event.id, access.event.version, JSON, &key(req)) {
            return Ok(answer(req, page.html, page.gzip, &page.etag, &page.headers));
        }
    }
    Ok(answer(req, bytes, None, &etag, &headers))
}

fn answer(
    req: &HttpRequest,
    body: Bytes,
    gzip: Option<Bytes>,
    etag: &str,
    headers: &[(&'static str, String)],
) -> HttpResponse {
    let mut response = HttpResponse::Ok();
    response
        .content_type("application/json")
        .insert_header((header::ETAG, etag.to_string()))
        .insert_header((header::VARY, "Accept-Encoding, Authorization"));
    for (name, value) in headers {
        response.insert_header((*name, value.clone()));
    }
    match gzip {
        // Compressed once when stored; the compressing middleware leaves an encoded body be.
        Some(gzip) if page_cache::accepts_gzip(req) => response
            .insert_header((header::CONTENT_ENCODING, "gzip"))
            .body(gzip),
        _ => response.body(body),
    }
}
