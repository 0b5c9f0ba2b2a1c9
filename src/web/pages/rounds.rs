//! Rounds: the pairings page (with the organiser's review of a draft), pairing, publishing,
//! the printable pairing sheet, and the standings.

use crate::domain::ErrorCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{act_and_redirect, redirect_with_flash};
use crate::domain::PlayerId;
use crate::service::events::Event;
use crate::service::rounds::{self, PairingWarning, RoundView};
use crate::service::standings::{self, StandingsView};
use crate::service::{App, ServiceError};
use crate::web::context::Empty;
use crate::web::context::{Chrome, CsrfForm, FlashLevel};
use crate::web::errors::WebError;
use crate::web::event_context::{EventPage, OrganiserPage};
use crate::web::page_cache::PageKey;
use crate::web::paths;

#[derive(Template)]
#[template(path = "rounds/show.html")]
struct RoundPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    round: RoundView,
    is_organiser: bool,
    numbers: Vec<i32>,
    /// For the organiser: whether this is the event's last round (the one that may be
    /// withdrawn or paired again).
    is_last: bool,
    /// The active players, for pairing by hand: (id, number, name).
    players: Vec<Choice>,
    /// The boards of the form to pair by hand: the draft's, then one empty row.
    hand_rows: Vec<HandRow>,
    /// After a pairing by hand: the absolute criteria it breaks.
    warnings: Vec<PairingWarning>,
}

impl RoundPage<'_> {
    /// Whether a row of the form to pair by hand has this player chosen.
    fn chosen(chosen: &Option<PlayerId>, id: &PlayerId) -> bool {
        *chosen == Some(*id)
    }
}

/// A player to choose on a board: (id, number, name).
type Choice = (PlayerId, i32, String);

/// A board of the form to pair by hand: who moves first, the opponent.
type HandRow = (Option<PlayerId>, Option<PlayerId>);

/// The organiser's tools on a round page: the active players and the rows to pair by hand.
fn organiser_parts(
    round: &RoundView,
    shown: &[crate::service::players::Player],
) -> (Vec<Choice>, Vec<HandRow>) {
    let players = shown
        .iter()
        .filter(|p| p.status == crate::domain::PlayerStatus::Active)
        .map(|p| (p.id, p.number, p.name.clone()))
        .collect();
    let mut rows: Vec<HandRow> = round
        .boards
        .iter()
        .filter(|b| b.game_no == 1)
        .map(|b| {
            (
                b.first.as_ref().map(|p| p.id),
                b.second.as_ref().map(|p| p.id),
            )
        })
        .collect();
    rows.push((None, None));
    (players, rows)
}

async fn round_page(
    app: web::Data<App>,
    page: &EventPage,
    number: i32,
    warnings: Vec<PairingWarning>,
) -> Result<String, WebError> {
    let access = page.access.clone();
    let app = app.into_inner();
    let organiser = page.access.is_organiser();
    let (round, all, shown) = crate::web::run(move || {
        let shown = if organiser {
            crate::service::players::list(&app, &access)?
        } else {
            Vec::new()
        };
        Ok::<_, ServiceError>((
            rounds::view(&app, &access, number)?,
            rounds::all(&app, &access)?,
            shown,
        ))
    })
    .await?;
    let (players, hand_rows) = organiser_parts(&round, &shown);
    Ok(RoundPage {
        c: &page.chrome,
        event: &page.access.event,
        is_last: all.last().map(|r| r.number) == Some(round.number),
        round,
        is_organiser: organiser,
        numbers: all.iter().map(|r| r.number).collect(),
        players,
        hand_rows,
        warnings,
    }
    .render()?)
}

pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let (_, number) = path.into_inner();
    let text = round_page(app, &page, number, Vec::new()).await?;
    Ok(super::cached_text(&req, &page, text))
}

#[derive(Template)]
#[template(path = "rounds/sheet.html")]
struct SheetPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    round: RoundView,
}

pub(crate) async fn sheet(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let (_, number) = path.into_inner();
    let access = page.access.clone();
    let app = app.into_inner();
    let round = crate::web::run(move || rounds::view(&app, &access, number)).await?;
    super::cached_html(
        &req,
        &page,
        &SheetPage {
            c: &page.chrome,
            event: &page.access.event,
            round,
        },
    )
}

fn round_url(page: &OrganiserPage, number: i32) -> String {
    paths::round(&page.access.event.slug, number)
}

pub(crate) async fn pair_next(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let app = app.into_inner();
    let round = crate::web::run(move || rounds::pair_next(&app, &access)).await?;
    redirect_with_flash(
        &req,
        &round_url(&page, round.number),
        FlashLevel::Success,
        "flash-round-paired",
    )
}

pub(crate) async fn publish(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, number) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::publish(app, access, number),
        &round_url(&page, number),
        "flash-round-published",
    )
    .await
}

pub(crate) async fn discard(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, number) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::discard_draft(app, access, number),
        &paths::manage(&page.access.event.slug, Some("rounds")),
        "flash-draft-discarded",
    )
    .await
}

#[derive(Deserialize)]
pub struct SwapForm {
    game: crate::domain::GameId,
}

pub(crate) async fn swap(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    form: CsrfForm<SwapForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, number) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::swap_first_move(app, access, number, form.game),
        &round_url(&page, number),
        "flash-round-changed",
    )
    .await
}

#[derive(Deserialize)]
pub struct ExchangeForm {
    #[serde(default)]
    a: String,
    #[serde(default)]
    b: String,
}

pub(crate) async fn exchange(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    form: CsrfForm<ExchangeForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, number) = path.into_inner();
    let a: crate::domain::PlayerId = form.a.trim().parse().map_err(|_| {
        WebError::Service(ServiceError::invalid("player", ErrorCode::PlayerNotInRound))
    })?;
    let b: crate::domain::PlayerId = form.b.trim().parse().map_err(|_| {
        WebError::Service(ServiceError::invalid("player", ErrorCode::PlayerNotInRound))
    })?;
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::exchange_players(app, access, number, a, b),
        &round_url(&page, number),
        "flash-round-changed",
    )
    .await
}

#[derive(Deserialize)]
pub struct StartForm {
    #[serde(default)]
    starts_at: String,
}

pub(crate) async fn set_start(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    form: CsrfForm<StartForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, number) = path.into_inner();
    // Entered in the event's local time (the page's).
    let offset = page.chrome.offset;
    let starts_at = match form.starts_at.trim() {
        "" => None,
        text => {
            let local =
                chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M").map_err(|_| {
                    WebError::Service(ServiceError::invalid("start", ErrorCode::DateInvalid))
                })?;
            Some(local - chrono::TimeDelta::seconds(i64::from(offset.local_minus_utc())))
        }
    };
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::set_start(app, access, number, starts_at),
        &round_url(&page, number),
        "flash-saved",
    )
    .await
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    table: StandingsView,
    codes: Vec<&'static str>,
    print: bool,
    /// The final ranking places knockout players by their run: the column says what decided
    /// each place.
    knockout_shown: bool,
    /// Points and tie-breaks: of the Swiss or round-robin rounds (none in a knockout alone).
    points_shown: bool,
}

impl StandingsPage<'_> {
    /// A knockout run in words: the stage of the player's last match and how it ended ("Final,
    /// won" for the champion).
    fn run(&self, run: &crate::service::standings::KnockoutRun) -> String {
        let stage = run.stage.map(|s| self.c.stage(&s)).unwrap_or_default();
        let how = if run.won_last {
            self.c.t("standings-knockout-won")
        } else {
            self.c.t("standings-knockout-lost")
        };
        format!("{stage}, {how}")
    }
}

#[derive(Deserialize)]
pub struct StandingsQuery {
    #[serde(default)]
    print: Option<String>,
}

pub(crate) async fn standings_page(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
    query: web::Query<StandingsQuery>,
) -> Result<HttpResponse, WebError> {
    // The printable standings ignore the value given.
    let key = if query.print.is_some() {
        PageKey::of(&req).with("print", "")
    } else {
        PageKey::of(&req)
    };
    if let Some(r) = super::not_modified(&req, &mut page, key).await {
        return Ok(r);
    }
    let access = page.access.clone();
    let app = app.into_inner();
    let table = crate::web::run(move || standings::get(&app, &access)).await?;
    let codes = table.tiebreaks.iter().map(|t| t.code()).collect();
    let format = page.access.event.format;
    super::cached_html(
        &req,
        &page,
        &StandingsPage {
            c: &page.chrome,
            event: &page.access.event,
            knockout_shown: table.final_ranking && format.has_knockout(),
            points_shown: format.has_swiss() || format.is_round_robin(),
            table,
            codes,
            print: query.print.is_some(),
        },
    )
}

pub(crate) async fn withdraw(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, number) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::withdraw(app, access, number),
        &round_url(&page, number),
        "flash-round-withdrawn",
    )
    .await
}

pub(crate) async fn pair_again(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    _csrf: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, number) = path.into_inner();
    act_and_redirect(
        &req,
        app,
        &page.access,
        move |app, access| rounds::pair_again(app, access, number),
        &round_url(&page, number),
        "flash-round-paired",
    )
    .await
}

/// The form to pair by hand: `first1`, `second1`, `first2`, … (`second` empty or `bye`: the
/// pairing-allocated bye; a row with no first player is skipped) and `publish`.
fn hand_boards(
    form: &std::collections::HashMap<String, String>,
) -> Result<Vec<rounds::ManualBoard>, WebError> {
    let id = |key: String| -> Result<Option<PlayerId>, WebError> {
        match form.get(&key).map(|v| v.trim()) {
            None | Some("" | "bye") => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|_| {
                WebError::Service(ServiceError::invalid("player", ErrorCode::PlayerUnknown))
            }),
        }
    };
    let mut boards = Vec::new();
    for row in 1..=MAX_HAND_ROWS {
        if !form.contains_key(&format!("first{row}")) {
            break;
        }
        let first = id(format!("first{row}"))?;
        let second = id(format!("second{row}"))?;
        match (first, second) {
            (Some(first), second) => boards.push(rounds::ManualBoard { first, second }),
            (None, Some(second)) => boards.push(rounds::ManualBoard {
                first: second,
                second: None,
            }),
            (None, None) => {}
        }
    }
    Ok(boards)
}

/// Most rows read from the form to pair by hand.
const MAX_HAND_ROWS: usize = 2000;

pub(crate) async fn pair_by_hand(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    path: web::Path<(String, i32)>,
    form: CsrfForm<std::collections::HashMap<String, String>>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let (_, number) = path.into_inner();
    let boards = hand_boards(&form)?;
    let publish = form.get("publish").is_some_and(|v| v == "1");
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let paired =
        crate::web::run(move || rounds::pair_by_hand(&service, &access, number, &boards, publish))
            .await?;
    if paired.warnings.is_empty() {
        return redirect_with_flash(
            &req,
            &round_url(&page, number),
            FlashLevel::Success,
            "flash-round-changed",
        );
    }
    // Saved as the arbiter chose; the criteria it breaks are shown on the round.
    let event_page = EventPage {
        chrome: page.chrome.clone(),
        access: page.access.clone(),
        render_turn: None,
        key: crate::web::page_cache::PageKey::of(&req),
    };
    let text = round_page(app, &event_page, number, paired.warnings).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(text))
}
