//! `/api/v1/games/…`: submitting records, confirming, disputing, deciding, and reading a game.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::{ApiError, ApiGameActor, ApiGameArbiter, ApiGamePlayer, MaybeApiUser, json_body};
use crate::domain::GameStatus;
use crate::service::App;
use crate::service::games::{self, SubmitError};
use crate::web::page_cache::PageKey;

fn refusal(refusal: &games::Refusal) -> ApiError {
    let message = match &refusal.verdict {
        Some(crate::rules::VerdictJson::Invalid { message, .. }) => message.clone(),
        _ => crate::web::i18n::Lang::En.t(&format!("error-{}", refusal.code)),
    };
    let mut detail = match &refusal.verdict {
        Some(v) => serde_json::to_value(v).unwrap_or_default(),
        None => serde_json::json!({}),
    };
    // The API speaks English: clients show the code, or these words.
    if let Some(mismatch) = &refusal.mismatch
        && let Some(map) = detail.as_object_mut()
    {
        let words = crate::web::said::mismatch_words(crate::web::i18n::Lang::En, mismatch);
        map.insert("detail".into(), serde_json::Value::String(words));
    }
    if let Some(map) = detail.as_object_mut() {
        map.remove("message");
    }
    // A record refused is input that cannot be used: 422, as the one table says.
    ApiError::from(crate::service::ServiceError::invalid(
        "record",
        refusal.code,
    ))
    .with_message(message)
    .with_detail(detail)
}

/// `POST /api/v1/games/{id}/record` with the KGN record as the body.
/// A record sent as JSON.
#[derive(Deserialize)]
pub struct RecordBody {
    record: String,
}

pub(crate) async fn record(
    req: HttpRequest,
    app: web::Data<App>,
    party: ApiGameActor,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let ApiGameActor { game_id, actor, .. } = party;
    let text = record_text(&req, &body)?;
    let app = app.into_inner();
    match crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(games::submit_record(&app, game_id, &actor, &text))
    })
    .await?
    {
        Ok(outcome) => Ok(HttpResponse::Ok().json(outcome)),
        Err(SubmitError::Refused(r)) => Err(refusal(&r)),
        Err(SubmitError::Service(e)) => Err(e.into()),
    }
}

/// A record sent as text (`text/plain`, the KGN itself) or as JSON `{"record": "..."}`, which
/// generated clients send.
fn record_text(req: &HttpRequest, body: &web::Bytes) -> Result<String, ApiError> {
    if super::is_json(req) {
        return Ok(super::json_body::<RecordBody>(req, body)?.record);
    }
    String::from_utf8(body.to_vec()).map_err(|_| {
        ApiError::from(crate::web::errors::WebError::Malformed {
            field: None,
            reason: crate::web::i18n::Lang::En.t("error-malformed-not-utf8"),
        })
    })
}

/// `POST /api/v1/games/{id}/confirm` (the opponent, or an arbiter approving).
pub(crate) async fn confirm(
    app: web::Data<App>,
    party: ApiGameActor,
) -> Result<HttpResponse, ApiError> {
    let ApiGameActor { game_id, actor, .. } = party;
    let app = app.into_inner();
    let outcome = crate::web::run(move || games::confirm(&app, game_id, &actor)).await?;
    Ok(HttpResponse::Ok().json(outcome))
}

#[derive(Deserialize)]
pub struct DisputeBody {
    #[serde(default)]
    reason: String,
}

/// `POST /api/v1/games/{id}/dispute` `{"reason":"…"}` (either player).
pub(crate) async fn dispute(
    req: HttpRequest,
    app: web::Data<App>,
    ApiGamePlayer(party): ApiGamePlayer,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let ApiGameActor { game_id, actor, .. } = party;
    // The reason is optional: an empty body disputes without one.
    let reason = if body.is_empty() {
        String::new()
    } else {
        json_body::<DisputeBody>(&req, &body)?.reason
    };
    let app = app.into_inner();
    crate::web::run(move || games::dispute(&app, game_id, &actor, &reason)).await?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "game_id": game_id, "status": GameStatus::Disputed })))
}

#[derive(Deserialize)]
pub struct DecisionBody {
    result: String,
    #[serde(default)]
    reason: String,
}

/// `POST /api/v1/games/{id}/decision` (arbiters) `{"result":"1-0"|…|"+-"|"-+"|"--"}`.
pub(crate) async fn decision(
    req: HttpRequest,
    app: web::Data<App>,
    ApiGameArbiter(party): ApiGameArbiter,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let DecisionBody { result, reason } = json_body(&req, &body)?;
    let ApiGameActor {
        access, game_id, ..
    } = party;
    let app = app.into_inner();
    let shown = result.clone();
    // `replay`: the game is to be played again (it is scheduled, its records set aside).
    let replay = result.trim() == "replay";
    crate::web::run(move || {
        if replay {
            games::order_replay(&app, &access, game_id, &reason)
        } else {
            games::decided_result(&result)
                .and_then(|decided| games::decide(&app, &access, game_id, decided, &reason))
        }
    })
    .await?;
    let status = if replay {
        GameStatus::Scheduled
    } else {
        GameStatus::Final
    };
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "game_id": game_id, "status": status, "result": shown
    })))
}

/// `POST /api/v1/games/{id}/adjudication` (arbiters) with the moves played as a KGN record
/// (`text/plain`, or JSON `{"record": "..."}`): the engine's proposal, 201.
pub(crate) async fn adjudication(
    req: HttpRequest,
    app: web::Data<App>,
    ApiGameArbiter(party): ApiGameArbiter,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let text = record_text(&req, &body)?;
    let ApiGameActor {
        access, game_id, ..
    } = party;
    let app = app.into_inner();
    match crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(games::propose(&app, &access, game_id, &text))
    })
    .await?
    {
        Ok(proposal) => Ok(HttpResponse::Created()
            .insert_header((
                actix_web::http::header::LOCATION,
                format!("/api/v1/games/{game_id}/adjudication"),
            ))
            .json(proposal)),
        Err(SubmitError::Refused(r)) => Err(refusal(&r)),
        Err(SubmitError::Service(e)) => Err(e.into()),
    }
}

/// `GET /api/v1/games/{id}/adjudication` (arbiters): the latest proposal; 404 when none.
pub(crate) async fn latest_adjudication(
    app: web::Data<App>,
    ApiGameArbiter(party): ApiGameArbiter,
) -> Result<HttpResponse, ApiError> {
    let ApiGameActor {
        access, game_id, ..
    } = party;
    let app = app.into_inner();
    let proposal = crate::web::run(move || games::latest_proposal(&app, &access, game_id))
        .await?
        .ok_or(crate::service::ServiceError::NotFound)?;
    Ok(HttpResponse::Ok().json(proposal))
}

#[derive(Deserialize)]
pub struct AdjudicationDecisionBody {
    /// Absent or empty: the engine's proposal.
    #[serde(default)]
    result: String,
    #[serde(default)]
    reason: String,
}

/// `POST /api/v1/games/{id}/adjudication/{aid}/decision` (arbiters) `{"result"?, "reason"?}`:
/// the proposal confirmed, or another result decided (with a reason).
pub(crate) async fn adjudication_decision(
    req: HttpRequest,
    app: web::Data<App>,
    ApiGameArbiter(party): ApiGameArbiter,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let proposal: crate::domain::AdjudicationId = req
        .match_info()
        .get("aid")
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| ApiError::from(crate::service::ServiceError::NotFound))?;
    let AdjudicationDecisionBody { result, reason } = json_body(&req, &body)?;
    let ApiGameActor {
        access, game_id, ..
    } = party;
    let app = app.into_inner();
    let decided =
        crate::web::run(move || games::settle(&app, &access, game_id, proposal, &result, &reason))
            .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "game_id": game_id, "status": GameStatus::Final, "result": decided
    })))
}

#[derive(Deserialize)]
pub struct AcceptBody {
    #[serde(default)]
    reason: String,
}

/// `POST /api/v1/games/{id}/submissions/{sid}/accept` (arbiters) `{"reason":"…"}` (optional):
/// the game is final with that submission's record.
pub(crate) async fn accept(
    req: HttpRequest,
    app: web::Data<App>,
    ApiGameArbiter(party): ApiGameArbiter,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let submission: crate::domain::SubmissionId = req
        .match_info()
        .get("sid")
        .and_then(|s| s.parse().ok())
        .ok_or(crate::service::ServiceError::NotFound)?;
    let reason = if body.is_empty() {
        String::new()
    } else {
        json_body::<AcceptBody>(&req, &body)?.reason
    };
    let ApiGameActor {
        access, game_id, ..
    } = party;
    let app = app.into_inner();
    let outcome = crate::web::run(move || {
        games::accept_submission(&app, &access, game_id, submission, &reason)
    })
    .await?;
    Ok(HttpResponse::Ok().json(outcome))
}

/// `POST /api/v1/games/{id}/correction` (arbiters) `{"result":"1-0"|…, "reason":"…"}`: the
/// result of a final game corrected, with the later boards that would have paired otherwise.
pub(crate) async fn correction(
    req: HttpRequest,
    app: web::Data<App>,
    ApiGameArbiter(party): ApiGameArbiter,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let DecisionBody { result, reason } = json_body(&req, &body)?;
    let ApiGameActor {
        access, game_id, ..
    } = party;
    let app = app.into_inner();
    let corrected =
        crate::web::run(move || games::correct(&app, &access, game_id, &result, &reason)).await?;
    Ok(HttpResponse::Ok().json(corrected))
}

/// `GET /api/v1/games/{id}/submissions` (the event's staff): every submission, oldest first,
/// and where the two latest valid records part.
pub(crate) async fn submissions(
    app: web::Data<App>,
    ApiGameArbiter(party): ApiGameArbiter,
) -> Result<HttpResponse, ApiError> {
    let ApiGameActor {
        access, game_id, ..
    } = party;
    let app = app.into_inner();
    let shown = crate::web::run(move || games::submissions(&app, &access, game_id)).await?;
    Ok(HttpResponse::Ok().json(shown))
}

/// `GET /api/v1/games/{id}`.
pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<crate::domain::GameId>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let anonymous = user.is_none();
    let service = app.into_inner();
    let lookup = service.clone();
    let (access, viewer) = crate::web::run(move || {
        let (access, game, players) = games::access_for_game(&lookup, game_id, user.as_ref())?;
        let viewer = if games::actor_for(&access, &game, &players).is_some() {
            games::Viewer::Party
        } else {
            games::Viewer::Public
        };
        Ok::<_, crate::service::ServiceError>((access, viewer))
    })
    .await?;
    // A client without a token sees the public view, the same for everyone: rendered once per
    // version of the event.
    let shared = anonymous && matches!(viewer, games::Viewer::Public);
    let named = super::cache::event(&access, PageKey::of(&req));
    let _turn = match super::cache::stored(&req, &named, shared).await {
        super::cache::Lookup::Stored(stored) => return Ok(stored),
        super::cache::Lookup::Render(turn) => turn,
    };
    let for_view = access.clone();
    let view = crate::web::run(move || games::view(&service, &for_view, game_id, viewer)).await?;
    // A game to be played or in play changes with every move, without the event changing: its
    // answer is not kept for other clients.
    let shared = shared
        && !matches!(
            view.status,
            crate::domain::GameState::Scheduled | crate::domain::GameState::InPlay
        );
    super::cache::json(&req, &named, shared, Vec::new(), &view)
}
