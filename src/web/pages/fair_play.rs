//! The event's fair-play screening for its arbiters and organisers (never public): the players
//! ranked by their score, the flagged ones marked, and what the numbers can and cannot show.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::html;
use crate::domain::Event;
use crate::service::App;
use crate::service::access::EventRef;
use crate::service::fair_play::{self, EventScreening};
use crate::web::context::Chrome;
use crate::web::errors::WebError;
use crate::web::event_context::ArbiterPage;

#[derive(Template)]
#[template(path = "events/fair_play.html")]
struct FairPlayPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    screening: EventScreening,
}

/// `GET /events/{slug}/fair-play` (the event's staff).
pub(crate) async fn show(app: web::Data<App>, page: ArbiterPage) -> Result<HttpResponse, WebError> {
    let user = page.chrome.user.clone();
    let id = page.access.event.id;
    let app = app.into_inner();
    let screening =
        crate::web::run(move || fair_play::of_event(&app, user.as_ref(), EventRef::Id(id))).await?;
    let response = html(&FairPlayPage {
        c: &page.chrome,
        event: &page.access.event,
        screening,
    })?;
    // What an arbiter reads of a player stays out of every cache.
    Ok(super::venue::no_store(response))
}
