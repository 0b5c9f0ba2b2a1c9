//! The front door of a federation's site: what a new installation tells its first visitor and
//! its first administrator, and the events list a season of events needs (found by name, place,
//! season and state, a page at a time, what is running now first with how far it has got).

use serde_json::json;

use crate::both_backends;
use crate::harness::{Req, TestApp, account_with_token, event_with_players, pair_round, texts};

async fn a_new_installation_says_where_to_start(app: &TestApp) {
    let visitor = app.browser();
    let home = visitor.get("/?lang=en").await;
    assert_eq!(home.status, 200);
    assert!(
        home.body
            .contains("The first account created administers this installation"),
        "{}",
        home.body
    );
    // The first account: the administrator, shown where to start.
    let admin = app.browser();
    admin
        .sign_up("Ana Admin", "ana@example.ao", "a-long-password")
        .await;
    let home = admin.get("/?lang=pt").await;
    assert!(
        home.body.contains("Criar o primeiro torneio"),
        "{}",
        home.body
    );
    assert!(home.body.contains("Um dia de torneio"));
    assert!(crate::harness::has(
        &home.body,
        "form[action='/events/demo'] button"
    ));
    // Nobody else is told the installation is new any more.
    let later = app.browser().get("/?lang=en").await;
    assert!(!later.body.contains("The first account created"));
    // A demonstration event from the web, as `kiela admin demo-event` makes one.
    let made = admin.post_form("/events/demo?lang=pt", &[]).await;
    assert_eq!(made.status, 303, "{}", made.body);
    let event = made.location().unwrap().to_string();
    let page = admin.get(&format!("{event}?lang=pt")).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("Torneio de demonstração"),
        "{}",
        page.body
    );
    let standings = admin.get(&format!("{event}/standings?lang=pt")).await;
    assert_eq!(crate::harness::count(&standings.body, "tbody tr"), 12);
    // The first-run panel is gone once there is an event; a player may not make one.
    assert!(
        !admin
            .get("/?lang=pt")
            .await
            .body
            .contains("Criar o primeiro torneio")
    );
    let player = app.browser();
    player
        .sign_up("Bento", "bento@example.ao", "a-long-password")
        .await;
    let refused = player.post_form("/events/demo", &[]).await;
    assert_eq!(refused.status, 403);
}

async fn the_events_list_finds_and_pages(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (running, _) = event_with_players(
        &client,
        &token,
        json!({"name": "Taça do Huambo", "format": "swiss", "rounds": 5,
               "location": "Huambo", "starts_on": "2026-03-14"}),
        &["Ana Kiala", "Bento Lunda", "Carla Muxima", "Domingos Neto"],
    )
    .await;
    let round = pair_round(&client, &token, running).await;
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    client
        .send(
            Req::post(format!("/api/v1/games/{game}/decision"))
                .bearer(&token)
                .json(json!({"result": "1-0", "reason": "seen"})),
        )
        .await
        .expect(200);
    let mut made = Vec::new();
    for (name, place, day) in [
        ("Open de Benguela", "Benguela", "2025-08-01"),
        ("Prémio Kiela", "Luanda", "2026-11-29"),
    ] {
        let event = client
            .send(Req::post("/api/v1/events").bearer(&token).json(
                json!({"name": name, "format": "swiss", "rounds": 3, "location": place, "starts_on": day}),
            ))
            .await
            .expect(201)
            .json();
        made.push(event["id"].as_i64().unwrap());
    }
    let names = |body: &str| texts(body, ".event-list li strong");
    let all = client.get("/events?lang=pt").await;
    // Running first, with its round: "Ronda 1 de 5 · 1 de 2 mesas terminadas".
    assert_eq!(names(&all.body)[0], "Taça do Huambo");
    assert!(
        all.body.contains("Ronda 1 de 5 · 1 de 2 mesas terminadas"),
        "{}",
        all.body
    );
    assert!(all.body.contains("14/03/2026"), "{}", all.body);
    // By words of the name or place, without accents or case; by season; by state.
    let found = client.get("/events?q=premio&lang=pt").await;
    assert_eq!(names(&found.body), ["Prémio Kiela"]);
    let found = client.get("/events?q=BENGUELA").await;
    assert_eq!(names(&found.body), ["Open de Benguela"]);
    let found = client.get("/events?season=2025").await;
    assert_eq!(names(&found.body), ["Open de Benguela"]);
    let found = client.get("/events?state=running").await;
    assert_eq!(names(&found.body), ["Taça do Huambo"]);
    let none = client.get("/events?q=zzz&lang=en").await;
    assert!(none.body.contains("No event matches the search."));
    // A search that does not read is no error.
    assert_eq!(
        client
            .get("/events?season=abc&page=-3&state=x")
            .await
            .status,
        200
    );
    // A page at a time.
    for i in 0..50 {
        client
            .send(
                Req::post("/api/v1/events").bearer(&token).json(
                    json!({"name": format!("Torneio {i:02}"), "format": "swiss", "rounds": 3}),
                ),
            )
            .await
            .expect(201);
    }
    let first = client.get("/events?lang=en").await;
    assert_eq!(names(&first.body).len(), 50);
    assert!(first.body.contains("53 events"), "{}", first.body);
    let next = crate::harness::attributes(&first.body, "a[rel=next]", "href");
    assert_eq!(next, ["/events?page=2"]);
    let second = client.get(&next[0]).await;
    assert_eq!(names(&second.body).len(), 3);
    // By circuit: its qualifiers and its final, among the 53.
    let circuit = client
        .send(Req::post("/api/v1/circuits").bearer(&token).json(json!({
            "name": "Circuito 2026", "points": [10, 6], "qualifiers": 1,
            "events": [running, made[0]], "final": made[1]
        })))
        .await
        .expect(201)
        .json();
    let slug = circuit["slug"].as_str().unwrap();
    let found = client.get(&format!("/events?circuit={slug}&lang=en")).await;
    let mut listed = names(&found.body);
    listed.sort();
    assert_eq!(
        listed,
        ["Open de Benguela", "Prémio Kiela", "Taça do Huambo"]
    );
    assert!(crate::harness::has(
        &found.body,
        &format!("select[name=circuit] option[value=\"{slug}\"][selected]")
    ));
    let none = client.get("/events?circuit=no-such-circuit&lang=en").await;
    assert!(none.body.contains("No event matches the search."));
}

/// Personal links sent the way players live: from the manage page, a message for a messaging
/// app in the organiser's language, and the link's page says what it lets its holder do.
async fn personal_links_are_offered_to_send(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Taça do Namibe", "format": "swiss", "rounds": 3}),
        &["Ana Kiala", "Bento Lunda"],
    )
    .await;
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let manage = organiser
        .get(&format!("/events/{slug}/manage?lang=pt"))
        .await;
    let shares = crate::harness::attributes(&manage.body, "a[href^='https://wa.me/']", "href");
    assert_eq!(shares.len(), 2, "{}", manage.body);
    let ana = shares
        .iter()
        .find(|href| href.contains("Ana+Kiala") || href.contains("Ana%20Kiala"))
        .unwrap();
    let text: Vec<(String, String)> =
        serde_urlencoded::from_str(ana.trim_start_matches("https://wa.me/?")).unwrap();
    let message = &text[0].1;
    assert!(message.starts_with("Olá Ana Kiala"), "{message}");
    assert!(
        message.contains("Taça do Namibe") && message.contains("/p/"),
        "{message}"
    );
    assert_eq!(
        crate::harness::count(&manage.body, "button[data-copy][hidden]"),
        2
    );
    // The link's own page says what it is.
    let link = client
        .send(Req::get(format!("/api/v1/events/{event}/players")).bearer(&token))
        .await
        .expect(200)
        .json()["players"][0]["secret"]
        .as_str()
        .unwrap()
        .to_string();
    let page = client.get(&format!("/p/{link}?lang=pt")).await;
    assert!(
        page.body.contains("Esta ligação é pessoal"),
        "{}",
        page.body
    );
}

/// Demonstration events from the web are few per organiser (429 past the day's allowance,
/// with when to come back), and the engine reviews a real event's games before any
/// demonstration's, however many demonstrations came first.
async fn demonstrations_are_few_and_wait_behind_real_games(app: &TestApp) {
    let organiser = app.browser();
    organiser
        .sign_up("Ana Admin", "ana@example.ao", "a-long-password")
        .await;
    let allowed = kiela::service::demo::DEMOS_PER_DAY as usize;
    let mut statuses = Vec::new();
    for _ in 0..=allowed {
        statuses.push(organiser.post_form("/events/demo?lang=pt", &[]).await);
    }
    assert!(
        statuses[..allowed].iter().all(|r| r.status == 303),
        "{:?}",
        statuses.iter().map(|r| r.status).collect::<Vec<_>>()
    );
    let refused = &statuses[allowed];
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert!(refused.header("retry-after").is_some());
    // A real event's game, final after the demonstrations' dozens.
    let token =
        kiela::service::accounts::create_api_token_for(&app.app, "ana@example.ao", "t").unwrap();
    let client = app.browser();
    let (event, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Real", "rounds": 3}),
        &["Ana", "Bento"],
    )
    .await;
    let round = pair_round(&client, &token, event).await;
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let (record, _) = crate::harness::finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        7,
    );
    client
        .send(
            Req::post(format!("/api/v1/games/{game}/record"))
                .bearer(&token)
                .text(&record),
        )
        .await
        .expect(200);
    let service = app.app.clone();
    let stored =
        actix_rt::task::spawn_blocking(move || kiela::service::reviews::review_due(&service, 1))
            .await
            .unwrap()
            .unwrap();
    assert_eq!(stored, 1);
    let page = client.get(&format!("/events/{slug}/games/{game}")).await;
    assert!(
        page.body.contains("score-graph"),
        "the real game was reviewed first"
    );
}

both_backends!(
    a_new_installation_says_where_to_start,
    the_events_list_finds_and_pages,
    personal_links_are_offered_to_send
);
crate::both_backends_with!(
    demonstrations_are_few_and_wait_behind_real_games,
    |config| config.review_nodes = 2_000
);
