//! The audit log and the arbiter's queue.

use actix_web::{HttpResponse, web};
use askama::Template;

use crate::service::event_log::{self, Shown};
use crate::service::events::Event;
use crate::service::{App, games};
use crate::web::context::Chrome;
use crate::web::errors::WebError;
use crate::web::event_context::ArbiterPage;
use crate::web::pages::html;

#[derive(Template)]
#[template(path = "events/audit.html")]
struct AuditPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    entries: Vec<Shown>,
}

impl AuditPage<'_> {
    /// Who acted, by name: the account's, then the entry's when it is another name (a player
    /// acting through their personal link has only the entry's).
    fn who(&self, e: &Shown) -> String {
        let user = e.user_name.clone().or_else(|| {
            e.actor_user
                .map(|u| format!("{} {u}", self.c.t("audit-account")))
        });
        match (user, &e.player_name) {
            (Some(user), Some(player)) if &user != player => {
                format!("{user} ({} {player})", self.c.t("audit-player"))
            }
            (Some(user), _) => user,
            (None, Some(player)) => player.clone(),
            (None, None) => String::new(),
        }
    }
}

pub(crate) async fn audit_log(
    app: web::Data<App>,
    page: ArbiterPage,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let app = app.into_inner();
    let entries = crate::web::run(move || event_log::event_log(&app, &access)).await?;
    html(&AuditPage {
        c: &page.chrome,
        event: &page.access.event,
        entries,
    })
}

#[derive(Template)]
#[template(path = "events/queue.html")]
struct QueuePage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    games: Vec<crate::service::games::QueueItem>,
}

pub(crate) async fn queue(
    app: web::Data<App>,
    page: ArbiterPage,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let app = app.into_inner();
    let list = crate::web::run(move || games::queue(&app, &access)).await?;
    html(&QueuePage {
        c: &page.chrome,
        event: &page.access.event,
        games: list,
    })
}
