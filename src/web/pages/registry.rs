//! The federation's registry on the site: a search by name, and each person's page across
//! events (every event, every final game with its replay, the games against one opponent).

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::html;
use crate::service::App;
use crate::service::registry::{self, HeadToHead, Person, PersonPage};
use crate::tournament::history::{GameScore, Outcome};
use crate::web::api::registry::search_text;
use crate::web::context::{Chrome, Page};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "registry/search.html")]
struct SearchPage<'a> {
    c: &'a Chrome,
    q: String,
    found: Vec<Person>,
}

/// `GET /players?q=TEXT`.
pub(crate) async fn search(
    req: HttpRequest,
    app: web::Data<App>,
    Page(c): Page,
) -> Result<HttpResponse, WebError> {
    let q = search_text(req.query_string());
    let text = q.clone();
    let app = app.into_inner();
    let found = web::block(move || registry::search(&app, &text)).await??;
    html(&SearchPage { c: &c, q, found })
}

#[derive(Template)]
#[template(path = "registry/person.html")]
struct PersonTemplate<'a> {
    c: &'a Chrome,
    data: PersonPage,
    against: String,
}

impl PersonTemplate<'_> {
    /// The games against one opponent, counted, in the page's language.
    fn tally(&self, h: &HeadToHead) -> String {
        self.c.t_args(
            "registry-tally",
            &[
                ("wins", h.wins.to_string()),
                ("draws", h.draws.to_string()),
                ("losses", h.losses.to_string()),
                ("name", h.opponent.clone()),
            ],
        )
    }

    /// A game's result as the crosstable writes it, from the person's side.
    fn mark(outcome: &Outcome) -> &'static str {
        match outcome {
            Outcome::Played(GameScore::Win) => "1",
            Outcome::Played(GameScore::Draw) => "½",
            Outcome::Played(GameScore::Loss) => "0",
            Outcome::ForfeitWin => "+",
            Outcome::ForfeitLoss => "−",
            Outcome::Pab | Outcome::HalfBye | Outcome::FullBye | Outcome::ZeroBye => "",
        }
    }
}

/// The `against` parameter of a query string.
fn against_of(query: &str) -> String {
    serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .unwrap_or_default()
        .into_iter()
        .find(|(name, _)| name == "against")
        .map(|(_, id)| id.chars().take(30).collect())
        .unwrap_or_default()
}

/// `GET /players/{federation_id}` (`?against=ID`: the games against that person).
pub(crate) async fn person(
    req: HttpRequest,
    app: web::Data<App>,
    Page(c): Page,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let against = against_of(req.query_string());
    let wanted = against.clone();
    let app = app.into_inner();
    let data =
        web::block(move || registry::person_page(&app, &id, Some(wanted.as_str()))).await??;
    html(&PersonTemplate {
        c: &c,
        data,
        against,
    })
}
