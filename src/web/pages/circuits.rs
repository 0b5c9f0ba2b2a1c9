//! A circuit's standings on the site.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{error_key, html, html_with_status, redirect_with_flash};
use crate::domain::EventId;
use crate::service::circuits::{self, CircuitInput, CircuitRef, CircuitStandings};
use crate::service::events::{self as events_service, Event};
use crate::service::{App, ServiceError};
use crate::web::context::{Chrome, CreatorPage, CsrfForm, Empty, FlashLevel, Page, SignedIn};
use crate::web::errors::WebError;
use crate::web::page_cache::{Lookup, Named, PageKey, Scope};

#[derive(Template)]
#[template(path = "registry/circuit.html")]
struct CircuitPage<'a> {
    c: &'a Chrome,
    data: CircuitStandings,
}

impl CircuitPage<'_> {
    /// Points as the reader's language writes them: no decimals when whole.
    fn points(&self, value: &f64) -> String {
        self.c.lang.decimal(*value)
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

/// `GET /circuits/{slug}`: rendered once per version of its events for visitors without an
/// account.
pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    Page(c): Page,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let slug = path.into_inner();
    let app = app.into_inner();
    let (named, turn) = {
        let (app, slug) = (app.clone(), slug.clone());
        let (id, version) =
            crate::web::run(move || circuits::version(&app, CircuitRef::Slug(&slug))).await?;
        let named = Named {
            scope: Scope::Circuit(id),
            version,
            key: PageKey::of(&req),
        };
        match super::site_lookup(&req, &c, &named).await {
            Lookup::Stored(stored) => return Ok(stored),
            Lookup::Render(turn) => (named, turn),
        }
    };
    let data = crate::web::run(move || circuits::standings(&app, CircuitRef::Slug(&slug))).await?;
    let text = CircuitPage { c: &c, data }.render()?;
    Ok(super::site_answer(&req, &c, &named, turn, text))
}

/// The most events the form lists (the newest).
const FORM_EVENTS: usize = 300;

#[derive(Template)]
#[template(path = "registry/circuit_new.html")]
struct NewCircuitPage<'a> {
    c: &'a Chrome,
    events: Vec<Event>,
    /// The form as typed.
    name: String,
    points: String,
    qualifiers: String,
    chosen: Vec<EventId>,
    /// The place in the qualifiers' order typed beside each event, as typed.
    places: Vec<(EventId, String)>,
    final_event: Option<EventId>,
    error: Option<String>,
}

impl NewCircuitPage<'_> {
    fn place_of(&self, id: &EventId) -> &str {
        self.places
            .iter()
            .find(|(e, _)| e == id)
            .map_or("", |(_, typed)| typed.as_str())
    }
}

/// The qualifiers ticked, in the order the circuit takes them: by the place typed beside each
/// (1 first; equal places by their first day), then those without a place by their first day
/// (a season's order), then as listed.
/// The order decides where a place goes when a player qualifies in two events: the earlier
/// qualifier keeps them and the later one passes its place down.
fn qualifiers_in_order(
    chosen: &[EventId],
    places: &[(EventId, String)],
    events: &[Event],
) -> Vec<EventId> {
    let mut keyed: Vec<_> = chosen
        .iter()
        .enumerate()
        .map(|(listed, id)| {
            let place = places
                .iter()
                .find(|(e, _)| e == id)
                .and_then(|(_, typed)| typed.parse::<u32>().ok());
            let day = events
                .iter()
                .find(|e| e.id == *id)
                .and_then(|e| e.starts_on);
            (place.is_none(), place, day.is_none(), day, listed, *id)
        })
        .collect();
    keyed.sort();
    keyed.into_iter().map(|k| k.5).collect()
}

async fn events_for_form(app: &web::Data<App>) -> Result<Vec<Event>, WebError> {
    let app = app.clone().into_inner();
    let mut events = crate::web::run(move || events_service::list_events(&app)).await?;
    events.truncate(FORM_EVENTS);
    Ok(events)
}

/// `GET /circuits/new` (accounts that may create events).
pub(crate) async fn new_form(
    app: web::Data<App>,
    page: CreatorPage,
) -> Result<HttpResponse, WebError> {
    html(&NewCircuitPage {
        c: &page.chrome,
        events: events_for_form(&app).await?,
        name: String::new(),
        points: "25, 18, 15, 12, 10, 8, 6, 4, 2, 1".into(),
        qualifiers: "2".into(),
        chosen: Vec::new(),
        places: Vec::new(),
        final_event: None,
        error: None,
    })
}

/// `POST /circuits`: the form's fields are `name`, `points` (numbers separated by commas,
/// semicolons or spaces, a decimal point for a half: `25, 18, 15.5`), `qualifiers`, one
/// `event` per qualifier ticked, `place-{id}` for its place in the qualifiers' order (may be
/// left empty), and `final`.
pub(crate) async fn create(
    req: HttpRequest,
    app: web::Data<App>,
    page: CreatorPage,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, WebError> {
    let fields = form.parsed()?;
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default()
    };
    let (name, points, qualifiers) = (field("name"), field("points"), field("qualifiers"));
    let chosen: Vec<EventId> = fields
        .iter()
        .filter(|(k, _)| k == "event")
        .filter_map(|(_, v)| v.parse().ok())
        .collect();
    // The places typed beside the events ticked (beside another event a number means nothing).
    let places: Vec<(EventId, String)> = fields
        .iter()
        .filter_map(|(k, v)| {
            let id = k.strip_prefix("place-")?.parse().ok()?;
            Some((id, v.trim().to_string()))
        })
        .filter(|(id, typed)| !typed.is_empty() && chosen.contains(id))
        .collect();
    let final_event: Option<EventId> = field("final").parse().ok();
    let listed = events_for_form(&app).await?;
    if places
        .iter()
        .any(|(_, typed)| !typed.parse::<u32>().is_ok_and(|n| (1..=1000).contains(&n)))
    {
        return html_with_status(
            crate::web::errors::refused_input(),
            &NewCircuitPage {
                c: &page.chrome,
                events: listed,
                name,
                points,
                qualifiers,
                chosen,
                places,
                final_event,
                error: Some("circuit-order-invalid".to_string()),
            },
        );
    }
    let parsed_points: Result<Vec<f64>, _> = points
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .map(str::parse::<f64>)
        .collect();
    let result = match (parsed_points, qualifiers.parse::<u32>()) {
        (Err(_), _) => Err(ServiceError::invalid(
            "points",
            crate::domain::ErrorCode::CircuitPointsInvalid,
        )),
        (_, Err(_)) => Err(ServiceError::invalid(
            "qualifiers",
            crate::domain::ErrorCode::FieldInvalid,
        )),
        (Ok(points), Ok(qualifiers)) => {
            let input = CircuitInput {
                name: name.clone(),
                points,
                qualifiers,
                events: qualifiers_in_order(&chosen, &places, &listed),
                final_event,
            };
            let user = page.user.clone();
            let service = app.clone().into_inner();
            crate::web::run(move || {
                Ok::<_, crate::service::ServiceError>(circuits::create(&service, &user, &input))
            })
            .await?
        }
    };
    match result {
        Ok(circuit) => redirect_with_flash(
            &req,
            &format!("/circuits/{}", circuit.slug),
            FlashLevel::Success,
            "flash-circuit-created",
        ),
        Err(ServiceError::Invalid(invalid)) => html_with_status(
            crate::web::errors::refused_input(),
            &NewCircuitPage {
                c: &page.chrome,
                events: listed,
                name,
                points,
                qualifiers,
                chosen,
                places,
                final_event,
                error: Some(error_key(invalid.code)),
            },
        ),
        Err(e) => Err(e.into()),
    }
}

/// `POST /circuits/{slug}/final` (the final's organisers): enters every qualified player into
/// the final, once, as `POST /api/v1/circuits/{id}/final` does; back to the circuit's page,
/// which says that they were.
pub(crate) async fn fill_final(
    req: HttpRequest,
    app: web::Data<App>,
    page: SignedIn,
    path: web::Path<String>,
    form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    form.parsed()?;
    let slug = path.into_inner();
    let user = page.user.clone();
    let app = app.into_inner();
    let wanted = slug.clone();
    crate::web::run(move || {
        let (id, _) = circuits::version(&app, CircuitRef::Slug(&wanted))?;
        circuits::fill_final(&app, &user, id)
    })
    .await?;
    redirect_with_flash(
        &req,
        &format!("/circuits/{slug}"),
        FlashLevel::Success,
        "flash-circuit-final-filled",
    )
}
