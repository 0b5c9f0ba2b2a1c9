//! Fair-play screening through the API and the arbiter's page: an event whose players play
//! like people of their ratings (simulated: random moves and shallow searches, weaker for lower
//! ratings), one of them an engine at a budget unlike the screening's, one a strong honest
//! player who searches deeply only now and then. The engine's player ranks first and is the
//! only one flagged.

use serde_json::json;

use crate::both_backends_with;
use crate::harness::{TestApp, account_with_token, add_player, pair_round};
use kiela::engine::simulated::{Style, play};
use kiela::rules::{Game, Record, Side, Variant};

/// The review budget of the test server: small, so the debug build reviews in seconds.
const NODES: u64 = 2_000;

/// The players: name, rating, how they play.
fn field() -> Vec<(&'static str, i32, Style)> {
    let mut players = vec![
        ("Helped", 1400, Style::engine(20_000)),
        ("Strong", 2200, Style::sometimes_deep(2200, 0.3, 20_000)),
    ];
    for (name, rating) in [
        ("Ana", 1000),
        ("Bento", 1200),
        ("Carla", 1400),
        ("Dinis", 1600),
        ("Eva", 1800),
        ("Filipe", 2000),
        ("Graça", 2400),
        ("Hugo", 1600),
    ] {
        players.push((name, rating, Style::person(rating)));
    }
    players
}

/// A finished game between the two styles (the first one sows first, as South), from the
/// first seed on whose game ends within 600 plies.
fn finished(first: Style, second: Style, seed: u64) -> String {
    for attempt in 0..50 {
        let moves = play(
            Variant::Advanced,
            Side::South,
            first,
            second,
            seed * 100 + attempt,
            600,
        );
        let mut game = Game::start(Variant::Advanced, Side::South);
        for mv in &moves {
            game = game.play(mv).unwrap().0;
        }
        if let Some((result, _)) = game.result() {
            let tags = vec![
                ("Variant".to_string(), "advanced".to_string()),
                ("First".to_string(), "S".to_string()),
                ("Result".to_string(), result.as_str().to_string()),
            ];
            return Record::from_parts(tags, moves, Some(result))
                .unwrap()
                .to_string();
        }
    }
    panic!("no finished game from seed {seed}");
}

/// Runs a blocking pass off the test's runtime.
async fn off_runtime<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    actix_rt::task::spawn_blocking(f).await.unwrap()
}

async fn one_player_helped_by_an_engine_is_flagged_and_nobody_else(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let created = client
        .send(
            crate::harness::Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Taça Limpa", "format": "swiss", "rounds": 7})),
        )
        .await
        .expect(201)
        .json();
    let id = created["id"].as_i64().unwrap();
    let slug = created["slug"].as_str().unwrap().to_string();
    let mut styles = std::collections::HashMap::new();
    for (name, rating, style) in field() {
        let entry = add_player(&client, &token, id, json!({"name": name, "rating": rating})).await;
        styles.insert(entry, style);
    }
    for round in 0..7u64 {
        let paired = pair_round(&client, &token, id).await;
        for (board, pairing) in paired["pairings"].as_array().unwrap().iter().enumerate() {
            let (Some(first), Some(second)) = (
                pairing["first"]["id"].as_i64(),
                pairing["second"]["id"].as_i64(),
            ) else {
                continue;
            };
            let (a, b) = (styles[&first], styles[&second]);
            let seed = round * 10 + board as u64;
            let record = off_runtime(move || finished(a, b, seed)).await;
            let game = pairing["game_id"].as_i64().unwrap();
            let sent = client
                .api_text(&format!("/api/v1/games/{game}/record"), &token, &record)
                .await;
            assert_eq!(sent.status, 200, "{}", sent.body);
        }
    }

    let path = format!("/api/v1/events/{id}/fair-play");
    let before = client.api("GET", &path, Some(&token), None).await;
    assert_eq!(before.status, 200, "{}", before.body);
    assert_eq!(before.json()["complete"], false, "nothing is reviewed yet");

    let service = app.app.clone();
    off_runtime(move || {
        while kiela::service::reviews::review_due(&service, 50).unwrap() > 0 {}
        while kiela::service::reviews::screen_due(&service, 50).unwrap() > 0 {}
    })
    .await;
    // The expectation's baseline is computed in a thread of its own once asked for.
    let deadline = std::time::Instant::now() + std::time::Duration::from_mins(5);
    let screening = loop {
        let answer = client.api("GET", &path, Some(&token), None).await;
        assert_eq!(answer.status, 200);
        let json = answer.json();
        if json["complete"] == true {
            break json;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "never complete: {json}"
        );
        actix_rt::time::sleep(std::time::Duration::from_millis(250)).await;
    };
    let players = screening["players"].as_array().unwrap();
    assert_eq!(players.len(), 10);
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "Helped", "{screening}");
    let flagged: Vec<&str> = players
        .iter()
        .filter(|p| p["flagged"] == true)
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(flagged, ["Helped"], "{screening}");
    for p in players {
        assert_eq!(p["games"], 7, "{p}");
        let moves = p["moves"].as_u64().unwrap();
        assert!(p["matched"].as_u64().unwrap() <= moves);
        assert!(p["average_cost"].as_f64().unwrap() >= 0.0);
    }
    let strong = players.iter().find(|p| p["name"] == "Strong").unwrap();
    assert!(strong["score"].as_f64().unwrap() < screening["threshold"].as_f64().unwrap());

    // Only the event's staff read it.
    let other = account_with_token(app, "other@example.ao", "Other", "organiser");
    assert_eq!(
        client.api("GET", &path, Some(&other), None).await.status,
        403
    );
    let page = app.browser();
    assert_eq!(
        page.log_in("org@example.ao", "a-long-password")
            .await
            .status,
        303
    );
    let shown = page.get(&format!("/events/{slug}/fair-play")).await;
    assert_eq!(shown.status, 200);
    assert_eq!(
        shown.body.matches("class=\"flagged\"").count(),
        1,
        "{}",
        shown.body
    );
    assert!(
        shown
            .body
            .contains(&kiela::web::i18n::Lang::Pt.t("fair-play-limits"))
    );
}

both_backends_with!(
    one_player_helped_by_an_engine_is_flagged_and_nobody_else,
    |config| config.review_nodes = super::NODES
);
