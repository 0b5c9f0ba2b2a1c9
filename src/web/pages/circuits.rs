//! A circuit's standings on the site.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::html;
use crate::service::App;
use crate::service::circuits::{self, CircuitRef, CircuitStandings};
use crate::web::context::{Chrome, Page};
use crate::web::errors::WebError;

#[derive(Template)]
#[template(path = "registry/circuit.html")]
struct CircuitPage<'a> {
    c: &'a Chrome,
    data: CircuitStandings,
}

impl CircuitPage<'_> {
    /// Points as written: no decimals when whole.
    fn points(value: &f64) -> String {
        if value.fract() == 0.0 {
            format!("{value:.0}")
        } else {
            format!("{value:.1}")
        }
    }

    /// The name of the qualifier an event id belongs to.
    fn event_name(&self, id: &crate::domain::EventId) -> String {
        self.data
            .events
            .iter()
            .find(|e| e.id == *id)
            .map(|e| e.name.clone())
            .unwrap_or_default()
    }
}

/// `GET /circuits/{slug}`.
pub(crate) async fn show(
    app: web::Data<App>,
    Page(c): Page,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let slug = path.into_inner();
    let app = app.into_inner();
    let data = web::block(move || circuits::standings(&app, CircuitRef::Slug(&slug))).await??;
    html(&CircuitPage { c: &c, data })
}
