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

/// The final ranking the API gives a finished event: (player, place, last place of the band).
async fn final_ranking(client: &Browser<'_>, event: i64) -> Vec<(i64, i64, i64)> {
    let standings = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/standings"),
            None,
            None,
        )
        .await
        .json();
    assert_eq!(standings["final"], true, "{standings}");
    standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let place = r["place"].as_i64().unwrap();
            (
                r["player_id"].as_i64().unwrap(),
                place,
                r["place_to"].as_i64().unwrap_or(place),
            )
        })
        .collect()
}

/// The event's slug and its standings page in English (the main part).
async fn standings_page(client: &Browser<'_>, event: i64) -> (String, String) {
    let slug = client
        .api("GET", &format!("/api/v1/events/{event}"), None, None)
        .await
        .json()["slug"]
        .as_str()
        .unwrap()
        .to_string();
    let page = client
        .get_with(
            &format!("/events/{slug}/standings"),
            &[("accept-language", "en")],
        )
        .await;
    (slug, crate::harness::page_main(&page.body))
}

/// Every round of the event as it now stands (results and deciders included).
async fn rounds_now(client: &Browser<'_>, event: i64, count: usize) -> Vec<Value> {
    let mut out = Vec::new();
    for n in 1..=count {
        out.push(
            client
                .api(
                    "GET",
                    &format!("/api/v1/events/{event}/rounds/{n}"),
                    None,
                    None,
                )
                .await
                .json(),
        );
    }
    out
}

/// The winner and loser of a knockout match, from its games' results in the rounds played.
fn match_result(rounds: &[Value], code: &str) -> (i64, i64) {
    let mut points: std::collections::BTreeMap<i64, f64> = std::collections::BTreeMap::new();
    for round in rounds {
        for p in round["pairings"].as_array().unwrap() {
            if p["bracket_match"] != code {
                continue;
            }
            let (a, b) = (
                p["first"]["id"].as_i64().unwrap(),
                p["second"]["id"].as_i64().unwrap(),
            );
            let (pa, pb) = match p["result"].as_str().unwrap() {
                "1-0" | "+-" => (1.0, 0.0),
                "0-1" | "-+" => (0.0, 1.0),
                "1/2-1/2" => (0.5, 0.5),
                _ => (0.0, 0.0),
            };
            *points.entry(a).or_default() += pa;
            *points.entry(b).or_default() += pb;
        }
    }
    let mut by_points: Vec<(i64, f64)> = points.into_iter().collect();
    by_points.sort_by(|x, y| y.1.total_cmp(&x.1));
    assert_eq!(by_points.len(), 2, "{code}: {by_points:?}");
    (by_points[0].0, by_points[1].0)
}

/// Places run from 1 without gaps, each band as wide as the players sharing it.
fn assert_places_cover(ranking: &[(i64, i64, i64)]) {
    let mut next = 1;
    let mut i = 0;
    while i < ranking.len() {
        let (_, place, to) = ranking[i];
        assert_eq!(place, next, "{ranking:?}");
        let width = (to - place + 1) as usize;
        assert!(
            ranking[i..i + width]
                .iter()
                .all(|r| r.1 == place && r.2 == to),
            "{ranking:?}"
        );
        next = to + 1;
        i += width;
    }
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
    // A round robin's final ranking is its standings.
    let ranking = final_ranking(&client, event).await;
    assert_places_cover(&ranking);
    let ranks: Vec<i64> = standings.json()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rank"].as_i64().unwrap())
        .collect();
    assert_eq!(ranking.iter().map(|r| r.1).collect::<Vec<_>>(), ranks);
    crate::season::archive_travels(app, &client, &token, event).await;
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
    // The final ranking: the final, the third-place match, then the first round's losers.
    let ranking = final_ranking(&client, event).await;
    assert_places_cover(&ranking);
    let played = rounds_now(&client, event, rounds.len()).await;
    let (champion, runner_up) = match_result(&played, "W3-1");
    let (third, fourth) = match_result(&played, "3P");
    let top: Vec<(i64, i64, i64)> = ranking[..4].to_vec();
    assert_eq!(
        top,
        vec![
            (champion, 1, 1),
            (runner_up, 2, 2),
            (third, 3, 3),
            (fourth, 4, 4)
        ]
    );
    assert!(
        ranking[4..].iter().all(|r| (r.1, r.2) == (5, 6)),
        "{ranking:?}"
    );
    // What placed each player: their run through the knockout, counted (not a table of
    // zeros), on the page and in the API.
    let standings = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/standings"),
            None,
            None,
        )
        .await
        .json();
    let games: usize = played
        .iter()
        .flat_map(|r| r["pairings"].as_array().unwrap())
        .filter(|p| !p["second"].is_null())
        .count();
    assert_eq!(standings["results"], games, "{standings}");
    assert_eq!(standings["after_round"], played.len(), "{standings}");
    let run = |player: i64| {
        standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player_id"] == player)
            .unwrap()["knockout"]
            .clone()
    };
    assert_eq!(run(champion)["stage"], "Final", "{standings}");
    assert_eq!(run(champion)["won_last"], true);
    assert_eq!(run(runner_up)["won_last"], false);
    assert_eq!(run(third)["stage"], "ThirdPlace");
    assert!(
        run(champion)["won"].as_u64().unwrap() >= 3,
        "{}",
        run(champion)
    );
    // The API's games and points are the knockout's (the champion played and won).
    let row = |player: i64| {
        standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player_id"] == player)
            .unwrap()
            .clone()
    };
    let champ = row(champion);
    let (won, drawn, lost) = (
        run(champion)["won"].as_u64().unwrap(),
        run(champion)["drawn"].as_u64().unwrap(),
        run(champion)["lost"].as_u64().unwrap(),
    );
    assert_eq!(
        champ["played"].as_u64().unwrap(),
        won + drawn + lost,
        "{champ}"
    );
    assert_eq!(champ["won"].as_u64().unwrap(), won);
    assert_eq!(
        champ["points"].as_f64().unwrap(),
        won as f64 + drawn as f64 / 2.0
    );
    // The CSV says the same, a shared place with its band's end, the stage and the games.
    let (slug, table) = standings_page(&client, event).await;
    let csv = client
        .get(&format!("/api/v1/events/{event}/export.csv"))
        .await;
    let lines: Vec<&str> = csv.body.lines().collect();
    assert!(
        lines[0].starts_with(
            "rank,number,name,rating,club,place_to,stage,last_match,won,drawn,lost,points"
        ),
        "{}",
        csv.body
    );
    let champion_line = lines
        .iter()
        .find(|l| l.starts_with("1,"))
        .unwrap_or_else(|| panic!("{}", csv.body));
    assert!(
        champion_line.contains(&format!(",1,final,won,{won},{drawn},{lost},")),
        "{champion_line}"
    );
    let band: Vec<&&str> = lines.iter().filter(|l| l.starts_with("5,")).collect();
    assert_eq!(band.len(), 2, "{}", csv.body);
    assert!(band.iter().all(|l| l.contains(",6,")), "{band:?}");
    let sheet = client
        .get(&format!("/events/{slug}/standings.csv?lang=en"))
        .await;
    assert!(
        sheet.body.contains("Knockout")
            && sheet.body.contains("Final")
            && sheet.body.contains("won"),
        "{}",
        sheet.body
    );
    assert!(table.contains("Final, won"), "{table}");
    assert!(table.contains("Games (W–D–L)"), "{table}");
    assert!(
        !table.contains(">Pts<"),
        "no points of a stage the event has not: {table}"
    );
    trf_holds_every_game(app, &client, event, &played).await;
}

/// A Swiss-then-knockout event whose knockout is over still takes the settings that may change
/// (made rated, by the form and by `PATCH`); those fixed by the start stay fixed, compared with
/// the Swiss rounds alone.
async fn settings_after_the_knockout(
    app: &TestApp,
    client: &Browser<'_>,
    token: &str,
    event: i64,
    slug: &str,
) {
    // Its CSV heads the points as the Swiss stage's, beside what the knockout gave.
    let csv = client
        .get(&format!("/api/v1/events/{event}/export.csv"))
        .await;
    assert!(
        csv.body.starts_with(
            "rank,number,name,rating,club,place_to,stage,last_match,won,drawn,lost,swiss_points"
        ),
        "{}",
        csv.body
    );
    assert!(csv.body.contains(",final,won,"), "{}", csv.body);
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let form = organiser
        .post_form(
            &format!("/events/{slug}/settings"),
            &[
                ("name", "SK"),
                ("format", "swiss_then_knockout"),
                ("rounds", "3"),
                ("knockout_size", "4"),
                ("games_per_match", "1"),
                ("variant", "advanced"),
                ("initial_colour", "W"),
                ("location", "Malanje"),
            ],
        )
        .await;
    assert_eq!(form.status, 303, "{}", form.body);
    let patch = |body: Value| {
        crate::harness::Req::patch(format!("/api/v1/events/{event}"))
            .bearer(token)
            .json(body)
    };
    let rated = client
        .send(patch(json!({"rated": true})))
        .await
        .expect(200)
        .json();
    assert_eq!(rated["rated"], true);
    assert_eq!(
        rated["location"], "Malanje",
        "what the patch does not name stays"
    );
    assert_eq!(rated["rounds_paired"], 5);
    for (body, status, code) in [
        (json!({"format": "swiss"}), 409, "event_started"),
        (json!({"rounds": 2}), 409, "event_started"),
        (json!({"knockout_size": 8}), 409, "event_started"),
        (json!({"rated": "yes"}), 422, "field_invalid"),
        (json!({"raetd": true}), 422, "unknown_fields"),
        (json!({"name": ""}), 422, "name_empty"),
        (
            json!({"starts_on": "2026-12-05", "ends_on": "2026-12-06"}),
            200,
            "",
        ),
        // Reversed by the day the change keeps: the event's state; within the change: its own.
        (json!({"starts_on": "2026-12-10"}), 409, "dates_reversed"),
        (
            json!({"starts_on": "2026-12-10", "ends_on": "2026-12-09"}),
            422,
            "dates_reversed",
        ),
    ] {
        if status == 200 {
            client.send(patch(body)).await.expect(200);
            continue;
        }
        let refused = client.send(patch(body.clone())).await.expect(status).json();
        assert_eq!(refused["error"]["code"], code, "{body}: {refused}");
    }
    let more = client
        .send(patch(json!({"rounds": 4, "venue": "Luanda"})))
        .await
        .expect(200)
        .json();
    assert_eq!(
        (more["rounds"].as_i64(), more["location"].as_str()),
        (Some(4), Some("Luanda"))
    );
    let stranger = account_with_token(app, "other@example.ao", "Other", "organiser");
    client
        .send(
            crate::harness::Req::patch(format!("/api/v1/events/{event}"))
                .bearer(&stranger)
                .json(json!({"rated": false})),
        )
        .await
        .expect(403);
}

/// The TRF holds every game, knockout games included, and re-imports to the same results.
async fn trf_holds_every_game(app: &TestApp, client: &Browser<'_>, event: i64, played: &[Value]) {
    let organiser =
        kiela::service::accounts::create_api_token_for(&app.app, "org@example.ao", "archive")
            .unwrap();
    crate::season::archive_travels(app, client, &organiser, event).await;
    let trf = client
        .api(
            "GET",
            &format!("/api/v1/events/{event}/export.trf"),
            None,
            None,
        )
        .await
        .body;
    // Every game played is a column entry of both its players.
    let games: usize = played
        .iter()
        .flat_map(|round| round["pairings"].as_array().unwrap())
        .filter(|p| !p["second"].is_null())
        .count();
    assert!(games > 6, "{games} knockout games");
    let entries = trf
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            // Round k's opponent is in columns 92+10(k-1) to 95+10(k-1).
            (0..)
                .map(|k| l.get(91 + 10 * k..95 + 10 * k))
                .take_while(Option::is_some)
                .flatten()
                .filter(|opponent| !opponent.trim().is_empty() && opponent.trim() != "0000")
                .count()
        })
        .sum::<usize>();
    assert_eq!(entries, 2 * games, "{trf}");
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let again = crate::files::import(&organiser, client, &trf).await;
    // The same event: its format, its state, its bracket, and the same file again.
    let original = client
        .api("GET", &format!("/api/v1/events/{event}"), None, None)
        .await
        .json();
    let shown = client
        .api("GET", &format!("/api/v1/events/{again}"), None, None)
        .await
        .json();
    for field in [
        "format",
        "state",
        "rounds",
        "knockout_size",
        "third_place",
        "grand_final_reset",
        "games_per_match",
    ] {
        assert_eq!(shown[field], original[field], "{field}");
    }
    assert_eq!(original["state"], "finished");
    let exported_again = client
        .api(
            "GET",
            &format!("/api/v1/events/{again}/export.trf"),
            None,
            None,
        )
        .await
        .body;
    assert_eq!(
        exported_again.lines().collect::<Vec<_>>(),
        trf.lines().collect::<Vec<_>>(),
        "export, import, export: the same file"
    );
    assert!(trf.lines().any(|l| l.starts_with("XKG ")), "{trf}");
    let ranking = |id: i64| async move {
        let standings = client
            .api("GET", &format!("/api/v1/events/{id}/standings"), None, None)
            .await
            .json();
        standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["name"].as_str().unwrap().to_string(), r["place"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        ranking(again).await,
        ranking(event).await,
        "the same final ranking"
    );
    let bracket = client
        .get(&format!(
            "/events/{}/bracket",
            shown["slug"].as_str().unwrap()
        ))
        .await;
    assert_eq!(bracket.status, 200);
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
    // The winner of the last grand final is first, the other finalist second; everyone is
    // placed, by the round they left the losers' bracket.
    let ranking = final_ranking(&client, event).await;
    assert_eq!(ranking.len(), 6);
    assert_places_cover(&ranking);
    let last = rounds.last().unwrap()["pairings"][0]["bracket_match"]
        .as_str()
        .unwrap()
        .to_string();
    let played = rounds_now(&client, event, rounds.len()).await;
    let (champion, runner_up) = match_result(&played, &last);
    assert_eq!(ranking[0], (champion, 1, 1));
    assert_eq!(ranking[1], (runner_up, 2, 2));
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
    // The knockout's places first (the final's winner is first, not the Swiss leader), then
    // everyone else in Swiss order.
    let ranking = final_ranking(&client, event).await;
    assert_places_cover(&ranking);
    let played = rounds_now(&client, event, rounds.len()).await;
    let (champion, runner_up) = match_result(&played, "W2-1");
    assert_eq!(ranking[0], (champion, 1, 1));
    assert_eq!(ranking[1], (runner_up, 2, 2));
    let mut semi_losers: Vec<i64> = ranking[2..4].iter().map(|r| r.0).collect();
    semi_losers.sort_unstable();
    let mut expected_losers: Vec<i64> = expected
        .iter()
        .copied()
        .filter(|p| *p != champion && *p != runner_up)
        .collect();
    expected_losers.sort_unstable();
    assert_eq!(semi_losers, expected_losers);
    assert!(ranking[2..4].iter().all(|r| (r.1, r.2) == (3, 4)));
    assert!(
        ranking[4..]
            .iter()
            .all(|r| !expected.contains(&r.0) && r.1 >= 5)
    );
    // The first four are placed by the knockout, and the ranking says so: Swiss points alone
    // would read alike for them.
    let (slug, table) = standings_page(&client, event).await;
    assert!(table.contains("Swiss points"), "{table}");
    // Finished: the manage page offers no round to pair (it would only be refused), and says
    // why.
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let manage = organiser
        .get_with(
            &format!("/events/{slug}/manage"),
            &[("accept-language", "en")],
        )
        .await;
    assert_eq!(manage.status, 200);
    assert!(
        !manage
            .body
            .contains(&format!("action=\"/events/{slug}/rounds\"")),
        "{}",
        manage.body
    );
    assert!(crate::harness::has(&manage.body, "#pairing-blocked"));
    assert!(
        table.contains("Final, won") && table.contains("Final, lost"),
        "{table}"
    );
    assert_eq!(table.matches("Semi-final").count(), 2, "{table}");
    trf_holds_every_game(app, &client, event, &played).await;
    settings_after_the_knockout(app, &client, &token, event, &slug).await;
}

both_backends!(
    round_robin_with_an_odd_field,
    single_elimination_with_two_game_matches,
    double_elimination_completes,
    swiss_then_knockout,
);
