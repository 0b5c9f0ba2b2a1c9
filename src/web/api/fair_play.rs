//! `GET /api/v1/events/{id}/fair-play`: the event's fair-play screening, for its staff.

use actix_web::{HttpResponse, web};

use super::{ApiError, ApiUser};
use crate::domain::EventId;
use crate::service::access::EventRef;
use crate::service::{App, fair_play};

/// The event's players ranked by their screening's score (the event's staff; 403 for anyone
/// else): `complete` once every final game is screened against a computed expectation.
pub(crate) async fn show(
    app: web::Data<App>,
    ApiUser(user): ApiUser,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let app = app.into_inner();
    let screening =
        crate::web::run(move || fair_play::of_event(&app, Some(&user), EventRef::Id(id))).await?;
    Ok(HttpResponse::Ok().json(screening))
}
