//! Public pages of an event besides pairings and standings: the crosstable, a player's page,
//! the bracket, scoresheets with QR codes, exports and the version poll.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{cached_html, public_url};
use crate::service::events::Event;
use crate::service::public::{self, BracketPage, CrossRow, PlayerPage};
use crate::service::rounds::{self, RoundView};
use crate::service::{App, exports};
use crate::tournament::knockout::{Part, Status};
use crate::web::api::events::attachment;
use crate::web::context::Chrome;
use crate::web::errors::WebError;
use crate::web::event_context::EventPage;
use crate::web::page_cache::PageKey;
use crate::web::paths;

#[derive(Template)]
#[template(path = "public/crosstable.html")]
struct CrosstablePage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    rows: Vec<CrossRow>,
    rounds: Vec<usize>,
}

pub(crate) async fn crosstable(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let access = page.access.clone();
    let app = app.into_inner();
    let (rows, count) = crate::web::run(move || public::crosstable(&app, &access)).await?;
    cached_html(
        &req,
        &page,
        &CrosstablePage {
            c: &page.chrome,
            event: &page.access.event,
            rows,
            rounds: (1..=count).collect(),
        },
    )
}

#[derive(Template)]
#[template(path = "public/player.html")]
struct PlayerTemplate<'a> {
    c: &'a Chrome,
    event: &'a Event,
    data: PlayerPage,
    codes: Vec<&'static str>,
}

pub(crate) async fn player(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
    path: web::Path<(String, crate::domain::PlayerId)>,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let (_, player_id) = path.into_inner();
    let access = page.access.clone();
    let app = app.into_inner();
    let data = crate::web::run(move || public::player(&app, &access, player_id)).await?;
    cached_html(
        &req,
        &page,
        &PlayerTemplate {
            c: &page.chrome,
            event: &page.access.event,
            codes: page.access.event.tiebreak_codes(),
            data,
        },
    )
}

/// One stage of a bracket side, as drawn.
pub struct Column {
    /// The stage's name: "Semi-finals", "Losers' round 2".
    pub title: String,
    /// Its matches, two by two where both feed one match of the next column (drawn joined).
    pub pairs: Vec<Vec<MatchBox>>,
}

/// A side of the bracket drawn as one row of columns: the winners', the losers', the finals.
pub struct Group {
    /// Named when the bracket has several sides (double elimination).
    pub title: Option<String>,
    pub columns: Vec<Column>,
}

/// One match as drawn.
pub struct MatchBox {
    /// The match's number in its stage, when the stage has several.
    pub label: Option<usize>,
    pub names: [String; 2],
    pub winner: [bool; 2],
    pub score: [String; 2],
    pub bye: bool,
    pub pending: bool,
    pub first_game: Option<crate::domain::GameId>,
}

#[derive(Template)]
#[template(path = "public/bracket.html")]
struct BracketTemplate<'a> {
    c: &'a Chrome,
    event: &'a Event,
    groups: Vec<Group>,
    champion: Option<String>,
}

/// Joins a column's matches two by two when the next column has half as many.
fn pairs(matches: Vec<MatchBox>, next: Option<usize>) -> Vec<Vec<MatchBox>> {
    let joined = next.is_some_and(|n| n * 2 == matches.len());
    let mut out: Vec<Vec<MatchBox>> = Vec::new();
    for (i, m) in matches.into_iter().enumerate() {
        match out.last_mut() {
            Some(pair) if joined && i % 2 == 1 => pair.push(m),
            _ => out.push(vec![m]),
        }
    }
    out
}

fn groups(
    data: &BracketPage,
    lang: crate::web::i18n::Lang,
    nobody: &str,
    waiting: &str,
) -> (Vec<Group>, Option<String>) {
    let Some(view) = &data.view else {
        return (Vec::new(), None);
    };
    let name = |id: Option<crate::domain::PlayerId>, bye: bool| match id {
        Some(id) => data.names.get(&id).cloned().unwrap_or_default(),
        None if bye => nobody.to_string(),
        None => waiting.to_string(),
    };
    let double = view.matches.iter().any(|m| m.part == Part::Losers);
    let sides: [(&[Part], Option<&str>); 3] = if double {
        [
            (&[Part::Winners], Some("bracket-side-winners")),
            (&[Part::Losers], Some("bracket-side-losers")),
            (
                &[Part::GrandFinal, Part::GrandFinalReset],
                Some("bracket-side-finals"),
            ),
        ]
    } else {
        [
            (&[Part::Winners], None),
            (&[Part::ThirdPlace], None),
            (&[], None),
        ]
    };
    let mut out = Vec::new();
    for (parts, title) in sides {
        // Each column: its title and matches.
        let mut columns: Vec<(String, Vec<MatchBox>)> = Vec::new();
        for &part in parts {
            let mut rounds: Vec<usize> = view
                .matches
                .iter()
                .filter(|m| m.part == part)
                .map(|m| m.part_round)
                .collect();
            rounds.sort_unstable();
            rounds.dedup();
            for round in rounds {
                let shown: Vec<_> = view
                    .matches
                    .iter()
                    .filter(|m| m.part == part && m.part_round == round)
                    .filter(|m| m.status != Status::Void)
                    .collect();
                let Some(first) = shown.first() else {
                    continue;
                };
                let title = first
                    .stage
                    .map_or_else(String::new, |s| crate::web::words::stage(lang, s.name));
                let matches = shown
                    .iter()
                    .map(|m| MatchBox {
                        label: m.stage.filter(|s| s.of > 1).map(|s| s.number),
                        names: [name(m.entrants[0], m.bye[0]), name(m.entrants[1], m.bye[1])],
                        winner: [
                            m.winner.is_some() && m.winner == m.entrants[0],
                            m.winner.is_some() && m.winner == m.entrants[1],
                        ],
                        score: [lang.decimal(m.score[0]), lang.decimal(m.score[1])],
                        bye: m.status == Status::Bye,
                        pending: matches!(m.status, Status::Ready | Status::Waiting),
                        first_game: m.game_ids.first().copied(),
                    })
                    .collect();
                columns.push((title, matches));
            }
        }
        if columns.is_empty() {
            continue;
        }
        let counts: Vec<usize> = columns.iter().map(|(_, m)| m.len()).collect();
        let columns = columns
            .into_iter()
            .enumerate()
            .map(|(i, (title, matches))| Column {
                title,
                pairs: pairs(matches, counts.get(i + 1).copied()),
            })
            .collect();
        out.push(Group {
            title: title.map(|key| lang.t(key)),
            columns,
        });
    }
    (
        out,
        view.champion.and_then(|id| data.names.get(&id).cloned()),
    )
}

pub(crate) async fn bracket(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let access = page.access.clone();
    let app = app.into_inner();
    let data = crate::web::run(move || public::bracket(&app, &access)).await?;
    let (groups, champion) = groups(
        &data,
        page.chrome.lang,
        &page.chrome.t("bracket-bye"),
        &page.chrome.t("bracket-waiting"),
    );
    cached_html(
        &req,
        &page,
        &BracketTemplate {
            c: &page.chrome,
            event: &page.access.event,
            groups,
            champion,
        },
    )
}

#[derive(Template)]
#[template(path = "public/scoresheets.html")]
struct ScoresheetsPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    round: RoundView,
    pages: Vec<SheetPage>,
    /// The first move of the continuation sheets to print after these.
    next_from: usize,
    /// The address the hall's phones open ([`super::phone_base`]); `None`: no QR code.
    phones: Option<String>,
}

/// One printed page of a board's scoresheet: rows of three columns of moves (a move is
/// South's ply and North's).
struct SheetPage {
    /// A page after the first: its header is short.
    continued: bool,
    /// Each row's three move numbers.
    rows: Vec<[usize; 3]>,
}

impl SheetPage {
    fn of(first_move: usize, rows: usize, continued: bool) -> SheetPage {
        SheetPage {
            continued,
            rows: (0..rows)
                .map(|r| [0, 1, 2].map(|c| first_move + c * rows + r))
                .collect(),
        }
    }

    fn last_move(&self) -> usize {
        self.rows.last().map_or(0, |r| r[2])
    }
}

/// Rows on the first page (under the header with the QR code) and on a continuation page.
const FIRST_PAGE_ROWS: usize = 30;
const CONTINUATION_ROWS: usize = 32;

/// The pages of a sheet: one page per board (moves 1–90, 180 plies: a game of usual length),
/// with the result and the signatures on it; or, for a game that runs longer, a continuation
/// page from move `from` ([`sheet_from`]), printed for that board only when needed.
fn sheet_pages(from: Option<usize>) -> Vec<SheetPage> {
    match from {
        Some(from) => vec![SheetPage::of(from, CONTINUATION_ROWS, true)],
        None => vec![SheetPage::of(1, FIRST_PAGE_ROWS, false)],
    }
}

/// `?from=N`: continuation sheets from the page holding move N (at most the ten-thousandth).
/// The pages lie on one grid: the sheet without `from` holds moves 1–90, and each
/// continuation after it the next 96 moves (91–186, 187–282, …), so
/// every `from` of a page names that page (`None`: the first), a flood of numbers finds about a
/// hundred pages, and each page's "more" link is the next one.
fn sheet_from(req: &HttpRequest) -> Option<usize> {
    let asked = serde_urlencoded::from_str::<Vec<(String, String)>>(req.query_string())
        .unwrap_or_default()
        .into_iter()
        .find(|(k, _)| k == "from")
        .and_then(|(_, v)| v.trim().parse::<u64>().ok())?;
    let asked = usize::try_from(asked.clamp(1, 10_000)).unwrap_or(1);
    let first = sheet_pages(None).last().map_or(1, |p| p.last_move() + 1);
    let per_page = 3 * CONTINUATION_ROWS;
    (asked >= first).then(|| first + (asked - first) / per_page * per_page)
}

pub(crate) async fn scoresheets(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, WebError> {
    let from = sheet_from(&req);
    let phones = super::phone_base(&req, &app);
    let key = match from {
        Some(from) => PageKey::of(&req).with("from", from),
        None => PageKey::of(&req),
    };
    // The sheets opened as the laptop itself say so, and are kept apart from the others.
    let key = match &phones {
        Some(_) => key,
        None => key.with("phones", "none"),
    };
    if let Some(r) = super::not_modified(&req, &mut page, key).await {
        return Ok(r);
    }
    let (_, number) = path.into_inner();
    let access = page.access.clone();
    let app = app.into_inner();
    let round = crate::web::run(move || rounds::view(&app, &access, number)).await?;
    let pages = sheet_pages(from);
    cached_html(
        &req,
        &page,
        &ScoresheetsPage {
            c: &page.chrome,
            event: &page.access.event,
            round,
            next_from: pages.last().map_or(1, |p| p.last_move() + 1),
            pages,
            phones,
        },
    )
}

/// A QR code of `url` as an `<svg>` element, at least `size` pixels wide. It has no XML
/// declaration, which HTML does not allow where the element is written inside a page (a file
/// of its own needs none either).
pub(crate) fn qr_svg(url: &str, size: u32) -> Result<String, WebError> {
    let code = qrcode::QrCode::new(url.as_bytes())
        .map_err(|e| WebError::internal(format!("QR code: {e}")))?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(size, size)
        .quiet_zone(true)
        .build();
    Ok(match svg.find("<svg") {
        Some(at) => svg[at..].to_string(),
        None => svg,
    })
}

/// `GET /events/{slug}/games/{id}/qr.svg`: a QR code that opens the page where the game's
/// players enter its result.
pub(crate) async fn game_qr(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
    path: web::Path<(String, crate::domain::GameId)>,
) -> Result<HttpResponse, WebError> {
    let (slug, game_id) = path.into_inner();
    let _ = page;
    // No code of an address a phone cannot open.
    if super::phone_base(&req, &app).is_none() {
        return Err(crate::service::ServiceError::Conflict(
            crate::domain::ErrorCode::NoPhoneAddress,
        )
        .into());
    }
    let url = public_url(&req, &app, &paths::game_entry(&slug, game_id));
    let svg = qr_svg(&url, 160)?;
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(svg))
}

/// `GET /events/{slug}/version`: a tiny answer that open pages poll to know when to reload.
pub(crate) async fn version(page: EventPage) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .json(serde_json::json!({
            "version": page.access.event.version,
            "state": page.access.event.state.as_str(),
        }))
}

/// An export of the event as a download named after it.
async fn export(
    app: web::Data<App>,
    page: EventPage,
    content_type: &'static str,
    file: &str,
    make: fn(
        &App,
        &crate::service::access::Access,
    ) -> Result<std::sync::Arc<String>, crate::service::ServiceError>,
) -> Result<HttpResponse, WebError> {
    let name = format!("{}{file}", page.access.event.slug);
    let access = page.access;
    let app = app.into_inner();
    let text = crate::web::run(move || make(&app, &access)).await?;
    Ok(attachment(text, content_type, &name))
}

pub(crate) async fn export_kgn(
    app: web::Data<App>,
    page: EventPage,
) -> Result<HttpResponse, WebError> {
    let name = format!("{}.kgn", page.access.event.slug);
    let note = page.chrome.lang.t("export-kgn-no-game");
    let access = page.access;
    let app = app.into_inner();
    let text = crate::web::run(move || exports::games_kgn(&app, &access)).await?;
    // A file of no game says so (a KGN comment, which readers skip), rather than 0 bytes.
    let text = if text.is_empty() {
        std::sync::Arc::new(format!("{{ {} }}\n", note.replace(['{', '}'], "")))
    } else {
        text
    };
    Ok(attachment(text, "application/x-kgn; charset=utf-8", &name))
}

pub(crate) async fn export_trf(
    app: web::Data<App>,
    page: EventPage,
) -> Result<HttpResponse, WebError> {
    export(
        app,
        page,
        "text/plain; charset=utf-8",
        ".trf",
        exports::trf_export,
    )
    .await
}

pub(crate) async fn export_csv(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
) -> Result<HttpResponse, WebError> {
    let lang = page.chrome.lang;
    let style = super::csv_style(&req, lang);
    let words = match style {
        crate::service::csv::CsvStyle::Plain => exports::StandingsCsvWords::plain(),
        crate::service::csv::CsvStyle::Spreadsheet { .. } => exports::StandingsCsvWords {
            columns: [
                "col-rank",
                "col-number",
                "col-name",
                "col-rating",
                "col-club",
                "col-points",
            ]
            .map(|k| lang.t(k)),
            knockout: [
                "csv-place-to",
                "standings-knockout",
                "csv-last-match",
                "csv-won",
                "csv-drawn",
                "csv-lost",
            ]
            .map(|k| lang.t(k)),
            swiss_points: lang.t("standings-swiss-points"),
            stages: Some(Box::new(move |stage| crate::web::words::stage(lang, stage))),
            won_lost: [
                lang.t("standings-knockout-won"),
                lang.t("standings-knockout-lost"),
            ],
        },
    };
    let name = format!("{}-standings.csv", page.access.event.slug);
    let access = page.access;
    let app = app.into_inner();
    let text =
        crate::web::run(move || exports::standings_csv(&app, &access, &words, style)).await?;
    Ok(attachment(text, "text/csv; charset=utf-8", &name))
}

pub(crate) async fn calendar(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
) -> Result<HttpResponse, WebError> {
    let slug = page.access.event.slug.clone();
    let url = public_url(&req, &app, &paths::event(&slug));
    let access = page.access.clone();
    let app = app.into_inner();
    let lang = page.chrome.lang;
    let round_title = move |n: i32| lang.t_args("round-title", &[("number", n.to_string())]);
    let text = crate::web::run(move || public::calendar(&app, &access, &url, &round_title)).await?;
    Ok(attachment(
        text,
        "text/calendar; charset=utf-8",
        &format!("{slug}.ics"),
    ))
}

#[derive(Template)]
#[template(path = "public/prizes.html")]
struct PrizesPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    list: crate::service::prizes::PrizeListView,
}

/// `GET /events/{slug}/prizes`: the prize list (public once the event is finished or the list
/// is published; provisional until the end).
pub(crate) async fn prizes(
    req: HttpRequest,
    app: web::Data<App>,
    mut page: EventPage,
) -> Result<HttpResponse, WebError> {
    if let Some(r) = super::not_modified(&req, &mut page, PageKey::of(&req)).await {
        return Ok(r);
    }
    let access = page.access.clone();
    let app = app.into_inner();
    let list = crate::web::run(move || crate::service::prizes::prize_list(&app, &access)).await?;
    cached_html(
        &req,
        &page,
        &PrizesPage {
            c: &page.chrome,
            event: &page.access.event,
            list,
        },
    )
}

/// `GET /events/{slug}/prizes.csv`.
pub(crate) async fn prizes_csv(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let service = app.into_inner();
    let list =
        crate::web::run(move || crate::service::prizes::prize_list(&service, &access)).await?;
    let c = &page.chrome;
    let style = super::csv_style(&req, c.lang);
    let header = super::csv_header(
        style,
        c.lang,
        ["prize", "name", "amount", "currency", "goods", "shared_by"],
        [
            "prizes-prize",
            "col-name",
            "prizes-amount",
            "prizes-currency",
            "prizes-goods",
            "prizes-shared-by",
        ],
    );
    let prize = |a: &crate::service::prizes::AwardView| {
        let places: Vec<String> = a
            .places
            .iter()
            .map(|p| c.t1("prizes-place", "place", &p.to_string()))
            .collect();
        match &a.category {
            Some(category) => format!("{category}{} {}", c.colon(), places.join(", ")),
            None => places.join(", "),
        }
    };
    let text = std::sync::Arc::new(crate::service::prizes::csv(&list, &header, &prize, style));
    Ok(attachment(
        text,
        "text/csv; charset=utf-8",
        &format!("{}-prizes.csv", page.access.event.slug),
    ))
}
