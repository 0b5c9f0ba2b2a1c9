//! Extractors for pages of one event (`/events/{slug}/…`): the event and the visitor's role in
//! it, checked before the handler runs.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};

use super::context::{Chrome, Page};
use super::errors::WebError;
use crate::domain::{Game, GameId, Player};
use crate::service::access::{Access, EventRef};
use crate::service::games::{self, Actor};
use crate::service::{App, ServiceError};

type LocalBoxFuture<T> = Pin<Box<dyn Future<Output = T>>>;

/// Any visitor's page of an event.
pub struct EventPage {
    pub chrome: Chrome,
    pub access: Access,
    /// This request's turn to render a public page no one else is rendering
    /// ([`super::pages::not_modified`]), held until the handler is done with the page.
    pub(crate) render_turn: Option<crate::web::page_cache::RenderTurn>,
    /// The page's name in the page store (its path until the handler names it with the
    /// parameters that change it, [`super::pages::not_modified`]).
    pub(crate) key: crate::web::page_cache::PageKey,
}

/// A page for the event's organisers.
pub struct OrganiserPage {
    pub chrome: Chrome,
    pub access: Access,
}

/// A page for the event's arbiters (organisers included).
pub struct ArbiterPage {
    pub chrome: Chrome,
    pub access: Access,
}

async fn load(req: &HttpRequest) -> Result<EventPage, WebError> {
    let Page(chrome) = Page::from_request(req, &mut Payload::None).await?;
    let slug = req
        .match_info()
        .get("slug")
        .ok_or(WebError::Service(ServiceError::NotFound))?
        .to_string();
    let app = req
        .app_data::<web::Data<App>>()
        .cloned()
        .ok_or_else(|| WebError::internal("application state missing"))?
        .into_inner();
    let user = chrome.user.clone();
    // Visitors without an account reading a page may share a recent read of the event.
    let shared = user.is_none() && req.method() == actix_web::http::Method::GET;
    let recent = req.app_data::<web::Data<RecentEvents>>().cloned();
    let ttl = Duration::from_millis(app.config.public_cache_ms);
    if shared
        && let Some(recent) = &recent
        && let Some(access) = recent.get(&slug, ttl)
    {
        return Ok(EventPage::new(req, chrome, access));
    }
    let key = slug.clone();
    let access = crate::web::run(move || {
        crate::service::access::access(&app, EventRef::Slug(&slug), user.as_ref())
    })
    .await?;
    if shared && let Some(recent) = recent {
        recent.put(key, &access, ttl);
    }
    Ok(EventPage::new(req, chrome, access))
}

impl EventPage {
    /// An event's page: its times in the event's local time.
    fn new(req: &HttpRequest, mut chrome: Chrome, access: Access) -> EventPage {
        chrome.use_event_time(&access.event);
        EventPage {
            chrome,
            access,
            render_turn: None,
            key: crate::web::page_cache::PageKey::of(req),
        }
    }
}

/// Events as an app server last read them for visitors without an account, by slug (pages)
/// or by `#id` (the API's reads).
#[derive(Debug, Default)]
pub struct RecentEvents {
    events: Mutex<HashMap<String, (Instant, Access)>>,
}

/// A bound on the events remembered; past it the memory starts afresh.
const RECENT_EVENTS: usize = 1024;

impl RecentEvents {
    pub(crate) fn get(&self, slug: &str, ttl: Duration) -> Option<Access> {
        self.get_at(slug, ttl, Instant::now())
    }

    /// The read of `slug` if it is younger than `ttl` at `now`.
    fn get_at(&self, slug: &str, ttl: Duration, now: Instant) -> Option<Access> {
        if ttl.is_zero() {
            return None;
        }
        let events = self.events.lock().ok()?;
        let (read_at, access) = events.get(slug)?;
        (now.saturating_duration_since(*read_at) < ttl).then(|| access.clone())
    }

    pub(crate) fn put(&self, slug: String, access: &Access, ttl: Duration) {
        self.put_at(slug, access, ttl, Instant::now());
    }

    fn put_at(&self, slug: String, access: &Access, ttl: Duration, now: Instant) {
        if ttl.is_zero() || access.user().is_some() {
            return;
        }
        if let Ok(mut events) = self.events.lock() {
            if events.len() >= RECENT_EVENTS {
                events.clear();
            }
            events.insert(slug, (now, access.clone()));
        }
    }
}

impl FromRequest for EventPage {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<EventPage, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { load(&req).await })
    }
}

fn require(page: EventPage, allowed: bool, req: &HttpRequest) -> Result<EventPage, WebError> {
    if allowed {
        return Ok(page);
    }
    if page.chrome.user.is_none() {
        let next = if req.method() == actix_web::http::Method::GET {
            req.path().to_string()
        } else {
            super::paths::event(&page.access.event.slug)
        };
        return Err(WebError::LoginRequired(next));
    }
    Err(WebError::Service(ServiceError::Forbidden))
}

impl FromRequest for OrganiserPage {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<OrganiserPage, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let page = load(&req).await?;
            let allowed = page.access.is_organiser();
            let page = require(page, allowed, &req)?;
            Ok(OrganiserPage {
                chrome: page.chrome,
                access: page.access,
            })
        })
    }
}

impl FromRequest for ArbiterPage {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<ArbiterPage, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let page = load(&req).await?;
            let allowed = page.access.is_arbiter();
            let page = require(page, allowed, &req)?;
            Ok(ArbiterPage {
                chrome: page.chrome,
                access: page.access,
            })
        })
    }
}

/// A game of this event for someone who may act on it: one of its two players (signed in) or
/// the event's staff. Anyone else is sent to log in (without an account) or refused.
pub struct GameActor {
    pub chrome: Chrome,
    pub access: Access,
    pub game: Game,
    pub players: Vec<Player>,
    pub actor: Actor,
}

/// Only one of the game's two players (disputes are theirs; staff decide instead).
pub struct GamePlayer(pub GameActor);

async fn load_game_actor(req: &HttpRequest) -> Result<GameActor, WebError> {
    let page = load(req).await?;
    let game_id: GameId = req
        .match_info()
        .get("id")
        .and_then(|id| id.parse().ok())
        .ok_or(WebError::Service(ServiceError::NotFound))?;
    let app = req
        .app_data::<web::Data<App>>()
        .cloned()
        .ok_or_else(|| WebError::internal("application state missing"))?
        .into_inner();
    let user = page.chrome.user.clone();
    let (access, game, players) =
        crate::web::run(move || games::access_for_game(&app, game_id, user.as_ref())).await?;
    if access.event.id != page.access.event.id {
        return Err(WebError::Service(ServiceError::NotFound));
    }
    let actor = match games::actor_or_refusal(&access, &game, &players) {
        Ok(actor) => actor,
        Err(ServiceError::NotAllowed(code)) => {
            return Err(WebError::Service(ServiceError::NotAllowed(code)));
        }
        Err(_) => {
            return Err(require(page, false, req)
                .err()
                .unwrap_or(WebError::Service(ServiceError::Forbidden)));
        }
    };
    Ok(GameActor {
        chrome: page.chrome,
        access,
        game,
        players,
        actor,
    })
}

impl FromRequest for GameActor {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<GameActor, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { load_game_actor(&req).await })
    }
}

impl FromRequest for GamePlayer {
    type Error = WebError;
    type Future = LocalBoxFuture<Result<GamePlayer, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let game = load_game_actor(&req).await?;
            match game.actor {
                Actor::Player { .. } => Ok(GamePlayer(game)),
                Actor::Staff { .. } => Err(WebError::Service(ServiceError::Forbidden)),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::access::Viewer;

    fn access() -> Access {
        Access {
            event: crate::domain::Event {
                origin: None,
                id: crate::domain::EventId(1),
                slug: "open".into(),
                name: "Open".into(),
                starts_on: None,
                ends_on: None,
                location: String::new(),
                variant: crate::rules::Variant::Advanced,
                format: crate::domain::Format::Swiss,
                rounds: 5,
                games_per_match: 1,
                knockout_size: 0,
                third_place: false,
                grand_final_reset: false,
                tiebreaks: Vec::new(),
                points: crate::tournament::history::PointSystem::default(),
                initial_colour: crate::tournament::history::Colour::White,
                accelerated: false,
                self_registration: false,
                check_in: false,
                rated: false,
                rating_period: None,
                utc_offset: None,
                adjudication: crate::domain::AdjudicationRule::default(),
                live_delay_minutes: 0,
                state: crate::domain::EventState::Running,
                owner_id: crate::domain::UserId(1),
                version: 3,
                updated_at: chrono::NaiveDateTime::default(),
                created_at: chrono::NaiveDateTime::default(),
            },
            viewer: Viewer::Public,
        }
    }

    #[test]
    fn a_shared_read_lasts_its_delay_and_no_longer() {
        let recent = RecentEvents::default();
        let ttl = Duration::from_secs(1);
        let t0 = Instant::now();
        recent.put_at("open".into(), &access(), ttl, t0);
        let just_before = t0 + Duration::from_millis(999);
        assert_eq!(
            recent
                .get_at("open", ttl, just_before)
                .map(|a| a.event.version),
            Some(3)
        );
        assert!(recent.get_at("open", ttl, t0 + ttl).is_none());
        assert!(recent.get_at("other", ttl, t0).is_none());
        // Without a delay nothing is shared.
        assert!(recent.get_at("open", Duration::ZERO, t0).is_none());
    }
}
