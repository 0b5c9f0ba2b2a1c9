//! The national rating list on the site: filters by province, sex and year of birth, the list
//! as of any past date, and the same rows as CSV.

use std::sync::Arc;

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::html;
use crate::service::App;
use crate::service::ratings::{self, ListFilter, RatingList};
use crate::web::api::events::attachment;
use crate::web::api::ratings::list_query;
use crate::web::context::{Chrome, Page};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "registry/ratings.html")]
struct ListPage<'a> {
    c: &'a Chrome,
    list: RatingList,
    /// The filters as typed, for the form and the CSV link.
    as_of: String,
    province: String,
    sex: String,
    born_from: String,
    born_to: String,
    csv_query: String,
}

/// The value of a query parameter, as typed.
fn param(query: &str, name: &str) -> String {
    crate::web::query_param(query, name, 100)
}

async fn load(
    req: &HttpRequest,
    app: web::Data<App>,
) -> Result<(RatingList, ListFilter), WebError> {
    let (as_of, filter) = list_query(req.query_string())?;
    let app = app.into_inner();
    let kept = filter.clone();
    let list = web::block(move || ratings::list(&app, as_of, &kept)).await??;
    Ok((list, filter))
}

/// `GET /ratings`.
pub(crate) async fn list(
    req: HttpRequest,
    app: web::Data<App>,
    Page(c): Page,
) -> Result<HttpResponse, WebError> {
    let (list, _) = load(&req, app).await?;
    let query = req.query_string();
    let kept: Vec<(&str, String)> = ["as_of", "province", "sex", "born_from", "born_to"]
        .into_iter()
        .map(|n| (n, param(query, n)))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    html(&ListPage {
        c: &c,
        list,
        as_of: param(query, "as_of"),
        province: param(query, "province"),
        sex: param(query, "sex").to_ascii_uppercase(),
        born_from: param(query, "born_from"),
        born_to: param(query, "born_to"),
        csv_query: serde_urlencoded::to_string(&kept).unwrap_or_default(),
    })
}

/// `GET /ratings.csv`: the rows the page shows, for spreadsheets and scripts.
pub(crate) async fn csv(
    req: HttpRequest,
    app: web::Data<App>,
    Page(c): Page,
) -> Result<HttpResponse, WebError> {
    let (list, _) = load(&req, app).await?;
    let header = [
        "col-rank",
        "col-federation-id",
        "col-name",
        "col-club",
        "col-province",
        "col-rating",
        "ratings-deviation",
        "ratings-volatility",
        "ratings-games",
        "ratings-provisional",
    ]
    .map(|key| c.t(key));
    let out = ratings::csv(&list, &header, super::csv_style(&req, c.lang));
    let name = format!("ratings-{}.csv", list.as_of);
    Ok(attachment(Arc::new(out), "text/csv; charset=utf-8", &name))
}

#[derive(Template)]
#[template(path = "registry/event_rating.html")]
struct EventRatingPage<'a> {
    c: &'a Chrome,
    event: &'a crate::service::events::Event,
    report: Option<ratings::RatingReport>,
}

/// `GET /events/{slug}/rating`: each participant's rating change, once the event is in the
/// list; for an administrator, the button that puts it there.
pub(crate) async fn event_report(
    app: web::Data<App>,
    page: crate::web::event_context::EventPage,
) -> Result<HttpResponse, WebError> {
    let event = page.access.event.clone();
    let app = app.into_inner();
    let report = web::block(move || ratings::event_report(&app, &event)).await??;
    html(&EventRatingPage {
        c: &page.chrome,
        event: &page.access.event,
        report,
    })
}

/// `POST /events/{slug}/rating` (administrators): puts the event into the list.
pub(crate) async fn put_event(
    req: HttpRequest,
    app: web::Data<App>,
    admin: crate::web::context::AdminPage,
    page: crate::web::event_context::EventPage,
    _csrf: crate::web::context::CsrfForm<crate::web::context::Empty>,
) -> Result<HttpResponse, WebError> {
    let (event, user) = (page.access.event.id, admin.user);
    let app = app.into_inner();
    web::block(move || ratings::put_into_list(&app, &user, event)).await??;
    back_to_report(&req, &page, "flash-event-rated")
}

/// `POST /events/{slug}/rating/remove` (administrators): takes the event out of the list.
pub(crate) async fn take_out_event(
    req: HttpRequest,
    app: web::Data<App>,
    admin: crate::web::context::AdminPage,
    page: crate::web::event_context::EventPage,
    _csrf: crate::web::context::CsrfForm<crate::web::context::Empty>,
) -> Result<HttpResponse, WebError> {
    let (event, user) = (page.access.event.id, admin.user);
    let app = app.into_inner();
    web::block(move || ratings::take_out_of_list(&app, &user, event)).await??;
    back_to_report(&req, &page, "flash-event-unrated")
}

fn back_to_report(
    req: &HttpRequest,
    page: &crate::web::event_context::EventPage,
    flash: &str,
) -> Result<HttpResponse, WebError> {
    super::redirect_with_flash(
        req,
        &format!("/events/{}/rating", page.access.event.slug),
        crate::web::context::FlashLevel::Success,
        flash,
    )
}
