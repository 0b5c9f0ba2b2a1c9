//! The national rating list on the site: filters by province, sex and year of birth, the list
//! as of any past date, and the same rows as CSV.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::html;
use crate::service::App;
use crate::service::csv::CsvStyle;
use crate::service::ratings::{self, RatingList};
use crate::web::api::ratings::{ListQuery, named_list};
use crate::web::context::{Chrome, Page};
use crate::web::errors::WebError;
use crate::web::page_cache::{self, Kind, Lookup, Named, PageKey};

#[derive(Template)]
#[template(path = "registry/ratings.html")]
struct ListPage<'a> {
    c: &'a Chrome,
    list: RatingList,
    /// The filters as the list reads them, for the form and the CSV link.
    as_of: String,
    province: String,
    sex: String,
    born_from: String,
    born_to: String,
    csv_query: String,
}

/// The list a request asks for, as the page store names it (valid for the list's version).
async fn named(req: &HttpRequest, app: &web::Data<App>) -> Result<(ListQuery, Named), WebError> {
    let query = ListQuery::read(req.query_string())?;
    let named = named_list(app, query.named(PageKey::of(req))).await?;
    Ok((query, named))
}

async fn load(app: web::Data<App>, query: &ListQuery) -> Result<RatingList, WebError> {
    let app = app.into_inner();
    let (as_of, filter) = (query.as_of, query.filter.clone());
    Ok(crate::web::run(move || ratings::list(&app, Some(as_of), &filter)).await?)
}

/// `GET /ratings`: rendered once per version of the list for visitors without an account.
pub(crate) async fn list(
    req: HttpRequest,
    app: web::Data<App>,
    Page(c): Page,
) -> Result<HttpResponse, WebError> {
    let (query, named) = named(&req, &app).await?;
    let turn = match super::site_lookup(&req, &c, &named).await {
        Lookup::Stored(stored) => return Ok(stored),
        Lookup::Render(turn) => turn,
    };
    let list = load(app, &query).await?;
    let filter = &query.filter;
    // The province as the registry spells it, when the list has anyone from it.
    let province = match (&filter.province, list.rows.first()) {
        (Some(_), Some(row)) => row.province.clone(),
        (Some(typed), None) => typed.clone(),
        (None, _) => String::new(),
    };
    let text = ListPage {
        c: &c,
        as_of: query.as_of.to_string(),
        province,
        sex: filter.sex.map(|s| s.to_string()).unwrap_or_default(),
        born_from: filter.born_from.map(|y| y.to_string()).unwrap_or_default(),
        born_to: filter.born_to.map(|y| y.to_string()).unwrap_or_default(),
        csv_query: serde_urlencoded::to_string(query.pairs()).unwrap_or_default(),
        list,
    }
    .render()?;
    Ok(super::site_answer(&req, &c, &named, turn, text))
}

/// `GET /ratings.csv`: the rows the page shows, for spreadsheets and scripts; kept per version
/// of the list, language and style.
pub(crate) async fn csv(
    req: HttpRequest,
    app: web::Data<App>,
    Page(c): Page,
) -> Result<HttpResponse, WebError> {
    let (query, mut named) = named(&req, &app).await?;
    let style = super::csv_style(&req, c.lang);
    if style == CsvStyle::Plain {
        named.key = named.key.with("format", "plain");
    }
    let kind = Kind {
        content_type: "text/csv; charset=utf-8",
        slot: c.lang.code(),
        vary: "Accept-Encoding",
    };
    let _turn = match page_cache::lookup(&req, &named, kind, true).await {
        Lookup::Stored(stored) => return Ok(stored),
        Lookup::Render(turn) => turn,
    };
    let list = load(app, &query).await?;
    let header = super::csv_header(
        style,
        c.lang,
        [
            "rank",
            "federation_id",
            "name",
            "club",
            "province",
            "rating",
            "deviation",
            "volatility",
            "games",
            "provisional",
        ],
        [
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
        ],
    );
    // Whether a rating is provisional: 1 or 0 for scripts, a word for people.
    let provisional = match style {
        CsvStyle::Plain => ["1".to_string(), "0".to_string()],
        CsvStyle::Spreadsheet { .. } => [c.t("word-yes"), c.t("word-no")],
    };
    let out = ratings::csv(&list, &header, &provisional, style);
    let disposition = format!("attachment; filename=\"ratings-{}.csv\"", list.as_of);
    Ok(page_cache::keep_and_answer(
        &req,
        &named,
        kind,
        true,
        web::Bytes::from(out),
        vec![("Content-Disposition", disposition)],
    ))
}

#[derive(Template)]
#[template(path = "registry/event_rating.html")]
struct EventRatingPage<'a> {
    c: &'a Chrome,
    event: &'a crate::service::events::Event,
    report: Option<ratings::RatingReport>,
    /// What the list would count of a rated event not in it yet.
    preview: Option<ratings::ListCount>,
}

/// `GET /events/{slug}/rating`: each participant's rating change, once the event is in the
/// list; for an administrator, the button that puts it there.
pub(crate) async fn event_report(
    app: web::Data<App>,
    page: crate::web::event_context::EventPage,
) -> Result<HttpResponse, WebError> {
    let event = page.access.event.clone();
    let app = app.into_inner();
    let (report, preview) = crate::web::run(move || {
        let report = ratings::event_report(&app, &event)?;
        let preview = match report {
            None if event.rated => Some(ratings::list_preview(&app, &event)?),
            _ => None,
        };
        Ok::<_, crate::service::ServiceError>((report, preview))
    })
    .await?;
    html(&EventRatingPage {
        c: &page.chrome,
        event: &page.access.event,
        report,
        preview,
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
    change_listing(
        req,
        app,
        admin,
        page,
        "flash-event-rated",
        |app, user, event| ratings::put_into_list(app, user, event).map(drop),
    )
    .await
}

/// `POST /events/{slug}/rating/remove` (administrators): takes the event out of the list.
pub(crate) async fn take_out_event(
    req: HttpRequest,
    app: web::Data<App>,
    admin: crate::web::context::AdminPage,
    page: crate::web::event_context::EventPage,
    _csrf: crate::web::context::CsrfForm<crate::web::context::Empty>,
) -> Result<HttpResponse, WebError> {
    change_listing(
        req,
        app,
        admin,
        page,
        "flash-event-unrated",
        |app, user, event| ratings::take_out_of_list(app, user, event).map(drop),
    )
    .await
}

/// `POST /events/{slug}/rating/accept` (administrators): the list takes the event's changes.
pub(crate) async fn accept_changes(
    req: HttpRequest,
    app: web::Data<App>,
    admin: crate::web::context::AdminPage,
    page: crate::web::event_context::EventPage,
    _csrf: crate::web::context::CsrfForm<crate::web::context::Empty>,
) -> Result<HttpResponse, WebError> {
    change_listing(
        req,
        app,
        admin,
        page,
        "flash-rating-changes-accepted",
        |app, user, event| ratings::accept_changes(app, user, event).map(drop),
    )
    .await
}

/// An administrator's change of the event's place in the list, then back to its report with
/// `flash`.
async fn change_listing(
    req: HttpRequest,
    app: web::Data<App>,
    admin: crate::web::context::AdminPage,
    page: crate::web::event_context::EventPage,
    flash: &str,
    change: impl FnOnce(
        &App,
        &crate::service::accounts::User,
        crate::domain::EventId,
    ) -> Result<(), crate::service::ServiceError>
    + Send
    + 'static,
) -> Result<HttpResponse, WebError> {
    let (event, user) = (page.access.event.id, admin.user);
    let app = app.into_inner();
    crate::web::run(move || change(&app, &user, event)).await?;
    back_to_report(&req, &page, flash)
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
