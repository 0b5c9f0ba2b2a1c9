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
use crate::web::page_cache::{Lookup, Named, PageKey, Scope};

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
    let found = crate::web::run(move || registry::search(&app, &text)).await?;
    html(&SearchPage { c: &c, q, found })
}

#[derive(Template)]
#[template(path = "registry/person.html")]
struct PersonTemplate<'a> {
    c: &'a Chrome,
    data: PersonPage,
    against: String,
    /// For an administrator: registered people whose name may be this one's.
    duplicates: Vec<Person>,
    /// For an administrator: what entries say of this person that the registry does not.
    proposals: Vec<registry::Proposal>,
}

/// The rating history as an SVG line over the periods, with the band of one deviation either
/// side, drawn on the server (it holds only numbers, period labels and the escaped title).
/// Empty before the first rated period; a single period is a dot.
fn history_svg(points: &[registry::RatingPoint], title: &str) -> String {
    use std::fmt::Write as _;
    if points.is_empty() {
        return String::new();
    }
    let (width, height, pad) = (600.0_f64, 200.0_f64, 34.0_f64);
    let low = points
        .iter()
        .map(|p| p.rating - p.deviation)
        .fold(f64::INFINITY, f64::min);
    let high = points
        .iter()
        .map(|p| p.rating + p.deviation)
        .fold(f64::NEG_INFINITY, f64::max);
    let span = (high - low).max(1.0);
    let x = |i: usize| {
        if points.len() == 1 {
            width / 2.0
        } else {
            pad + (width - 2.0 * pad) * i as f64 / (points.len() - 1) as f64
        }
    };
    let y = |r: f64| pad / 2.0 + (height - 1.5 * pad) * (high - r) / span;
    let mut svg = format!(
        "<svg class=\"rating-history\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-labelledby=\"rating-history-title\"><title id=\"rating-history-title\">{}</title>",
        askama::filters::escape(title, askama::filters::Html)
            .map(|t| t.to_string())
            .unwrap_or_default()
    );
    let band: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.rating + p.deviation)))
        .chain(
            points
                .iter()
                .enumerate()
                .rev()
                .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.rating - p.deviation))),
        )
        .collect();
    if let [only] = points {
        // One period: the band is a bar.
        let _ = write!(
            svg,
            "<line class=\"bar\" x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/>",
            y(only.rating + only.deviation),
            y(only.rating - only.deviation),
            x = x(0)
        );
    } else {
        let _ = write!(
            svg,
            "<polygon class=\"band\" points=\"{}\"/>",
            band.join(" ")
        );
    }
    let line: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.rating)))
        .collect();
    let _ = write!(
        svg,
        "<polyline class=\"line\" points=\"{}\"/>",
        line.join(" ")
    );
    for (i, p) in points.iter().enumerate() {
        let _ = write!(
            svg,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\"><title>{} {:.0} ± {:.0}</title></circle>",
            x(i),
            y(p.rating),
            p.period,
            p.rating,
            p.deviation
        );
    }
    let _ = write!(
        svg,
        "<text x=\"2\" y=\"{:.1}\">{:.0}</text><text x=\"2\" y=\"{:.1}\">{:.0}</text>",
        y(high) + 10.0,
        high,
        y(low),
        low
    );
    let first = points
        .first()
        .map(|p| p.period.as_str())
        .unwrap_or_default();
    let last = points.last().map(|p| p.period.as_str()).unwrap_or_default();
    let _ = write!(
        svg,
        "<text x=\"{pad}\" y=\"{:.1}\">{first}</text><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{last}</text></svg>",
        height - 4.0,
        width - pad,
        height - 4.0
    );
    svg
}

impl PersonTemplate<'_> {
    /// The rating history drawn, or nothing before the first rated period.
    fn history(&self) -> String {
        history_svg(
            &self.data.record.rating_history,
            &self.c.t("registry-rating-history"),
        )
    }

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

/// `GET /players/{federation_id}` (`?against=ID`: the games against that person). Rendered
/// once per version of what it shows for visitors without an account (an administrator sees
/// the possible duplicates too, and gets their own).
pub(crate) async fn person(
    req: HttpRequest,
    app: web::Data<App>,
    Page(c): Page,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    // An opponent's federation id or words of their name.
    let against = crate::web::query_param(req.query_string(), "against", 100)
        .trim()
        .to_string();
    let admin = c.is_admin();
    let app = app.into_inner();
    let (person, person_id, version) = {
        let (app, id) = (app.clone(), id.clone());
        crate::web::run(move || registry::person_version(&app, &id)).await?
    };
    let page = PageKey::at(&format!("/players/{person_id}"));
    let key = if against.is_empty() {
        page
    } else {
        page.with("against", &against)
    };
    let named = Named {
        scope: Scope::Person(person),
        version,
        key,
    };
    let turn = match super::site_lookup(&req, &c, &named).await {
        Lookup::Stored(stored) => return Ok(stored),
        Lookup::Render(turn) => turn,
    };
    let wanted = against.clone();
    let user = c.user.clone();
    let (data, duplicates, proposals) = crate::web::run(move || {
        let data = registry::person_page(&app, &id, Some(wanted.as_str()))?;
        let (duplicates, proposals) = match user.filter(|_| admin) {
            Some(user) => (
                registry::possible_duplicates(&app, &data.record.person)?,
                registry::proposals(&app, &user, &data.record.person.federation_id)?,
            ),
            None => (Vec::new(), Vec::new()),
        };
        Ok::<_, crate::service::ServiceError>((data, duplicates, proposals))
    })
    .await?;
    let text = PersonTemplate {
        c: &c,
        data,
        against,
        duplicates,
        proposals,
    }
    .render()?;
    Ok(super::site_answer(&req, &c, &named, turn, text))
}

#[derive(serde::Deserialize)]
pub(crate) struct MergeForm {
    #[serde(default)]
    into: String,
}

/// `POST /players/{federation_id}/merge` (administrators): this person is one with `into`.
pub(crate) async fn merge(
    req: HttpRequest,
    app: web::Data<App>,
    admin: crate::web::context::AdminPage,
    path: web::Path<String>,
    form: crate::web::context::CsrfForm<MergeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let gone = path.into_inner();
    let app = app.into_inner();
    let user = admin.user;
    let merged = crate::web::run(move || registry::merge(&app, &user, &gone, &form.into)).await?;
    super::redirect_with_flash(
        &req,
        &format!("/players/{}", merged.federation_id),
        crate::web::context::FlashLevel::Success,
        "flash-registry-merged",
    )
}

#[derive(serde::Deserialize)]
pub(crate) struct ProposalForm {
    /// `take` or `leave`.
    #[serde(default)]
    action: String,
}

/// `POST /players/{federation_id}/proposals/{id}` (administrators): the registry takes what an
/// entry said of the person (`action=take`), or leaves it (`leave`).
pub(crate) async fn settle_proposal(
    req: HttpRequest,
    app: web::Data<App>,
    admin: crate::web::context::AdminPage,
    path: web::Path<(String, i32)>,
    form: crate::web::context::CsrfForm<ProposalForm>,
) -> Result<HttpResponse, WebError> {
    let take = match form.parsed()?.action.as_str() {
        "take" => true,
        "leave" => false,
        _ => {
            return Err(crate::service::ServiceError::invalid(
                "action",
                crate::domain::ErrorCode::FieldInvalid,
            )
            .into());
        }
    };
    let (_, id) = path.into_inner();
    let app = app.into_inner();
    let user = admin.user;
    let person = crate::web::run(move || registry::settle_proposal(&app, &user, id, take)).await?;
    super::redirect_with_flash(
        &req,
        &format!("/players/{person}"),
        crate::web::context::FlashLevel::Success,
        "flash-saved",
    )
}
