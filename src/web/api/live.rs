//! `/api/v1/…` for games in play: a move, a move taken back, and the live streams of a game
//! and of a round.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::{ApiError, ApiGameActor, ApiGameArbiter, MaybeApiUser};
use crate::domain::{ErrorCode, EventId, GameId};
use crate::service::access::{Access, EventRef};
use crate::service::games::{self, MoveError, SentMove};
use crate::service::live_feed::{Audience, Topic};
use crate::service::{App, ServiceError};
use crate::web::errors::WebError;
use crate::web::i18n::Lang;
use crate::web::live::{self as sse, refusal_detail, state_json};

/// A move as sent: the ply it plays (1 for the first) and its text, as KGN writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    pub ply: u32,
    #[serde(rename = "move")]
    pub text: String,
}

/// A refused move as the API says it, in `lang`: the game as it stands beside the code, and
/// for an illegal move the reason and the legal moves.
pub(crate) fn move_error(error: MoveError, lang: Lang) -> ApiError {
    match error {
        MoveError::Taken { code, state } => {
            ApiError::said_in(WebError::Service(ServiceError::Conflict(code)), lang)
                .with_detail(refusal_detail(&state))
        }
        MoveError::Illegal {
            reason,
            explanation,
            state,
        } => {
            let mut detail = refusal_detail(&state);
            detail["reason"] = reason.as_str().into();
            detail["field"] = "move".into();
            let words = crate::web::said::explanation_words(lang, &explanation);
            ApiError::said_in(
                WebError::Service(ServiceError::invalid("move", ErrorCode::IllegalMove)),
                lang,
            )
            .with_message(words)
            .with_detail(detail)
        }
        MoveError::Service(e) => ApiError::said_in(WebError::Service(e), lang),
    }
}

/// `POST /api/v1/games/{id}/moves` `{"ply": n, "move": "c2"}` (one of the game's players, or
/// staff): the game as it stands after the move.
pub(crate) async fn play(
    req: HttpRequest,
    app: web::Data<App>,
    party: ApiGameActor,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    if !super::is_json(&req) {
        return Err(WebError::UnsupportedMediaType.into());
    }
    let MoveBody { ply, text } =
        super::json_fields(&body).map_err(|e| ApiError::from(sse::malformed_move(e)))?;
    let ApiGameActor { game_id, actor, .. } = party;
    let app = app.into_inner();
    let sent = SentMove { ply, text };
    match crate::web::run(move || Ok::<_, ServiceError>(games::play(&app, game_id, &actor, &sent)))
        .await?
    {
        Ok(state) => Ok(HttpResponse::Ok().json(state_json(&state))),
        Err(e) => Err(move_error(e, Lang::En)),
    }
}

/// `POST /api/v1/games/{id}/takeback` (arbiters): the last move of a game in play is taken
/// back; the game as it stands.
pub(crate) async fn take_back(
    app: web::Data<App>,
    ApiGameArbiter(party): ApiGameArbiter,
) -> Result<HttpResponse, ApiError> {
    let ApiGameActor {
        access, game_id, ..
    } = party;
    let app = app.into_inner();
    let state = crate::web::run(move || games::take_back(&app, &access, game_id)).await?;
    Ok(HttpResponse::Ok().json(state_json(&state)))
}

/// Who follows a game: its players and the event's staff at once, anyone else after the
/// event's delay.
fn audience_of(access: &Access, party: bool) -> Audience {
    if party || access.is_arbiter() {
        Audience::Party
    } else {
        Audience::Public
    }
}

/// `GET /api/v1/games/{id}/live`: the game's stream.
pub(crate) async fn game_stream(
    req: HttpRequest,
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let service = app.into_inner();
    let admitted = sse::admit(&req, &service)?;
    let (first, lines) = crate::web::run(move || {
        let (access, game, players) = games::access_for_game(&service, game_id, user.as_ref())?;
        let party = games::actor_for(&access, &game, &players).is_some();
        let audience = audience_of(&access, party);
        game_opening(&service, &access, game_id, audience)
    })
    .await?;
    Ok(sse::event_stream(first, lines, admitted, true))
}

/// Follows a game, then reads where it stands (a move in between is sent twice, never lost).
pub(crate) fn game_opening(
    app: &std::sync::Arc<App>,
    access: &Access,
    game_id: GameId,
    audience: Audience,
) -> Result<
    (
        String,
        tokio::sync::broadcast::Receiver<std::sync::Arc<crate::service::live_feed::Line>>,
    ),
    ServiceError,
> {
    let lines = app.live.subscribe(app, Topic::Game(game_id, audience));
    let state = games::live_state(app, access, game_id, audience == Audience::Public)?;
    Ok((sse::opening(&[state_json(&state)]), lines))
}

/// Follows a round's games, then reads where each stands.
pub(crate) fn round_opening(
    app: &std::sync::Arc<App>,
    access: &Access,
    number: i32,
    audience: Audience,
) -> Result<
    (
        String,
        tokio::sync::broadcast::Receiver<std::sync::Arc<crate::service::live_feed::Line>>,
    ),
    ServiceError,
> {
    let lines = app
        .live
        .subscribe(app, Topic::Round(access.event.id, number, audience));
    let boards = games::round_state(app, access, number, audience == Audience::Public)?;
    let states: Vec<_> = boards.iter().map(sse::board_json).collect();
    Ok((sse::opening(&states), lines))
}

/// `GET /api/v1/events/{id}/rounds/{n}/live`: the stream of every board of a round.
pub(crate) async fn round_stream(
    req: HttpRequest,
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<(EventId, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (event_id, number) = path.into_inner();
    let service = app.into_inner();
    let admitted = sse::admit(&req, &service)?;
    let (first, lines) = crate::web::run(move || {
        let access =
            crate::service::access::access(&service, EventRef::Id(event_id), user.as_ref())?;
        let audience = audience_of(&access, false);
        round_opening(&service, &access, number, audience)
    })
    .await?;
    Ok(sse::event_stream(first, lines, admitted, true))
}
