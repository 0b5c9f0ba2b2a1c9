//! Double clicks, retries and both players at the same moment: each game ends with exactly
//! one final result, and the stored standings equal a recomputation from scratch.

use futures_util::future::join_all;
use serde_json::json;

use crate::both_backends;
use crate::harness::{
    TestApp, account_with_token, finished_record, link_account, settled_standings,
};

async fn parallel_submissions_settle_on_one_result(app: &TestApp) {
    let client = app.browser();
    let organiser = account_with_token(app, "org@example.ao", "Org", "organiser");
    let resp = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&organiser),
            Some(json!({"name": "Race", "rounds": 2})),
        )
        .await;
    let event = resp.json()["id"].as_i64().unwrap();
    let mut tokens = std::collections::HashMap::new();
    for i in 0..12 {
        let email = format!("p{i}@example.ao");
        let token = account_with_token(app, &email, &format!("Player {i}"), "player");
        let resp = client
            .api(
                "POST",
                &format!("/api/v1/events/{event}/players"),
                Some(&organiser),
                Some(json!({"name": format!("Player {i}"), "rating": 2000 - i, "email": email})),
            )
            .await;
        let player = resp.json()["id"].as_i64().unwrap();
        link_account(&client, &organiser, event, player, &email).await;
        tokens.insert(player, token);
    }
    let round = client
        .api(
            "POST",
            &format!("/api/v1/events/{event}/rounds"),
            Some(&organiser),
            None,
        )
        .await
        .json();
    let pairings = round["pairings"].as_array().unwrap().clone();
    assert_eq!(pairings.len(), 6);

    // Every game at once: each player sends the same record three times, the organiser
    // approves in between, some games get a competing record.
    let mut requests = Vec::new();
    let mut expected = std::collections::HashMap::new();
    for (n, p) in pairings.iter().enumerate() {
        let game = p["game_id"].as_i64().unwrap();
        let first = &tokens[&p["first"]["id"].as_i64().unwrap()];
        let second = &tokens[&p["second"]["id"].as_i64().unwrap()];
        let (record, _) = finished_record(
            kiela::rules::Variant::Advanced,
            kiela::rules::Side::South,
            n as u64,
        );
        expected.insert(game, record.clone());
        for _ in 0..3 {
            for token in [first, second] {
                let client = app.browser();
                let record = record.clone();
                let token = token.clone();
                requests.push(Box::pin(async move {
                    client
                        .api_text(&format!("/api/v1/games/{game}/record"), &token, &record)
                        .await
                })
                    as std::pin::Pin<Box<dyn std::future::Future<Output = _>>>);
            }
        }
        let client = app.browser();
        let organiser = organiser.clone();
        requests.push(Box::pin(async move {
            client
                .api(
                    "POST",
                    &format!("/api/v1/games/{game}/confirm"),
                    Some(&organiser),
                    None,
                )
                .await
        }));
    }
    let responses = join_all(requests).await;
    for r in &responses {
        assert!(
            [200, 409].contains(&r.status),
            "every answer is a success or a clear conflict: {} {}",
            r.status,
            r.body
        );
    }
    // Whatever raced, each game is final now or can be made final once.
    for p in &pairings {
        let game = p["game_id"].as_i64().unwrap();
        let shown = client
            .api("GET", &format!("/api/v1/games/{game}"), None, None)
            .await
            .json();
        if shown["status"] != "final" {
            let first = &tokens[&p["first"]["id"].as_i64().unwrap()];
            let resp = client
                .api_text(
                    &format!("/api/v1/games/{game}/record"),
                    first,
                    &expected[&game],
                )
                .await;
            assert_eq!(resp.status, 200, "{}", resp.body);
            let resp = client
                .api(
                    "POST",
                    &format!("/api/v1/games/{game}/confirm"),
                    Some(&organiser),
                    None,
                )
                .await;
            assert!(resp.status == 200 || resp.status == 409, "{}", resp.body);
        }
        let shown = client
            .api("GET", &format!("/api/v1/games/{game}"), None, None)
            .await
            .json();
        assert_eq!(shown["status"], "final", "{shown}");
    }

    // Exactly one transition to final per game, in the audit log.
    let access = kiela::service::access::access(
        &app.app,
        kiela::service::access::EventRef::Id(kiela::domain::EventId(event as i32)),
        None,
    )
    .unwrap();
    let mut conn = app.app.conn().unwrap();
    for p in &pairings {
        let game = kiela::domain::GameId(p["game_id"].as_i64().unwrap() as i32);
        let finals = kiela::db::events::audit_of_game(&mut conn, game)
            .unwrap()
            .iter()
            .filter(|e| e.to_state.as_deref() == Some("final"))
            .count();
        assert_eq!(finals, 1, "game {game} became final {finals} times");
    }

    // The standings kept in the database equal a fresh computation.
    let stored = settled_standings(&app.app, &access);
    assert_eq!(stored.after_round, 1);
    assert_eq!(stored.results, 6);
}

/// Bursts of final results, round after round: every result of a round sent at once by the
/// staff (final at once). After each burst the stored standings count exactly the complete
/// rounds and equal a computation from scratch.
async fn bursts_of_results_leave_standings_equal_to_a_recomputation(app: &TestApp) {
    let client = app.browser();
    let organiser = account_with_token(app, "org@example.ao", "Org", "organiser");
    let event = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&organiser),
            Some(json!({"name": "Burst", "rounds": 3})),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    for i in 0..21 {
        client
            .api(
                "POST",
                &format!("/api/v1/events/{event}/players"),
                Some(&organiser),
                Some(json!({"name": format!("Player {i:02}"), "rating": 1900 - 7 * i})),
            )
            .await
            .expect(201);
    }
    let access = kiela::service::access::access(
        &app.app,
        kiela::service::access::EventRef::Id(kiela::domain::EventId(event as i32)),
        None,
    )
    .unwrap();
    for round in 1..=3_u64 {
        let pairings = client
            .api(
                "POST",
                &format!("/api/v1/events/{event}/rounds"),
                Some(&organiser),
                None,
            )
            .await
            .expect(201)
            .json()["pairings"]
            .as_array()
            .unwrap()
            .clone();
        let games: Vec<i64> = pairings
            .iter()
            .filter(|p| !p["second"].is_null())
            .map(|p| p["game_id"].as_i64().unwrap())
            .collect();
        assert_eq!(games.len(), 10, "21 players: ten boards and a bye");
        let requests = games.iter().enumerate().map(|(n, &game)| {
            let client = app.browser();
            let organiser = organiser.clone();
            let (record, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                round * 100 + n as u64,
            );
            async move {
                client
                    .api_text(&format!("/api/v1/games/{game}/record"), &organiser, &record)
                    .await
            }
        });
        for r in join_all(requests).await {
            assert_eq!(r.status, 200, "{}", r.body);
        }
        let stored = settled_standings(&app.app, &access);
        assert_eq!(stored.after_round, round as usize);
        assert_eq!(
            stored.results,
            11 * round as usize,
            "ten games and a bye a round"
        );
    }
}

both_backends!(parallel_submissions_settle_on_one_result);
both_backends!(bursts_of_results_leave_standings_equal_to_a_recomputation);
