//! Event archives through the API: an organiser takes an event's archive, and an organiser of
//! another installation (the federation's) imports it, or first asks for its review.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use serde::Serialize;

use super::{ApiCreator, ApiError, ApiOrganiser};
use crate::service::archive::{self, ImportAction, Review};
use crate::service::{App, ServiceError};
use crate::web::paths;

/// The most an archive sent to the API may weigh as sent (gzip or JSON); it may hold up to
/// [`archive::MAX_ARCHIVE_BYTES`] once decompressed.
pub const MAX_ARCHIVE_BODY: usize = 32 << 20;

/// `GET /api/v1/events/{id}/archive` (organisers): the event's archive.
pub(crate) async fn export(
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
) -> Result<HttpResponse, ApiError> {
    let slug = access.event.slug.clone();
    let app = app.into_inner();
    let bytes = crate::web::run(move || archive::export(&app, &access)).await?;
    Ok(archive_file(&slug, bytes))
}

/// An archive as a download named after its event.
pub(crate) fn archive_file(slug: &str, bytes: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{slug}.kiela\""),
        ))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(bytes)
}

/// Reads a body of at most `limit` bytes (413 past it), after the role checks.
pub(crate) async fn body_within(
    mut payload: web::Payload,
    limit: usize,
) -> Result<Vec<u8>, ServiceError> {
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| ServiceError::Unusable {
            code: crate::domain::ErrorCode::BadRequest,
            detail: String::new(),
        })?;
        if body.len() + chunk.len() > limit {
            return Err(ServiceError::Unusable {
                code: crate::domain::ErrorCode::PayloadTooLarge,
                detail: format!("{} MB", limit >> 20),
            });
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

#[derive(Serialize)]
struct ImportedJson {
    id: crate::domain::EventId,
    slug: String,
    url: String,
    /// Each entry (by its pairing number) and the id this installation knows its person by.
    people: Vec<archive::Person>,
    /// The event, as `GET /api/v1/events/{id}` gives its settings and state.
    event: crate::domain::Event,
    review: Review,
}

/// `POST /api/v1/archives` (organisers): the archive as the body (JSON or gzip). 201 with the
/// event (200 when it changed nothing); `?dry_run=true`: 200 with the review, nothing
/// written; a refused archive: 422 naming the game and the reason.
pub(crate) async fn import(
    req: HttpRequest,
    app: web::Data<App>,
    ApiCreator(user): ApiCreator,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let dry_run = dry_run(req.query_string())?;
    let body = match body_within(payload, MAX_ARCHIVE_BODY).await {
        Ok(body) => body,
        Err(ServiceError::Unusable {
            code: crate::domain::ErrorCode::PayloadTooLarge,
            ..
        }) => {
            return Err(crate::web::errors::WebError::PayloadTooLarge {
                limit: Some(MAX_ARCHIVE_BODY),
            }
            .into());
        }
        Err(e) => return Err(e.into()),
    };
    let service = app.clone().into_inner();
    if dry_run {
        let review = crate::web::run(move || archive::review(&service, &user, &body, &[])).await?;
        return Ok(HttpResponse::Ok().json(review));
    }
    let imported = crate::web::run(move || archive::import(&service, &user, &body, &[])).await?;
    let event = imported.event;
    let json = ImportedJson {
        people: imported.people,
        id: event.id,
        url: crate::web::pages::public_url(&req, &app, &paths::event(&event.slug)),
        slug: event.slug.clone(),
        event,
        review: imported.review,
    };
    Ok(match json.review.action {
        ImportAction::Created => HttpResponse::Created()
            .insert_header((header::LOCATION, format!("/api/v1/events/{}", json.id)))
            .json(json),
        ImportAction::Updated | ImportAction::Unchanged => HttpResponse::Ok().json(json),
    })
}

/// `dry_run=true` (or `1`); anything else that is not false is a bad parameter.
fn dry_run(query: &str) -> Result<bool, ServiceError> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap_or_default();
    match pairs
        .iter()
        .find(|(k, _)| k == "dry_run")
        .map(|(_, v)| v.as_str())
    {
        None | Some("false" | "0" | "") => Ok(false),
        Some("true" | "1") => Ok(true),
        Some(_) => Err(ServiceError::invalid(
            "dry_run",
            crate::domain::ErrorCode::InvalidParameter,
        )),
    }
}
