//! The API's public reads served like the public pages: rendered once per version of what
//! they show (an event, the rating list, a circuit) for everyone without a token, compressed
//! once, with the validator of what they show. A crowd of scoreboards polling the standings
//! costs one small query (the version) and a copy of stored bytes each. An answer for a token
//! may hold staff-only fields: it is rendered for that request and never stored.

use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;

use super::ApiError;
use crate::service::access::Access;
use crate::web::page_cache::{self, Kind, Named, PageKey, Scope};

pub(crate) use crate::web::page_cache::Lookup;

/// JSON, in the store's JSON slot; it varies with the token (a token may see more).
const JSON: Kind = Kind {
    content_type: "application/json",
    slot: "json",
    vary: "Accept-Encoding, Authorization",
};

/// A read of an event, valid for the event's version.
pub(crate) fn event(access: &Access, key: PageKey) -> Named {
    Named {
        scope: Scope::Event(access.event.id),
        version: u64::try_from(access.event.version).unwrap_or_default(),
        key,
    }
}

/// The stored answer for a visitor without a token, if this version has one, once any other
/// request rendering it has stored it.
pub(crate) async fn stored(req: &HttpRequest, named: &Named, anonymous: bool) -> Lookup {
    page_cache::lookup(req, named, JSON, anonymous).await
}

/// The bound a rendering of this read learnt for this version.
pub(crate) fn bound(req: &HttpRequest, named: &Named, anonymous: bool) -> Option<u64> {
    page_cache::bound_of(req, named, anonymous)
}

/// Remembers the bound of this read for this version.
pub(crate) fn learn_bound(req: &HttpRequest, named: &Named, anonymous: bool, bound: u64) {
    page_cache::learn(req, named, anonymous, bound);
}

/// Renders `body` once: stored for visitors without a token, answered with its headers and
/// validator either way.
pub(crate) fn json(
    req: &HttpRequest,
    named: &Named,
    anonymous: bool,
    headers: Vec<(&'static str, String)>,
    body: &impl Serialize,
) -> Result<HttpResponse, ApiError> {
    let bytes = Bytes::from(
        serde_json::to_vec(body)
            .map_err(|e| ApiError::from(crate::service::ServiceError::Internal(e.to_string())))?,
    );
    Ok(page_cache::keep_and_answer(
        req, named, JSON, anonymous, bytes, headers,
    ))
}
