//! The engine's review of a final game: computed once in the background (never on a page view),
//! stored, and shown under the replay as a score graph with the costliest moves and the engine's
//! move at the ply shown.

use serde_json::json;

use crate::both_backends_with;
use crate::harness::{
    TestApp, account_with_token, event_with_players, finished_record, pair_round,
};
use kiela::engine::review::review;
use kiela::engine::{Engine, Limits};
use kiela::rules::{Move, Side, Variant, parse_record};

const NODES: u64 = 2_000;

async fn a_final_game_is_reviewed_once_and_shown_under_its_replay(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (id, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Reviewed", "format": "swiss", "rounds": 2}),
        &["A", "B"],
    )
    .await;
    let round = pair_round(&client, &token, id).await;
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let (record, _) = finished_record(Variant::Advanced, Side::South, 9);
    let sent = client
        .api_text(&format!("/api/v1/games/{game}/record"), &token, &record)
        .await;
    assert_eq!(sent.status, 200);

    let spectator = app.browser();
    let path = format!("/events/{slug}/games/{game}");
    let page = spectator.get(&path).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("O motor analisa esta partida"),
        "pending"
    );
    assert!(!crate::harness::has(&page.body, "svg.score-graph"));
    // The page will change without the event changing: validated by what it shows.
    let etag = page.header("etag").unwrap().to_string();
    // A page view computes nothing: the review waits for the worker.
    assert!(
        spectator
            .get(&path)
            .await
            .body
            .contains("O motor analisa esta partida")
    );
    let event_before = client
        .send(crate::harness::Req::get(format!("/api/v1/events/{id}")))
        .await
        .json();

    let stored = reviewed(app).await;
    assert_eq!(stored, 1);
    let again = reviewed(app).await;
    assert_eq!(again, 0, "a game is reviewed once");

    // The same review, computed here with the same budget.
    let parsed = parse_record(&record).unwrap();
    let moves: Vec<Move> = parsed
        .moves
        .iter()
        .map(|t| t.parsed.clone().unwrap())
        .collect();
    let expected = actix_rt::task::spawn_blocking({
        let moves = moves.clone();
        move || {
            review(
                &parsed.start(),
                &moves,
                &mut Engine::new(4 << 20, 1),
                || Limits::nodes(NODES),
            )
        }
    })
    .await
    .unwrap();

    // The review changes no result: the event's version (and a round computed ahead from it)
    // stays as it was.
    let event_after = client
        .send(crate::harness::Req::get(format!("/api/v1/events/{id}")))
        .await
        .json();
    assert_eq!(event_before["updated_at"], event_after["updated_at"]);
    let page = spectator
        .get_with(&path, &[("if-none-match", etag.as_str())])
        .await;
    assert_eq!(page.status, 200, "the stored review is a new page");
    assert!(crate::harness::has(&page.body, "svg.score-graph"), "graph");
    let points = page
        .body
        .split("<polyline points=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .split(' ')
        .count();
    assert_eq!(points, moves.len() + 1, "one point per position");
    // The costliest moves (at least 2 stones, three at most) are marked and listed.
    let mut costly: Vec<_> = expected.plies.iter().filter(|p| p.cost >= 2.0).collect();
    costly.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.ply.cmp(&b.ply)));
    costly.truncate(3);
    assert_eq!(
        page.body.matches("class=\"costly\"><title>").count(),
        costly.len()
    );
    for p in &costly {
        assert!(
            page.body
                .contains(&format!("Jogada {}: {} (motor: ", p.ply, p.played)),
            "ply {} listed",
            p.ply
        );
    }
    // The engine's move as a hint at the ply shown.
    for ply in [0, 3] {
        let shown = spectator.get(&format!("{path}?ply={ply}")).await;
        let best = expected.plies[ply].best.clone().unwrap();
        assert!(
            shown
                .body
                .contains(&format!("Aqui o motor jogaria {best}.")),
            "hint at ply {ply}"
        );
    }
    // In English and French too.
    let english = spectator
        .get_with(&format!("{path}?ply=0"), &[("accept-language", "en")])
        .await;
    assert!(english.body.contains("The engine would play"));
    let french = spectator
        .get_with(&format!("{path}?ply=0"), &[("accept-language", "fr")])
        .await;
    assert!(french.body.contains("Ici, le moteur jouerait"));

    // A corrected result is a new version of the game: reviewed again.
    let corrected = client
        .send(
            crate::harness::Req::post(format!("/api/v1/games/{game}/correction"))
                .bearer(&token)
                .json(json!({"result": "1/2-1/2", "reason": "agreed at the board"})),
        )
        .await;
    assert_eq!(corrected.status, 200, "{}", corrected.body);
    let page = spectator.get(&path).await;
    assert!(page.body.contains("O motor analisa esta partida"));
    let stored = reviewed(app).await;
    assert_eq!(stored, 1);
    assert!(spectator.get(&path).await.body.contains("score-graph"));
}

both_backends_with!(
    a_final_game_is_reviewed_once_and_shown_under_its_replay,
    |config| config.review_nodes = super::NODES
);

/// Runs the review worker's pass off the test's runtime (the engine searches for a while).
async fn reviewed(app: &TestApp) -> usize {
    let service = app.app.clone();
    actix_rt::task::spawn_blocking(move || kiela::service::reviews::review_due(&service, 10))
        .await
        .unwrap()
        .unwrap()
}

/// An event with one final game, sent by its organiser: (slug, game).
async fn event_with_a_final_game(
    client: &crate::harness::Browser<'_>,
    token: &str,
    name: &str,
    seed: u64,
) -> (String, i64) {
    let (id, slug) = event_with_players(
        client,
        token,
        json!({"name": name, "format": "swiss", "rounds": 2}),
        &["A", "B"],
    )
    .await;
    let round = pair_round(client, token, id).await;
    let game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let (record, _) = finished_record(Variant::Advanced, Side::South, seed);
    let sent = client
        .api_text(&format!("/api/v1/games/{game}/record"), token, &record)
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    (slug, game)
}

/// Games are reviewed oldest first, except an event's whose arbiter asked for them first.
async fn an_event_asked_for_first_is_reviewed_first(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (older_slug, older) = event_with_a_final_game(&client, &token, "Older", 9).await;
    let (newer_slug, newer) = event_with_a_final_game(&client, &token, "Newer", 11).await;
    assert!(older < newer);
    let desk = app.browser();
    desk.log_in("org@example.ao", "a-long-password").await;
    let asked = desk
        .post_form(&format!("/events/{newer_slug}/fair-play/first"), &[])
        .await;
    assert_eq!(asked.status, 303);
    let service = app.app.clone();
    let stored =
        actix_rt::task::spawn_blocking(move || kiela::service::reviews::review_due(&service, 1))
            .await
            .unwrap()
            .unwrap();
    assert_eq!(stored, 1);
    let graph = |slug: String, game: i64| {
        let spectator = app.browser();
        async move {
            let page = spectator.get(&format!("/events/{slug}/games/{game}")).await;
            crate::harness::has(&page.body, "svg.score-graph")
        }
    };
    assert!(
        graph(newer_slug, newer).await,
        "the event asked for goes first"
    );
    assert!(!graph(older_slug.clone(), older).await);
    assert_eq!(reviewed(app).await, 1);
    assert!(graph(older_slug, older).await);
}

both_backends_with!(an_event_asked_for_first_is_reviewed_first, |config| {
    config.review_nodes = super::NODES;
});
