//! The forms on a game: a record sent (pasted or a file), confirmed, disputed; the staff's
//! decision, correction and acceptance of a submission.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::GameAt;
use super::Place;
use super::page::Problem;
use super::page::ReplayChoice;
use super::page::load_game;
use super::page::party_parts;
use super::page::party_place;
use super::page::render;
use super::page::session_place;
use crate::domain::{GameId, GameStatus, SubmissionId};
use crate::service::access::Access;
use crate::service::games::{self, SubmitError};
use crate::service::{App, ServiceError};
use crate::web::context::Empty;
use crate::web::context::{Chrome, CsrfForm, CsrfUpload, FlashLevel};
use crate::web::errors::WebError;
use crate::web::event_context::{ArbiterPage, GameActor, GamePlayer};
use crate::web::pages::redirect_with_flash;
use crate::web::paths;

#[derive(Deserialize)]
pub struct RecordForm {
    #[serde(default)]
    pub(super) record: String,
}

pub(super) async fn submit(
    req: &HttpRequest,
    app: web::Data<App>,
    chrome: &Chrome,
    at: GameAt,
    text: String,
) -> Result<HttpResponse, WebError> {
    let GameAt {
        access,
        game_id,
        place,
    } = at;
    let actor = place
        .actor
        .clone()
        .ok_or(WebError::Service(ServiceError::Forbidden))?;
    let service = app.clone().into_inner();
    let submitted = text.clone();
    let result = crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(games::submit_record(
            &service, game_id, &actor, &submitted,
        ))
    })
    .await?;
    match result {
        Ok(outcome) => {
            let key = match outcome.status {
                GameStatus::Final => "flash-result-final",
                GameStatus::Disputed => "flash-result-disputed",
                GameStatus::Pending | GameStatus::Scheduled => "flash-result-pending",
            };
            redirect_with_flash(req, &place.base, FlashLevel::Success, key)
        }
        Err(SubmitError::Refused(refusal)) => {
            let problem = Problem::refused(*refusal, text);
            render(
                app,
                chrome,
                GameAt {
                    access,
                    game_id,
                    place,
                },
                ReplayChoice::default(),
                problem,
                crate::web::errors::refused_input(),
            )
            .await
        }
        Err(SubmitError::Service(e)) => Err(e.into()),
    }
}

pub(crate) async fn submit_record(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    form: CsrfForm<RecordForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (chrome, at) = party_parts(party);
    submit(&req, app, &chrome, at, form.record).await
}

/// `POST /events/{slug}/games/{id}/upload`: the record as a file, without JavaScript.
pub(crate) async fn upload_record(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    upload: CsrfUpload,
) -> Result<HttpResponse, WebError> {
    let text = upload.text()?;
    let (chrome, at) = party_parts(party);
    submit(&req, app, &chrome, at, text).await
}

pub(super) async fn confirm_as(
    req: &HttpRequest,
    app: web::Data<App>,
    game_id: GameId,
    place: Place,
) -> Result<HttpResponse, WebError> {
    let actor = place
        .actor
        .clone()
        .ok_or(WebError::Service(ServiceError::Forbidden))?;
    let service = app.into_inner();
    crate::web::run(move || games::confirm(&service, game_id, &actor)).await?;
    redirect_with_flash(req, &place.base, FlashLevel::Success, "flash-result-final")
}

pub(crate) async fn confirm(
    req: HttpRequest,
    app: web::Data<App>,
    party: GameActor,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let place = party_place(&party);
    confirm_as(&req, app, party.game.id, place).await
}

#[derive(Deserialize)]
pub struct DisputeForm {
    #[serde(default)]
    pub(super) reason: String,
}

pub(super) async fn dispute_as(
    req: &HttpRequest,
    app: web::Data<App>,
    game_id: GameId,
    place: Place,
    reason: String,
) -> Result<HttpResponse, WebError> {
    let actor = place
        .actor
        .clone()
        .ok_or(WebError::Service(ServiceError::Forbidden))?;
    let service = app.into_inner();
    crate::web::run(move || games::dispute(&service, game_id, &actor, &reason)).await?;
    redirect_with_flash(
        req,
        &place.base,
        FlashLevel::Success,
        "flash-result-disputed",
    )
}

pub(crate) async fn dispute(
    req: HttpRequest,
    app: web::Data<App>,
    GamePlayer(party): GamePlayer,
    form: CsrfForm<DisputeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let place = party_place(&party);
    dispute_as(&req, app, party.game.id, place, form.reason).await
}

#[derive(Deserialize)]
pub struct DecisionForm {
    #[serde(default)]
    result: String,
    #[serde(default)]
    reason: String,
}

/// A refusal the staff can act on (a decision on a final game, a missing reason), shown on the
/// game's page at the form rather than as an error page.
pub(in crate::web::pages) fn shown_at_form(error: &ServiceError) -> bool {
    matches!(
        error,
        ServiceError::Conflict(_)
            | ServiceError::Invalid(_)
            | ServiceError::NotAllowed(_)
            | ServiceError::Stale
    )
}

/// Runs a staff action on a game; a refusal the staff can act on (a decision on a final game,
/// a missing reason) is shown on the game's page, at the form, with the error's status.
pub(in crate::web::pages) async fn staff_action<T: Send + 'static>(
    req: &HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    game_id: GameId,
    flash: &'static str,
    action: impl FnOnce(&App, &Access) -> Result<T, ServiceError> + Send + 'static,
) -> Result<(HttpResponse, Option<T>), WebError> {
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let done =
        crate::web::run(move || Ok::<_, crate::service::ServiceError>(action(&service, &access)))
            .await?;
    match done {
        Ok(value) => Ok((
            redirect_with_flash(
                req,
                &paths::game(&page.access.event.slug, game_id),
                FlashLevel::Success,
                flash,
            )?,
            Some(value),
        )),
        Err(e) if shown_at_form(&e) => {
            let (access, game, players) =
                load_game(&app, game_id, page.chrome.user.clone()).await?;
            let place = session_place(&access, &game, &players);
            let status = crate::web::errors::service_status(&e);
            let shown = render(
                app,
                &page.chrome,
                GameAt {
                    access,
                    game_id,
                    place,
                },
                ReplayChoice::default(),
                Problem::action(&e),
                status,
            )
            .await?;
            Ok((shown, None))
        }
        Err(e) => Err(e.into()),
    }
}

pub(crate) async fn decide(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, GameId)>,
    form: CsrfForm<DecisionForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, game_id) = path.into_inner();
    let replay = form.result.trim() == "replay";
    let flash = if replay {
        "flash-replay-ordered"
    } else {
        "flash-result-final"
    };
    let (shown, _) = staff_action(&req, app, page, game_id, flash, move |app, access| {
        if replay {
            games::order_replay(app, access, game_id, &form.reason)
        } else {
            games::decided_result(&form.result)
                .and_then(|decided| games::decide(app, access, game_id, decided, &form.reason))
        }
    })
    .await?;
    Ok(shown)
}

pub(crate) async fn correct(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, GameId)>,
    form: CsrfForm<DecisionForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, game_id) = path.into_inner();
    let chrome = page.chrome.clone();
    let app_again = app.clone();
    let (shown, corrected) = staff_action(
        &req,
        app,
        page,
        game_id,
        "flash-result-corrected",
        move |app, access| games::correct(app, access, game_id, &form.result, &form.reason),
    )
    .await?;
    // Later rounds paired on the old result: the arbiter is shown which boards would now pair
    // differently, with the ways to act on it (withdraw and re-pair a round, or leave it).
    match corrected {
        Some(c) if !c.later_rounds.is_empty() => {
            let (access, game, players) =
                load_game(&app_again, game_id, chrome.user.clone()).await?;
            let place = session_place(&access, &game, &players);
            render(
                app_again,
                &chrome,
                GameAt {
                    access,
                    game_id,
                    place,
                },
                ReplayChoice::default(),
                Problem {
                    later_rounds: c.later_rounds,
                    ..Problem::default()
                },
                StatusCode::OK,
            )
            .await
        }
        _ => Ok(shown),
    }
}

#[derive(Deserialize)]
pub struct AcceptForm {
    submission: SubmissionId,
    #[serde(default)]
    reason: String,
}

pub(crate) async fn accept(
    req: HttpRequest,
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, GameId)>,
    form: CsrfForm<AcceptForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, game_id) = path.into_inner();
    let (shown, _) = staff_action(
        &req,
        app,
        page,
        game_id,
        "flash-result-final",
        move |app, access| {
            games::accept_submission(app, access, game_id, form.submission, &form.reason)
        },
    )
    .await?;
    Ok(shown)
}
