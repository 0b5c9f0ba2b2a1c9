//! Paper at the venue: the slips that hand out personal links (a printable sheet with a QR code
//! per player, and a list to paste into messaging apps), and the page a scoresheet's QR code
//! opens, which leads the game's players to where the result is entered.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::public::qr_svg;
use super::{html, public_url, redirect};
use crate::domain::{GameId, PlayerStatus};
use crate::service::events::Event;
use crate::service::{App, ServiceError, games, players};
use crate::web::context::{Chrome, link_cookie, remembered_link};
use crate::web::errors::WebError;
use crate::web::event_context::{EventPage, OrganiserPage};
use crate::web::paths;
use crate::web::personal::PersonalLink;

/// One player's slip.
pub struct Slip {
    pub name: String,
    pub number: i32,
    pub url: String,
    /// The QR code of `url`, as SVG made here; `None` when the page was opened as the laptop
    /// itself, where no phone can open `url` (the page says so instead).
    pub qr: Option<String>,
}

#[derive(Template)]
#[template(path = "events/slips.html")]
struct SlipsPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    slips: Vec<Slip>,
    /// `Name (number): link` lines, for messaging apps (the organiser's sheet only).
    copy_list: Option<String>,
    /// The address the hall's phones open ([`super::phone_base`]).
    phones: Option<String>,
}

fn slip(
    req: &HttpRequest,
    app: &App,
    phones: Option<&str>,
    name: &str,
    number: i32,
    secret: &str,
) -> Result<Slip, WebError> {
    let url = public_url(req, app, &paths::personal(secret));
    Ok(Slip {
        name: name.to_string(),
        number,
        qr: match phones {
            Some(_) => Some(qr_svg(&url, 140)?),
            None => None,
        },
        url,
    })
}

/// `GET /events/{slug}/slips` (organisers): a slip per player who is not withdrawn.
pub(crate) async fn slips(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
) -> Result<HttpResponse, WebError> {
    let access = page.access.clone();
    let service = app.clone().into_inner();
    let entries = crate::web::run(move || players::list(&service, &access)).await?;
    let phones = super::phone_base(&req, &app);
    let mut slips = Vec::new();
    for p in entries
        .iter()
        .filter(|p| p.status != PlayerStatus::Withdrawn)
    {
        if let Some(secret) = &p.secret {
            slips.push(slip(
                &req,
                &app,
                phones.as_deref(),
                &p.name,
                p.number,
                secret,
            )?);
        }
    }
    // Links for messaging apps only when a phone can open them.
    let copy_list = phones.as_ref().map(|_| {
        slips
            .iter()
            .map(|s| format!("{} ({}): {}", s.name, s.number, s.url))
            .collect::<Vec<_>>()
            .join("\n")
    });
    Ok(no_store(html(&SlipsPage {
        c: &page.chrome,
        event: &page.access.event,
        slips,
        copy_list,
        phones,
    })?))
}

/// `GET /p/{secret}/slip`: the holder's own slip.
pub(crate) async fn own_slip(
    req: HttpRequest,
    app: web::Data<App>,
    link: PersonalLink,
) -> Result<HttpResponse, WebError> {
    let phones = super::phone_base(&req, &app);
    let one = slip(
        &req,
        &app,
        phones.as_deref(),
        &link.player.name,
        link.player.number,
        &link.secret,
    )?;
    Ok(no_store(html(&SlipsPage {
        c: &link.chrome,
        event: &link.access.event,
        slips: vec![one],
        copy_list: None,
        phones,
    })?))
}

/// Pages that carry personal links are never kept by caches.
pub(super) fn no_store(mut response: HttpResponse) -> HttpResponse {
    response.headers_mut().insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("no-store"),
    );
    response
}

#[derive(Template)]
#[template(path = "games/enter.html")]
struct EnterPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    game_id: GameId,
    board: i32,
    round: i32,
    names: (String, String),
    remembered: Option<Remembered>,
}

/// `GET /events/{slug}/games/{id}/enter`, where a scoresheet's QR code leads: a signed-in
/// player of the game goes to the game's page; the holder of one of its players' personal links
/// (remembered on this device) is offered to go on as that player; anyone else is told how.
pub(crate) async fn enter(
    req: HttpRequest,
    app: web::Data<App>,
    page: EventPage,
    path: web::Path<(String, GameId)>,
) -> Result<HttpResponse, WebError> {
    let (_, game_id) = path.into_inner();
    let user = page.chrome.user.clone();
    let remembered = remembered_link(&req);
    let service = app.into_inner();
    let event_id = page.access.event.id;
    let found = crate::web::run(move || {
        let (access, game, entries) = games::access_for_game(&service, game_id, user.as_ref())?;
        if access.event.id != event_id {
            return Err(ServiceError::NotFound);
        }
        let view = games::view(&service, &access, game_id, games::Viewer::Public)?;
        let by_link = match remembered {
            Some(secret) => players::by_secret(&service, &secret)
                .ok()
                .filter(|(_, entry)| entry.plays_in(&game))
                .map(|(_, entry)| (secret, entry.name)),
            None => None,
        };
        let signed_player = user.as_ref().is_some_and(|u| {
            entries
                .iter()
                .any(|p| p.plays_in(&game) && p.user_id == Some(u.id))
        });
        Ok((view, by_link, signed_player))
    })
    .await?;
    let (view, by_link, signed_player) = found;
    let slug = &page.access.event.slug;
    if signed_player {
        return Ok(redirect(&paths::game(slug, game_id)));
    }
    let name =
        |p: &Option<games::GamePlayer>| p.as_ref().map(|p| p.name.clone()).unwrap_or_default();
    // A device may be shared (a venue tablet): the remembered link's holder is asked to go on
    // as that player, never sent on unawares.
    let remembered = by_link.map(|(secret, player)| Remembered {
        path: paths::personal_game(&secret, game_id),
        name: player,
    });
    Ok(no_store(html(&EnterPage {
        c: &page.chrome,
        event: &page.access.event,
        game_id,
        board: view.board,
        round: view.round,
        names: (name(&view.first), name(&view.second)),
        remembered,
    })?))
}

/// The personal link this device remembers for one of the game's players.
struct Remembered {
    /// Its game page.
    path: String,
    /// The player's name.
    name: String,
}

/// Remembers the personal link just opened (see [`enter`]).
pub(crate) fn remember_link(req: &HttpRequest, response: &mut HttpResponse, secret: &str) {
    let _ = response.add_cookie(&link_cookie(req, secret));
}

#[derive(Template)]
#[template(path = "events/join.html")]
struct JoinPage<'a> {
    c: &'a Chrome,
    event: &'a Event,
    /// The address the hall's phones open ([`super::phone_base`]).
    phones: Option<String>,
    /// The sheet itself (after the organiser typed the network), or the form.
    sheet: Option<JoinSheet>,
}

/// The join sheet: the hall's Wi-Fi, with a code that joins it when a password was given, then
/// the site's address as a code and in large type.
struct JoinSheet {
    network: String,
    /// `WIFI:` code of the network, when its password was typed (or it is open).
    wifi_qr: Option<String>,
    site_qr: Option<String>,
}

#[derive(serde::Deserialize)]
pub struct JoinForm {
    #[serde(default)]
    network: String,
    #[serde(default)]
    password: String,
    /// Ticked: the network has no password.
    #[serde(default)]
    open: Option<String>,
}

/// `GET /events/{slug}/join` (organisers): the form for the join sheet (the hall's Wi-Fi).
pub(crate) async fn join_form(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
) -> Result<HttpResponse, WebError> {
    Ok(no_store(html(&JoinPage {
        c: &page.chrome,
        event: &page.access.event,
        phones: super::phone_base(&req, &app),
        sheet: None,
    })?))
}

/// `POST /events/{slug}/join` (organisers): the join sheet, to print and stick where the
/// players arrive. The Wi-Fi's password is written on the sheet and in its code, and kept
/// nowhere.
pub(crate) async fn join_sheet(
    req: HttpRequest,
    app: web::Data<App>,
    page: OrganiserPage,
    form: crate::web::context::CsrfForm<JoinForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.parsed()?;
    let network: String = form.network.trim().chars().take(64).collect();
    let password: String = form.password.chars().take(128).collect();
    let phones = super::phone_base(&req, &app);
    let wifi = if network.is_empty() || network.chars().any(char::is_control) {
        None
    } else if form.open.is_some() {
        Some(format!("WIFI:T:nopass;S:{};;", wifi_escaped(&network)))
    } else if !password.is_empty() && !password.chars().any(char::is_control) {
        Some(format!(
            "WIFI:T:WPA;S:{};P:{};;",
            wifi_escaped(&network),
            wifi_escaped(&password)
        ))
    } else {
        None
    };
    let sheet = JoinSheet {
        network,
        wifi_qr: wifi.map(|code| qr_svg(&code, 220)).transpose()?,
        site_qr: phones
            .as_deref()
            .map(|base| qr_svg(base, 260))
            .transpose()?,
    };
    Ok(no_store(html(&JoinPage {
        c: &page.chrome,
        event: &page.access.event,
        phones,
        sheet: Some(sheet),
    })?))
}

/// A text as a `WIFI:` code writes it: `\`, `;`, `,`, `:` and `"` escaped with a backslash.
fn wifi_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | ';' | ',' | ':' | '"') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_wifi_code_escapes_what_its_format_reads() {
        assert_eq!(
            super::wifi_escaped(r#"Sala "A"; 1:2,3\"#),
            r#"Sala \"A\"\; 1\:2\,3\\"#
        );
        assert_eq!(super::wifi_escaped("Kiela"), "Kiela");
    }
}
