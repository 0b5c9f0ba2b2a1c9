//! Double clicks, retries and both players at the same moment: each game ends with exactly
//! one final result, and the stored standings equal a recomputation from scratch.

use futures_util::future::join_all;
use serde_json::json;

use crate::both_backends;
use crate::harness::{TestApp, account_with_token, finished_record, link_account};

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
    let access = kiela::service::events::access(
        &app.app,
        kiela::service::events::EventRef::Id(kiela::domain::EventId(event as i32)),
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
    let stored = kiela::service::standings::get(&app.app, &access).unwrap();
    let data =
        kiela::service::event_data::EventData::load(&mut conn, access.event.clone()).unwrap();
    let fresh = kiela::service::standings::compute_from(&data);
    assert_eq!(stored.after_round, 1);
    assert_eq!(stored.rows.len(), fresh.rows.len());
    for (row, fresh) in stored.rows.iter().zip(&fresh.rows) {
        assert_eq!(row.player_id, data.players[fresh.player].id);
        assert_eq!(row.points, fresh.points);
        assert_eq!(row.values, fresh.values);
        assert_eq!(row.rank, fresh.rank);
    }
}

both_backends!(parallel_submissions_settle_on_one_result);
