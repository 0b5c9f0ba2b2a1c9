//! The fair-play screening through the API, for the event's staff (403 for anyone else):
//! the event's players ranked, one player's evidence, and the arbiter's decision on a player.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::{ApiError, ApiEventStaff, ApiUser, json_body};
use crate::domain::{ErrorCode, EventId, FairPlayDecision, PlayerId};
use crate::service::access::EventRef;
use crate::service::{App, ServiceError, fair_play};

/// `GET /api/v1/events/{id}/fair-play`: the event's players ranked by their screening's score;
/// `complete` once every final game is screened against a computed expectation.
pub(crate) async fn show(
    app: web::Data<App>,
    ApiUser(user): ApiUser,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let app = app.into_inner();
    let screening =
        crate::web::run(move || fair_play::of_event(&app, Some(&user), EventRef::Id(id))).await?;
    Ok(HttpResponse::Ok().json(screening))
}

/// `GET /api/v1/events/{id}/fair-play/players/{pid}`: one player's evidence (404 for a
/// player of another event).
pub(crate) async fn player(
    app: web::Data<App>,
    ApiEventStaff(access): ApiEventStaff,
    path: web::Path<(EventId, PlayerId)>,
) -> Result<HttpResponse, ApiError> {
    let (id, player) = path.into_inner();
    let user = access.user().cloned();
    let app = app.into_inner();
    let evidence = crate::web::run(move || {
        fair_play::of_player(&app, user.as_ref(), EventRef::Id(id), player)
    })
    .await?;
    Ok(HttpResponse::Ok().json(evidence))
}

#[derive(Deserialize)]
pub struct DecisionBody {
    decision: String,
    #[serde(default)]
    note: String,
}

/// `POST /api/v1/events/{id}/fair-play/players/{pid}/decision`
/// `{"decision":"no_action"|"warned"|"referred","note":"…"}` → 200 the player's evidence,
/// the decision last in `decisions`.
pub(crate) async fn decide(
    req: HttpRequest,
    app: web::Data<App>,
    ApiEventStaff(access): ApiEventStaff,
    path: web::Path<(EventId, PlayerId)>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let DecisionBody { decision, note } = json_body(&req, &body)?;
    let decision = FairPlayDecision::from_code(&decision)
        .ok_or_else(|| ServiceError::invalid("decision", ErrorCode::FairPlayDecisionUnknown))?;
    let (id, player) = path.into_inner();
    let user = access.user().cloned().ok_or(ServiceError::Forbidden)?;
    let app = app.into_inner();
    let evidence = crate::web::run(move || {
        fair_play::decide(&app, &user, EventRef::Id(id), player, decision, &note)?;
        fair_play::of_player(&app, Some(&user), EventRef::Id(id), player)
    })
    .await?;
    Ok(HttpResponse::Ok().json(evidence))
}
