//! The page store under a flood: made-up and out-of-range query strings, and other spellings of
//! the same path, on every public route that is kept per version, render nothing new and store
//! nothing new; the store stays within its bytes however many real pages there are; and the
//! pages outside one event (the rating list, a circuit, a person) are kept per version of what
//! they show, with validators.

use serde_json::{Value, json};

use crate::both_backends_with;
use crate::harness::{Browser, Req, TestApp, account_with_token};

/// The page store as `/healthz` reports it.
async fn store(client: &Browser<'_>) -> Value {
    let health = client.get("/healthz").await;
    assert_eq!(health.status, 200);
    health.json()["page_store"].clone()
}

/// The public routes of a played event and of the site outside it, each with the spellings of
/// its path and the query strings a visitor may add; the first of each is the page itself.
fn routes(
    slug: &str,
    id: i64,
    game: i64,
    player: i64,
    person: &str,
    circuit: (i64, &str),
) -> Vec<Vec<String>> {
    let junk = |path: &str, i: usize| {
        vec![
            format!("{path}?x{i}=1"),
            format!("{path}?ply={}", 100_000 + i),
            format!("{path}?from={}", 10_000 + i),
            format!("{path}?page=1&per_page=0{}&y={i}", 1000),
            format!("{path}?per_page=00{}&utm_source=s{i}&against=", 1000),
        ]
    };
    let (circuit_id, circuit_slug) = circuit;
    let pages: Vec<(String, Vec<String>)> = vec![
        (format!("/events/{slug}"), vec![]),
        (format!("/events/{slug}/standings"), vec![]),
        (
            format!("/events/{slug}/standings?print=1"),
            vec![format!("/events/{slug}/standings?print=yes")],
        ),
        (
            format!("/events/{slug}/rounds/1"),
            vec![
                format!("/events/{slug}/rounds/01"),
                format!("/events/{slug}/rounds/%31"),
            ],
        ),
        (
            format!("/events/{slug}/rounds/1/why"),
            vec![format!("/events/{slug}/rounds/+1/why")],
        ),
        (
            format!("/events/{slug}/rounds/1/scoresheets?from=200"),
            (0..20)
                .map(|i| format!("/events/{slug}/rounds/1/scoresheets?from={}", 187 + i))
                .collect(),
        ),
        (
            format!("/events/{slug}/rounds/1/scoresheets?from=20000"),
            (0..20)
                .map(|i| format!("/events/{slug}/rounds/1/scoresheets?from={}", 10_000 + i))
                .collect(),
        ),
        (
            format!("/events/{slug}/games/{game}"),
            vec![format!("/events/{slug}/games/000{game}")],
        ),
        (
            format!("/events/{slug}/games/{game}?ply=99999"),
            (0..20)
                .map(|i| format!("/events/{slug}/games/{game}?ply={}", 1_000 + i))
                .collect(),
        ),
        (format!("/events/{slug}/players"), vec![]),
        (
            format!("/events/{slug}/players/{player}"),
            vec![format!("/events/{slug}/players/0{player}")],
        ),
        (format!("/events/{slug}/crosstable"), vec![]),
        (
            format!("/api/v1/events/{id}"),
            vec![format!("/api/v1/events/0{id}")],
        ),
        (
            format!("/api/v1/events/{id}/players"),
            vec![format!("/api/v1/events/{id}/players?per_page=1000")],
        ),
        (
            format!("/api/v1/events/{id}/players?page=999"),
            (0..20)
                .map(|i| format!("/api/v1/events/{id}/players?page={}", 1_000 + i))
                .collect(),
        ),
        (format!("/api/v1/events/{id}/players/{player}"), vec![]),
        (format!("/api/v1/events/{id}/rounds/1"), vec![]),
        (
            format!("/api/v1/events/{id}/standings"),
            vec![format!(
                "/api/v1/events/{id}/standings?page=1&per_page=01000"
            )],
        ),
        (
            format!("/api/v1/games/{game}"),
            vec![format!("/api/v1/games/+{game}")],
        ),
        ("/ratings".to_string(), vec![]),
        (
            "/ratings?province=Luanda".to_string(),
            vec![
                "/ratings?province=luanda".into(),
                "/ratings?province=LUANDA".into(),
            ],
        ),
        ("/ratings.csv".to_string(), vec![]),
        (
            "/api/v1/ratings".to_string(),
            vec!["/api/v1/ratings?per_page=01000".into()],
        ),
        (format!("/circuits/{circuit_slug}"), vec![]),
        (
            format!("/api/v1/circuits/{circuit_id}"),
            vec![format!("/api/v1/circuits/00{circuit_id}")],
        ),
        (
            format!("/players/{person}"),
            vec![format!("/players/{}", person.to_lowercase())],
        ),
        (
            format!("/api/v1/registry/{person}"),
            vec![format!("/api/v1/registry/{}", person.to_lowercase())],
        ),
    ];
    pages
        .into_iter()
        .map(|(page, spellings)| {
            let path = page.split('?').next().unwrap().to_string();
            let with_query = page.contains('?');
            let mut all = vec![page.clone()];
            all.extend(spellings);
            if !with_query {
                for i in 0..5 {
                    all.extend(junk(&path, i));
                }
            }
            all
        })
        .collect()
}

async fn a_flood_of_query_strings_renders_and_stores_nothing_new(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let client = app.browser();
    let played = crate::public::run_event(&client, &token).await;
    let players = client
        .send(Req::get(format!("/api/v1/events/{}/players", played.id)))
        .await
        .expect(200)
        .json();
    let first = &players["players"][0];
    let (player, person) = (
        first["id"].as_i64().unwrap(),
        first["federation_id"].as_str().unwrap().to_string(),
    );
    let circuit = client
        .send(Req::post("/api/v1/circuits").bearer(&token).json(json!({
            "name": "Circuito", "points": [10, 6, 4], "qualifiers": 2, "events": [played.id]
        })))
        .await
        .expect(201)
        .json();
    let circuit = (
        circuit["id"].as_i64().unwrap(),
        circuit["slug"].as_str().unwrap().to_string(),
    );
    let routes = routes(
        &played.slug,
        played.id,
        played.recorded[0],
        player,
        &person,
        (circuit.0, &circuit.1),
    );
    // Each page once, in each language, as a visitor without cookies: rendered and stored.
    let visitor = app.browser();
    let mut answers = Vec::new();
    for spellings in &routes {
        for lang in ["pt", "en"] {
            let first = visitor
                .get_with(&spellings[0], &[("accept-language", lang)])
                .await;
            assert_eq!(first.status, 200, "{}: {}", spellings[0], first.body);
            answers.push((spellings[0].clone(), lang, first.body));
        }
    }
    let before = store(&client).await;
    assert!(before["rendered"].as_u64().unwrap() > 0, "{before}");
    // The flood: every spelling and made-up query, in both languages, with a fresh client
    // each time (no cookie, no validator).
    let mut asked = 0;
    for spellings in &routes {
        for spelling in spellings {
            for lang in ["pt", "en"] {
                let fresh = app.browser();
                let answer = fresh.get_with(spelling, &[("accept-language", lang)]).await;
                asked += 1;
                assert_eq!(answer.status, 200, "{spelling}: {}", answer.body);
                // What a spelling shows is what its page shows.
                let (_, _, page) = answers
                    .iter()
                    .find(|(p, l, _)| p == &spellings[0] && *l == lang)
                    .unwrap();
                assert!(
                    answer.body == *page,
                    "{spelling} ({lang}) is not {}",
                    spellings[0]
                );
            }
        }
    }
    let after = store(&client).await;
    assert!(asked > 500, "{asked} requests");
    assert_eq!(
        after["rendered"], before["rendered"],
        "{asked} requests rendered pages again: {before} then {after}"
    );
    assert_eq!(after["pages"], before["pages"], "{before} then {after}");
    assert_eq!(after["bytes"], before["bytes"]);
    assert_eq!(after["evicted"], 0);
}

// A game waiting for its engine review changes without the event changing and is not kept:
// the reviews are off here, so that every page is.
both_backends_with!(
    a_flood_of_query_strings_renders_and_stores_nothing_new,
    |config| config.review_nodes = 0
);

async fn the_store_stays_within_its_bytes(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let client = app.browser();
    let played = crate::public::run_event(&client, &token).await;
    // Every ply of every recorded game, in three languages: far more pages than a megabyte
    // holds.
    let mut asked = 0;
    for game in &played.recorded {
        for ply in 0..40 {
            for lang in ["pt", "en", "fr"] {
                let page = app
                    .browser()
                    .get_with(
                        &format!("/events/{}/games/{game}?ply={ply}", played.slug),
                        &[("accept-language", lang)],
                    )
                    .await;
                assert_eq!(page.status, 200);
                asked += 1;
                let now = store(&client).await;
                assert!(
                    now["bytes"].as_u64().unwrap() <= now["limit"].as_u64().unwrap(),
                    "{now}"
                );
            }
        }
    }
    let now = store(&client).await;
    assert_eq!(now["limit"], 1 << 20);
    assert!(now["evicted"].as_u64().unwrap() > 0, "{asked} pages: {now}");
    assert!(now["pages"].as_u64().unwrap() > 5, "{now}");
}

both_backends_with!(the_store_stays_within_its_bytes, |config| {
    config.page_store_mb = 1;
    config.review_nodes = 0;
});

/// A rated one-round event of four people, finished, put into the list by the administrator.
async fn rated_event(client: &Browser<'_>, organiser: &str, admin: &str, name: &str) -> i64 {
    let event = client
        .send(Req::post("/api/v1/events").bearer(organiser).json(json!({
            "name": name, "rounds": 1, "rated": true,
            "starts_on": "2026-03-20", "ends_on": "2026-03-20",
        })))
        .await
        .expect(201)
        .json()["id"]
        .as_i64()
        .unwrap();
    for (i, (player, province)) in [
        ("Ana Kiala", "Luanda"),
        ("Bento Lunda", "Huambo"),
        ("Carla Muxima", "Luanda"),
        ("Domingos Neto", "Benguela"),
    ]
    .iter()
    .enumerate()
    {
        crate::harness::add_player(
            client,
            organiser,
            event,
            json!({"name": player, "province": province, "rating": 1800 - 100 * i as i64}),
        )
        .await;
    }
    let round = crate::harness::pair_round(client, organiser, event).await;
    crate::harness::decide_boards(client, organiser, &round, &["1-0", "0-1"]).await;
    client
        .send(Req::post(format!("/api/v1/events/{event}/rating")).bearer(admin))
        .await
        .expect(200);
    event
}

async fn pages_outside_an_event_are_kept_per_version_of_what_they_show(app: &TestApp) {
    let organiser = account_with_token(app, "org@example.ao", "Org", "organiser");
    let admin = account_with_token(app, "fed@example.ao", "Federação", "admin");
    let client = app.browser();
    let event = rated_event(&client, &organiser, &admin, "Março").await;
    let circuit = client
        .send(
            Req::post("/api/v1/circuits")
                .bearer(&organiser)
                .json(json!({
                    "name": "Circuito", "points": [10, 6, 4], "qualifiers": 2, "events": [event]
                })),
        )
        .await
        .expect(201)
        .json();
    let people = client
        .send(Req::get(format!("/api/v1/events/{event}/players")))
        .await
        .expect(200)
        .json();
    let ana = people["players"][0]["federation_id"]
        .as_str()
        .unwrap()
        .to_string();
    let pages = [
        "/ratings".to_string(),
        "/ratings.csv".to_string(),
        "/api/v1/ratings".to_string(),
        format!("/circuits/{}", circuit["slug"].as_str().unwrap()),
        format!("/api/v1/circuits/{}", circuit["id"]),
        format!("/players/{ana}"),
        format!("/api/v1/registry/{ana}"),
    ];
    let rendered = |v: &Value| v["rendered"].as_u64().unwrap();
    let mut tags = Vec::new();
    for page in &pages {
        let first = app.browser().get(page).await;
        assert_eq!(first.status, 200, "{page}");
        let tag = first
            .header("etag")
            .unwrap_or_else(|| panic!("{page} has no ETag"))
            .to_string();
        // The validator gets a 304 from a client that keeps no cookie.
        let again = app
            .browser()
            .get_with(page, &[("if-none-match", tag.as_str())])
            .await;
        assert_eq!(again.status, 304, "{page}");
        tags.push(tag);
    }
    // Many views, one rendering each.
    let before = rendered(&store(&client).await);
    for _ in 0..5 {
        for page in &pages {
            assert_eq!(app.browser().get(page).await.status, 200);
        }
    }
    assert_eq!(rendered(&store(&client).await), before);

    // A later entry says the person plays for another club; the registry's keeper takes it
    // (the registry is theirs: an entry alone changes nothing there): every page showing it is
    // new.
    let later = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&organiser)
                .json(json!({"name": "Abril", "rounds": 1})),
        )
        .await
        .expect(201)
        .json()["id"]
        .as_i64()
        .unwrap();
    crate::harness::add_player(
        &client,
        &organiser,
        later,
        json!({"name": "Ana Kiala", "federation_id": ana, "club": "Clube do Kilamba"}),
    )
    .await;
    let unchanged = app
        .browser()
        .get(&format!("/api/v1/registry/{ana}"))
        .await
        .json();
    assert_eq!(
        unchanged["club"], "",
        "the registry keeps its own: {unchanged}"
    );
    let keeper = app.browser();
    keeper.log_in("fed@example.ao", "a-long-password").await;
    let person = keeper.get(&format!("/players/{ana}?lang=pt")).await;
    assert!(person.body.contains("Clube do Kilamba"), "{}", person.body);
    let proposal = crate::harness::attributes(&person.body, "#proposals form", "action");
    assert_eq!(proposal.len(), 1, "{}", person.body);
    let taken = keeper.post_form(&proposal[0], &[("action", "take")]).await;
    assert_eq!(taken.status, 303, "{}", taken.body);
    for (page, tag) in pages.iter().zip(&tags) {
        let answer = app
            .browser()
            .get_with(page, &[("if-none-match", tag.as_str())])
            .await;
        assert_eq!(answer.status, 200, "{page} after the change");
        assert!(
            answer.body.contains("Clube do Kilamba"),
            "{page}: {}",
            answer.body
        );
    }
    // Taking the event out of the list changes the list, the circuit's event stays as it was
    // and the person's history goes.
    client
        .send(Req::delete(format!("/api/v1/events/{event}/rating")).bearer(&admin))
        .await
        .expect(200);
    let list = app.browser().get("/api/v1/ratings").await.json();
    assert_eq!(list["rows"].as_array().unwrap().len(), 0, "{list}");
}

both_backends_with!(
    pages_outside_an_event_are_kept_per_version_of_what_they_show,
    |_| {}
);
