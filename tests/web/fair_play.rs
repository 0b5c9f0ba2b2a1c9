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
/// first seed on whose game ends within 600 plies: its record, and its moves as written.
fn finished(first: Style, second: Style, seed: u64) -> (String, Vec<String>) {
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
            let written = moves.iter().map(ToString::to_string).collect();
            let record = Record::from_parts(tags, moves, Some(result))
                .unwrap()
                .to_string();
            return (record, written);
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
    let mut live_game = None;
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
            let (record, moves) = off_runtime(move || finished(a, b, seed)).await;
            let game = pairing["game_id"].as_i64().unwrap();
            if round == 0 && board == 0 {
                // One game entered move by move as it is played: its moves carry their time.
                live_game = Some(game);
                for (i, mv) in moves.iter().enumerate() {
                    client
                        .send(
                            crate::harness::Req::post(format!("/api/v1/games/{game}/moves"))
                                .bearer(&token)
                                .json(json!({"ply": i + 1, "move": mv})),
                        )
                        .await
                        .expect(200);
                }
                continue;
            }
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

    let helped = players.iter().find(|p| p["name"] == "Helped").unwrap();
    let helped_id = helped["player_id"].as_i64().unwrap();
    evidence_adds_up(&client, &token, id, helped, live_game.unwrap()).await;
    decisions_are_recorded_and_kept(app, &client, &token, id, &slug, helped_id).await;
    other_events_and_the_federations_view(app, &client, &token, id, helped_id).await;
}

/// The evidence of a player: every screened game, the plies adding up to the ranking's
/// counts, the opening left out, and times only on the game entered move by move.
async fn evidence_adds_up(
    client: &crate::harness::Browser<'_>,
    token: &str,
    event: i64,
    ranked: &serde_json::Value,
    live_game: i64,
) {
    let player = ranked["player_id"].as_i64().unwrap();
    let path = format!("/api/v1/events/{event}/fair-play/players/{player}");
    let evidence = client.api("GET", &path, Some(token), None).await;
    assert_eq!(evidence.status, 200, "{}", evidence.body);
    let evidence = evidence.json();
    assert_eq!(evidence["score"], ranked["score"]);
    assert_eq!(evidence["flagged"], true);
    let games = evidence["games"].as_array().unwrap();
    assert_eq!(games.len(), 7);
    let (mut moves, mut matched) = (0, 0);
    for game in games {
        let plies = game["plies"].as_array().unwrap();
        let counted: Vec<_> = plies.iter().filter(|p| p["left_out"].is_null()).collect();
        assert_eq!(game["moves"], counted.len(), "{game}");
        let hits = counted.iter().filter(|p| p["matched"] == true).count();
        assert_eq!(game["matched"], hits, "{game}");
        moves += counted.len();
        matched += hits;
        for ply in plies {
            let n = ply["ply"].as_u64().unwrap();
            // The player's own plies only: every other one.
            assert_eq!(n % 2, plies[0]["ply"].as_u64().unwrap() % 2);
            if n <= 4 {
                assert_eq!(ply["left_out"], "opening");
            }
            assert!(!ply["played"].as_str().unwrap().is_empty());
            let timed = !ply["seconds"].is_null();
            assert_eq!(timed, game["game_id"] == live_game && n > 1, "{ply}");
        }
        assert_eq!(
            game["median_seconds"].is_null(),
            game["game_id"] != live_game
        );
    }
    assert_eq!(evidence["moves"], moves);
    assert_eq!(evidence["matched"], matched);
    let unknown = format!("/api/v1/events/{event}/fair-play/players/999999");
    assert_eq!(
        client.api("GET", &unknown, Some(token), None).await.status,
        404
    );
}

/// Decisions through the API and the page: appended, the latest standing on the ranking,
/// refused when malformed with the note kept as typed, and only for the event's staff.
async fn decisions_are_recorded_and_kept(
    app: &TestApp,
    client: &crate::harness::Browser<'_>,
    token: &str,
    event: i64,
    slug: &str,
    player: i64,
) {
    let path = format!("/api/v1/events/{event}/fair-play/players/{player}/decision");
    let body = json!({"decision": "referred", "note": "A phone under the table in round 5."});
    let decided = client
        .api("POST", &path, Some(token), Some(body.clone()))
        .await;
    assert_eq!(decided.status, 200, "{}", decided.body);
    let decided = decided.json();
    assert_eq!(decided["decision"], "referred");
    assert_eq!(decided["decisions"][0]["decided_by"], "Org");
    assert_eq!(decided["decisions"][0]["note"], body["note"]);
    for (bad, field) in [
        (json!({"decision": "banned"}), "decision"),
        (
            json!({"decision": "warned", "note": "x".repeat(2001)}),
            "note",
        ),
    ] {
        let refused = client.api("POST", &path, Some(token), Some(bad)).await;
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains(field), "{}", refused.body);
    }
    let outsider = account_with_token(app, "nosy@example.ao", "Nosy", "organiser");
    assert_eq!(
        client
            .api("POST", &path, Some(&outsider), Some(body))
            .await
            .status,
        403
    );

    let desk = app.browser();
    desk.log_in("org@example.ao", "a-long-password").await;
    let page = format!("/events/{slug}/fair-play/players/{player}");
    let shown = desk.get(&format!("{page}?lang=en")).await;
    assert_eq!(shown.status, 200);
    assert_eq!(
        crate::harness::count(&shown.body, "article.screened-game"),
        7
    );
    assert_eq!(
        crate::harness::count(&shown.body, "figure.cost-graph svg"),
        7
    );
    assert_eq!(shown.header("cache-control"), Some("no-store"));
    let long = "y".repeat(2001);
    let refused = desk
        .post_form(
            &format!("{page}/decision"),
            &[("decision", "warned"), ("note", &long)],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(refused.body.contains(&long), "the note comes back as typed");
    let warned = desk
        .post_form(
            &format!("{page}/decision"),
            &[("decision", "warned"), ("note", "Spoken to after round 7.")],
        )
        .await;
    assert_eq!(warned.status, 303);
    let shown = desk.get(&page).await;
    assert_eq!(
        crate::harness::count(&shown.body, "#fair-play-decisions li"),
        2
    );
    assert!(shown.body.contains("Spoken to after round 7."));
    let ranking = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/fair-play"),
            Some(token),
            None,
        )
        .await
        .json();
    let row = ranking["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["player_id"] == player)
        .unwrap();
    assert_eq!(row["decision"], "warned", "the latest decision stands");
    assert!(ranking["first_until"].is_null());
    let asked = desk
        .post_form(&format!("/events/{slug}/fair-play/first"), &[])
        .await;
    assert_eq!(asked.status, 303);
    let ranking = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/fair-play"),
            Some(token),
            None,
        )
        .await
        .json();
    assert!(ranking["first_until"].is_string(), "{ranking}");
}

/// The same person entered in another event shows there; the federation's view of the
/// person lists both events, for administrators only.
async fn other_events_and_the_federations_view(
    app: &TestApp,
    client: &crate::harness::Browser<'_>,
    token: &str,
    event: i64,
    player: i64,
) {
    let entry = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/players/{player}"),
            Some(token),
            None,
        )
        .await
        .json();
    let person = entry["federation_id"].as_str().unwrap().to_string();
    let second = client
        .send(
            crate::harness::Req::post("/api/v1/events")
                .bearer(token)
                .json(json!({"name": "Taça Seguinte", "format": "swiss", "rounds": 3})),
        )
        .await
        .expect(201)
        .json();
    let second_id = second["id"].as_i64().unwrap();
    add_player(
        client,
        token,
        second_id,
        json!({"name": "Helped", "federation_id": person}),
    )
    .await;
    let evidence = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/fair-play/players/{player}"),
            Some(token),
            None,
        )
        .await
        .json();
    let others = evidence["other_events"].as_array().unwrap();
    assert_eq!(others.len(), 1, "{evidence}");
    assert_eq!(others[0]["event"], "Taça Seguinte");
    assert_eq!(others[0]["games"], 0);

    let view = format!("/players/{person}/fair-play");
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    assert_eq!(organiser.get(&view).await.status, 403);
    account_with_token(app, "officer@example.ao", "Officer", "admin");
    let officer = app.browser();
    officer
        .log_in("officer@example.ao", "a-long-password")
        .await;
    let shown = officer.get(&view).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    assert_eq!(
        crate::harness::count(&shown.body, "#fair-play-events tbody tr"),
        2
    );
    assert_eq!(
        crate::harness::count(&shown.body, "#fair-play-events tr.flagged"),
        1
    );
}

both_backends_with!(
    one_player_helped_by_an_engine_is_flagged_and_nobody_else,
    |config| config.review_nodes = super::NODES
);
