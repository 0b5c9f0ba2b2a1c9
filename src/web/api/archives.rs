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
/// event (200 when it changed nothing or updated it); `?dry_run=true`: 200 with the review,
/// nothing written; a later archive that changes what was imported before: 202 with the
/// review (`"action": "held"`, its `changes`), held until sent again with
/// `?confirm=<digest>` or accepted on the event's page; a refused archive: 422 naming the game
/// and the reason.
pub(crate) async fn import(
    req: HttpRequest,
    app: web::Data<App>,
    ApiCreator(user): ApiCreator,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let query = ImportQuery::parse(req.query_string())?;
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
    let confirm = query.confirm;
    if query.dry_run {
        let review = crate::web::run(move || {
            let asked = archive::Asked {
                decisions: &[],
                confirm: confirm.as_deref(),
            };
            archive::review(&service, &user, &body, &asked)
        })
        .await?;
        return Ok(HttpResponse::Ok().json(review));
    }
    let imported = crate::web::run(move || {
        let asked = archive::Asked {
            decisions: &[],
            confirm: confirm.as_deref(),
        };
        archive::import(&service, &user, &body, &asked)
    })
    .await?;
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
        ImportAction::Held => HttpResponse::Accepted().json(json),
        ImportAction::Updated | ImportAction::Unchanged => HttpResponse::Ok().json(json),
    })
}

/// The import's parameters: `dry_run=true` (or `1`), and `confirm`, the digest of the archive
/// whose changes the organiser confirms; anything else that is not false is a bad parameter.
struct ImportQuery {
    dry_run: bool,
    confirm: Option<String>,
}

impl ImportQuery {
    fn parse(query: &str) -> Result<ImportQuery, ServiceError> {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap_or_default();
        let value = |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let dry_run = match value("dry_run") {
            None | Some("false" | "0" | "") => false,
            Some("true" | "1") => true,
            Some(_) => {
                return Err(ServiceError::invalid(
                    "dry_run",
                    crate::domain::ErrorCode::InvalidParameter,
                ));
            }
        };
        let confirm = match value("confirm") {
            None | Some("") => None,
            Some(digest) if digest.len() == 64 && digest.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Some(digest.to_ascii_lowercase())
            }
            Some(_) => {
                return Err(ServiceError::invalid(
                    "confirm",
                    crate::domain::ErrorCode::InvalidParameter,
                ));
            }
        };
        Ok(ImportQuery { dry_run, confirm })
    }
}

/// `POST /api/v1/events/{id}/held-archive` (the imported event's organisers): the archive the
/// venue sent that changes what was imported before is imported, its changes confirmed; 200
/// with the event, 409 `nothing_held` when none waits.
pub(crate) async fn accept_held(
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
) -> Result<HttpResponse, ApiError> {
    let app = app.into_inner();
    let event = crate::web::run(move || archive::imported::accept_held(&app, &access)).await?;
    Ok(HttpResponse::Ok().json(event))
}

/// `DELETE /api/v1/events/{id}/held-archive` (the imported event's organisers): the held
/// archive is dropped; 204.
pub(crate) async fn refuse_held(
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
) -> Result<HttpResponse, ApiError> {
    let app = app.into_inner();
    crate::web::run(move || archive::imported::refuse_held(&app, &access)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Whether the venue's decisions without a record count for the rating list.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct VenueDecisions {
    rated: bool,
}

/// `PUT /api/v1/events/{id}/venue-decisions` (the imported event's organisers)
/// `{"rated": bool}`; 204, 409 while the event is in the rating list or when it was not
/// imported.
pub(crate) async fn venue_decisions(
    req: HttpRequest,
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let asked: VenueDecisions = super::json_body(&req, &body)?;
    let app = app.into_inner();
    crate::web::run(move || archive::imported::set_rate_decisions(&app, &access, asked.rated))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The organiser an imported event is handed to.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NewOwner {
    email: String,
}

/// `PUT /api/v1/events/{id}/owner` (administrators) `{"email"}`: the imported event is handed
/// to that organiser; 204.
pub(crate) async fn hand_over(
    req: HttpRequest,
    app: web::Data<App>,
    super::ApiAdmin(user): super::ApiAdmin,
    path: web::Path<crate::domain::EventId>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let asked: NewOwner = super::json_body(&req, &body)?;
    let app = app.into_inner();
    let id = path.into_inner();
    crate::web::run(move || {
        let access = crate::service::access::access(
            &app,
            crate::service::access::EventRef::Id(id),
            Some(&user),
        )?;
        archive::imported::hand_over(&app, &user, &access, &asked.email)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `DELETE /api/v1/events/{id}` (administrators): an imported event withdrawn (out of the
/// rating list first); 204, 409 for an event run here.
pub(crate) async fn withdraw(
    app: web::Data<App>,
    super::ApiAdmin(user): super::ApiAdmin,
    path: web::Path<crate::domain::EventId>,
) -> Result<HttpResponse, ApiError> {
    let app = app.into_inner();
    let id = path.into_inner();
    crate::web::run(move || {
        let access = crate::service::access::access(
            &app,
            crate::service::access::EventRef::Id(id),
            Some(&user),
        )?;
        archive::imported::withdraw(&app, &user, &access)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
