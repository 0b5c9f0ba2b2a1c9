//! A circuit's standings on the site.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{error_key, html, html_with_status, redirect_with_flash};
use crate::domain::{ErrorCode, EventId};
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
    form: CircuitForm,
    error: Option<String>,
}

/// The circuit form as typed.
#[derive(Default)]
struct CircuitForm {
    name: String,
    points: String,
    qualifiers: String,
    chosen: Vec<EventId>,
    /// The place in the qualifiers' order typed beside each event ticked, as typed.
    places: Vec<(EventId, String)>,
    final_event: Option<EventId>,
}

impl CircuitForm {
    /// Reads the form's fields (see [`create`]).
    fn read(fields: &[(String, String)]) -> CircuitForm {
        let field = |name: &str| {
            fields
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.trim().to_string())
                .unwrap_or_default()
        };
        let chosen: Vec<EventId> = fields
            .iter()
            .filter(|(k, _)| k == "event")
            .filter_map(|(_, v)| v.parse().ok())
            .collect();
        // Beside an event not ticked a number means nothing.
        let places = fields
            .iter()
            .filter_map(|(k, v)| {
                let id = k.strip_prefix("place-")?.parse().ok()?;
                Some((id, v.trim().to_string()))
            })
            .filter(|(id, typed)| !typed.is_empty() && chosen.contains(id))
            .collect();
        CircuitForm {
            name: field("name"),
            points: field("points"),
            qualifiers: field("qualifiers"),
            chosen,
            places,
            final_event: field("final").parse().ok(),
        }
    }

    fn place_of(&self, id: &EventId) -> &str {
        self.places
            .iter()
            .find(|(e, _)| e == id)
            .map_or("", |(_, typed)| typed.as_str())
    }

    /// The circuit described, or the message that says what was typed wrong. The qualifiers
    /// are taken in the season's order ([`circuits::season_order`]) from the places typed and
    /// the events' first days.
    fn input(&self, listed: &[Event]) -> Result<CircuitInput, String> {
        let mut qualifiers = Vec::with_capacity(self.chosen.len());
        for id in &self.chosen {
            let place = match self.places.iter().find(|(e, _)| e == id) {
                None => None,
                Some((_, typed)) => Some(
                    typed
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=1000).contains(n))
                        .ok_or_else(|| "circuit-order-invalid".to_string())?,
                ),
            };
            let first_day = listed
                .iter()
                .find(|e| e.id == *id)
                .and_then(|e| e.starts_on);
            qualifiers.push((*id, place, first_day));
        }
        let points = self
            .points
            .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .map(str::parse::<f64>)
            .collect::<Result<Vec<f64>, _>>()
            .map_err(|_| error_key(ErrorCode::CircuitPointsInvalid))?;
        Ok(CircuitInput {
            name: self.name.clone(),
            points,
            qualifiers: self
                .qualifiers
                .parse()
                .map_err(|_| error_key(ErrorCode::FieldInvalid))?,
            events: circuits::season_order(&qualifiers),
            final_event: self.final_event,
        })
    }
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
        form: CircuitForm {
            points: "25, 18, 15, 12, 10, 8, 6, 4, 2, 1".into(),
            qualifiers: "2".into(),
            ..CircuitForm::default()
        },
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
    let form = CircuitForm::read(&form.parsed()?);
    let listed = events_for_form(&app).await?;
    let refusal = match form.input(&listed) {
        Err(key) => key,
        Ok(input) => {
            let (service, user) = (app.clone().into_inner(), page.user.clone());
            let made = crate::web::run(move || {
                Ok::<_, ServiceError>(circuits::create(&service, &user, &input))
            })
            .await?;
            match made {
                Ok(circuit) => {
                    return redirect_with_flash(
                        &req,
                        &format!("/circuits/{}", circuit.slug),
                        FlashLevel::Success,
                        "flash-circuit-created",
                    );
                }
                Err(ServiceError::Invalid(invalid)) => error_key(invalid.code),
                Err(e) => return Err(e.into()),
            }
        }
    };
    html_with_status(
        crate::web::errors::refused_input(),
        &NewCircuitPage {
            c: &page.chrome,
            events: listed,
            form,
            error: Some(refusal),
        },
    )
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
