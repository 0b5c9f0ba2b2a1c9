//! "My games" for a signed-in player: every event entry bound to the account, what to do next
//! in each, and every game.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::html;
use crate::service::App;
use crate::service::my_games::{self, MyEvent};
use crate::web::context::{Chrome, SignedIn};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "me.html")]
struct MePage<'a> {
    c: &'a Chrome,
    /// Each event, with the address its games open at.
    events: Vec<(MyEvent, String)>,
}

/// `GET /me`.
pub(crate) async fn my_games(
    app: web::Data<App>,
    signed_in: SignedIn,
) -> Result<HttpResponse, WebError> {
    let user = signed_in.user.clone();
    let service = app.into_inner();
    let events = crate::web::run(move || my_games::of_user(&service, &user)).await?;
    let events = events
        .into_iter()
        .map(|e| {
            let base = format!("/events/{}/games/", e.slug);
            (e, base)
        })
        .collect();
    html(&MePage {
        c: &signed_in.chrome,
        events,
    })
}
