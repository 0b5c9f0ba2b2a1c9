//! An event's front page and its list of players.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::service::events::{self, Event};
use crate::service::players::{self, Player};
use crate::service::{App, overview, rounds};
use crate::web::context::Chrome;
use crate::web::errors::WebError;
use crate::web::event_context::EventPage;
use crate::web::page_cache::PageKey;

#[derive(Template)]
#[template(path = "events/show.html")]
struct ShowPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    rounds: Vec<rounds::RoundView>,
    planned: i32,
    players: usize,
    is_organiser: bool,
    is_arbiter: bool,
    /// The signed-in visitor's own entry, if any: its status and check-in.
    mine: Option<(crate::domain::PlayerStatus, bool)>,
    can_register: bool,
    /// A finished event's podium (places 1 to 3, shared places included).
    podium: Vec<crate::service::standings::RowView>,
    /// A prize list the public may see.
    prizes: bool,
    /// A finished event's prize list.
    prize_list: Option<crate::service::prizes::PrizeListView>,
    final_match: Option<overview::FinalMatch>,
    /// A running event's last published round: (number, boards with a final result, boards).
    progress: Option<(i32, usize, usize)>,
}

pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = crate::web::pages::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let access = page.access.clone();
    let app = app.into_inner();
    let overview::Overview {
        players,
        rounds: list,
        planned,
        podium,
        prizes,
        prize_list,
        final_match,
        ..
    } = crate::web::run(move || overview::overview(&app, &access)).await?;
    let user_id = page.chrome.user.as_ref().map(|u| u.id);
    let mine = user_id.and_then(|id| {
        players
            .iter()
            .find(|p| p.user_id == Some(id))
            .map(|p| (p.status, p.checked_in))
    });
    let progress = list
        .iter()
        .rev()
        .find(|r| r.state == crate::domain::RoundState::Published)
        .filter(|_| page.access.event.state == events::EventState::Running)
        .map(|r| {
            let games = r.boards.iter().filter(|b| b.second.is_some());
            let done = games
                .clone()
                .filter(|b| b.status == crate::domain::GameStatus::Final)
                .count();
            (r.number, done, games.count())
        });
    crate::web::pages::cached_html(
        &req,
        &page,
        &ShowPage {
            c: &page.chrome,
            event: &page.access.event,
            rounds: list,
            planned,
            players: players
                .iter()
                .filter(|p| p.status != crate::domain::PlayerStatus::Pending)
                .count(),
            is_organiser: page.access.is_organiser(),
            is_arbiter: page.access.is_arbiter(),
            mine,
            podium,
            prizes,
            prize_list,
            final_match,
            progress,
            can_register: page.access.event.self_registration
                && page.access.event.state != events::EventState::Finished,
        },
    )
}

#[derive(Template)]
#[template(path = "events/players.html")]
struct PlayersPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    players: Vec<Player>,
    /// Columns nobody has a value in are left out (an imported event has no clubs, say), so
    /// the names keep the room on a phone.
    show_club: bool,
    show_province: bool,
    show_status: bool,
}

pub(crate) async fn players_page(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = crate::web::pages::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let access = page.access.clone();
    let app = app.into_inner();
    let list = crate::web::run(move || players::list(&app, &access)).await?;
    let players: Vec<Player> = list
        .into_iter()
        .filter(|p| p.status != crate::domain::PlayerStatus::Pending)
        .collect();
    crate::web::pages::cached_html(
        &req,
        &page,
        &PlayersPage {
            c: &page.chrome,
            event: &page.access.event,
            show_club: players.iter().any(|p| !p.club.is_empty()),
            show_province: players.iter().any(|p| !p.province.is_empty()),
            show_status: players
                .iter()
                .any(|p| p.status == crate::domain::PlayerStatus::Withdrawn),
            players,
        },
    )
}
