//! The national rating list through the API: the list as of any date, and an administrator
//! putting a finished rated event into it.

use actix_web::{HttpRequest, HttpResponse, web};

use super::cache;
use super::paging::Paging;
use super::{ApiAdmin, ApiError, MaybeApiUser};
use crate::domain::{ErrorCode, EventId, Sex};
use crate::service::ratings::{self, ListFilter};
use crate::service::{App, ServiceError};
use crate::web::page_cache::{Named, PageKey, Scope};

/// The earliest date the list is shown as of (the first Prémio Kiela).
const FIRST_DAY: (i32, u32, u32) = (1999, 1, 1);

/// What a request asks of the list, parsed and written one way: the date (today when none, at
/// most today, at least the first Prémio Kiela's year) and the filters (the province compared
/// without case or accents, years within 1900–9999).
#[derive(Clone, Debug)]
pub(crate) struct ListQuery {
    pub(crate) as_of: chrono::NaiveDate,
    pub(crate) filter: ListFilter,
}

impl ListQuery {
    /// The list's filters and date from a query string: `as_of=YYYY-MM-DD`, `province`,
    /// `sex=F|M`, `born_from`, `born_to` (years); 400 naming a value that is not one.
    pub(crate) fn read(query: &str) -> Result<ListQuery, ServiceError> {
        let today = crate::db::now().date();
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap_or_default();
        let mut as_of = today;
        let mut filter = ListFilter::default();
        for (name, value) in pairs {
            let value = value.trim();
            if value.is_empty() {
                continue;
            }
            match name.as_str() {
                "as_of" => {
                    let first =
                        chrono::NaiveDate::from_ymd_opt(FIRST_DAY.0, FIRST_DAY.1, FIRST_DAY.2)
                            .unwrap_or(today);
                    as_of = chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d")
                        .map_err(|_| ServiceError::invalid("as_of", ErrorCode::DateInvalid))?
                        .clamp(first, today);
                }
                "province" => {
                    let folded = crate::tournament::names::fold(value);
                    filter.province = Some(folded.trim().chars().take(100).collect());
                }
                "sex" => {
                    filter.sex = Some(
                        value
                            .to_ascii_uppercase()
                            .parse::<Sex>()
                            .map_err(|_| ServiceError::invalid("sex", ErrorCode::SexInvalid))?,
                    );
                }
                "born_from" | "born_to" => {
                    let field = if name == "born_from" {
                        "born_from"
                    } else {
                        "born_to"
                    };
                    let year = value
                        .parse::<i32>()
                        .ok()
                        .filter(|y| (1900..=9999).contains(y))
                        .ok_or(ServiceError::invalid(field, ErrorCode::BirthYearInvalid))?;
                    if name == "born_from" {
                        filter.born_from = Some(year);
                    } else {
                        filter.born_to = Some(year);
                    }
                }
                _ => {}
            }
        }
        Ok(ListQuery { as_of, filter })
    }

    /// The query as the page writes it in its links and the store names the list: every
    /// value given, written one way.
    pub(crate) fn pairs(&self) -> Vec<(&'static str, String)> {
        let f = &self.filter;
        let mut pairs = vec![("as_of", self.as_of.to_string())];
        pairs.extend(f.province.clone().map(|p| ("province", p)));
        pairs.extend(f.sex.map(|s| ("sex", s.to_string())));
        pairs.extend(f.born_from.map(|y| ("born_from", y.to_string())));
        pairs.extend(f.born_to.map(|y| ("born_to", y.to_string())));
        pairs
    }

    /// `key` with the query's values.
    pub(crate) fn named(&self, key: PageKey) -> PageKey {
        self.pairs()
            .into_iter()
            .fold(key, |key, (name, value)| key.with(name, value))
    }
}

/// The list as the page store names it: valid for the list's version.
pub(crate) async fn named_list(app: &web::Data<App>, key: PageKey) -> Result<Named, ServiceError> {
    let app = app.clone().into_inner();
    let version = crate::web::run(move || ratings::list_version(&app)).await?;
    Ok(Named {
        scope: Scope::Ratings,
        version,
        key,
    })
}

/// `GET /api/v1/ratings`: the rating list, best first; kept for clients without a token per
/// version of the list.
pub(crate) async fn list(req: HttpRequest, app: web::Data<App>) -> Result<HttpResponse, ApiError> {
    let paging = Paging::of(&req)?;
    let query = ListQuery::read(req.query_string())?;
    let unpaged = named_list(&app, query.named(PageKey::of(&req))).await?;
    let name = |total: Option<u64>| paging.named(unpaged.key.clone(), total);
    let mut named = Named {
        key: name(cache::bound(&req, &unpaged, true)),
        ..unpaged.clone()
    };
    let _turn = match cache::stored(&req, &named, true).await {
        cache::Lookup::Stored(stored) => return Ok(stored),
        cache::Lookup::Render(turn) => turn,
    };
    let app = app.into_inner();
    let (as_of, filter) = (query.as_of, query.filter.clone());
    let list = crate::web::run(move || ratings::list(&app, Some(as_of), &filter)).await?;
    let total = list.rows.len();
    cache::learn_bound(&req, &unpaged, true, total as u64);
    named.key = name(Some(total as u64));
    let headers = paging.headers(req.path(), total);
    cache::json(
        &req,
        &named,
        true,
        headers,
        &serde_json::json!({
            "as_of": list.as_of,
            "rows": paging.slice(list.rows),
        }),
    )
}

/// `POST /api/v1/events/{id}/rating` (administrators): puts the finished rated event into the
/// list; answers each participant's rating change.
pub(crate) async fn put_event(
    app: web::Data<App>,
    ApiAdmin(user): ApiAdmin,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let event = path.into_inner();
    let app = app.into_inner();
    let report = crate::web::run(move || ratings::put_into_list(&app, &user, event)).await?;
    Ok(HttpResponse::Ok().json(report))
}

/// `GET /api/v1/events/{id}/rating`: the event's rating report (public): its period, each
/// participant's change and the changes held for an administrator; 409
/// `event_not_in_rating_list` while it is not in the list.
pub(crate) async fn event_report(
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let app = app.into_inner();
    let report = crate::web::run(move || {
        let access = crate::service::access::access(
            &app,
            crate::service::access::EventRef::Id(id),
            user.as_ref(),
        )?;
        ratings::event_report(&app, &access.event)
    })
    .await?;
    match report {
        Some(report) => Ok(HttpResponse::Ok().json(report)),
        None => Err(ServiceError::Conflict(ErrorCode::EventNotInRatingList).into()),
    }
}

/// `POST /api/v1/events/{id}/rating/changes` (administrators): the list takes the changes made
/// to the event since it went in; answers the report.
pub(crate) async fn accept_changes(
    app: web::Data<App>,
    ApiAdmin(user): ApiAdmin,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let event = path.into_inner();
    let app = app.into_inner();
    let report = crate::web::run(move || ratings::accept_changes(&app, &user, event)).await?;
    Ok(HttpResponse::Ok().json(report))
}

/// `DELETE /api/v1/events/{id}/rating` (administrators): takes the event out of the list and
/// rates its month and the later ones again without it.
pub(crate) async fn take_out_event(
    app: web::Data<App>,
    ApiAdmin(user): ApiAdmin,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let event = path.into_inner();
    let app = app.into_inner();
    let periods = crate::web::run(move || ratings::take_out_of_list(&app, &user, event)).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "periods_rated": periods })))
}
