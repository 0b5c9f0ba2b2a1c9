//! The home page and the health check.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::html;
use crate::service::App;
use crate::web::context::{Chrome, Page};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage<'a> {
    c: &'a Chrome,
}

pub(crate) async fn home(Page(c): Page) -> Result<HttpResponse, WebError> {
    html(&HomePage { c: &c })
}

/// `GET /healthz`: 200 when the database answers, 503 otherwise.
pub(crate) async fn healthz(app: web::Data<App>) -> HttpResponse {
    let backend = format!("{:?}", app.backend).to_lowercase();
    let app = app.into_inner();
    match web::block(move || app.health()).await {
        Ok(Ok(())) => HttpResponse::Ok().json(serde_json::json!({
            "status": "ok", "database": backend
        })),
        Ok(Err(e)) => {
            tracing::warn!("health check failed: {e}");
            HttpResponse::ServiceUnavailable()
                .json(serde_json::json!({"status": "unavailable", "database": backend}))
        }
        Err(e) => {
            tracing::warn!("health check failed: {e}");
            HttpResponse::ServiceUnavailable()
                .json(serde_json::json!({"status": "unavailable", "database": backend}))
        }
    }
}
