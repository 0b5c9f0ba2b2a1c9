//! Creating an event: the settings form (also the manage page's), the new-event page.

use crate::domain::ErrorCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::service::events::{self, Event, Format, SettingsInput};
use crate::service::{App, ServiceError};
use crate::tournament::standings::Tiebreak;
use crate::web::context::{Chrome, CreatorPage, CsrfForm, FlashLevel};
use crate::web::errors::WebError;
use crate::web::pages::{html, html_with_status, redirect_with_flash};
use crate::web::paths;

/// The settings form's fields, as text (checkboxes send "on").
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SettingsForm {
    #[serde(default)]
    pub(super) name: String,
    #[serde(default)]
    pub(super) starts_on: String,
    #[serde(default)]
    pub(super) ends_on: String,
    #[serde(default)]
    pub(super) location: String,
    #[serde(default)]
    pub(super) variant: String,
    #[serde(default)]
    pub(super) format: String,
    #[serde(default)]
    pub(super) rounds: String,
    #[serde(default)]
    pub(super) games_per_match: String,
    #[serde(default)]
    pub(super) knockout_size: String,
    #[serde(default)]
    pub(super) third_place: Option<String>,
    #[serde(default)]
    pub(super) grand_final_reset: Option<String>,
    #[serde(default)]
    pub(super) tiebreaks: String,
    #[serde(default)]
    pub(super) points_win: String,
    #[serde(default)]
    pub(super) points_draw: String,
    #[serde(default)]
    pub(super) points_loss: String,
    #[serde(default)]
    pub(super) points_bye: String,
    #[serde(default)]
    pub(super) initial_colour: String,
    #[serde(default)]
    pub(super) accelerated: Option<String>,
    #[serde(default)]
    pub(super) self_registration: Option<String>,
    #[serde(default)]
    pub(super) check_in: Option<String>,
    #[serde(default)]
    pub(super) rated: Option<String>,
    #[serde(default)]
    pub(super) utc_offset: String,
    #[serde(default)]
    pub(super) adjudication_margin: String,
    #[serde(default)]
    pub(super) adjudication_otherwise: String,
    #[serde(default)]
    pub(super) live_delay_minutes: String,
}

pub(super) fn optional_number<T: std::str::FromStr>(
    text: &str,
    field: &'static str,
) -> Result<Option<T>, ServiceError> {
    match text.trim() {
        "" => Ok(None),
        t => t
            .replace(',', ".")
            .parse()
            .map(Some)
            .map_err(|_| ServiceError::invalid(field, ErrorCode::NumberInvalid)),
    }
}

impl SettingsForm {
    pub(super) fn to_input(&self) -> Result<SettingsInput, ServiceError> {
        let text = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
        Ok(SettingsInput {
            name: self.name.clone(),
            starts_on: text(&self.starts_on),
            ends_on: text(&self.ends_on),
            location: Some(self.location.clone()),
            variant: text(&self.variant),
            format: text(&self.format),
            rounds: optional_number(&self.rounds, "rounds")?,
            games_per_match: optional_number(&self.games_per_match, "games_per_match")?,
            knockout_size: optional_number(&self.knockout_size, "knockout_size")?,
            third_place: Some(self.third_place.is_some()),
            grand_final_reset: Some(self.grand_final_reset.is_some()),
            tiebreaks: text(&self.tiebreaks).map(|t| {
                t.split([',', ' ', ';'])
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            }),
            points_win: optional_number(&self.points_win, "points_win")?,
            points_draw: optional_number(&self.points_draw, "points_draw")?,
            points_loss: optional_number(&self.points_loss, "points_loss")?,
            points_bye: optional_number(&self.points_bye, "points_bye")?,
            initial_colour: text(&self.initial_colour),
            accelerated: Some(self.accelerated.is_some()),
            self_registration: Some(self.self_registration.is_some()),
            check_in: Some(self.check_in.is_some()),
            rated: Some(self.rated.is_some()),
            utc_offset: Some(self.utc_offset.clone()),
            adjudication_margin: optional_number(&self.adjudication_margin, "adjudication_margin")?,
            adjudication_otherwise: text(&self.adjudication_otherwise),
            live_delay_minutes: optional_number(&self.live_delay_minutes, "live_delay_minutes")?,
        })
    }

    pub(super) fn from_event(event: &Event, lang: crate::web::i18n::Lang) -> SettingsForm {
        let points = |tenths| lang.points(tenths);
        let flag = |b: bool| b.then(|| "on".to_string());
        SettingsForm {
            name: event.name.clone(),
            starts_on: event.starts_on.map(|d| d.to_string()).unwrap_or_default(),
            ends_on: event.ends_on.map(|d| d.to_string()).unwrap_or_default(),
            location: event.location.clone(),
            variant: event.variant.as_str().to_string(),
            format: event.format.as_str().to_string(),
            rounds: event.rounds.to_string(),
            games_per_match: event.games_per_match.to_string(),
            knockout_size: event.knockout_size.to_string(),
            third_place: flag(event.third_place),
            grand_final_reset: flag(event.grand_final_reset),
            tiebreaks: event.tiebreak_codes().join(", "),
            points_win: points(event.points.win),
            points_draw: points(event.points.draw),
            points_loss: points(event.points.loss),
            points_bye: points(event.points.pab),
            initial_colour: match event.initial_colour {
                crate::tournament::history::Colour::White => "W".into(),
                crate::tournament::history::Colour::Black => "B".into(),
            },
            accelerated: flag(event.accelerated),
            self_registration: flag(event.self_registration),
            check_in: flag(event.check_in),
            rated: flag(event.rated),
            utc_offset: event
                .utc_offset
                .as_ref()
                .map(|o| o.as_str().to_string())
                .unwrap_or_default(),
            adjudication_margin: event.adjudication.margin.to_string(),
            adjudication_otherwise: event.adjudication.otherwise.as_str().to_string(),
            live_delay_minutes: event.live_delay_minutes.to_string(),
        }
    }
}

#[derive(Template)]
#[template(path = "events/new.html")]
struct NewPage<'a> {
    c: &'a Chrome,
    form: SettingsForm,
    error: Option<String>,
    formats: Vec<&'static str>,
    variants: Vec<&'static str>,
    tiebreak_codes: String,
    offsets: OffsetChoice,
}

/// The offsets the settings form offers, and the installation's (the default).
pub struct OffsetChoice {
    pub(super) list: Vec<crate::domain::UtcOffset>,
    pub(super) default: String,
}

pub(super) fn offset_choice(app: &App) -> OffsetChoice {
    OffsetChoice {
        list: crate::domain::UtcOffset::choices(),
        default: app.config.offset().to_string(),
    }
}

pub(super) fn all_tiebreaks() -> String {
    Tiebreak::ALL
        .iter()
        .map(|t| t.code())
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn formats() -> Vec<&'static str> {
    Format::ALL.iter().map(|f| f.as_str()).collect()
}

pub(super) fn variants() -> Vec<&'static str> {
    crate::rules::Variant::ALL
        .iter()
        .map(|v| v.as_str())
        .collect()
}

pub(crate) async fn new_form(
    app: web::Data<App>,
    page: CreatorPage,
) -> Result<HttpResponse, WebError> {
    html(&NewPage {
        c: &page.chrome,
        form: SettingsForm {
            rounds: "5".into(),
            variant: "advanced".into(),
            format: "swiss".into(),
            games_per_match: "1".into(),
            points_win: "1".into(),
            points_draw: page.chrome.lang.points(5),
            points_loss: "0".into(),
            points_bye: "1".into(),
            initial_colour: "W".into(),
            adjudication_margin: crate::domain::AdjudicationRule::default()
                .margin
                .to_string(),
            adjudication_otherwise: crate::domain::AdjudicationRule::default()
                .otherwise
                .as_str()
                .into(),
            ..SettingsForm::default()
        },
        error: None,
        formats: formats(),
        variants: variants(),
        tiebreak_codes: all_tiebreaks(),
        offsets: offset_choice(&app),
    })
}

pub(crate) async fn create(
    req: HttpRequest,
    app: web::Data<App>,
    page: CreatorPage,
    form: CsrfForm<SettingsForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let input = form.to_input();
    let user = page.user.clone();
    let offsets = offset_choice(&app);
    let app = app.into_inner();
    let result = match input {
        Ok(input) => {
            crate::web::run(move || {
                Ok::<_, crate::service::ServiceError>(events::create_event(&app, &user, &input))
            })
            .await?
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(event) => redirect_with_flash(
            &req,
            &paths::manage(&event.slug, None),
            FlashLevel::Success,
            "flash-event-created",
        ),
        Err(e @ (ServiceError::Invalid(_) | ServiceError::Unusable { .. })) => html_with_status(
            crate::web::errors::service_status(&e),
            &NewPage {
                c: &page.chrome,
                form,
                error: Some(crate::web::pages::form_error(&page.chrome, &e)),
                formats: formats(),
                variants: variants(),
                tiebreak_codes: all_tiebreaks(),
                offsets,
            },
        ),
        Err(e) => Err(e.into()),
    }
}
