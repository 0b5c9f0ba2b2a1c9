//! `/api/v1/events/{id}/…` for correcting an event: player details edited or an entry removed,
//! the last round withdrawn, a round paired by hand.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::{ApiError, ApiOrganiser, json_body};
use crate::domain::{EventId, PlayerId};
use crate::service::player_edit::{self, PlayerPatch};
use crate::service::rounds::{self, ManualBoard};
use crate::service::{App, ServiceError};

/// The fields a player edit may carry.
const PLAYER_FIELDS: &[&str] = &[
    "name",
    "rating",
    "club",
    "province",
    "email",
    "status",
    "sex",
    "birth_year",
    "federation_id",
    "tags",
];

/// A JSON object whose keys are all in `known`; unknown ones are a 422 naming them.
fn known_fields(value: &serde_json::Value, known: &[&str]) -> Result<(), ApiError> {
    let Some(map) = value.as_object() else {
        // `json_body` only gives objects.
        return Ok(());
    };
    let unknown: Vec<String> = map
        .keys()
        .filter(|k| !known.contains(&k.as_str()))
        .cloned()
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    Err(super::unknown_fields(&unknown))
}

/// `PATCH /api/v1/events/{id}/players/{pid}` (organisers): any of `name`, `rating`, `club`,
/// `province`, `email` (`null` clears it), `status` (`active`, `withdrawn`).
pub(crate) async fn edit_player(
    req: HttpRequest,
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    path: web::Path<(EventId, PlayerId)>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let value: serde_json::Value = json_body(&req, &body)?;
    known_fields(&value, PLAYER_FIELDS)?;
    let patch: PlayerPatch = serde_json::from_value(value).map_err(|e| {
        ApiError::from(crate::web::errors::WebError::Malformed {
            field: None,
            reason: e.to_string(),
        })
    })?;
    let (_, pid) = path.into_inner();
    let app = app.into_inner();
    let player = crate::web::run(move || player_edit::edit(&app, &access, pid, &patch)).await?;
    Ok(HttpResponse::Ok().json(player))
}

/// `DELETE /api/v1/events/{id}/players/{pid}` (organisers): 204 for an entry without games.
pub(crate) async fn remove_player(
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    path: web::Path<(EventId, PlayerId)>,
) -> Result<HttpResponse, ApiError> {
    let (_, pid) = path.into_inner();
    let app = app.into_inner();
    crate::web::run(move || player_edit::remove(&app, &access, pid)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `DELETE /api/v1/events/{id}/rounds/{n}` (organisers): the last round withdrawn while none
/// of its games is final; it is a draft again.
pub(crate) async fn withdraw_round(
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    path: web::Path<(EventId, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (_, number) = path.into_inner();
    let app = app.into_inner();
    crate::web::run(move || rounds::withdraw(&app, &access, number)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardBody {
    first: PlayerId,
    #[serde(default)]
    second: Option<PlayerId>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairingsBody {
    boards: Vec<BoardBody>,
}

#[derive(Deserialize)]
pub struct PublishQuery {
    #[serde(default)]
    publish: bool,
}

/// Longest pairing accepted by hand (boards).
const MAX_BOARDS: usize = 2000;

/// `PUT /api/v1/events/{id}/rounds/{n}/pairings` (organisers, a draft round)
/// `{"boards":[{"first":pid,"second":pid|null}]}`, `?publish=true` to publish it: 200 with the
/// round and the broken absolute criteria as `warnings`.
pub(crate) async fn set_pairings(
    req: HttpRequest,
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    path: web::Path<(EventId, i32)>,
    query: web::Query<PublishQuery>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let body: PairingsBody = json_body(&req, &body)?;
    if body.boards.len() > MAX_BOARDS {
        return Err(ServiceError::invalid("boards", crate::domain::ErrorCode::FieldInvalid).into());
    }
    let boards: Vec<ManualBoard> = body
        .boards
        .iter()
        .map(|b| ManualBoard {
            first: b.first,
            second: b.second,
        })
        .collect();
    let (_, number) = path.into_inner();
    let publish = query.publish;
    let app = app.into_inner();
    let paired =
        crate::web::run(move || rounds::pair_by_hand(&app, &access, number, &boards, publish))
            .await?;
    Ok(HttpResponse::Ok().json(paired))
}

/// `PUT /api/v1/events/{id}/prizes` (organisers): the prize fund, replacing any earlier one.
pub(crate) async fn set_prizes(
    req: HttpRequest,
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let fund: crate::service::prizes::Fund = json_body(&req, &body)?;
    let service = app.into_inner();
    let list = crate::web::run(move || {
        crate::service::prizes::set_fund(&service, &access, &fund)?;
        crate::service::prizes::prize_list(&service, &access)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// `GET /api/v1/events/{id}/prizes`: the prize list (provisional until the event ends; public
/// once it ends or is published).
pub(crate) async fn prizes(
    app: web::Data<App>,
    super::MaybeApiUser(user): super::MaybeApiUser,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let service = app.into_inner();
    let list = crate::web::run(move || {
        let access = crate::service::access::access(
            &service,
            crate::service::access::EventRef::Id(id),
            user.as_ref(),
        )?;
        crate::service::prizes::prize_list(&service, &access)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}
