//! The JSON API: an event from creation to standings, with records, confirmations and errors.

use serde_json::json;

use crate::both_backends;
use crate::harness::{TestApp, account_with_token, finished_record, link_account};

async fn event_lifecycle_through_the_api(app: &TestApp) {
    let client = app.browser();
    let organiser = account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let player_token = account_with_token(app, "p1@example.ao", "Player One", "player");

    // Unauthenticated writes are refused; players cannot create events.
    let resp = client
        .api("POST", "/api/v1/events", None, Some(json!({"name": "X"})))
        .await;
    assert_eq!(resp.status, 401);
    assert_eq!(resp.json()["error"]["code"], "unauthorized");
    let resp = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&player_token),
            Some(json!({"name": "X"})),
        )
        .await;
    assert_eq!(resp.status, 403);

    let resp = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&organiser),
            Some(
                json!({"name": "Open de Luanda", "rounds": 3, "variant": "advanced",
                        "starts_on": "2026-12-05", "location": "Luanda"}),
            ),
        )
        .await;
    assert_eq!(resp.status, 201, "{}", resp.body);
    let event = resp.json();
    let id = event["id"].as_i64().unwrap();
    assert_eq!(event["slug"], "open-de-luanda");
    assert!(
        event["url"]
            .as_str()
            .unwrap()
            .ends_with("/events/open-de-luanda")
    );

    let shown = client
        .api("GET", &format!("/api/v1/events/{id}"), None, None)
        .await;
    assert_eq!(shown.status, 200);
    assert_eq!(shown.json()["format"], "swiss");
    assert_eq!(
        shown.json()["tiebreaks"],
        json!(["BH-C1", "BH", "SB", "DE", "WON"])
    );

    let mut player_ids = Vec::new();
    for i in 0..6 {
        let email = if i == 0 {
            json!("p1@example.ao")
        } else {
            json!(null)
        };
        let resp = client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/players"),
                Some(&organiser),
                Some(
                    json!({"name": format!("Player {}", i + 1), "rating": 2000 - 50 * i,
                            "club": "Clube", "province": "Luanda", "email": email}),
                ),
            )
            .await;
        assert_eq!(resp.status, 201, "{}", resp.body);
        assert_eq!(resp.json()["pairing_number"], i + 1);
        player_ids.push(resp.json()["id"].as_i64().unwrap());
    }
    link_account(&client, &organiser, id, player_ids[0], "p1@example.ao").await;
    let bad = client
        .api(
            "POST",
            &format!("/api/v1/events/{id}/players"),
            Some(&organiser),
            Some(json!({"name": ""})),
        )
        .await;
    assert_eq!(bad.status, 422);
    let bad = client
        .api(
            "POST",
            &format!("/api/v1/events/{id}/players"),
            Some(&organiser),
            Some(json!({"name": 5})),
        )
        .await;
    assert_eq!(bad.status, 400);

    let round = client
        .api(
            "POST",
            &format!("/api/v1/events/{id}/rounds"),
            Some(&organiser),
            None,
        )
        .await;
    assert_eq!(round.status, 201, "{}", round.body);
    let round = round.json();
    assert_eq!(round["round"], 1);
    let pairings = round["pairings"].as_array().unwrap().clone();
    assert_eq!(pairings.len(), 3);

    // The next round waits for every result, and the refusal names the boards.
    let early = client
        .api(
            "POST",
            &format!("/api/v1/events/{id}/rounds"),
            Some(&organiser),
            None,
        )
        .await;
    assert_eq!(early.status, 409);
    assert_eq!(early.json()["error"]["code"], "round_open");
    assert!(
        early.json()["error"]["detail"]
            .as_str()
            .unwrap()
            .contains('1')
    );

    for (n, pairing) in pairings.iter().enumerate() {
        let game = pairing["game_id"].as_i64().unwrap();
        let (record, _) = finished_record(
            kiela::rules::Variant::Advanced,
            kiela::rules::Side::South,
            n as u64,
        );
        let player_one = player_ids[0];
        let is_p1 = pairing["first"]["id"] == player_one || pairing["second"]["id"] == player_one;
        if is_p1 {
            // A player's submission waits for the opponent or an arbiter.
            let resp = client
                .api_text(
                    &format!("/api/v1/games/{game}/record"),
                    &player_token,
                    &record,
                )
                .await;
            assert_eq!(resp.status, 200, "{}", resp.body);
            assert_eq!(resp.json()["status"], "pending");
            let again = client
                .api_text(
                    &format!("/api/v1/games/{game}/record"),
                    &player_token,
                    &record,
                )
                .await;
            assert_eq!(
                again.json()["status"],
                "pending",
                "submitting twice changes nothing"
            );
            let own = client
                .api(
                    "POST",
                    &format!("/api/v1/games/{game}/confirm"),
                    Some(&player_token),
                    None,
                )
                .await;
            assert_eq!(own.status, 409, "a player cannot confirm his own record");
            let approve = client
                .api(
                    "POST",
                    &format!("/api/v1/games/{game}/confirm"),
                    Some(&organiser),
                    None,
                )
                .await;
            assert_eq!(approve.status, 200, "{}", approve.body);
            assert_eq!(approve.json()["status"], "final");
        } else {
            let invalid = client
                .api_text(
                    &format!("/api/v1/games/{game}/record"),
                    &organiser,
                    "1. j2 z9",
                )
                .await;
            assert_eq!(invalid.status, 422);
            let error = &invalid.json()["error"];
            assert_eq!(error["code"], "invalid_record");
            assert_eq!(error["reason"], "bad_notation");
            assert_eq!(error["ply"], 2);
            assert_eq!(error["move"], "z9");
            let resp = client
                .api_text(&format!("/api/v1/games/{game}/record"), &organiser, &record)
                .await;
            assert_eq!(resp.status, 200, "{}", resp.body);
            assert_eq!(resp.json()["status"], "final");
            assert_eq!(resp.json()["verdict"], "valid");
        }
        let shown = client
            .api("GET", &format!("/api/v1/games/{game}"), None, None)
            .await;
        assert_eq!(shown.json()["status"], "final");
        assert!(shown.json()["positions"].as_array().unwrap().len() > 2);
    }

    let standings = client
        .api("GET", &format!("/api/v1/events/{id}/standings"), None, None)
        .await;
    assert_eq!(standings.status, 200);
    let standings = standings.json();
    assert_eq!(standings["after_round"], 1);
    let rows = standings["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    let total: f64 = rows.iter().map(|r| r["points"].as_f64().unwrap()).sum();
    assert!((total - 3.0).abs() < 1e-9, "one point per game");
    assert_eq!(rows[0]["tiebreaks"][0]["code"], "BH-C1");

    let round2 = client
        .api(
            "POST",
            &format!("/api/v1/events/{id}/rounds"),
            Some(&organiser),
            None,
        )
        .await;
    assert_eq!(round2.status, 201, "{}", round2.body);
    let shown = client
        .api("GET", &format!("/api/v1/events/{id}/rounds/2"), None, None)
        .await;
    assert_eq!(shown.status, 200);
    assert_eq!(shown.json()["pairings"].as_array().unwrap().len(), 3);

    let trf = client
        .api(
            "GET",
            &format!("/api/v1/events/{id}/export.trf"),
            None,
            None,
        )
        .await;
    assert_eq!(trf.status, 200);
    assert!(trf.body.contains("001    1"), "{}", trf.body);
    let csv = client
        .api(
            "GET",
            &format!("/api/v1/events/{id}/export.csv"),
            None,
            None,
        )
        .await;
    assert!(
        csv.body
            .starts_with("rank,number,name,rating,club,points,BH-C1")
    );
}

async fn api_errors_are_json(app: &TestApp) {
    let client = app.browser();
    let organiser = account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let resp = client.api("GET", "/api/v1/events/999999", None, None).await;
    assert_eq!(resp.status, 404);
    assert_eq!(resp.json()["error"]["code"], "not_found");
    let resp = client.api("GET", "/api/v1/events/abc", None, None).await;
    assert_eq!(resp.status, 404);
    assert!(resp.json()["error"]["code"].is_string());
    let resp = client
        .request(
            "POST",
            "/api/v1/events",
            &[
                ("authorization", &format!("Bearer {organiser}")),
                ("content-type", "application/json"),
            ],
            b"{not json".to_vec(),
        )
        .await;
    assert_eq!(resp.status, 400);
    assert_eq!(resp.json()["error"]["code"], "malformed");
    let resp = client
        .api("POST", "/api/v1/events", Some("nonsense"), Some(json!({})))
        .await;
    assert_eq!(resp.status, 401);
    assert_eq!(resp.json()["error"]["code"], "bad_token");
    // A body too large for a route the token may use (a game that does not exist is 404
    // before any body is read).
    let big = vec![b'a'; 2 * 1024 * 1024];
    let resp = client
        .request(
            "POST",
            "/api/v1/events",
            &[
                ("authorization", &format!("Bearer {organiser}")),
                ("content-type", "application/json"),
            ],
            big,
        )
        .await;
    assert_eq!(resp.status, 413);
    assert_eq!(resp.json()["error"]["code"], "payload_too_large");
}

both_backends!(event_lifecycle_through_the_api, api_errors_are_json);

async fn only_the_players_and_staff_act_on_a_game(app: &TestApp) {
    let client = app.browser();
    let organiser = account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let arbiter = account_with_token(app, "arb@example.ao", "Arbiter", "player");
    let outsider = account_with_token(app, "out@example.ao", "Outsider", "player");
    let a = account_with_token(app, "a@example.ao", "A", "player");
    let b = account_with_token(app, "b@example.ao", "B", "player");
    let id = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&organiser),
            Some(json!({"name": "Auth", "rounds": 1})),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    kiela::service::events::add_staff(
        &app.app,
        &kiela::service::access::access(
            &app.app,
            kiela::service::access::EventRef::Id(kiela::domain::EventId(id as i32)),
            Some(&kiela::service::accounts::User {
                id: kiela::domain::UserId(1),
                email: "org@example.ao".into(),
                display_name: "Organiser".into(),
                role: kiela::service::accounts::Role::Organiser,
            }),
        )
        .unwrap(),
        "arb@example.ao",
        kiela::domain::StaffRole::Arbiter,
    )
    .unwrap();
    for (name, email) in [("A", "a@example.ao"), ("B", "b@example.ao")] {
        let added = client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/players"),
                Some(&organiser),
                Some(json!({"name": name, "email": email})),
            )
            .await;
        let player = added.json()["id"].as_i64().unwrap();
        link_account(&client, &organiser, id, player, email).await;
    }
    // Players and outsiders cannot pair or add players.
    for token in [&a, &outsider, &arbiter] {
        let resp = client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/rounds"),
                Some(token),
                None,
            )
            .await;
        assert_eq!(resp.status, 403);
        let resp = client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/players"),
                Some(token),
                Some(json!({"name": "X"})),
            )
            .await;
        assert_eq!(resp.status, 403);
    }
    let round = client
        .api(
            "POST",
            &format!("/api/v1/events/{id}/rounds"),
            Some(&organiser),
            None,
        )
        .await
        .json();
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let (record, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        5,
    );
    // The public and an outsider cannot write; the outsider is refused before anything is stored.
    assert_eq!(
        client
            .api_text(&format!("/api/v1/games/{game}/record"), "", &record)
            .await
            .status,
        401
    );
    assert_eq!(
        client
            .api_text(&format!("/api/v1/games/{game}/record"), &outsider, &record)
            .await
            .status,
        403
    );
    assert_eq!(
        client
            .api(
                "POST",
                &format!("/api/v1/games/{game}/confirm"),
                Some(&outsider),
                None
            )
            .await
            .status,
        403
    );
    assert_eq!(
        client
            .api(
                "POST",
                &format!("/api/v1/games/{game}/decision"),
                Some(&a),
                Some(json!({"result": "1-0"}))
            )
            .await
            .status,
        403,
        "a player cannot decide"
    );
    // A player submits; the same player cannot confirm; the opponent can dispute.
    assert_eq!(
        client
            .api_text(&format!("/api/v1/games/{game}/record"), &a, &record)
            .await
            .json()["status"],
        "pending"
    );
    let resp = client
        .api(
            "POST",
            &format!("/api/v1/games/{game}/dispute"),
            Some(&b),
            Some(json!({"reason": "no"})),
        )
        .await;
    assert_eq!(resp.status, 200);
    // The arbiter decides a forfeit; the result is final.
    let resp = client
        .api(
            "POST",
            &format!("/api/v1/games/{game}/decision"),
            Some(&arbiter),
            Some(json!({"result": "+-", "reason": "B absent"})),
        )
        .await;
    assert_eq!(resp.status, 200, "{}", resp.body);
    let shown = client
        .api("GET", &format!("/api/v1/games/{game}"), None, None)
        .await
        .json();
    assert_eq!(shown["status"], "final");
    assert_eq!(shown["result"], "+-");
    // After the result is final, a player's different record is refused.
    let (other, _) = finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        77,
    );
    assert_eq!(
        client
            .api_text(&format!("/api/v1/games/{game}/record"), &b, &other)
            .await
            .status,
        409
    );
    // Tags that contradict the pairing are refused with a clear message.
    let standings = client
        .api("GET", &format!("/api/v1/events/{id}/standings"), None, None)
        .await
        .json();
    assert_eq!(standings["rows"][0]["points"], 1.0);
}

async fn records_must_match_the_pairing(app: &TestApp) {
    let client = app.browser();
    let organiser = account_with_token(app, "org@example.ao", "Organiser", "organiser");
    let id = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&organiser),
            Some(json!({"name": "Tags", "rounds": 1, "variant": "beginner"})),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    for name in ["Ana", "Bento"] {
        client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/players"),
                Some(&organiser),
                Some(json!({"name": name})),
            )
            .await;
    }
    let round = client
        .api(
            "POST",
            &format!("/api/v1/events/{id}/rounds"),
            Some(&organiser),
            None,
        )
        .await
        .json();
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let first = round["pairings"][0]["first"]["name"]
        .as_str()
        .unwrap()
        .to_string();
    let second = round["pairings"][0]["second"]["name"]
        .as_str()
        .unwrap()
        .to_string();
    let (record, _) = finished_record(
        kiela::rules::Variant::Beginner,
        kiela::rules::Side::South,
        1,
    );
    let wrong_variant = record.replace("beginner", "advanced");
    let resp = client
        .api_text(
            &format!("/api/v1/games/{game}/record"),
            &organiser,
            &wrong_variant,
        )
        .await;
    assert_eq!(resp.status, 422);
    assert_eq!(resp.json()["error"]["code"], "record_mismatch");
    let swapped = format!("[South \"{second}\"]\n[North \"{first}\"]\n{record}");
    let resp = client
        .api_text(
            &format!("/api/v1/games/{game}/record"),
            &organiser,
            &swapped,
        )
        .await;
    assert_eq!(resp.status, 422);
    assert!(
        resp.json()["error"]["detail"]
            .as_str()
            .unwrap()
            .contains(&second)
    );
    // Without a Variant tag the event's variant applies; names that agree are accepted.
    let untagged = record.replace("[Variant \"beginner\"]\n", "");
    let named = format!("[South \"{first}\"]\n[North \"{second}\"]\n{untagged}");
    let resp = client
        .api_text(&format!("/api/v1/games/{game}/record"), &organiser, &named)
        .await;
    assert_eq!(resp.status, 200, "{}", resp.body);
}

both_backends!(
    only_the_players_and_staff_act_on_a_game,
    records_must_match_the_pairing
);
