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
    /// Each list with the message that heads it.
    fn lists(&self) -> [(&'static str, &[crate::domain::Event]); 3] {
        [
            ("home-running", &self.events.running),
            ("home-upcoming", &self.events.upcoming),
            ("home-finished", &self.events.finished),
        ]
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
