//! `GET /events`: every event, found by name, place, season, state and circuit, a page at a time, with
//! what is running now first and how far its round has got.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::html;
use crate::service::App;
use crate::service::demo::DemoSpec;
use crate::service::event_list::{self, EventQuery, EventsPage, Listed, RoundProgress};
use crate::service::events::EventState;
use crate::web::context::{Chrome, CreatorPage, CsrfForm, Empty, FlashLevel, Page};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "events/list.html")]
struct ListPage<'a> {
    c: &'a Chrome,
    list: EventsPage,
    query: EventQuery,
    can_create: bool,
}

impl ListPage<'_> {
    /// The address of another page of the same search.
    fn page_link(&self, page: usize) -> String {
        let mut pairs: Vec<(&str, String)> = Vec::new();
        if !self.query.text.is_empty() {
            pairs.push(("q", self.query.text.clone()));
        }
        if let Some(season) = self.query.season {
            pairs.push(("season", season.to_string()));
        }
        if let Some(state) = self.query.state {
            pairs.push(("state", state.as_str().to_string()));
        }
        if let Some(circuit) = &self.query.circuit {
            pairs.push(("circuit", circuit.clone()));
        }
        pairs.push(("page", page.to_string()));
        format!(
            "/events?{}",
            serde_urlencoded::to_string(&pairs).unwrap_or_default()
        )
    }

    /// The seasons there are events of, with whether the search asks for it.
    fn seasons(&self) -> Vec<(i32, bool)> {
        self.list
            .seasons
            .iter()
            .map(|&year| (year, self.query.season == Some(year)))
            .collect()
    }

    /// The states an event is found by, with whether the search asks for it.
    fn states(&self) -> Vec<(&'static str, bool)> {
        [
            EventState::Running,
            EventState::Registration,
            EventState::Finished,
        ]
        .into_iter()
        .map(|s| (s.as_str(), self.query.state == Some(s)))
        .collect()
    }

    /// The circuits, with whether the search asks for it.
    fn circuits(&self) -> Vec<(&str, &str, bool)> {
        self.list
            .circuits
            .iter()
            .map(|(slug, name)| {
                let chosen = self.query.circuit.as_deref() == Some(slug.as_str());
                (slug.as_str(), name.as_str(), chosen)
            })
            .collect()
    }

    /// Whether anything narrows the list.
    fn searching(&self) -> bool {
        let q = &self.query;
        !q.text.is_empty() || q.season.is_some() || q.state.is_some() || q.circuit.is_some()
    }

    fn progress(&self, listed: &Listed) -> Option<String> {
        listed.progress.map(|p| progress_words(self.c, p))
    }
}

/// What a running event's round has got to: "Ronda 4 de 5 · 12 de 20 mesas terminadas".
pub(crate) fn progress_words(c: &Chrome, p: RoundProgress) -> String {
    let round = c.t2(
        "events-round-of",
        "round",
        &p.round.to_string(),
        "rounds",
        &p.rounds.to_string(),
    );
    let boards = c.t2(
        "event-boards-finished",
        "done",
        &p.finished.to_string(),
        "total",
        &p.boards.to_string(),
    );
    format!("{round} · {boards}")
}

/// Reads the search from the query string; anything it does not understand is left out
/// rather than refused, as a search box is.
fn read_query(req: &HttpRequest) -> EventQuery {
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
    let mut query = EventQuery {
        page: 1,
        ..EventQuery::default()
    };
    for (key, value) in pairs {
        match key.as_str() {
            "q" => {
                query.text = value
                    .chars()
                    .take(100)
                    .collect::<String>()
                    .trim()
                    .to_string();
            }
            "season" => query.season = value.parse().ok().filter(|y| (1900..=9999).contains(y)),
            "state" => query.state = EventState::from_code(&value),
            "circuit" => {
                let slug = value.trim();
                query.circuit = (!slug.is_empty()).then(|| slug.chars().take(100).collect());
            }
            "page" => query.page = value.parse().unwrap_or(1).max(1),
            _ => {}
        }
    }
    query
}

pub(crate) async fn list(
    req: HttpRequest,
    app: web::Data<App>,
    Page(c): Page,
) -> Result<HttpResponse, WebError> {
    let query = read_query(&req);
    let app = app.into_inner();
    let asked = query.clone();
    let list = crate::web::run(move || event_list::list(&app, &asked)).await?;
    let can_create = c.user.as_ref().is_some_and(|u| u.role.can_create_events());
    html(&ListPage {
        c: &c,
        list,
        query,
        can_create,
    })
}

/// `POST /events/demo`: a demonstration event for an account that may create events (the web's
/// `kiela admin demo-event`): a Swiss of 12 invented players with its first two rounds played
/// and the third paired, named in the reader's language.
pub(crate) async fn demo(
    req: HttpRequest,
    app: web::Data<App>,
    page: CreatorPage,
    form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    form.parsed()?;
    let owner = page.user.clone();
    let spec = DemoSpec {
        name: page.chrome.t("home-demo-name"),
        players: 12,
        rounds: 5,
        played: 2,
        open_round: true,
        seed: fastrand::u64(..),
    };
    let app = app.into_inner();
    let event =
        crate::web::run(move || crate::service::demo::create_demo_from_web(&app, &owner, &spec))
            .await?;
    super::redirect_with_flash(
        &req,
        &crate::web::paths::event(&event.slug),
        FlashLevel::Success,
        "flash-event-created",
    )
}
