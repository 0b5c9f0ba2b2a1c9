//! Extractors for the pages behind a personal link (`/p/{secret}/…`): the entry the secret
//! belongs to, and, for a game, who acts on it. Checked before the handler runs and before any
//! request body is read, like the role extractors.

use crate::domain::ErrorCode;
use crate::service::ServiceError;
use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};

use super::context::{Chrome, Page};
use super::errors::WebError;
use crate::domain::{GameId, Player};
use crate::service::access::Access;
use crate::service::games::{self, Actor};
use crate::service::{App, players};

type LocalBoxFuture<T> = Pin<Box<dyn Future<Output = T>>>;

fn app_of(req: &HttpRequest) -> Result<std::sync::Arc<App>, WebError> {
    req.app_data::<web::Data<App>>()
        .map(|app| app.clone().into_inner())
        .ok_or_else(|| WebError::internal("application state missing"))
}

/// The entry of the path's personal link (404 for a secret nobody has).
pub struct PersonalLink {
    pub chrome: Chrome,
    pub access: Access,
    pub player: Player,
    pub secret: String,
}

async fn load_link(req: &HttpRequest) -> Result<PersonalLink, WebError> {
    let Page(mut chrome) = Page::from_request(req, &mut Payload::None).await?;
    let secret = req
        .match_info()
        .get("secret")
        .ok_or(WebError::Service(ServiceError::NotFound))?
        .to_string();
    let app = app_of(req)?;
    let lookup = secret.clone();
    let (access, player) = crate::web::run(move || players::by_secret(&app, &lookup)).await?;
    chrome.use_event_time(&access.event);
    Ok(PersonalLink {
        chrome,
        access,
        player,
        secret,
    })
}

impl FromRequest for PersonalLink {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<PersonalLink, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { load_link(&req).await })
    }
}

/// A game of the personal link's player, acted on as that player. Whoever holds the link acts
/// as its player, except the game's other player: signed in as the opponent (or as staff whose
/// address the opponent's entry carries), nobody confirms their own claim through the other's
/// link (403 `own_game`).
pub struct PersonalGame {
    pub chrome: Chrome,
    pub access: Access,
    pub game_id: GameId,
    /// `/p/{secret}/games/{id}`.
    pub base: String,
    pub actor: Actor,
}

async fn load_game(req: &HttpRequest) -> Result<PersonalGame, WebError> {
    let link = load_link(req).await?;
    let game_id: GameId = req
        .match_info()
        .get("id")
        .and_then(|id| id.parse().ok())
        .ok_or(WebError::Service(ServiceError::NotFound))?;
    let app = app_of(req)?;
    let (access, game, players) =
        crate::web::run(move || games::access_for_game(&app, game_id, None)).await?;
    if access.event.id != link.player.event_id || !link.player.plays_in(&game) {
        return Err(WebError::Service(ServiceError::NotFound));
    }
    if let Some(user) = &link.chrome.user {
        let is_the_opponent = players
            .iter()
            .filter(|p| p.id != link.player.id && p.plays_in(&game))
            .any(|p| p.user_id == Some(user.id) || p.email.as_deref() == Some(&user.email));
        if is_the_opponent {
            return Err(WebError::Service(ServiceError::NotAllowed(
                ErrorCode::OwnGame,
            )));
        }
    }
    Ok(PersonalGame {
        chrome: link.chrome,
        access,
        game_id,
        base: super::paths::personal_game(&link.secret, game_id),
        actor: Actor::Player {
            player_id: link.player.id,
            user_id: link.player.user_id,
        },
    })
}

impl FromRequest for PersonalGame {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<PersonalGame, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { load_game(&req).await })
    }
}
