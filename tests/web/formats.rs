//! Every format run to its end through the API: round robin with a bye, single and double
//! elimination with multi-game matches and deciders, Swiss then knockout.

use serde_json::{Value, json};

use crate::both_backends;
use crate::harness::{Browser, TestApp, account_with_token, event_with_players, finished_record};

async fn create_event(client: &Browser<'_>, token: &str, settings: Value, players: usize) -> i64 {
    let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    event_with_players(client, token, settings, &names).await.0
}

/// Plays every open game of the round with random finished records, including deciders.
async fn finish_round(
    client: &Browser<'_>,
    token: &str,
    event: i64,
    round: i64,
    seed: &mut u64,
) -> usize {
    let mut played = 0;
    for _ in 0..20 {
        let shown = client
            .api(
                "GET",
                &format!("/api/v1/events/{event}/rounds/{round}"),
                None,
                None,
            )
            .await;
        let open: Vec<Value> = shown.json()["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["status"] != "final")
            .cloned()
            .collect();
        if open.is_empty() {
            return played;
        }
        for p in open {
            *seed += 1;
            let (record, _) = finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                *seed,
            );
            let game = p["game_id"].as_i64().unwrap();
            let resp = client
                .api_text(&format!("/api/v1/games/{game}/record"), token, &record)
                .await;
            assert_eq!(resp.status, 200, "{}", resp.body);
            played += 1;
        }
    }
    panic!("round {round} never finished");
}

/// Pairs rounds until the event says there are no more, and returns the rounds played.
async fn play_out(client: &Browser<'_>, token: &str, event: i64) -> Vec<Value> {
    let mut seed = 0;
    let mut rounds = Vec::new();
    for _ in 0..40 {
        let resp = client
            .api(
                "POST",
                &format!("/api/v1/events/{event}/rounds"),
                Some(token),
                None,
            )
            .await;
        if resp.status == 409 {
            let code = resp.json()["error"]["code"].as_str().unwrap().to_string();
            assert!(
                code == "no_more_rounds" || code == "event_finished",
                "{}",
                resp.body
            );
            break;
        }
        assert_eq!(resp.status, 201, "{}", resp.body);
        let round = resp.json();
        let number = round["round"].as_i64().unwrap();
        finish_round(client, token, event, number, &mut seed).await;
        rounds.push(round);
    }
    rounds
}

async fn round_robin_with_an_odd_field(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let event = create_event(
        &client,
        &token,
        json!({"name": "RR", "format": "round_robin"}),
        5,
    )
    .await;
    let rounds = play_out(&client, &token, event).await;
    assert_eq!(rounds.len(), 5, "5 players play 5 rounds (one bye each)");
    let mut byes = std::collections::HashMap::new();
    let mut met = std::collections::HashSet::new();
    for round in &rounds {
        for p in round["pairings"].as_array().unwrap() {
            if p["second"].is_null() {
                *byes.entry(p["first"]["id"].as_i64().unwrap()).or_insert(0) += 1;
            } else {
                let (a, b) = (
                    p["first"]["id"].as_i64().unwrap(),
                    p["second"]["id"].as_i64().unwrap(),
                );
                assert!(met.insert((a.min(b), a.max(b))), "nobody meets twice");
            }
        }
    }
    assert_eq!(met.len(), 10);
    assert!(byes.values().all(|&n| n == 1) && byes.len() == 5);
    let shown = client
        .api("GET", &format!("/api/v1/events/{event}"), None, None)
        .await;
    assert_eq!(shown.json()["state"], "finished");
    let standings = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/standings"),
            None,
            None,
        )
        .await;
    assert_eq!(standings.json()["after_round"], 5);
    assert_eq!(standings.json()["rows"][0]["tiebreaks"][0]["code"], "DE");
}

async fn single_elimination_with_two_game_matches(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let event = create_event(
        &client,
        &token,
        json!({"name": "KO", "format": "single_elimination", "games_per_match": 2, "third_place": true}),
        6,
    )
    .await;
    let rounds = play_out(&client, &token, event).await;
    assert_eq!(rounds.len(), 3, "6 players: 8 slots, three rounds");
    // Round 1: the two top seeds have byes; two matches of two games.
    let first = rounds[0]["pairings"].as_array().unwrap();
    assert_eq!(first.len(), 4, "{first:?}");
    // Games of a match alternate the first move.
    let g1 = &first[0];
    let g2 = &first[1];
    assert_eq!(g1["bracket_match"], g2["bracket_match"]);
    assert_eq!(g1["first"]["id"], g2["second"]["id"]);
    let shown = client
        .api("GET", &format!("/api/v1/events/{event}"), None, None)
        .await;
    assert_eq!(shown.json()["state"], "finished");
}

async fn double_elimination_completes(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let event = create_event(
        &client,
        &token,
        json!({"name": "DE", "format": "double_elimination", "grand_final_reset": true}),
        6,
    )
    .await;
    let rounds = play_out(&client, &token, event).await;
    assert!(rounds.len() >= 5, "{}", rounds.len());
    let shown = client
        .api("GET", &format!("/api/v1/events/{event}"), None, None)
        .await;
    assert_eq!(shown.json()["state"], "finished", "{}", shown.body);
}

async fn swiss_then_knockout(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let event = create_event(
        &client,
        &token,
        json!({"name": "SK", "format": "swiss_then_knockout", "rounds": 3, "knockout_size": 4}),
        8,
    )
    .await;
    let rounds = play_out(&client, &token, event).await;
    assert_eq!(
        rounds.len(),
        5,
        "three Swiss rounds, then semi-finals and a final"
    );
    let standings = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/standings"),
            None,
            None,
        )
        .await;
    let top4: Vec<i64> = standings.json()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .take(4)
        .map(|r| r["player_id"].as_i64().unwrap())
        .collect();
    let semis = rounds[3]["pairings"].as_array().unwrap();
    let mut entrants: Vec<i64> = semis
        .iter()
        .flat_map(|p| {
            [
                p["first"]["id"].as_i64().unwrap(),
                p["second"]["id"].as_i64().unwrap(),
            ]
        })
        .collect();
    entrants.sort_unstable();
    let mut expected = top4.clone();
    expected.sort_unstable();
    assert_eq!(
        entrants, expected,
        "the top four of the Swiss play the semi-finals"
    );
    let shown = client
        .api("GET", &format!("/api/v1/events/{event}"), None, None)
        .await;
    assert_eq!(shown.json()["state"], "finished");
}

both_backends!(
    round_robin_with_an_odd_field,
    single_elimination_with_two_game_matches,
    double_elimination_completes,
    swiss_then_knockout,
);
