//! Event pages: the list, creating and editing an event, its players and staff, the audit
//! log, the arbiter's queue and importing a TRF file.

use crate::domain::ErrorCode;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{
    act_and_redirect, act_or_say_why, error_key, html, html_with_status, redirect,
    redirect_with_flash,
};
use crate::service::entrant::PlayerInput;
use crate::service::event_log::{self, Shown};
use crate::service::events::{self, Event, Format, SettingsInput, StaffMember};
use crate::service::players::{self, ImportReport, Player};
use crate::service::{App, ServiceError, games, overview, rounds, trf_import};
use crate::tournament::standings::Tiebreak;
use crate::web::context::{Chrome, CreatorPage, CsrfForm, CsrfUpload, Empty, FlashLevel, SignedIn};
use crate::web::errors::WebError;
use crate::web::event_context::{ArbiterPage, EventPage, OrganiserPage};
use crate::web::page_cache::PageKey;
use crate::web::paths;

/// The settings form's fields, as text (checkboxes send "on").
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SettingsForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    starts_on: String,
    #[serde(default)]
    ends_on: String,
    #[serde(default)]
    location: String,
    #[serde(default)]
    variant: String,
    #[serde(default)]
    format: String,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    games_per_match: String,
    #[serde(default)]
    knockout_size: String,
    #[serde(default)]
    third_place: Option<String>,
    #[serde(default)]
    grand_final_reset: Option<String>,
    #[serde(default)]
    tiebreaks: String,
    #[serde(default)]
    points_win: String,
    #[serde(default)]
    points_draw: String,
    #[serde(default)]
    points_loss: String,
    #[serde(default)]
    points_bye: String,
    #[serde(default)]
    initial_colour: String,
    #[serde(default)]
    accelerated: Option<String>,
    #[serde(default)]
    self_registration: Option<String>,
    #[serde(default)]
    check_in: Option<String>,
    #[serde(default)]
    rated: Option<String>,
    #[serde(default)]
    utc_offset: String,
    #[serde(default)]
    adjudication_margin: String,
    #[serde(default)]
    adjudication_otherwise: String,
    #[serde(default)]
    live_delay_minutes: String,
}

fn optional_number<T: std::str::FromStr>(
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
    fn to_input(&self) -> Result<SettingsInput, ServiceError> {
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

    fn from_event(event: &Event, lang: crate::web::i18n::Lang) -> SettingsForm {
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
    list: Vec<crate::domain::UtcOffset>,
    default: String,
}

fn offset_choice(app: &App) -> OffsetChoice {
    OffsetChoice {
        list: crate::domain::UtcOffset::choices(),
        default: app.config.offset().to_string(),
    }
}

fn all_tiebreaks() -> String {
    Tiebreak::ALL
        .iter()
        .map(|t| t.code())
        .collect::<Vec<_>>()
        .join(", ")
}

fn formats() -> Vec<&'static str> {
    Format::ALL.iter().map(|f| f.as_str()).collect()
}

fn variants() -> Vec<&'static str> {
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
                error: Some(super::form_error(&page.chrome, &e)),
                formats: formats(),
                variants: variants(),
                tiebreak_codes: all_tiebreaks(),
                offsets,
            },
        ),
        Err(e) => Err(e.into()),
    }
}

#[derive(Template)]
#[template(path = "events/show.html")]
struct ShowPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    rounds: Vec<rounds::RoundView>,
    planned: i32,
    players: usize,
    is_organiser: bool,
    is_arbiter: bool,
    /// The signed-in visitor's own entry, if any: its status and check-in.
    mine: Option<(crate::domain::PlayerStatus, bool)>,
    can_register: bool,
    /// A finished event's podium (places 1 to 3, shared places included).
    podium: Vec<crate::service::standings::RowView>,
    /// A prize list the public may see.
    prizes: bool,
    /// A finished event's prize list.
    prize_list: Option<crate::service::prizes::PrizeListView>,
    final_match: Option<overview::FinalMatch>,
    /// A running event's last published round: (number, boards with a final result, boards).
    progress: Option<(i32, usize, usize)>,
}

pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let access = page.access.clone();
    let app = app.into_inner();
    let overview::Overview {
        players,
        rounds: list,
        planned,
        podium,
        prizes,
        prize_list,
        final_match,
        ..
    } = crate::web::run(move || overview::overview(&app, &access)).await?;
    let user_id = page.chrome.user.as_ref().map(|u| u.id);
    let mine = user_id.and_then(|id| {
        players
            .iter()
            .find(|p| p.user_id == Some(id))
            .map(|p| (p.status, p.checked_in))
    });
    let progress = list
        .iter()
        .rev()
        .find(|r| r.state == crate::domain::RoundState::Published)
        .filter(|_| page.access.event.state == events::EventState::Running)
        .map(|r| {
            let games = r.boards.iter().filter(|b| b.second.is_some());
            let done = games
                .clone()
                .filter(|b| b.status == crate::domain::GameStatus::Final)
                .count();
            (r.number, done, games.count())
        });
    super::cached_html(
        &req,
        &page,
        &ShowPage {
            c: &page.chrome,
            event: &page.access.event,
            rounds: list,
            planned,
            players: players
                .iter()
                .filter(|p| p.status != crate::domain::PlayerStatus::Pending)
                .count(),
            is_organiser: page.access.is_organiser(),
            is_arbiter: page.access.is_arbiter(),
            mine,
            podium,
            prizes,
            prize_list,
            final_match,
            progress,
            can_register: page.access.event.self_registration
                && page.access.event.state != events::EventState::Finished,
        },
    )
}

#[derive(Template)]
#[template(path = "events/players.html")]
struct PlayersPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    players: Vec<Player>,
    /// Columns nobody has a value in are left out (an imported event has no clubs, say), so
    /// the names keep the room on a phone.
    show_club: bool,
    show_province: bool,
    show_status: bool,
}

pub(crate) async fn players_page(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let access = page.access.clone();
    let app = app.into_inner();
    let list = crate::web::run(move || players::list(&app, &access)).await?;
    let players: Vec<Player> = list
        .into_iter()
        .filter(|p| p.status != crate::domain::PlayerStatus::Pending)
        .collect();
    super::cached_html(
        &req,
        &page,
        &PlayersPage {
            c: &page.chrome,
            event: &page.access.event,
            show_club: players.iter().any(|p| !p.club.is_empty()),
            show_province: players.iter().any(|p| !p.province.is_empty()),
            show_status: players
                .iter()
                .any(|p| p.status == crate::domain::PlayerStatus::Withdrawn),
            players,
        },
    )
}

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
    imported: Option<super::imported::ImportedView>,
    /// The viewer administers the installation (hands over and withdraws imported events).
    is_admin: bool,
    /// The address the hall's phones open ([`super::phone_base`]).
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

struct ManageExtras {
    form: Option<SettingsForm>,
    settings_error: Option<String>,
    player_error: Option<String>,
    new_player: PlayerForm,
    import: Option<ImportReport>,
    import_text: String,
}

async fn manage_page(
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
    let pairing_blocked = blocked.map(|e| super::form_error(&page.chrome, &e));
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
            base_url: super::public_url(req, &app, ""),
            federation: app.config.federation_url.is_some(),
            push,
            imported: imported.map(|state| super::imported::ImportedView::of(&page.chrome, state)),
            is_admin: page
                .access
                .user()
                .is_some_and(crate::service::accounts::User::is_admin),
            phones: super::phone_base(req, &app),
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

fn no_extras() -> ManageExtras {
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

fn manage_url(page: &OrganiserPage) -> String {
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
                settings_error: Some(super::form_error(&page.chrome, &e)),
                ..no_extras()
            };
            manage_page(&req, app, &page, extras, status).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Clone, Default, Deserialize)]
pub struct PlayerForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    province: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    missed_points: String,
    #[serde(default)]
    federation_id: String,
}

pub(crate) async fn add_player(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let input = optional_number::<i64>(&form.rating, "rating").map(|rating| PlayerInput {
        name: form.name.clone(),
        rating,
        club: Some(form.club.clone()),
        province: Some(form.province.clone()),
        email: Some(form.email.clone()),
        missed_points: Some(form.missed_points.clone()),
        federation_id: Some(form.federation_id.clone()),
        ..PlayerInput::default()
    });
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let result = match input {
        Ok(input) => {
            crate::web::run(move || {
                Ok::<_, crate::service::ServiceError>(players::add_player(
                    &service, &access, &input,
                ))
            })
            .await?
        }
        Err(e) => Err(e),
    };
    match result {
        Ok((_, duplicates)) => redirect_with_flash(
            &req,
            &manage_url(&page),
            FlashLevel::Success,
            if duplicates.is_empty() {
                "flash-player-added"
            } else if duplicates
                .iter()
                .all(|d| d.code == crate::domain::Resemblance::OtherName)
            {
                "flash-player-added-other-name"
            } else if duplicates
                .iter()
                .all(crate::service::duplicates::DuplicateWarning::is_registry)
            {
                "flash-player-added-registered"
            } else {
                "flash-player-added-duplicate"
            },
        ),
        // A value refused, or the person entered already: said beside the form, kept as typed.
        Err(e @ (ServiceError::Invalid(_) | ServiceError::Conflict(_))) => {
            let extras = ManageExtras {
                player_error: Some(error_key(e.code())),
                new_player: form,
                ..no_extras()
            };
            let status = crate::web::errors::service_status(&e);
            manage_page(&req, app, &page, extras, status).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct ImportForm {
    #[serde(default)]
    csv: String,
    /// Enter the lines that look like players entered already (the organiser ticked it after
    /// being told which).
    #[serde(default)]
    also_entered: Option<String>,
}

pub(crate) async fn import_players(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<ImportForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let text = form.csv.clone();
    let also_entered = form.also_entered.is_some();
    let report =
        crate::web::run(move || players::import_csv(&service, &access, &text, also_entered))
            .await?;
    let refused = !report.rejected.is_empty() || !report.already_entered.is_empty();
    if !refused && report.duplicates.is_empty() && report.registry.is_empty() {
        return redirect_with_flash(
            &req,
            &manage_url(&page),
            FlashLevel::Success,
            "flash-players-imported",
        );
    }
    // Imported, with lines that look like entries already there: the list says which.
    let status = if refused {
        crate::web::errors::refused_input()
    } else {
        StatusCode::OK
    };
    // A refused file imported nothing: it comes back as typed, to be corrected (or sent
    // again with the lines that look like entries ticked in).
    let import_text = if refused { form.csv } else { String::new() };
    let extras = ManageExtras {
        import: Some(report),
        import_text,
        ..no_extras()
    };
    manage_page(&req, app, &page, extras, status).await
}

pub(crate) async fn withdraw(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, player_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| players::withdraw(app, access, player_id),
        &manage_url(&page),
        "flash-player-withdrawn",
    )
    .await
}

pub(crate) async fn approve(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, player_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| players::approve(app, access, player_id),
        &manage_url(&page),
        "flash-player-approved",
    )
    .await
}

#[derive(Deserialize)]
pub struct LinkForm {
    #[serde(default)]
    email: String,
}

/// `POST /events/{slug}/players/{pid}/link`: the organiser binds an entry to an account.
pub(crate) async fn link_account(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    form: CsrfForm<LinkForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, player_id) = path.into_inner();
    act_or_say_why(
        &req,
        app,
        &page.access,
        move |app, access| players::link_account(app, access, player_id, &form.email),
        &manage_url(&page),
        "flash-player-linked",
    )
    .await
}

/// `POST /events/{slug}/players/{pid}/unlink`.
pub(crate) async fn unlink_account(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, player_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| players::unlink_account(app, access, player_id),
        &manage_url(&page),
        "flash-player-unlinked",
    )
    .await
}

/// `POST /events/{slug}/players/{pid}/reissue`: a new personal link; the old one is dead.
/// The reissue form: what to do with the account bound through the old link (none: what the
/// binding asks, [`players::reissue_link`]).
#[derive(Deserialize)]
pub struct ReissueForm {
    #[serde(default)]
    claim: Option<crate::domain::ClaimOnReissue>,
}

pub(crate) async fn reissue_link(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    form: CsrfForm<ReissueForm>,
) -> Result<HttpResponse, WebError> {
    let claim = form.parsed()?.claim;
    let (_, player_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| players::reissue_link(app, access, player_id, claim),
        &manage_url(&page),
        "flash-link-reissued",
    )
    .await
}

#[derive(Deserialize)]
pub struct ByeForm {
    #[serde(default)]
    round: String,
    #[serde(default)]
    points: String,
}

pub(crate) async fn bye(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    form: CsrfForm<ByeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, player_id) = path.into_inner();
    let round: i32 = form.round.trim().parse().map_err(|_| {
        WebError::Service(ServiceError::invalid("round", ErrorCode::ByeRoundInvalid))
    })?;
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| {
            players::bye_kind(&form.points)
                .and_then(|kind| players::request_bye(app, access, player_id, round, kind))
        },
        &manage_url(&page),
        "flash-bye-recorded",
    )
    .await
}

#[derive(Deserialize)]
pub struct CheckInForm {
    #[serde(default)]
    present: String,
}

pub(crate) async fn check_in(
    app: web::Data<App>,
    page: ArbiterPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
    form: CsrfForm<CheckInForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, player_id) = path.into_inner();
    let access = page.access.clone();
    let present = form.present == "1";
    let app = app.into_inner();
    crate::web::run(move || players::check_in(&app, &access, player_id, present)).await?;
    let back = if page.access.is_organiser() {
        paths::manage(&page.access.event.slug, Some("players"))
    } else {
        paths::queue(&page.access.event.slug)
    };
    Ok(redirect(&back))
}

#[derive(Deserialize)]
pub struct StaffForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    role: String,
}

pub async fn add_staff(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: CsrfForm<StaffForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    act_or_say_why(
        &req,
        app,
        &page.access,
        move |app, access| {
            let role = events::staff_role(&form.role)?;
            events::add_staff(app, access, &form.email, role)
        },
        &manage_url(&page),
        "flash-staff-added",
    )
    .await
}

pub(crate) async fn remove_staff(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, crate::domain::UserId)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, user_id) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| events::remove_staff(app, access, user_id),
        &manage_url(&page),
        "flash-staff-removed",
    )
    .await
}

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

#[derive(Template)]
#[template(path = "events/audit.html")]
struct AuditPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    entries: Vec<Shown>,
}

impl AuditPage<'_> {
    /// Who acted, by name: the account's, then the entry's when it is another name (a player
    /// acting through their personal link has only the entry's).
    fn who(&self, e: &Shown) -> String {
        let user = e.user_name.clone().or_else(|| {
            e.actor_user
                .map(|u| format!("{} {u}", self.c.t("audit-account")))
        });
        match (user, &e.player_name) {
            (Some(user), Some(player)) if &user != player => {
                format!("{user} ({} {player})", self.c.t("audit-player"))
            }
            (Some(user), _) => user,
            (None, Some(player)) => player.clone(),
            (None, None) => String::new(),
        }
    }
}

pub(crate) async fn audit_log(
    app: web::Data<App>,
    page: ArbiterPage,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let app = app.into_inner();
    let entries = crate::web::run(move || event_log::event_log(&app, &access)).await?;
    html(&AuditPage {
        c: &page.chrome,
        event: &page.access.event,
        entries,
    })
}

#[derive(Template)]
#[template(path = "events/queue.html")]
struct QueuePage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    games: Vec<crate::service::games::QueueItem>,
}

pub(crate) async fn queue(
    app: web::Data<App>,
    page: ArbiterPage,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let app = app.into_inner();
    let list = crate::web::run(move || games::queue(&app, &access)).await?;
    html(&QueuePage {
        c: &page.chrome,
        event: &page.access.event,
        games: list,
    })
}

#[derive(Template)]
#[template(path = "events/import.html")]
struct ImportPage<'a> {
    c: &'a Chrome,
    error: Option<String>,
    detail: Option<String>,
    /// The pasted file, given back after a refusal so nothing typed is lost.
    text: String,
}

pub(crate) async fn import_form(page: CreatorPage) -> Result<HttpResponse, WebError> {
    html(&ImportPage {
        c: &page.chrome,
        error: None,
        detail: None,
        text: String::new(),
    })
}

#[derive(Deserialize)]
pub struct TrfForm {
    #[serde(default)]
    trf: String,
}

/// `POST /events/import`: a pasted TRF file.
pub(crate) async fn import_trf(
    req: HttpRequest,
    app: web::Data<App>,
    page: CreatorPage,
    form: CsrfForm<TrfForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    import_bytes(&req, app, &page, form.trf.into_bytes(), true).await
}

/// `POST /events/import/file`: an uploaded TRF file, in any encoding TRF files come in.
pub(crate) async fn import_trf_file(
    req: HttpRequest,
    app: web::Data<App>,
    page: CreatorPage,
    upload: CsrfUpload,
) -> Result<HttpResponse, WebError> {
    let bytes = upload.bytes()?;
    import_bytes(&req, app, &page, bytes, false).await
}

async fn import_bytes(
    req: &HttpRequest,
    app: web::Data<App>,
    page: &CreatorPage,
    bytes: Vec<u8>,
    pasted: bool,
) -> Result<HttpResponse, WebError> {
    let user = page.user.clone();
    let app = app.into_inner();
    let text = if pasted {
        String::from_utf8_lossy(&bytes).into_owned()
    } else {
        String::new()
    };
    match crate::web::run(move || {
        Ok::<_, crate::service::ServiceError>(trf_import::trf_import(&app, &user, &bytes))
    })
    .await?
    {
        Ok(imported) => redirect_with_flash(
            req,
            &paths::manage(&imported.event.slug, None),
            FlashLevel::Success,
            if imported.warnings.is_empty() && imported.registry.is_empty() {
                "flash-event-imported"
            } else {
                "flash-event-imported-warnings"
            },
        ),
        Err(ServiceError::Trf(e)) => html_with_status(
            crate::web::errors::service_status(&ServiceError::Trf(e.clone())),
            &ImportPage {
                c: &page.chrome,
                error: Some(error_key(ErrorCode::TrfInvalid)),
                detail: Some(crate::web::said::trf_error_words(page.chrome.lang, &e)),
                text,
            },
        ),
        // Anything else the file makes impossible (a setting out of range) is said on the same
        // page, with the pasted text kept.
        Err(
            e @ (ServiceError::Invalid(_)
            | ServiceError::Unusable { .. }
            | ServiceError::Conflict(_)),
        ) => html_with_status(
            crate::web::errors::service_status(&e),
            &ImportPage {
                c: &page.chrome,
                error: Some(error_key(e.code())),
                detail: None,
                text,
            },
        ),
        Err(e) => Err(e.into()),
    }
}
