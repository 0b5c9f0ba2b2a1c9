//! `/api/v1/games/…`: submitting records, confirming, disputing, deciding, and reading a game.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::{ApiError, ApiUser, MaybeApiUser};
use crate::service::games::{self, Actor, SubmitError};
use crate::service::{App, ServiceError};

/// The actor a token's user is for this game: staff of its event, or one of its players.
async fn actor(
    app: &web::Data<App>,
    game_id: i32,
    user: crate::service::accounts::User,
) -> Result<(crate::service::events::Access, Actor), ApiError> {
    let app = app.clone().into_inner();
    let (access, game, players) =
        web::block(move || games::access_for_game(&app, game_id, Some(&user))).await??;
    let actor = games::actor_for(&access, &game, &players).ok_or(ServiceError::Forbidden)?;
    Ok((access, actor))
}

fn refusal(refusal: &games::Refusal) -> ApiError {
    let message = match &refusal.verdict {
        Some(crate::rules::VerdictJson::Invalid { message, .. }) => message.clone(),
        _ => crate::web::i18n::Lang::En.t(&format!("error-{}", refusal.code)),
    };
    let mut detail = match &refusal.verdict {
        Some(v) => serde_json::to_value(v).unwrap_or_default(),
        None => serde_json::json!({}),
    };
    if let Some(text) = &refusal.detail
        && let Some(map) = detail.as_object_mut()
    {
        map.insert("detail".into(), serde_json::Value::String(text.clone()));
    }
    if let Some(map) = detail.as_object_mut() {
        map.remove("message");
    }
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, refusal.code, message).with_detail(detail)
}

/// `POST /api/v1/games/{id}/record` with the KGN record as the body.
pub async fn record(
    app: web::Data<App>,
    ApiUser(user): ApiUser,
    path: web::Path<i32>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let text = String::from_utf8(body.to_vec()).map_err(|_| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "malformed",
            "the record must be UTF-8 text",
        )
    })?;
    let (_, actor) = actor(&app, game_id, user).await?;
    let app = app.into_inner();
    match web::block(move || games::submit_record(&app, game_id, &actor, &text)).await? {
        Ok(outcome) => Ok(HttpResponse::Ok().json(outcome)),
        Err(SubmitError::Refused(r)) => Err(refusal(&r)),
        Err(SubmitError::Service(e)) => Err(e.into()),
    }
}

/// `POST /api/v1/games/{id}/confirm` (the opponent, or an arbiter approving).
pub async fn confirm(
    app: web::Data<App>,
    ApiUser(user): ApiUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let (_, actor) = actor(&app, game_id, user).await?;
    let app = app.into_inner();
    let outcome = web::block(move || games::confirm(&app, game_id, &actor)).await??;
    Ok(HttpResponse::Ok().json(outcome))
}

#[derive(Deserialize)]
pub struct DisputeBody {
    #[serde(default)]
    reason: String,
}

/// `POST /api/v1/games/{id}/dispute` `{"reason":"…"}` (either player).
pub async fn dispute(
    app: web::Data<App>,
    ApiUser(user): ApiUser,
    path: web::Path<i32>,
    body: web::Json<DisputeBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let (_, actor) = actor(&app, game_id, user).await?;
    let app = app.into_inner();
    let reason = body.into_inner().reason;
    web::block(move || games::dispute(&app, game_id, &actor, &reason)).await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "game_id": game_id, "status": "disputed" })))
}

#[derive(Deserialize)]
pub struct DecisionBody {
    result: String,
    #[serde(default)]
    reason: String,
}

/// `POST /api/v1/games/{id}/decision` (arbiters) `{"result":"1-0"|…|"+-"|"-+"|"--"}`.
pub async fn decision(
    app: web::Data<App>,
    ApiUser(user): ApiUser,
    path: web::Path<i32>,
    body: web::Json<DecisionBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let (access, _) = actor(&app, game_id, user).await?;
    let app = app.into_inner();
    let DecisionBody { result, reason } = body.into_inner();
    let shown = result.clone();
    web::block(move || games::decide(&app, &access, game_id, &result, &reason)).await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "game_id": game_id, "status": "final", "result": shown
    })))
}

/// `GET /api/v1/games/{id}`.
pub async fn show(
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let app = app.into_inner();
    let view = web::block(move || {
        let (access, _, _) = games::access_for_game(&app, game_id, user.as_ref())?;
        games::view(&app, &access, game_id)
    })
    .await??;
    Ok(HttpResponse::Ok().json(view))
}
