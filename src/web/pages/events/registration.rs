//! A player's own registration in an event.

use crate::domain::ErrorCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::create::optional_number;
use crate::service::events::Event;
use crate::service::players::{self};
use crate::service::{App, ServiceError};
use crate::web::context::{Chrome, CsrfForm, FlashLevel, SignedIn};
use crate::web::errors::WebError;
use crate::web::event_context::EventPage;
use crate::web::pages::{error_key, html, html_with_status, redirect_with_flash};
use crate::web::paths;

/// The self-registration form, as typed (kept when it is refused).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct RegisterForm {
    #[serde(default)]
    club: String,
    #[serde(default)]
    province: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    sex: String,
    #[serde(default)]
    birth_year: String,
}

impl RegisterForm {
    fn to_input(&self) -> Result<players::Registration, ServiceError> {
        Ok(players::Registration {
            club: self.club.clone(),
            province: self.province.clone(),
            rating: optional_number(&self.rating, "rating")?,
            sex: Some(self.sex.clone()),
            birth_year: optional_number(&self.birth_year, "birth_year")?,
        })
    }
}

#[derive(Template)]
#[template(path = "events/register.html")]
struct RegisterPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    form: RegisterForm,
    error: Option<String>,
    /// The event takes registrations now (else the page says so, without a form).
    open: bool,
}

fn takes_registrations(event: &Event) -> bool {
    event.self_registration && event.state != crate::domain::EventState::Finished
}

/// `GET /events/{slug}/register`: what the organiser's form asks of a player, for a signed-in
/// player to register themselves.
pub(crate) async fn register_form(
    page: EventPage,
    _signed_in: SignedIn,
) -> Result<HttpResponse, WebError> {
    let open = takes_registrations(&page.access.event);
    html(&RegisterPage {
        c: &page.chrome,
        event: &page.access.event,
        form: RegisterForm::default(),
        error: (!open).then(|| error_key(ErrorCode::RegistrationClosed)),
        open,
    })
}

pub(crate) async fn register(
    req: HttpRequest,
    app: web::Data<App>,
    signed_in: SignedIn,
    page: EventPage,
    form: CsrfForm<RegisterForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let slug = page.access.event.slug.clone();
    let user = signed_in.user.clone();
    let service = app.into_inner();
    let result = match form.to_input() {
        Ok(given) => {
            let slug = slug.clone();
            crate::web::run(move || {
                Ok::<_, crate::service::ServiceError>({
                    players::self_register(
                        &service,
                        crate::service::access::EventRef::Slug(&slug),
                        &user,
                        &given,
                    )
                })
            })
            .await?
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(_) => redirect_with_flash(
            &req,
            &paths::event(&slug),
            FlashLevel::Success,
            "flash-registered",
        ),
        // What was typed comes back with what is wrong with it.
        Err(ServiceError::Invalid(invalid)) => html_with_status(
            crate::web::errors::refused_input(),
            &RegisterPage {
                c: &page.chrome,
                event: &page.access.event,
                form,
                error: Some(error_key(invalid.code)),
                open: true,
            },
        ),
        Err(e) => Err(e.into()),
    }
}
