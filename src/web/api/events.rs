//! `/api/v1/events/…`: events, players, rounds, standings and exports.

use std::sync::Arc;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};

use super::cache;
use super::paging::Paging;
use super::{ApiCreator, ApiError, ApiOrganiser, MaybeApiUser, json_body};
use crate::domain::{EventId, GameId, GameStatus, PlayerId, StoredResult};
use crate::service::access::{Access, EventRef};
use crate::service::events::{self, SettingsInput};
use crate::service::rounds::{self, RoundView};
use crate::service::{App, ServiceError, exports, overview, players, standings};
use crate::web::page_cache::PageKey;
use crate::web::pages::public_url;
use crate::web::paths;

async fn access(
    app: &web::Data<App>,
    id: EventId,
    user: Option<crate::service::accounts::User>,
) -> Result<Access, ApiError> {
    let app = app.clone().into_inner();
    Ok(crate::web::run(move || {
        crate::service::access::access(&app, EventRef::Id(id), user.as_ref())
    })
    .await?)
}

/// The event for a public read: a client without a token may be given the read this app server
/// made of it moments ago (within `public_cache_ms`), as the pages are.
async fn read_access(
    req: &HttpRequest,
    app: &web::Data<App>,
    id: EventId,
    user: Option<crate::service::accounts::User>,
) -> Result<Access, ApiError> {
    let shared = user.is_none();
    let recent = req
        .app_data::<web::Data<crate::web::event_context::RecentEvents>>()
        .cloned();
    let ttl = std::time::Duration::from_millis(app.config.public_cache_ms);
    let key = format!("#{id}");
    if shared
        && let Some(recent) = &recent
        && let Some(access) = recent.get(&key, ttl)
    {
        return Ok(access);
    }
    let access = access(app, id, user).await?;
    if shared && let Some(recent) = recent {
        recent.put(key, &access, ttl);
    }
    Ok(access)
}

/// What a public read renders: the extra headers, the body, and for a paged list the number
/// of its items (which bounds the pages worth naming).
type Read<T> = (Vec<(&'static str, String)>, T, Option<u64>);

/// A public read of event `id`: for a client without a token, the answer stored for the
/// event's current version if there is one; else `make` (on a blocking thread) gives the extra
/// headers and the body, which are stored for the next such client. A paged list is named by
/// its canonical paging ([`Paging::named`]); any other read by its path alone, whatever the
/// query says.
async fn public_read<T: Serialize + Send + 'static>(
    req: &HttpRequest,
    app: web::Data<App>,
    id: EventId,
    user: Option<crate::service::accounts::User>,
    paging: Option<Paging>,
    make: impl FnOnce(&App, &Access) -> Result<Read<T>, ServiceError> + Send + 'static,
) -> Result<HttpResponse, ApiError> {
    let anonymous = user.is_none();
    let access = read_access(req, &app, id, user).await?;
    let path = PageKey::of(req);
    let name = |total: Option<u64>| match paging {
        Some(paging) => paging.named(path.clone(), total),
        None => path.clone(),
    };
    let unnamed = cache::event(&access, path.clone());
    let mut named = cache::event(&access, name(cache::bound(req, &unnamed, anonymous)));
    let _turn = match cache::stored(req, &named, anonymous).await {
        cache::Lookup::Stored(stored) => return Ok(stored),
        cache::Lookup::Render(turn) => turn,
    };
    let service = app.into_inner();
    let for_make = access.clone();
    let (headers, body, total) = crate::web::run(move || make(&service, &for_make)).await?;
    if let Some(total) = total {
        cache::learn_bound(req, &unnamed, anonymous, total);
        named.key = name(Some(total));
    }
    cache::json(req, &named, anonymous, headers, &body)
}

#[derive(Serialize)]
struct Created {
    id: EventId,
    slug: String,
    url: String,
}

/// `POST /api/v1/events` (organisers).
pub(crate) async fn create(
    req: HttpRequest,
    app: web::Data<App>,
    ApiCreator(user): ApiCreator,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let body: SettingsInput = json_body(&req, &body)?;
    let service = app.clone().into_inner();
    let event = crate::web::run(move || events::create_event(&service, &user, &body)).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/api/v1/events/{}", event.id)))
        .json(Created {
            id: event.id,
            url: public_url(&req, &app, &paths::event(&event.slug)),
            slug: event.slug,
        }))
}

#[derive(Serialize)]
struct EventJson {
    #[serde(flatten)]
    event: events::Event,
    rounds_planned: i32,
    rounds_paired: usize,
    players: usize,
}

/// `GET /api/v1/events` — every event.
pub(crate) async fn list(req: HttpRequest, app: web::Data<App>) -> Result<HttpResponse, ApiError> {
    let paging = Paging::of(&req)?;
    let app = app.into_inner();
    let list = crate::web::run(move || events::list_events(&app)).await?;
    let total = list.len();
    Ok(paging
        .ok(&req, total)
        .json(serde_json::json!({ "events": paging.slice(list) })))
}

/// `GET /api/v1/events/{id}`.
pub(crate) async fn show(
    req: HttpRequest,
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    public_read(&req, app, path.into_inner(), user, None, |app, access| {
        let overview = overview::overview(app, access)?;
        let json = EventJson {
            rounds_planned: overview.planned,
            rounds_paired: overview.rounds.len(),
            players: overview.players.len(),
            event: access.event.clone(),
        };
        Ok((Vec::new(), json, None))
    })
    .await
}

/// `PATCH /api/v1/events/{id}` (organisers): the named settings change, with the settings
/// form's rules; the answer is the event as `GET` gives it.
pub(crate) async fn update(
    req: HttpRequest,
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let changes: serde_json::Map<String, serde_json::Value> = json_body(&req, &body)?;
    let app = app.into_inner();
    let json = crate::web::run(move || {
        let event = events::patch_event(&app, &access, &changes)?;
        let access = crate::service::access::Access { event, ..access };
        let overview = overview::overview(&app, &access)?;
        Ok::<_, crate::service::ServiceError>(EventJson {
            rounds_planned: overview.planned,
            rounds_paired: overview.rounds.len(),
            players: overview.players.len(),
            event: access.event,
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(json))
}

#[derive(Serialize)]
struct PlayerCreated {
    id: PlayerId,
    pairing_number: i32,
    /// Entries this one looks like (same name and club, or same e-mail address).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<crate::service::duplicates::DuplicateWarning>,
}

/// `POST /api/v1/events/{id}/players` (organisers).
pub(crate) async fn add_player(
    req: HttpRequest,
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let body: crate::service::entrant::PlayerInput = json_body(&req, &body)?;
    let app = app.into_inner();
    let event_id = access.event.id;
    let (player, warnings) =
        crate::web::run(move || players::add_player(&app, &access, &body)).await?;
    Ok(HttpResponse::Created()
        .insert_header((
            header::LOCATION,
            format!("/api/v1/events/{event_id}/players/{}", player.id),
        ))
        .json(PlayerCreated {
            id: player.id,
            pairing_number: player.number,
            warnings,
        }))
}

/// `GET /api/v1/events/{id}/players`.
pub(crate) async fn list_players(
    req: HttpRequest,
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let paging = Paging::of(&req)?;
    let links = req.path().to_string();
    public_read(
        &req,
        app,
        path.into_inner(),
        user,
        Some(paging),
        move |app, access| {
            let list = players::list(app, access)?;
            let total = list.len();
            let headers = paging.headers(&links, total);
            Ok((
                headers,
                serde_json::json!({ "players": paging.slice(list) }),
                Some(total as u64),
            ))
        },
    )
    .await
}

/// `GET /api/v1/events/{id}/players/{pid}`: one entry, as the list shows it.
pub(crate) async fn show_player(
    req: HttpRequest,
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<(EventId, PlayerId)>,
) -> Result<HttpResponse, ApiError> {
    let (id, pid) = path.into_inner();
    public_read(&req, app, id, user, None, move |app, access| {
        let player = players::list(app, access)?
            .into_iter()
            .find(|p| p.id == pid)
            .ok_or(ServiceError::NotFound)?;
        Ok((Vec::new(), player, None))
    })
    .await
}

/// `POST /api/v1/events/{id}/players/{pid}/withdraw` (organisers).
pub(crate) async fn withdraw(
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    path: web::Path<(EventId, PlayerId)>,
) -> Result<HttpResponse, ApiError> {
    let (_, pid) = path.into_inner();
    let app = app.into_inner();
    crate::web::run(move || players::withdraw(&app, &access, pid)).await?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "id": pid, "status": crate::domain::PlayerStatus::Withdrawn })))
}

#[derive(Deserialize)]
pub struct ByeBody {
    round: i32,
    points: String,
}

/// `POST /api/v1/events/{id}/players/{pid}/byes` (organisers) `{"round":3,"points":"half"}`.
pub(crate) async fn bye(
    req: HttpRequest,
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    path: web::Path<(EventId, PlayerId)>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let body: ByeBody = json_body(&req, &body)?;
    let (_, pid) = path.into_inner();
    let app = app.into_inner();
    let (round, points) = (body.round, body.points.clone());
    crate::web::run(move || {
        players::bye_kind(&points)
            .and_then(|kind| players::request_bye(&app, &access, pid, round, kind))
    })
    .await?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "id": pid, "round": round, "points": body.points })))
}

#[derive(Deserialize)]
pub struct AccountBody {
    email: String,
}

/// `PUT /api/v1/events/{id}/players/{pid}/account` (organisers) `{"email":"…"}`: binds the
/// entry to the account with that address. Never done by the e-mail address alone.
pub(crate) async fn link_account(
    req: HttpRequest,
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    path: web::Path<(EventId, PlayerId)>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let AccountBody { email } = json_body(&req, &body)?;
    let (_, pid) = path.into_inner();
    let app = app.into_inner();
    let shown = email.trim().to_lowercase();
    crate::web::run(move || players::link_account(&app, &access, pid, &email)).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "id": pid, "account": shown })))
}

/// `DELETE /api/v1/events/{id}/players/{pid}/account` (organisers).
pub(crate) async fn unlink_account(
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    path: web::Path<(EventId, PlayerId)>,
) -> Result<HttpResponse, ApiError> {
    let (_, pid) = path.into_inner();
    let app = app.into_inner();
    crate::web::run(move || players::unlink_account(&app, &access, pid)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `GET /api/v1/events/{id}/players/{pid}/link` (organisers): the personal link.
pub(crate) async fn personal_link(
    req: HttpRequest,
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    path: web::Path<(EventId, PlayerId)>,
) -> Result<HttpResponse, ApiError> {
    let (_, pid) = path.into_inner();
    let service = app.clone().into_inner();
    let secret = crate::web::run(move || players::personal_secret(&service, &access, pid)).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "url": public_url(&req, &app, &paths::personal(&secret))
    })))
}

/// What to do with the account bound through the old personal link.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ReissueBody {
    #[serde(default)]
    claim: Option<crate::domain::ClaimOnReissue>,
}

/// `POST /api/v1/events/{id}/players/{pid}/link` (organisers), optionally
/// `{"claim": "keep"|"end"}`: a new personal link; the old one answers 404 from now on. An
/// account bound through a claim made with the old link is unbound unless `keep` is asked; one
/// the organiser linked is kept unless `end` is.
pub(crate) async fn reissue_link(
    req: HttpRequest,
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
    path: web::Path<(EventId, PlayerId)>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let ReissueBody { claim } = if body.is_empty() {
        ReissueBody::default()
    } else {
        json_body(&req, &body)?
    };
    let (_, pid) = path.into_inner();
    let service = app.clone().into_inner();
    let secret =
        crate::web::run(move || players::reissue_link(&service, &access, pid, claim)).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "url": public_url(&req, &app, &paths::personal(&secret))
    })))
}

#[derive(Serialize)]
struct PairingJson {
    board: i32,
    game_id: GameId,
    first: Option<PlayerJson>,
    second: Option<PlayerJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bracket_match: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game_number: Option<i32>,
    status: GameStatus,
    result: Option<StoredResult>,
}

#[derive(Serialize)]
struct PlayerJson {
    id: PlayerId,
    name: String,
}

fn pairings(round: &RoundView) -> Vec<PairingJson> {
    round
        .boards
        .iter()
        .map(|b| PairingJson {
            board: b.board,
            game_id: b.game_id,
            first: b.first.as_ref().map(|p| PlayerJson {
                id: p.id,
                name: p.name.clone(),
            }),
            second: b.second.as_ref().map(|p| PlayerJson {
                id: p.id,
                name: p.name.clone(),
            }),
            bracket_match: b.bracket_code.clone(),
            game_number: b.bracket_code.as_ref().map(|_| b.game_no),
            status: b.status,
            result: b.result,
        })
        .collect()
}

/// `POST /api/v1/events/{id}/rounds` (organisers): pairs and publishes the next round.
pub(crate) async fn pair(
    app: web::Data<App>,
    ApiOrganiser(access): ApiOrganiser,
) -> Result<HttpResponse, ApiError> {
    let app = app.into_inner();
    let event_id = access.event.id;
    let round = crate::web::run(move || rounds::pair_and_publish(&app, &access)).await?;
    Ok(HttpResponse::Created()
        .insert_header((
            header::LOCATION,
            format!("/api/v1/events/{event_id}/rounds/{}", round.number),
        ))
        .json(round_json(&round)))
}

/// A round as the API answers it, after pairing it and when asked for it.
fn round_json(round: &RoundView) -> serde_json::Value {
    serde_json::json!({
        "round": round.number,
        "state": round.state,
        "stage": round.stage,
        "starts_at": round.starts_at.map(crate::domain::utc::rfc3339),
        "pairings": pairings(round),
    })
}

/// `GET /api/v1/events/{id}/rounds/{n}`.
pub(crate) async fn round(
    req: HttpRequest,
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<(EventId, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (id, number) = path.into_inner();
    public_read(&req, app, id, user, None, move |app, access| {
        let round = rounds::view(app, access, number)?;
        Ok((Vec::new(), round_json(&round), None))
    })
    .await
}

/// `GET /api/v1/events/{id}/standings`.
pub(crate) async fn standings(
    req: HttpRequest,
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let paging = Paging::of(&req)?;
    let links = req.path().to_string();
    public_read(
        &req,
        app,
        path.into_inner(),
        user,
        Some(paging),
        move |app, access| {
            let view = standings::get(app, access)?;
            let rows: Vec<serde_json::Value> = view
                .rows
                .iter()
                .map(|r| {
                    let tiebreaks: Vec<serde_json::Value> = view
                        .tiebreaks
                        .iter()
                        .zip(&r.values)
                        .map(|(t, v)| serde_json::json!({"code": t.code(), "value": v}))
                        .collect();
                    let mut row = serde_json::json!({
                        "rank": r.rank,
                        "player_id": r.player_id,
                        "pairing_number": r.number,
                        "name": r.name,
                        "points": r.points,
                        "tiebreaks": tiebreaks,
                        "played": r.played,
                        "won": r.won,
                    });
                    // What the knockout gave the player (a finished event places them by it).
                    if let Some(run) = &r.knockout {
                        row["knockout"] = serde_json::json!(run);
                    }
                    // A finished event's rows are its final ranking: a place, and a band's end.
                    if view.final_ranking {
                        row["place"] = r.rank.into();
                        if r.place_to > r.rank {
                            row["place_to"] = r.place_to.into();
                        }
                    }
                    row
                })
                .collect();
            let total = rows.len();
            let headers = paging.headers(&links, total);
            Ok((
                headers,
                serde_json::json!({
                    "after_round": view.after_round,
                    "results": view.results,
                    "updating": view.updating,
                    "final": view.final_ranking,
                    "rows": paging.slice(rows),
                }),
                Some(total as u64),
            ))
        },
    )
    .await
}

/// `GET /api/v1/events/{id}/export.trf`.
pub(crate) async fn export_trf(
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let access = access(&app, path.into_inner(), user).await?;
    let slug = access.event.slug.clone();
    let app = app.into_inner();
    let text = crate::web::run(move || exports::trf_export(&app, &access)).await?;
    Ok(attachment(
        text,
        "text/plain; charset=utf-8",
        &format!("{slug}.trf"),
    ))
}

/// `GET /api/v1/events/{id}/export.csv`.
pub(crate) async fn export_csv(
    app: web::Data<App>,
    MaybeApiUser(user): MaybeApiUser,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let access = access(&app, path.into_inner(), user).await?;
    let slug = access.event.slug.clone();
    let app = app.into_inner();
    let text = crate::web::run(move || {
        exports::standings_csv(
            &app,
            &access,
            &exports::StandingsCsvWords::plain(),
            crate::service::csv::CsvStyle::Plain,
        )
    })
    .await?;
    Ok(attachment(
        text,
        "text/csv; charset=utf-8",
        &format!("{slug}-standings.csv"),
    ))
}

/// A downloadable file, sent from the shared copy the service keeps (never copied).
#[must_use]
pub(crate) fn attachment(body: Arc<String>, content_type: &str, filename: &str) -> HttpResponse {
    HttpResponse::build(StatusCode::OK)
        .content_type(content_type.to_string())
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{filename}\""),
        ))
        .body(web::Bytes::from_owner(SharedText(body)))
}

/// A shared text as the bytes of a body.
struct SharedText(Arc<String>);

impl AsRef<[u8]> for SharedText {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}
