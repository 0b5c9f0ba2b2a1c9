//! The home page and the health check.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::html;
use crate::service::App;
use crate::service::events::{self, HomeEvents};
use crate::web::context::{Chrome, Page};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage<'a> {
    c: &'a Chrome,
    events: HomeEvents,
}

impl HomePage<'_> {
    /// The lists after the running events, each with the message that heads it.
    fn lists(&self) -> [(&'static str, &[crate::domain::Event]); 2] {
        [
            ("home-upcoming", &self.events.upcoming),
            ("home-finished", &self.events.finished),
        ]
    }

    /// A signed-in account that may create events, on an installation without any yet: it is
    /// shown where to start.
    fn first_run(&self) -> bool {
        self.c
            .user
            .as_ref()
            .is_some_and(|u| u.role.can_create_events())
            && self.events.running.is_empty()
            && self.events.upcoming.is_empty()
            && self.events.finished.is_empty()
    }

    /// What a running event's round has got to.
    fn progress(&self, listed: &crate::service::event_list::Listed) -> Option<String> {
        listed
            .progress
            .map(|p| super::event_list::progress_words(self.c, p))
    }
}

pub(crate) async fn home(app: web::Data<App>, Page(c): Page) -> Result<HttpResponse, WebError> {
    let app = app.into_inner();
    let events = crate::web::run(move || events::home_events(&app)).await?;
    html(&HomePage { c: &c, events })
}

/// `GET /healthz`: 200 when the database answers, 503 otherwise.
pub(crate) async fn healthz(
    app: web::Data<App>,
    pages: web::Data<crate::web::page_cache::PageCache>,
) -> HttpResponse {
    let backend = format!("{:?}", app.backend).to_lowercase();
    let store = pages.stats();
    let app = app.into_inner();
    let healthy = match crate::web::run(move || app.health()).await {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!("health check failed: {e}");
            false
        }
    };
    let mut answer = if healthy {
        HttpResponse::Ok()
    } else {
        HttpResponse::ServiceUnavailable()
    };
    // The page store's size: an operator sees it stay within `page_store_mb`.
    answer.json(serde_json::json!({
        "status": if healthy { "ok" } else { "unavailable" },
        "database": backend,
        "page_store": store,
    }))
}
