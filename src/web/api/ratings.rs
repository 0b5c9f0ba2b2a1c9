//! The national rating list through the API: the list as of any date, and an administrator
//! putting a finished rated event into it.

use actix_web::{HttpRequest, HttpResponse, web};

use super::paging::Paging;
use super::{ApiAdmin, ApiError};
use crate::domain::{ErrorCode, EventId, Sex};
use crate::service::ratings::{self, ListFilter};
use crate::service::{App, ServiceError};

/// The list's filters and date from a query string: `as_of=YYYY-MM-DD`, `province`,
/// `sex=F|M`, `born_from`, `born_to` (years).
pub(crate) fn list_query(
    query: &str,
) -> Result<(Option<chrono::NaiveDate>, ListFilter), ServiceError> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap_or_default();
    let mut as_of = None;
    let mut filter = ListFilter::default();
    for (name, value) in pairs {
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        match name.as_str() {
            "as_of" => {
                as_of = Some(
                    chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d")
                        .map_err(|_| ServiceError::invalid("as_of", ErrorCode::DateInvalid))?,
                );
            }
            "province" => filter.province = Some(value.chars().take(100).collect()),
            "sex" => {
                filter.sex = Some(
                    value
                        .to_ascii_uppercase()
                        .parse::<Sex>()
                        .map_err(|_| ServiceError::invalid("sex", ErrorCode::SexInvalid))?,
                );
            }
            "born_from" | "born_to" => {
                let year = value
                    .parse::<i32>()
                    .ok()
                    .filter(|y| (1900..=9999).contains(y))
                    .ok_or(ServiceError::invalid(
                        if name == "born_from" {
                            "born_from"
                        } else {
                            "born_to"
                        },
                        ErrorCode::BirthYearInvalid,
                    ))?;
                if name == "born_from" {
                    filter.born_from = Some(year);
                } else {
                    filter.born_to = Some(year);
                }
            }
            _ => {}
        }
    }
    Ok((as_of, filter))
}

/// `GET /api/v1/ratings`: the rating list, best first.
pub(crate) async fn list(req: HttpRequest, app: web::Data<App>) -> Result<HttpResponse, ApiError> {
    let paging = Paging::of(&req)?;
    let (as_of, filter) = list_query(req.query_string())?;
    let app = app.into_inner();
    let list = web::block(move || ratings::list(&app, as_of, &filter)).await??;
    let total = list.rows.len();
    Ok(paging.ok(&req, total).json(serde_json::json!({
        "as_of": list.as_of,
        "rows": paging.slice(list.rows),
    })))
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
    let report = web::block(move || ratings::put_into_list(&app, &user, event)).await??;
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
    let periods = web::block(move || ratings::take_out_of_list(&app, &user, event)).await??;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "periods_rated": periods })))
}
