//! Every type of page the site serves, with the events that show them: what the language
//! crawl (`words.rs`) reads in Portuguese and French and what the browser test
//! (`page_types.rs`) opens on a phone and a laptop. A page type added to the site is added here,
//! and both check it.

use serde_json::json;

use crate::browser::play_out;
use crate::harness::{
    Browser, Req, TestApp, account_with_token, add_player, event_with_players, finished_record,
    link_account, pair_round, personal_path,
};

/// The account that owns the events and reads the staff's pages (an administrator, so the
/// accounts page is among them).
pub(crate) const STAFF_EMAIL: &str = "ecra@example.ao";

/// Who a page is for: the public and a personal link's holder need no account, the staff's
/// pages are opened signed in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Reader {
    Anyone,
    Staff,
}

/// One page type: a name for its screenshot and HTML file, its path, who opens it, and the
/// status it is served with.
pub(crate) struct PageType {
    pub(crate) name: &'static str,
    pub(crate) path: String,
    pub(crate) reader: Reader,
    pub(crate) status: u16,
}

fn page(name: &'static str, path: String, reader: Reader) -> PageType {
    PageType {
        name,
        path,
        reader,
        status: 200,
    }
}

/// The events every page type is shown from, and the pages: a Swiss event with a bye, a
/// refused record, an arbiter's decision, a withdrawal, a third round paired with one board
/// disputed and one still to play; a knockout with prizes and a double elimination played out;
/// a circuit over the Swiss event; the registry's person.
pub(crate) async fn every_page_type(app: &TestApp) -> SitePages {
    use Reader::{Anyone, Staff};
    let api = app.browser();
    let token = account_with_token(app, STAFF_EMAIL, "Organização", "admin");
    let Played {
        slug,
        id,
        ko_slug,
        game,
        ana,
        open_game,
        open_player,
    } = played_events(&api, &token).await;
    let (double, double_slug) = event_with_players(
        &api,
        &token,
        json!({"name": "Taça Dupla", "format": "double_elimination", "grand_final_reset": true}),
        &[
            "Domingos Francisco Kiala Neto",
            "Maria da Conceição Muxima",
            "Bento Lunda",
            "Ana Kiala",
            "Fausto Ribeiro dos Santos",
            "Graça Soba",
            "Joaquim Manuel Cassule",
            "Eva Quissama",
        ],
    )
    .await;
    play_out(&api, &token, double, 1900).await;
    let disputed = dispute_a_board(app, &api, &token, id, open_game).await;
    let final_event = api
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Final Nacional", "rounds": 3})),
        )
        .await
        .expect(201)
        .json()["id"]
        .clone();
    let circuit = api
        .send(Req::post("/api/v1/circuits").bearer(&token).json(json!({
            "name": "Prémio Kiela 2026", "points": [10, 6, 4, 3], "qualifiers": 2,
            "events": [id], "final": final_event
        })))
        .await
        .expect(201)
        .json()["slug"]
        .as_str()
        .unwrap()
        .to_string();
    let person = api
        .send(Req::get(format!("/api/v1/events/{id}/players/{ana}")).bearer(&token))
        .await
        .expect(200)
        .json()["federation_id"]
        .as_str()
        .unwrap()
        .to_string();
    let holder = personal_path(&api, &token, id, ana).await;
    let playing = personal_path(&api, &token, id, open_player).await;
    let event = format!("/events/{slug}");
    let ko = format!("/events/{ko_slug}");
    let unsubscribe =
        kiela::service::outbox::unsubscribe_token(&app.app, "ana@example.ao").unwrap();
    let mut pages = vec![
        page("home", "/".into(), Anyone),
        page("events", "/events".into(), Anyone),
        page("login", "/login".into(), Anyone),
        page("signup", "/signup".into(), Anyone),
        page("forgot", "/forgot".into(), Anyone),
        page("unsubscribe", format!("/unsubscribe/{unsubscribe}"), Anyone),
        page("event", event.clone(), Anyone),
        page("standings", format!("{event}/standings"), Anyone),
        page("pairings", format!("{event}/rounds/2"), Anyone),
        page("round-playing", format!("{event}/rounds/3"), Anyone),
        page("why", format!("{event}/rounds/2/why"), Anyone),
        page(
            "scoresheets",
            format!("{event}/rounds/1/scoresheets"),
            Anyone,
        ),
        page("replay", format!("{event}/games/{game}?ply=5"), Anyone),
        page("players", format!("{event}/players"), Anyone),
        page("player", format!("{event}/players/{ana}"), Anyone),
        page("crosstable", format!("{event}/crosstable"), Anyone),
        page("event-rating", format!("{event}/rating"), Anyone),
        page("live-round", format!("{event}/rounds/3/live"), Anyone),
        page("enter", format!("{event}/games/{open_game}/enter"), Anyone),
        page("knockout", ko.clone(), Anyone),
        page("bracket", format!("{ko}/bracket"), Anyone),
        page("knockout-standings", format!("{ko}/standings"), Anyone),
        page("prizes", format!("{ko}/prizes"), Anyone),
        page(
            "double-bracket",
            format!("/events/{double_slug}/bracket"),
            Anyone,
        ),
        page("ratings", "/ratings".into(), Anyone),
        page("registry", "/players?q=Kiala".into(), Anyone),
        page("person", format!("/players/{person}"), Anyone),
        page(
            "head-to-head",
            format!("/players/{person}?against=Bento"),
            Anyone,
        ),
        page("practice", "/practice".into(), Anyone),
        page("circuit", format!("/circuits/{circuit}"), Anyone),
        page("personal", holder.clone(), Anyone),
        page("personal-slip", format!("{holder}/slip"), Anyone),
        page(
            "personal-game",
            format!("{playing}/games/{open_game}"),
            Anyone,
        ),
        page(
            "personal-board",
            format!("{playing}/games/{open_game}/board?moves=a1"),
            Anyone,
        ),
        page(
            "personal-live",
            format!("{playing}/games/{open_game}/play"),
            Anyone,
        ),
        page("manage", format!("{event}/manage"), Staff),
        page("audit", format!("{event}/audit"), Staff),
        page("queue", format!("{event}/queue"), Staff),
        page("fair-play", format!("{event}/fair-play"), Staff),
        page(
            "fair-play-player",
            format!("{event}/fair-play/players/{ana}"),
            Staff,
        ),
        page(
            "person-fair-play",
            format!("/players/{person}/fair-play"),
            Staff,
        ),
        page("event-mail", format!("{event}/mail"), Staff),
        page("slips", format!("{event}/slips"), Staff),
        page("results-sheet", format!("{event}/rounds/3/sheet"), Staff),
        page("staff-game", format!("{event}/games/{open_game}"), Staff),
        page("staff-dispute", format!("{event}/games/{disputed}"), Staff),
        page(
            "staff-board",
            format!("{event}/games/{open_game}/board"),
            Staff,
        ),
        page(
            "staff-live",
            format!("{event}/games/{open_game}/play"),
            Staff,
        ),
        page("register", format!("{event}/register"), Staff),
        page("prize-fund", format!("{ko}/prizes/edit"), Staff),
        page("new-event", "/events/new".into(), Staff),
        page("import", "/events/import".into(), Staff),
        page("import-archive", "/events/import-archive".into(), Staff),
        page("new-circuit", "/circuits/new".into(), Staff),
        page("account", "/account".into(), Staff),
        page("my-games", "/me".into(), Staff),
        page("users", "/admin/users".into(), Staff),
    ];
    pages.push(PageType {
        status: 404,
        ..page("not-found", "/events/no-such-event".into(), Anyone)
    });
    let downloads = vec![
        format!("{event}/standings.csv"),
        format!("{ko}/prizes.csv"),
        format!("{event}/calendar.ics"),
        "/ratings.csv".to_string(),
    ];
    SitePages { pages, downloads }
}

/// The page types and the downloads meant for people (CSV for spreadsheets, the calendar).
pub(crate) struct SitePages {
    pub(crate) pages: Vec<PageType>,
    pub(crate) downloads: Vec<String>,
}

/// The other board of round 3 than `open_game`: its two players, each with an account, send
/// different records, so its staff page shows a dispute. Returns the game's id.
async fn dispute_a_board(
    app: &TestApp,
    api: &Browser<'_>,
    token: &str,
    event: i64,
    open_game: i64,
) -> i64 {
    let round = api
        .send(Req::get(format!("/api/v1/events/{event}/rounds/3")).bearer(token))
        .await
        .expect(200)
        .json();
    let board = round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| !p["second"].is_null() && p["game_id"] != open_game)
        .unwrap()
        .clone();
    let game = board["game_id"].as_i64().unwrap();
    for (side, email, seed) in [
        ("first", "um@example.ao", 41),
        ("second", "dois@example.ao", 42),
    ] {
        let player = board[side]["id"].as_i64().unwrap();
        let own = account_with_token(app, email, email, "player");
        link_account(api, token, event, player, email).await;
        let (record, _) = finished_record(
            kiela::rules::Variant::Advanced,
            kiela::rules::Side::South,
            seed,
        );
        api.send(
            Req::post(format!("/api/v1/games/{game}/record"))
                .bearer(&own)
                .text(&record),
        )
        .await
        .expect(200);
    }
    let shown = api
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200)
        .json();
    assert_eq!(shown["status"], "disputed", "{shown}");
    game
}

/// A Swiss event in Portuguese words: a requested bye, a refused record, a dispute decided by
/// the arbiter with a reason, a withdrawal; and a knockout with prizes played to its end.
pub(crate) async fn played_events(client: &Browser<'_>, token: &str) -> Played {
    let event = client
        .send(Req::post("/api/v1/events").bearer(token).json(json!({
            "name": "Taça do Bengo", "format": "swiss", "rounds": 3, "location": "Caxito",
            "starts_on": "2026-12-05", "ends_on": "2026-12-06"
        })))
        .await
        .expect(201)
        .json();
    let id = event["id"].as_i64().unwrap();
    let slug = event["slug"].as_str().unwrap().to_string();
    let names = [
        "Ana Kiala",
        "Bento Lunda",
        "Carla Muxima",
        "Domingos Neto",
        "Eva Quissama",
        "Fausto Ribeiro",
    ];
    let mut players = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let rating = 1900 - 25 * i as i64;
        players.push(add_player(client, token, id, json!({"name": name, "rating": rating})).await);
    }
    client
        .send(
            Req::post(format!("/api/v1/events/{id}/players/{}/byes", players[5]))
                .bearer(token)
                .json(json!({"round": 2, "points": "half"})),
        )
        .await
        .expect(200);
    let mut seed = 700;
    let mut some_game = 0;
    for round in 1..=2 {
        let pairings = pair_round(client, token, id).await["pairings"]
            .as_array()
            .unwrap()
            .clone();
        for (n, p) in pairings
            .iter()
            .filter(|p| p["status"] != "final")
            .enumerate()
        {
            let game = p["game_id"].as_i64().unwrap();
            some_game = game;
            if round == 1 && n == 0 {
                // A refused record, then a decision with the arbiter's reason.
                client
                    .send(
                        Req::post(format!("/api/v1/games/{game}/record"))
                            .bearer(token)
                            .text("[Variant \"advanced\"]\n\nb2 *"),
                    )
                    .await
                    .expect(422);
                client
                    .send(
                        Req::post(format!("/api/v1/games/{game}/decision"))
                            .bearer(token)
                            .json(json!({"result": "+-", "reason": "ausente no início"})),
                    )
                    .await
                    .expect(200);
                continue;
            }
            seed += 1;
            let (record, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                seed,
            );
            client
                .send(
                    Req::post(format!("/api/v1/games/{game}/record"))
                        .bearer(token)
                        .text(&record),
                )
                .await
                .expect(200);
        }
        if round == 1 {
            client
                .send(
                    Req::post(format!(
                        "/api/v1/events/{id}/players/{}/withdraw",
                        players[4]
                    ))
                    .bearer(token),
                )
                .await
                .expect(200);
        }
    }
    // Round 3 is paired and not played: its boards can still be entered.
    let open = pair_round(client, token, id).await["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| !p["second"].is_null())
        .map(|p| {
            (
                p["game_id"].as_i64().unwrap(),
                p["first"]["id"].as_i64().unwrap(),
            )
        })
        .unwrap();
    // A knockout for the bracket, the podium and the prize list.
    let knockout = client
        .send(Req::post("/api/v1/events").bearer(token).json(json!({
            "name": "Prémio do Bengo", "format": "single_elimination", "third_place": true
        })))
        .await
        .expect(201)
        .json();
    let ko = knockout["id"].as_i64().unwrap();
    let ko_slug = knockout["slug"].as_str().unwrap().to_string();
    for (i, name) in names[..4].iter().enumerate() {
        let rating = 1800 - 10 * i as i64;
        add_player(client, token, ko, json!({"name": name, "rating": rating})).await;
    }
    client
        .send(
            Req::put(format!("/api/v1/events/{ko}/prizes"))
                .bearer(token)
                .json(json!({"places": [150000.5, 75000, "Troféu"],
                    "categories": [{"name": "Senhoras", "rule": {"sex": "F"}, "prizes": [20000]}]})),
        )
        .await
        .expect(200);
    for _ in 0..2 {
        let round = pair_round(client, token, ko).await;
        for p in round["pairings"].as_array().unwrap() {
            seed += 1;
            let (record, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                seed,
            );
            let game = p["game_id"].as_i64().unwrap();
            client
                .send(
                    Req::post(format!("/api/v1/games/{game}/record"))
                        .bearer(token)
                        .text(&record),
                )
                .await
                .expect(200);
        }
    }
    Played {
        slug,
        id,
        ko_slug,
        game: some_game,
        ana: players[0],
        open_game: open.0,
        open_player: open.1,
    }
}

/// What the played events give the pages to visit.
pub(crate) struct Played {
    pub(crate) slug: String,
    pub(crate) id: i64,
    pub(crate) ko_slug: String,
    /// A final game, and a game still to play with one of its players.
    pub(crate) game: i64,
    pub(crate) ana: i64,
    pub(crate) open_game: i64,
    pub(crate) open_player: i64,
}
