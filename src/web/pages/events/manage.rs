//! The organiser's manage page, its settings saved, and the push to the federation.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::create::OffsetChoice;
use super::create::SettingsForm;
use super::create::all_tiebreaks;
use super::create::formats;
use super::create::offset_choice;
use super::create::variants;
use super::players::PlayerForm;
use crate::service::events::{self, Event, StaffMember};
use crate::service::players::{self, ImportReport, Player};
use crate::service::{App, ServiceError, overview, rounds};
use crate::web::context::{Chrome, CsrfForm, FlashLevel};
use crate::web::errors::WebError;
use crate::web::event_context::OrganiserPage;
use crate::web::pages::{html_with_status, redirect_with_flash};
use crate::web::paths;

#[derive(Template)]
#[template(path = "events/manage.html")]
struct ManagePage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    form: SettingsForm,
    settings_error: Option<String>,
    player_error: Option<String>,
    /// The new player as typed, when it was refused (else empty).
    new_player: PlayerForm,
    import: Option<ImportReport>,
    /// The CSV as typed, when it was refused (nothing was imported; else empty).
    import_text: String,
    /// The page of the player list shown ([`PLAYERS_PER_PAGE`] at most), after the search.
    players: Vec<Player>,
    players_total: usize,
    players_found: usize,
    /// The search (name, club, province or pairing number) and the page, from the address.
    search: String,
    players_page: usize,
    players_pages: usize,
    staff: Vec<StaffMember>,
    rounds: Vec<rounds::RoundView>,
    planned: i32,
    next_round: i32,
    /// Why the next round cannot be paired now (in words), instead of the button.
    pairing_blocked: Option<String>,
    formats: Vec<&'static str>,
    variants: Vec<&'static str>,
    tiebreak_codes: String,
    offsets: OffsetChoice,
    base_url: String,
    /// The installation pushes to a federation; the event's push, once marked.
    federation: bool,
    push: Option<crate::service::push::PushState>,
    /// An event imported from a venue: its key, a held archive, its decisions.
    imported: Option<crate::web::pages::imported::ImportedView>,
    /// The viewer administers the installation (hands over and withdraws imported events).
    is_admin: bool,
    /// The address the hall's phones open ([`crate::web::pages::phone_base`]).
    phones: Option<String>,
}

impl ManagePage<'_> {
    /// A player's personal link to send through a messaging app (WhatsApp's share address,
    /// which other apps open too): a message in the organiser's language naming the player,
    /// the event, the link and what it lets its holder do.
    fn share_link(&self, name: &str, secret: &str) -> String {
        let text = self.c.t_args(
            "player-share-text",
            &[
                ("name", name.to_string()),
                ("event", self.event.name.clone()),
                ("url", format!("{}/p/{secret}", self.base_url)),
            ],
        );
        format!(
            "https://wa.me/?{}",
            serde_urlencoded::to_string([("text", text)]).unwrap_or_default()
        )
    }
}

pub(super) struct ManageExtras {
    pub(super) form: Option<SettingsForm>,
    pub(super) settings_error: Option<String>,
    pub(super) player_error: Option<String>,
    pub(super) new_player: PlayerForm,
    pub(super) import: Option<ImportReport>,
    pub(super) import_text: String,
}

pub(super) async fn manage_page(
    req: &HttpRequest,
    app: web::Data<App>,
    page: &OrganiserPage,
    extras: ManageExtras,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let (
        overview::Overview {
            players: list,
            rounds: all_rounds,
            planned,
            staff,
            ..
        },
        blocked,
        push,
        imported,
    ) = crate::web::run(move || {
        Ok::<_, ServiceError>((
            overview::overview(&service, &access)?,
            rounds::next_round_blocked(&service, &access)?,
            crate::service::push::state(&service, &access.event)?,
            crate::service::archive::imported::state(&service, &access)?,
        ))
    })
    .await?;
    let pairing_blocked = blocked.map(|e| crate::web::pages::form_error(&page.chrome, &e));
    let next_round = all_rounds.last().map_or(1, |r| r.number + 1);
    let query: ManageQuery = serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
    let entries = players::entries_page(list, &query.q, query.page, PLAYERS_PER_PAGE);
    html_with_status(
        status,
        &ManagePage {
            c: &page.chrome,
            event: &page.access.event,
            form: extras
                .form
                .unwrap_or_else(|| SettingsForm::from_event(&page.access.event, page.chrome.lang)),
            settings_error: extras.settings_error,
            player_error: extras.player_error,
            new_player: extras.new_player,
            import: extras.import,
            import_text: extras.import_text,
            players: entries.shown,
            players_total: entries.total,
            players_found: entries.found,
            search: entries.search,
            players_page: entries.page,
            players_pages: entries.pages,
            staff,
            rounds: all_rounds,
            planned,
            next_round,
            pairing_blocked,
            formats: formats(),
            variants: variants(),
            tiebreak_codes: all_tiebreaks(),
            offsets: offset_choice(&app),
            base_url: crate::web::pages::public_url(req, &app, ""),
            federation: app.config.federation_url.is_some(),
            push,
            imported: imported
                .map(|state| crate::web::pages::imported::ImportedView::of(&page.chrome, state)),
            is_admin: page
                .access
                .user()
                .is_some_and(crate::service::accounts::User::is_admin),
            phones: crate::web::pages::phone_base(req, &app),
        },
    )
}

/// `POST /events/{slug}/push` (organisers): the event is published to the federation from
/// now on, after every change.
pub(crate) async fn push(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    _csrf: CsrfForm<crate::web::context::Empty>,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let app = app.into_inner();
    crate::web::run(move || crate::service::push::mark(&app, &access)).await?;
    redirect_with_flash(
        &req,
        &manage_url(&page),
        FlashLevel::Success,
        "flash-push-started",
    )
}

/// Players shown on one page of the manage page: a national open's list stays a page an
/// organiser's phone opens, and its forms stay quick to render.
const PLAYERS_PER_PAGE: usize = 100;

/// `?q=` and `?page=` of the manage page.
#[derive(Deserialize)]
struct ManageQuery {
    #[serde(default)]
    q: String,
    #[serde(default = "first_page")]
    page: usize,
}

impl Default for ManageQuery {
    fn default() -> ManageQuery {
        ManageQuery {
            q: String::new(),
            page: 1,
        }
    }
}

fn first_page() -> usize {
    1
}

pub(super) fn no_extras() -> ManageExtras {
    ManageExtras {
        form: None,
        settings_error: None,
        player_error: None,
        new_player: PlayerForm::default(),
        import: None,
        import_text: String::new(),
    }
}

pub(crate) async fn manage(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
) -> Result<HttpResponse, WebError> {
    manage_page(&req, app, &page, no_extras(), StatusCode::OK).await
}

pub(super) fn manage_url(page: &OrganiserPage) -> String {
    paths::manage(&page.access.event.slug, None)
}

pub(crate) async fn update_settings(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<SettingsForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let result = match form.to_input() {
        Ok(input) => {
            crate::web::run(move || {
                Ok::<_, crate::service::ServiceError>(events::update_event(
                    &service, &access, &input,
                ))
            })
            .await?
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(_) => redirect_with_flash(&req, &manage_url(&page), FlashLevel::Success, "flash-saved"),
        Err(
            e @ (ServiceError::Invalid(_)
            | ServiceError::Unusable { .. }
            | ServiceError::Conflict(_)),
        ) => {
            let status = crate::web::errors::service_status(&e);
            let extras = ManageExtras {
                form: Some(form),
                settings_error: Some(crate::web::pages::form_error(&page.chrome, &e)),
                ..no_extras()
            };
            manage_page(&req, app, &page, extras, status).await
        }
        Err(e) => Err(e.into()),
    }
}
