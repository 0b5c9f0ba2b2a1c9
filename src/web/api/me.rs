//! A player's own games as JSON: `GET /api/v1/me/games` (a player's token) and
//! `GET /p/{secret}/games.json` (the personal link, no account needed).

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use super::{ApiError, ApiUser};
use crate::service::my_games::{self, MyEvent, MyGame};
use crate::service::{App, players};
use crate::web::pages::public_url;
use crate::web::paths;

/// A game with the address where the player acts on it.
#[derive(Serialize)]
struct GameJson {
    #[serde(flatten)]
    game: MyGame,
    url: String,
}

#[derive(Serialize)]
struct EventJson {
    #[serde(flatten)]
    event: MyEvent,
    url: String,
    /// The next game, with its address (as in `games`).
    next: Option<GameJson>,
    games: Vec<GameJson>,
}

fn shown(
    req: &HttpRequest,
    app: &App,
    event: MyEvent,
    game_path: &dyn Fn(&MyGame) -> String,
) -> EventJson {
    let with_url = |g: &MyGame| GameJson {
        url: public_url(req, app, &game_path(g)),
        game: g.clone(),
    };
    EventJson {
        url: public_url(req, app, &paths::event(&event.slug)),
        next: event.next.as_ref().map(with_url),
        games: event.games.iter().map(with_url).collect(),
        event,
    }
}

/// `GET /api/v1/me/games`.
pub(crate) async fn games(
    req: HttpRequest,
    app: web::Data<App>,
    ApiUser(user): ApiUser,
) -> Result<HttpResponse, ApiError> {
    let paging = super::paging::Paging::of(&req)?;
    let service = app.clone().into_inner();
    let events = crate::web::run(move || my_games::of_user(&service, &user)).await?;
    let events: Vec<EventJson> = events
        .into_iter()
        .map(|e| {
            let slug = e.slug.clone();
            shown(&req, &app, e, &|g| paths::game(&slug, g.game_id))
        })
        .collect();
    let total = events.len();
    Ok(paging
        .ok(&req, total)
        .json(serde_json::json!({ "events": paging.slice(events) })))
}

/// `GET /p/{secret}/games.json`.
pub(crate) async fn personal_games(
    req: HttpRequest,
    app: web::Data<App>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let secret = path.into_inner();
    let service = app.clone().into_inner();
    let lookup = secret.clone();
    let event = crate::web::run(move || {
        let (_, entry) = players::by_secret(&service, &lookup)?;
        my_games::of_entry(&service, &entry)
    })
    .await?;
    let event = shown(&req, &app, event, &|g| {
        paths::personal_game(&secret, g.game_id)
    });
    Ok(HttpResponse::Ok()
        .insert_header(("cache-control", "no-store"))
        .json(serde_json::json!({ "events": [event] })))
}
