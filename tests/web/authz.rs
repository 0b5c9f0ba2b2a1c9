//! The authorization matrix: every route of the route table (`kiela::web::routes::ROUTES`, the
//! list the server is configured from, so a new route cannot slip through) called as the
//! public, a player, the opponent, another player, an arbiter, the event's organiser, another
//! event's organiser and an administrator, each answer checked against the table below.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::json;

use crate::harness::{Backend, Browser, Resp, TestApp, extract_csrf};

/// The eight visitors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    Public,
    Player,
    Opponent,
    OtherPlayer,
    Arbiter,
    Organiser,
    OtherOrganiser,
    Admin,
}

pub const ROLES: [Role; 8] = [
    Role::Public,
    Role::Player,
    Role::Opponent,
    Role::OtherPlayer,
    Role::Arbiter,
    Role::Organiser,
    Role::OtherOrganiser,
    Role::Admin,
];

/// Who may use a route.
#[derive(Clone, Copy, Debug)]
pub enum Who {
    /// Everyone, signed in or not.
    Any,
    /// Any signed-in account.
    Signed,
    /// Accounts that may create events (organisers and administrators).
    Creator,
    Admin,
    /// The event's organisers (and administrators).
    EventOrganiser,
    /// The event's arbiters and organisers (and administrators).
    EventArbiter,
    /// The game's two players and the event's staff.
    GameParty,
    /// Only the game's two players.
    GamePlayers,
    /// Whoever holds the player's personal link.
    Secret,
    /// Whoever holds the personal link, signed in ("this is me").
    SecretSigned,
    /// Whoever holds the personal link, except the game's other player signed in: nobody acts
    /// on their own game through the opponent's link.
    SecretNotOpponent,
}

impl Who {
    pub fn allows(self, role: Role) -> bool {
        use Role::{Admin, Arbiter, Opponent, Organiser, OtherOrganiser, Player, Public};
        match self {
            Who::Any | Who::Secret => true,
            Who::SecretNotOpponent => role != Opponent,
            Who::Signed | Who::SecretSigned => role != Public,
            Who::Creator => matches!(role, Organiser | OtherOrganiser | Admin),
            Who::Admin => role == Admin,
            Who::EventOrganiser => matches!(role, Organiser | Admin),
            Who::EventArbiter => matches!(role, Arbiter | Organiser | Admin),
            Who::GameParty => matches!(role, Player | Opponent | Arbiter | Organiser | Admin),
            Who::GamePlayers => matches!(role, Player | Opponent),
        }
    }
}

/// The table: every route and who may use it.
pub const TABLE: &[(&str, Who)] = &[
    ("GET /", Who::Any),
    ("GET /healthz", Who::Any),
    ("GET /static/{name}", Who::Any),
    ("GET /signup", Who::Any),
    ("POST /signup", Who::Any),
    ("GET /login", Who::Any),
    ("POST /login", Who::Any),
    // Logging out without a session is harmless and answers like a logout.
    ("POST /logout", Who::Any),
    ("GET /account", Who::Signed),
    ("GET /me", Who::Signed),
    ("POST /account/password", Who::Signed),
    ("POST /account/email", Who::Signed),
    ("GET /account/email/{token}", Who::Any),
    ("POST /account/email/{token}", Who::Any),
    ("POST /account/tokens", Who::Signed),
    ("POST /account/tokens/{id}/revoke", Who::Signed),
    ("GET /admin/users", Who::Admin),
    ("POST /admin/users/{id}/role", Who::Admin),
    ("POST /admin/users/{id}/reset-link", Who::Admin),
    ("GET /reset/{token}", Who::Any),
    ("POST /reset/{token}", Who::Any),
    ("GET /forgot", Who::Any),
    ("POST /forgot", Who::Any),
    ("GET /unsubscribe/{token}", Who::Any),
    ("POST /unsubscribe/{token}", Who::Any),
    ("POST /admin/registry", Who::Admin),
    ("POST /admin/venues/{code}/approve", Who::Admin),
    ("POST /players/{federation_id}/proposals/{id}", Who::Admin),
    ("POST /admin/venues/{code}/forget", Who::Admin),
    ("GET /events", Who::Any),
    ("GET /players", Who::Any),
    ("GET /practice", Who::Any),
    ("POST /practice", Who::Any),
    ("GET /practice/record.kgn", Who::Any),
    ("GET /players/{federation_id}", Who::Any),
    ("GET /players/{federation_id}/fair-play", Who::Admin),
    ("POST /players/{federation_id}/merge", Who::Admin),
    ("GET /ratings", Who::Any),
    ("GET /circuits/new", Who::Creator),
    ("POST /circuits", Who::Creator),
    ("GET /circuits/{slug}", Who::Any),
    ("POST /circuits/{slug}/final", Who::Signed),
    ("GET /ratings.csv", Who::Any),
    ("POST /events", Who::Creator),
    ("POST /events/demo", Who::Creator),
    ("GET /events/new", Who::Creator),
    ("GET /events/import", Who::Creator),
    ("POST /events/import", Who::Creator),
    ("POST /events/import/file", Who::Creator),
    ("GET /events/import-archive", Who::Creator),
    ("POST /events/import-archive", Who::Creator),
    ("GET /events/{slug}", Who::Any),
    ("GET /events/{slug}/standings", Who::Any),
    ("GET /events/{slug}/rounds/{n}", Who::Any),
    ("GET /events/{slug}/games/{id}", Who::Any),
    ("GET /events/{slug}/players", Who::Any),
    ("GET /events/{slug}/players/{pid}", Who::Any),
    ("GET /events/{slug}/crosstable", Who::Any),
    ("GET /events/{slug}/bracket", Who::Any),
    ("GET /events/{slug}/version", Who::Any),
    ("GET /events/{slug}/games.kgn", Who::Any),
    ("GET /events/{slug}/tournament.trf", Who::Any),
    ("GET /events/{slug}/standings.csv", Who::Any),
    ("GET /events/{slug}/prizes", Who::Any),
    ("GET /events/{slug}/rating", Who::Any),
    ("POST /events/{slug}/rating", Who::Admin),
    ("POST /events/{slug}/rating/remove", Who::Admin),
    ("POST /events/{slug}/rating/accept", Who::Admin),
    ("GET /events/{slug}/prizes.csv", Who::Any),
    ("GET /events/{slug}/calendar.ics", Who::Any),
    ("GET /events/{slug}/rounds/{n}/why", Who::Any),
    ("GET /events/{slug}/rounds/{n}/scoresheets", Who::Any),
    ("GET /events/{slug}/games/{id}/qr.svg", Who::Any),
    // Where a scoresheet's QR code leads: it sends the game's players on, tells anyone else.
    ("GET /events/{slug}/games/{id}/enter", Who::Any),
    ("GET /events/{slug}/slips", Who::EventOrganiser),
    ("GET /events/{slug}/join", Who::EventOrganiser),
    ("POST /events/{slug}/join", Who::EventOrganiser),
    ("POST /events/{slug}/players", Who::EventOrganiser),
    ("POST /events/{slug}/players/import", Who::EventOrganiser),
    (
        "POST /events/{slug}/players/{pid}/withdraw",
        Who::EventOrganiser,
    ),
    (
        "POST /events/{slug}/players/{pid}/approve",
        Who::EventOrganiser,
    ),
    (
        "POST /events/{slug}/players/{pid}/reject",
        Who::EventOrganiser,
    ),
    (
        "POST /events/{slug}/players/{pid}/edit",
        Who::EventOrganiser,
    ),
    (
        "POST /events/{slug}/players/{pid}/remove",
        Who::EventOrganiser,
    ),
    ("POST /events/{slug}/players/{pid}/bye", Who::EventOrganiser),
    (
        "POST /events/{slug}/players/{pid}/link",
        Who::EventOrganiser,
    ),
    (
        "POST /events/{slug}/players/{pid}/unlink",
        Who::EventOrganiser,
    ),
    (
        "POST /events/{slug}/players/{pid}/reissue",
        Who::EventOrganiser,
    ),
    // Arbiters check players in at the venue.
    (
        "POST /events/{slug}/players/{pid}/checkin",
        Who::EventArbiter,
    ),
    ("GET /events/{slug}/manage", Who::EventOrganiser),
    ("POST /events/{slug}/settings", Who::EventOrganiser),
    ("POST /events/{slug}/push", Who::EventOrganiser),
    ("POST /events/{slug}/held/accept", Who::EventOrganiser),
    ("POST /events/{slug}/held/refuse", Who::EventOrganiser),
    ("POST /events/{slug}/venue-decisions", Who::EventOrganiser),
    ("POST /events/{slug}/hand-over", Who::Admin),
    ("POST /events/{slug}/withdraw-import", Who::Admin),
    ("GET /events/{slug}/archive.kiela", Who::EventOrganiser),
    ("GET /events/{slug}/prizes/edit", Who::EventOrganiser),
    ("POST /events/{slug}/prizes", Who::EventOrganiser),
    ("GET /events/{slug}/mail", Who::EventOrganiser),
    ("POST /events/{slug}/mail/choice", Who::EventOrganiser),
    ("POST /events/{slug}/mail/notice", Who::EventOrganiser),
    ("POST /events/{slug}/mail/{mid}/again", Who::EventOrganiser),
    ("POST /events/{slug}/staff", Who::EventOrganiser),
    (
        "POST /events/{slug}/staff/{uid}/remove",
        Who::EventOrganiser,
    ),
    ("GET /events/{slug}/register", Who::Signed),
    ("POST /events/{slug}/register", Who::Signed),
    ("GET /events/{slug}/audit", Who::EventArbiter),
    ("GET /events/{slug}/queue", Who::EventArbiter),
    ("GET /events/{slug}/fair-play", Who::EventArbiter),
    ("POST /events/{slug}/fair-play/first", Who::EventArbiter),
    (
        "GET /events/{slug}/fair-play/players/{pid}",
        Who::EventArbiter,
    ),
    (
        "POST /events/{slug}/fair-play/players/{pid}/decision",
        Who::EventArbiter,
    ),
    ("POST /events/{slug}/rounds", Who::EventOrganiser),
    ("GET /events/{slug}/rounds/{n}/sheet", Who::Any),
    (
        "POST /events/{slug}/rounds/{n}/publish",
        Who::EventOrganiser,
    ),
    (
        "POST /events/{slug}/rounds/{n}/discard",
        Who::EventOrganiser,
    ),
    (
        "POST /events/{slug}/rounds/{n}/withdraw",
        Who::EventOrganiser,
    ),
    ("POST /events/{slug}/rounds/{n}/repair", Who::EventOrganiser),
    (
        "POST /events/{slug}/rounds/{n}/pairings",
        Who::EventOrganiser,
    ),
    ("POST /events/{slug}/rounds/{n}/swap", Who::EventOrganiser),
    (
        "POST /events/{slug}/rounds/{n}/exchange",
        Who::EventOrganiser,
    ),
    ("POST /events/{slug}/rounds/{n}/start", Who::EventOrganiser),
    ("POST /events/{slug}/games/{id}/record", Who::GameParty),
    ("POST /events/{slug}/games/{id}/upload", Who::GameParty),
    ("POST /events/{slug}/games/{id}/confirm", Who::GameParty),
    ("POST /events/{slug}/games/{id}/dispute", Who::GamePlayers),
    ("POST /events/{slug}/games/{id}/decide", Who::EventArbiter),
    (
        "POST /events/{slug}/games/{id}/adjudicate",
        Who::EventArbiter,
    ),
    (
        "POST /events/{slug}/games/{id}/adjudication/{aid}",
        Who::EventArbiter,
    ),
    ("POST /events/{slug}/games/{id}/correct", Who::EventArbiter),
    ("POST /events/{slug}/games/{id}/accept", Who::EventArbiter),
    ("GET /events/{slug}/games/{id}/board", Who::GameParty),
    ("POST /events/{slug}/games/{id}/board", Who::GameParty),
    ("GET /events/{slug}/games/{id}/play", Who::GameParty),
    ("GET /events/{slug}/games/{id}/moves", Who::GameParty),
    ("POST /events/{slug}/games/{id}/moves", Who::GameParty),
    ("POST /events/{slug}/games/{id}/takeback", Who::EventArbiter),
    ("GET /events/{slug}/games/{id}/stream", Who::Any),
    ("GET /events/{slug}/rounds/{n}/live", Who::Any),
    ("GET /events/{slug}/rounds/{n}/stream", Who::Any),
    ("GET /p/{secret}", Who::Secret),
    ("GET /p/{secret}/games.json", Who::Secret),
    ("GET /p/{secret}/slip", Who::Secret),
    ("POST /p/{secret}/claim", Who::SecretSigned),
    ("GET /p/{secret}/games/{id}", Who::SecretNotOpponent),
    ("POST /p/{secret}/games/{id}/record", Who::SecretNotOpponent),
    ("POST /p/{secret}/games/{id}/upload", Who::SecretNotOpponent),
    (
        "POST /p/{secret}/games/{id}/confirm",
        Who::SecretNotOpponent,
    ),
    (
        "POST /p/{secret}/games/{id}/dispute",
        Who::SecretNotOpponent,
    ),
    ("GET /p/{secret}/games/{id}/board", Who::SecretNotOpponent),
    ("POST /p/{secret}/games/{id}/board", Who::SecretNotOpponent),
    ("GET /p/{secret}/games/{id}/play", Who::SecretNotOpponent),
    ("GET /p/{secret}/games/{id}/moves", Who::SecretNotOpponent),
    ("POST /p/{secret}/games/{id}/moves", Who::SecretNotOpponent),
    ("GET /p/{secret}/games/{id}/stream", Who::SecretNotOpponent),
    ("GET /api/v1/openapi.json", Who::Any),
    ("GET /api/v1/events", Who::Any),
    ("POST /api/v1/events", Who::Creator),
    ("GET /api/v1/events/{id}", Who::Any),
    ("PATCH /api/v1/events/{id}", Who::EventOrganiser),
    ("DELETE /api/v1/events/{id}", Who::Admin),
    ("PUT /api/v1/events/{id}/owner", Who::Admin),
    ("POST /api/v1/events/{id}/held-archive", Who::EventOrganiser),
    (
        "DELETE /api/v1/events/{id}/held-archive",
        Who::EventOrganiser,
    ),
    (
        "PUT /api/v1/events/{id}/venue-decisions",
        Who::EventOrganiser,
    ),
    ("GET /api/v1/events/{id}/archive", Who::EventOrganiser),
    ("POST /api/v1/archives", Who::Creator),
    ("GET /api/v1/registry/export", Who::Any),
    ("GET /api/v1/events/{id}/players", Who::Any),
    ("POST /api/v1/events/{id}/players", Who::EventOrganiser),
    ("GET /api/v1/events/{id}/players/{pid}", Who::Any),
    (
        "POST /api/v1/events/{id}/players/{pid}/withdraw",
        Who::EventOrganiser,
    ),
    (
        "POST /api/v1/events/{id}/players/{pid}/byes",
        Who::EventOrganiser,
    ),
    (
        "PUT /api/v1/events/{id}/players/{pid}/account",
        Who::EventOrganiser,
    ),
    (
        "DELETE /api/v1/events/{id}/players/{pid}/account",
        Who::EventOrganiser,
    ),
    (
        "GET /api/v1/events/{id}/players/{pid}/link",
        Who::EventOrganiser,
    ),
    (
        "POST /api/v1/events/{id}/players/{pid}/link",
        Who::EventOrganiser,
    ),
    ("POST /api/v1/events/{id}/rounds", Who::EventOrganiser),
    ("GET /api/v1/events/{id}/rounds/{n}", Who::Any),
    ("GET /api/v1/events/{id}/standings", Who::Any),
    ("GET /api/v1/events/{id}/export.trf", Who::Any),
    ("GET /api/v1/events/{id}/export.csv", Who::Any),
    ("GET /api/v1/games/{id}", Who::Any),
    ("POST /api/v1/games/{id}/record", Who::GameParty),
    ("POST /api/v1/games/{id}/confirm", Who::GameParty),
    ("POST /api/v1/games/{id}/dispute", Who::GamePlayers),
    ("POST /api/v1/games/{id}/decision", Who::EventArbiter),
    ("GET /api/v1/games/{id}/adjudication", Who::EventArbiter),
    ("POST /api/v1/games/{id}/adjudication", Who::EventArbiter),
    (
        "POST /api/v1/games/{id}/adjudication/{aid}/decision",
        Who::EventArbiter,
    ),
    ("POST /api/v1/games/{id}/correction", Who::EventArbiter),
    ("POST /api/v1/games/{id}/moves", Who::GameParty),
    ("POST /api/v1/games/{id}/takeback", Who::EventArbiter),
    ("GET /api/v1/games/{id}/live", Who::Any),
    ("GET /api/v1/events/{id}/rounds/{n}/live", Who::Any),
    ("GET /api/v1/games/{id}/submissions", Who::EventArbiter),
    (
        "POST /api/v1/games/{id}/submissions/{sid}/accept",
        Who::EventArbiter,
    ),
    (
        "PATCH /api/v1/events/{id}/players/{pid}",
        Who::EventOrganiser,
    ),
    (
        "DELETE /api/v1/events/{id}/players/{pid}",
        Who::EventOrganiser,
    ),
    ("DELETE /api/v1/events/{id}/rounds/{n}", Who::EventOrganiser),
    (
        "PUT /api/v1/events/{id}/rounds/{n}/pairings",
        Who::EventOrganiser,
    ),
    ("GET /api/v1/me/games", Who::Signed),
    ("GET /api/v1/ratings", Who::Any),
    ("POST /api/v1/circuits", Who::Creator),
    ("GET /api/v1/circuits/{id}", Who::Any),
    ("POST /api/v1/circuits/{id}/final", Who::Signed),
    ("POST /api/v1/events/{id}/rating", Who::Admin),
    ("DELETE /api/v1/events/{id}/rating", Who::Admin),
    ("GET /api/v1/events/{id}/rating", Who::Any),
    ("GET /api/v1/events/{id}/fair-play", Who::EventArbiter),
    (
        "GET /api/v1/events/{id}/fair-play/players/{pid}",
        Who::EventArbiter,
    ),
    (
        "POST /api/v1/events/{id}/fair-play/players/{pid}/decision",
        Who::EventArbiter,
    ),
    ("POST /api/v1/events/{id}/rating/changes", Who::Admin),
    ("GET /api/v1/registry", Who::Any),
    ("GET /api/v1/registry/{federation_id}", Who::Any),
    ("POST /api/v1/registry/{federation_id}/merge", Who::Admin),
    // A prize list is public once the event ends (or is published); the fixture has none.
    ("GET /api/v1/events/{id}/prizes", Who::Any),
    ("PUT /api/v1/events/{id}/prizes", Who::EventOrganiser),
];

/// Routes that change the fixture for the calls after them, in the order they run, last.
const LAST: &[&str] = &[
    "PUT /api/v1/events/{id}/rounds/{n}/pairings",
    "POST /events/{slug}/rounds/{n}/pairings",
    "POST /events/{slug}/rounds/{n}/repair",
    "DELETE /api/v1/events/{id}/rounds/{n}",
    "POST /events/{slug}/rounds/{n}/withdraw",
    "DELETE /api/v1/events/{id}/players/{pid}",
    "POST /events/{slug}/players/{pid}/remove",
    "POST /logout",
];

/// Every route the server serves, as "METHOD /full/path", from the route table itself.
pub fn served_routes() -> BTreeSet<String> {
    kiela::web::routes::ROUTES
        .iter()
        .map(|r| {
            let path = if r.path.is_empty() { "/" } else { r.path };
            format!("{} {path}", r.method)
        })
        .collect()
}

/// The fixture: an event with a published round whose board 1 is Player v Opponent, another
/// player, an arbiter, and a second organiser with an event of their own.
pub struct World {
    pub slug: String,
    pub event: i64,
    pub game: i64,
    pub other_player: i64,
    pub secret: String,
    pub browsers: BTreeMap<Role, Browser<'static>>,
    pub tokens: BTreeMap<Role, String>,
}

pub async fn world(app: &TestApp) -> World {
    let service = &app.app;
    let mut tokens = BTreeMap::new();
    let mut browsers = BTreeMap::new();
    for (role, email, global) in [
        (Role::Player, "player@example.ao", "player"),
        (Role::Opponent, "opponent@example.ao", "player"),
        (Role::OtherPlayer, "other@example.ao", "player"),
        (Role::Arbiter, "arbiter@example.ao", "arbiter"),
        (Role::Organiser, "org@example.ao", "organiser"),
        (Role::OtherOrganiser, "org2@example.ao", "organiser"),
        (Role::Admin, "admin@example.ao", "admin"),
    ] {
        kiela::service::accounts::create_user(
            service,
            email,
            &format!("{role:?}"),
            global.parse().unwrap(),
            "a-long-password",
        )
        .unwrap();
        tokens.insert(
            role,
            kiela::service::accounts::create_api_token_for(service, email, "matrix").unwrap(),
        );
        let browser = Browser::at(&app.base);
        assert_eq!(browser.log_in(email, "a-long-password").await.status, 303);
        browsers.insert(role, browser);
    }
    browsers.insert(Role::Public, Browser::at(&app.base));
    let api = Browser::at(&app.base);
    let org = tokens[&Role::Organiser].clone();
    let created = api
        .api(
            "POST",
            "/api/v1/events",
            Some(&org),
            Some(json!({"name": "Matriz", "format": "swiss", "rounds": 3})),
        )
        .await
        .json();
    let event = created["id"].as_i64().unwrap();
    let slug = created["slug"].as_str().unwrap().to_string();
    let mut ids = BTreeMap::new();
    for (role, email, rating) in [
        (Role::Player, "player@example.ao", 2000),
        (Role::OtherPlayer, "other@example.ao", 1900),
        (Role::Opponent, "opponent@example.ao", 1800),
    ] {
        let added = api
            .api(
                "POST",
                &format!("/api/v1/events/{event}/players"),
                Some(&org),
                Some(json!({"name": format!("{role:?}"), "rating": rating, "email": email})),
            )
            .await;
        assert_eq!(added.status, 201, "{}", added.body);
        let id = added.json()["id"].as_i64().unwrap();
        crate::harness::link_account(&api, &org, event, id, email).await;
        ids.insert(role, id);
    }
    // The fourth player makes an even field: 1 v 3 (Player v Opponent), 2 v 4.
    api.api(
        "POST",
        &format!("/api/v1/events/{event}/players"),
        Some(&org),
        Some(json!({"name": "Fourth", "rating": 1700})),
    )
    .await;
    // The arbiter joins the event's staff through the organiser's form.
    let organiser = &browsers[&Role::Organiser];
    let staff = organiser
        .post_form(
            &format!("/events/{slug}/staff"),
            &[("email", "arbiter@example.ao"), ("role", "arbiter")],
        )
        .await;
    assert_eq!(staff.status, 303, "{}", staff.body);
    let round = api
        .api(
            "POST",
            &format!("/api/v1/events/{event}/rounds"),
            Some(&org),
            None,
        )
        .await
        .json();
    let board = round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["first"]["id"].as_i64() == Some(ids[&Role::Player]))
        .expect("Player moves first on board 1")
        .clone();
    assert_eq!(board["second"]["id"].as_i64(), Some(ids[&Role::Opponent]));
    let game = board["game_id"].as_i64().unwrap();
    // The other organiser has an event of their own.
    api.api(
        "POST",
        "/api/v1/events",
        Some(&tokens[&Role::OtherOrganiser]),
        Some(json!({"name": "Outro"})),
    )
    .await;
    // The player's personal link, as the organiser's page shows it.
    let manage = organiser.get(&format!("/events/{slug}/manage")).await;
    let secret = manage
        .body
        .split("/p/")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap()
        .to_string();
    World {
        slug,
        event,
        game,
        other_player: ids[&Role::OtherPlayer],
        secret,
        browsers,
        tokens,
    }
}

pub fn fill(path: &str, w: &World) -> String {
    let api = path.starts_with("/api/");
    path.replace("{slug}", &w.slug)
        .replace("{name}", "style.css")
        .replace("{n}", "1")
        .replace("{pid}", &w.other_player.to_string())
        .replace("{uid}", "999999")
        .replace("{federation_id}", "K0000001")
        .replace("{sid}", "999999")
        .replace("{aid}", "999999")
        .replace("{mid}", "999999")
        .replace("{code}", "ABC123")
        .replace("{token}", &"ab".repeat(32))
        .replace("{secret}", &w.secret)
        .replace(
            "{id}",
            &if api && path.starts_with("/api/v1/events/") {
                w.event.to_string()
            } else if path.starts_with("/account/") || path.starts_with("/admin/") {
                "999999".to_string()
            } else {
                w.game.to_string()
            },
        )
}

/// Calls a route as a role: pages with the role's session (and a valid form token), the API
/// with the role's bearer token.
async fn call(w: &World, role: Role, method: &str, path: &str) -> Resp {
    let browser = &w.browsers[&role];
    // A live stream does not end: its answer is its status and headers.
    if method == "GET" && crate::harness::is_stream(path) {
        let auth = w.tokens.get(&role).map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = match (&auth, path.starts_with("/api/")) {
            (Some(auth), true) => vec![("authorization", auth.as_str())],
            _ => Vec::new(),
        };
        return browser.stream_head(path, &headers).await;
    }
    if path.starts_with("/api/") {
        let token = w.tokens.get(&role).map(String::as_str);
        return browser
            .api(
                method,
                path,
                token,
                matches!(method, "POST" | "PUT" | "PATCH").then(|| json!({})),
            )
            .await;
    }
    if method == "GET" {
        return browser.get(path).await;
    }
    let page = browser.get("/login").await;
    let csrf = extract_csrf(&page.body).unwrap();
    browser.post_raw(path, &[("csrf", csrf.as_str())]).await
}

fn refused(resp: &Resp, role: Role, api: bool) -> bool {
    if api {
        return resp.status == 401 || resp.status == 403;
    }
    if role == Role::Public {
        return resp.status == 303 && resp.location().is_some_and(|l| l.starts_with("/login"));
    }
    resp.status == 403
}

#[actix_rt::test]
async fn every_route_answers_every_role_as_the_table_says() {
    let routes = served_routes();
    assert!(routes.len() > 60, "{} routes found", routes.len());
    let table: BTreeMap<&str, Who> = TABLE.iter().copied().collect();
    let missing: Vec<&String> = routes
        .iter()
        .filter(|r| !table.contains_key(r.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "routes missing from the table: {missing:?}"
    );
    let stale: Vec<&&str> = table.keys().filter(|r| !routes.contains(**r)).collect();
    assert!(stale.is_empty(), "table entries with no route: {stale:?}");

    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    let w = world(&app).await;
    let mut failures = Vec::new();
    let mut calls = 0;
    // Routes that undo the fixture (withdrawing or re-pairing its round, removing entries) go
    // after the others, and logging out, which ends the sessions, last of all.
    let mut ordered: Vec<&String> = routes
        .iter()
        .filter(|r| !LAST.contains(&r.as_str()))
        .collect();
    ordered.extend(
        LAST.iter()
            .map(|last| routes.iter().find(|r| r == last).unwrap()),
    );
    for route in ordered {
        let (method, pattern) = route.split_once(' ').unwrap();
        let who = table[route.as_str()];
        let path = fill(pattern, &w);
        let api = pattern.starts_with("/api/");
        for role in ROLES {
            let resp = call(&w, role, method, &path).await;
            calls += 1;
            if resp.status >= 500 {
                failures.push(format!(
                    "{route} as {role:?}: {} {}",
                    resp.status, resp.body
                ));
                continue;
            }
            let was_refused = refused(&resp, role, api);
            if who.allows(role) == was_refused {
                failures.push(format!(
                    "{route} as {role:?}: expected {}, got {} {}",
                    if who.allows(role) {
                        "allowed"
                    } else {
                        "refused"
                    },
                    resp.status,
                    resp.location().unwrap_or("")
                ));
            }
        }
    }
    // A wrong personal link opens nothing.
    let wrong = w.browsers[&Role::Public]
        .get(&format!("/p/{}x", w.secret))
        .await;
    assert_eq!(wrong.status, 404);
    println!(
        "authorization matrix: {} routes, {calls} calls",
        routes.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    app.stop().await;
}

/// The OpenAPI document describes exactly the API's routes, so it cannot drift from them.
#[actix_rt::test]
async fn the_openapi_document_lists_every_api_route() {
    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    let doc = Browser::at(&app.base).get("/api/v1/openapi.json").await;
    assert_eq!(doc.status, 200);
    let doc = doc.json();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let mut documented = BTreeSet::new();
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for method in ops.as_object().unwrap().keys() {
            if method != "parameters" {
                documented.insert(format!("{} {path}", method.to_uppercase()));
            }
        }
    }
    let routes: BTreeSet<String> = served_routes()
        .into_iter()
        .filter(|r| r.contains(" /api/v1/") && !r.ends_with("/openapi.json"))
        .collect();
    assert_eq!(documented, routes);
    app.stop().await;
}

/// One rule for a bearer token on every API route: a header that is not a valid token is 401,
/// whatever the route (public reads included, whose answer would otherwise not depend on it),
/// before the route's own checks; and a revoked token is refused the same way.
async fn every_api_route_refuses_a_bad_token(app: &TestApp) {
    let w = world(app).await;
    let browser = &w.browsers[&Role::Public];
    let mut failures = Vec::new();
    let mut checked = 0;
    for route in served_routes() {
        let (method, pattern) = route.split_once(' ').unwrap();
        if !pattern.starts_with("/api/") {
            continue;
        }
        let path = fill(pattern, &w);
        for (auth, code) in [
            ("Bearer not-a-token-of-this-installation", "bad_token"),
            ("Basic dXNlcjpwYXNz", "unauthorized"),
        ] {
            checked += 1;
            let stream = crate::harness::is_stream(&path);
            let resp = if stream {
                browser.stream_head(&path, &[("authorization", auth)]).await
            } else {
                browser
                    .request(
                        method,
                        &path,
                        &[
                            ("authorization", auth),
                            ("content-type", "application/json"),
                        ],
                        b"{}".to_vec(),
                    )
                    .await
            };
            let said = serde_json::from_str::<serde_json::Value>(&resp.body)
                .ok()
                .and_then(|v| v["error"]["code"].as_str().map(str::to_string));
            // A stream's answer is read as its status and headers only.
            if resp.status != 401 || (!stream && said.as_deref() != Some(code)) {
                failures.push(format!(
                    "{route} with {auth}: {} {}",
                    resp.status, resp.body
                ));
            }
        }
    }
    assert!(checked > 100, "{checked} calls");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

crate::both_backends!(every_api_route_refuses_a_bad_token);
