//! "Why this pairing": every board of a Swiss round explained, in every language, including
//! boards the organiser changed by hand.

use serde_json::json;

use crate::both_backends;
use crate::harness::{TestApp, account_with_token, finished_record, pair_round};

async fn swiss_rounds_are_explained_board_by_board(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let resp = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&token),
            Some(json!({"name": "Porquê", "format": "swiss", "rounds": 3})),
        )
        .await;
    let id = resp.json()["id"].as_i64().unwrap();
    let slug = resp.json()["slug"].as_str().unwrap().to_string();
    for i in 0..7 {
        client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/players"),
                Some(&token),
                Some(json!({"name": format!("Jogador {}", i + 1), "rating": 1800 - 20 * i})),
            )
            .await;
    }
    let round = pair_round(&client, &token, id).await;
    let spectator = app.browser();
    let first = spectator
        .get(&format!("/events/{slug}/rounds/1/why?lang=en"))
        .await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(
        first.body.matches("<section class=\"why-board\">").count(),
        4,
        "three boards and the bye"
    );
    assert!(first.body.contains("in round 1 the first move alternates"));
    assert!(first.body.contains("standard pairing of the score group"));
    assert!(first.body.contains("has the bye"));
    // The round page links to it.
    let shown = spectator.get(&format!("/events/{slug}/rounds/1")).await;
    assert!(shown.body.contains(&format!("/events/{slug}/rounds/1/why")));

    let mut seed = 70;
    for p in round["pairings"].as_array().unwrap() {
        if p["status"] == "final" {
            continue;
        }
        seed += 1;
        let (record, _) = finished_record(
            kiela::rules::Variant::Advanced,
            kiela::rules::Side::South,
            seed,
        );
        let game = p["game_id"].as_i64().unwrap();
        client
            .api_text(&format!("/api/v1/games/{game}/record"), &token, &record)
            .await;
    }
    // Round 2 paired as a draft on the site, then the organiser swaps the first move on
    // board 1 before publishing.
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let paired = organiser
        .post_form(&format!("/events/{slug}/rounds"), &[])
        .await;
    assert_eq!(paired.status, 303);
    let draft = client
        .api(
            "GET",
            &format!("/api/v1/events/{id}/rounds/2"),
            Some(&token),
            None,
        )
        .await
        .json();
    let board1 = draft["pairings"][0]["game_id"]
        .as_i64()
        .unwrap()
        .to_string();
    let swapped = organiser
        .post_form(
            &format!("/events/{slug}/rounds/2/swap"),
            &[("game", board1.as_str())],
        )
        .await;
    assert_eq!(swapped.status, 303, "{}", swapped.body);
    // A draft is explained to its organisers only.
    assert_eq!(
        spectator
            .get(&format!("/events/{slug}/rounds/2/why"))
            .await
            .status,
        404
    );
    assert_eq!(
        organiser
            .get(&format!("/events/{slug}/rounds/2/why"))
            .await
            .status,
        200
    );
    let published = organiser
        .post_form(&format!("/events/{slug}/rounds/2/publish"), &[])
        .await;
    assert_eq!(published.status, 303);
    let second = spectator
        .get(&format!("/events/{slug}/rounds/2/why?lang=en"))
        .await;
    assert_eq!(second.status, 200);
    assert!(second.body.contains("Going in:"), "{}", second.body);
    assert!(
        second
            .body
            .contains("because the organiser swapped the first move by hand"),
        "{}",
        second.body
    );
    assert!(second.body.contains("moves first"));
    // Every language has its sentences.
    for (lang, text) in [("pt", "joga primeiro"), ("fr", "joue en premier")] {
        let page = spectator
            .get(&format!("/events/{slug}/rounds/2/why?lang={lang}"))
            .await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains(text), "{lang}");
        for key in ["why-fm-", "why-same-group", "why-preferences", "pref-"] {
            assert!(
                !page.body.contains(key),
                "{lang}: the message key {key} shows"
            );
        }
    }
    assert_eq!(
        spectator
            .get(&format!("/events/{slug}/rounds/9/why"))
            .await
            .status,
        404
    );
}

async fn other_formats_have_no_pairing_explanation(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let resp = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&token),
            Some(json!({"name": "RR", "format": "round_robin"})),
        )
        .await;
    let id = resp.json()["id"].as_i64().unwrap();
    let slug = resp.json()["slug"].as_str().unwrap().to_string();
    for i in 0..4 {
        client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/players"),
                Some(&token),
                Some(json!({ "name": format!("P{i}") })),
            )
            .await;
    }
    client
        .api(
            "POST",
            &format!("/api/v1/events/{id}/rounds"),
            Some(&token),
            None,
        )
        .await;
    let page = app
        .browser()
        .get(&format!("/events/{slug}/rounds/1/why?lang=en"))
        .await;
    assert_eq!(page.status, 409);
    assert!(page.body.contains("Only Swiss rounds"), "{}", page.body);
}

/// Baku acceleration (C.04.5): in round 1 the top half plays among itself, and the
/// explanation names the virtual points.
async fn baku_acceleration_pairs_the_halves_apart(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let resp = client
        .api(
            "POST",
            "/api/v1/events",
            Some(&token),
            Some(json!({"name": "Baku", "format": "swiss", "rounds": 6, "accelerated": true})),
        )
        .await;
    assert_eq!(resp.status, 201, "{}", resp.body);
    let id = resp.json()["id"].as_i64().unwrap();
    let slug = resp.json()["slug"].as_str().unwrap().to_string();
    let mut ids = Vec::new();
    for i in 0..8 {
        let added = client
            .api(
                "POST",
                &format!("/api/v1/events/{id}/players"),
                Some(&token),
                Some(json!({"name": format!("B{}", i + 1), "rating": 2000 - 10 * i})),
            )
            .await;
        ids.push(added.json()["id"].as_i64().unwrap());
    }
    let round = pair_round(&client, &token, id).await;
    let top: Vec<i64> = ids[..4].to_vec();
    let mut pairs = Vec::new();
    for p in round["pairings"].as_array().unwrap() {
        let (a, b) = (
            p["first"]["id"].as_i64().unwrap(),
            p["second"]["id"].as_i64().unwrap(),
        );
        assert_eq!(
            top.contains(&a),
            top.contains(&b),
            "the top half meets the top half: {a} v {b}"
        );
        pairs.push((a.min(b), a.max(b)));
    }
    pairs.sort_unstable();
    // Without acceleration round 1 would be 1-5, 2-6, 3-7, 4-8; with it, 1-3, 2-4, 5-7, 6-8.
    assert_eq!(
        pairs,
        vec![
            (ids[0], ids[2]),
            (ids[1], ids[3]),
            (ids[4], ids[6]),
            (ids[5], ids[7])
        ]
    );
    let why = app
        .browser()
        .get(&format!("/events/{slug}/rounds/1/why?lang=en"))
        .await;
    assert!(why.body.contains("Baku acceleration"));
    assert!(
        why.body.contains("counts 1 virtual point this round"),
        "{}",
        why.body
    );
}

both_backends!(
    baku_acceleration_pairs_the_halves_apart,
    swiss_rounds_are_explained_board_by_board,
    other_formats_have_no_pairing_explanation,
);
