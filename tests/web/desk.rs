//! The arbiter's desk and the people at the venue, through the API and the pages: submissions
//! compared, a final result corrected (and a second decision refused), rounds withdrawn and
//! paired by hand, entries edited and removed, "my games", and the small traps of the venue.

use serde_json::{Value, json};

use crate::both_backends;
use crate::harness::{
    Browser, Req, TestApp, account_with_token, event_with_players, finished_record, link_account,
    pair_round, personal_path,
};

const NAMES: [&str; 6] = [
    "Ana Kiala",
    "Bento Lunda",
    "Carla Muxima",
    "Domingos Neto",
    "Eva Quissama",
    "Fausto Ribeiro",
];

fn record(seed: u64) -> String {
    finished_record(
        kiela::rules::Variant::Advanced,
        kiela::rules::Side::South,
        seed,
    )
    .0
}

/// Every board of a round, `(game id, first player id, second player id)`.
fn boards(round: &Value) -> Vec<(i64, i64, Option<i64>)> {
    round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["game_id"].as_i64().unwrap(),
                p["first"]["id"].as_i64().unwrap(),
                p["second"]["id"].as_i64(),
            )
        })
        .collect()
}

async fn submit(client: &Browser<'_>, token: &str, game: i64, text: &str) -> Value {
    client
        .send(
            Req::post(format!("/api/v1/games/{game}/record"))
                .bearer(token)
                .text(text),
        )
        .await
        .expect(200)
        .json()
}

async fn standings(client: &Browser<'_>, event: i64) -> Vec<(String, f64)> {
    client
        .send(Req::get(format!("/api/v1/events/{event}/standings")))
        .await
        .expect(200)
        .json()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["points"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// Two players send different records: the staff see both, oldest first, and where they part;
/// one is accepted; a second decision is refused; a correction recomputes the standings and
/// names the later boards paired on the old result.
async fn records_compared_accepted_and_corrected(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Desk", "rounds": 3}),
        &NAMES[..4],
    )
    .await;
    let round = pair_round(&client, &token, event).await;
    let (game, first, second) = boards(&round)[0];
    let second = second.unwrap();
    let a = account_with_token(app, "a@example.ao", "A", "player");
    let b = account_with_token(app, "b@example.ao", "B", "player");
    link_account(&client, &token, event, first, "a@example.ao").await;
    link_account(&client, &token, event, second, "b@example.ao").await;
    // The other boards are played, so the round is complete once this game is.
    for (n, (g, _, other)) in boards(&round).into_iter().enumerate().skip(1) {
        if other.is_some() {
            submit(&client, &token, g, &record(20 + n as u64)).await;
        }
    }

    // Staff only.
    let path = format!("/api/v1/games/{game}/submissions");
    client.send(Req::get(&path)).await.expect(401);
    client.send(Req::get(&path).bearer(&a)).await.expect(403);
    let none = client
        .send(Req::get(&path).bearer(&token))
        .await
        .expect(200)
        .json();
    assert_eq!(none["submissions"], json!([]));
    assert!(none.get("first_difference").is_none());

    let (mine, theirs) = (record(7), record(8));
    assert_eq!(submit(&client, &a, game, &mine).await["status"], "pending");
    assert_eq!(
        submit(&client, &b, game, &theirs).await["status"],
        "disputed"
    );
    let shown = client
        .send(Req::get(&path).bearer(&token))
        .await
        .expect(200)
        .json();
    let subs = shown["submissions"].as_array().unwrap();
    assert_eq!(subs.len(), 2);
    for field in [
        "id",
        "player_id",
        "name",
        "submitted_at",
        "status",
        "verdict",
        "result",
        "plies",
        "record",
    ] {
        assert!(subs[0].get(field).is_some(), "{field} in {}", subs[0]);
    }
    assert_eq!(subs[0]["player_id"], first, "oldest first");
    assert_eq!(subs[0]["record"].as_str().unwrap(), mine);
    assert_eq!(subs[1]["player_id"], second);
    assert!(subs[0]["submitted_at"].as_str().unwrap().ends_with('Z'));
    // Where the two move lists part, computed here from the records themselves.
    let moves = |text: &str| -> Vec<String> {
        kiela::rules::parse_record(text)
            .unwrap()
            .moves
            .iter()
            .map(kiela::rules::PlyToken::text)
            .collect()
    };
    let (ma, mb) = (moves(&mine), moves(&theirs));
    let at = (0..ma.len().max(mb.len()))
        .find(|&i| ma.get(i) != mb.get(i))
        .unwrap();
    let diff = &shown["first_difference"];
    assert_eq!(diff["ply"], at + 1);
    assert_eq!(diff["moves"], json!([ma.get(at), mb.get(at)]));

    // The arbiter accepts the second record.
    let sid = subs[1]["id"].as_i64().unwrap();
    let accepted = client
        .send(
            Req::post(format!("/api/v1/games/{game}/submissions/{sid}/accept"))
                .bearer(&token)
                .json(json!({"reason": "the scoresheet agrees"})),
        )
        .await
        .expect(200)
        .json();
    assert_eq!(accepted["status"], "final");
    let stood = client
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200)
        .json();
    assert_eq!(stood["record"].as_str().unwrap(), theirs);

    // A decision on a final game is a conflict; the correction is its own action.
    let decided = client
        .send(
            Req::post(format!("/api/v1/games/{game}/decision"))
                .bearer(&token)
                .json(json!({"result": "1/2-1/2", "reason": "again"})),
        )
        .await
        .expect(409)
        .json();
    assert_eq!(decided["error"]["code"], "game_final");
    let correction = format!("/api/v1/games/{game}/correction");
    let no_reason = client
        .send(
            Req::post(&correction)
                .bearer(&token)
                .json(json!({"result": "1/2-1/2"})),
        )
        .await
        .expect(422)
        .json();
    assert_eq!(no_reason["error"]["code"], "reason_required");
    client
        .send(
            Req::post(&correction)
                .bearer(&a)
                .json(json!({"result": "1/2-1/2", "reason": "mine"})),
        )
        .await
        .expect(403);
    let before = standings(&client, event).await;
    let corrected = client
        .send(
            Req::post(&correction)
                .bearer(&token)
                .json(json!({"result": "1/2-1/2", "reason": "both agreed a draw"})),
        )
        .await
        .expect(200)
        .json();
    assert_eq!(corrected["result"], "1/2-1/2");
    assert_eq!(corrected["previous_result"], stood["result"]);
    assert_eq!(corrected["later_rounds"], json!([]));
    let after = standings(&client, event).await;
    assert_ne!(before, after);
    for name in [NAMES[0], NAMES[2]] {
        let points = after.iter().find(|(n, _)| n == name).map(|r| r.1);
        assert!(
            points.is_none() || points == Some(0.5),
            "{name}: {points:?} after the draw"
        );
    }
    let game_now = client
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200)
        .json();
    // The game says it was corrected, from what and why; the record and the way it ended are
    // kept as played, and the record's own result is told apart.
    assert_eq!(game_now["result"], "1/2-1/2");
    assert_eq!(game_now["termination"], stood["termination"]);
    assert_eq!(game_now["correction"]["previous_result"], stood["result"]);
    assert_eq!(game_now["correction"]["reason"], "both agreed a draw");
    assert_eq!(game_now["record_result"], stood["result"]);
    // The page says so, reason included, to anyone.
    let page = app
        .browser()
        .get_with(
            &format!("/events/{slug}/games/{game}"),
            &[("accept-language", "en")],
        )
        .await;
    let shown = crate::harness::page_main(&page.body);
    assert!(shown.contains("Result corrected by the staff"), "{shown}");
    assert!(shown.contains("both agreed a draw"), "{shown}");
    // The KGN keeps the record's own result (it still verifies) and tells the decided one
    // apart; the TRF, which holds only the result that stands, notes the correction.
    let kgn = client.get(&format!("/events/{slug}/games.kgn")).await.body;
    let exported = kgn
        .split("\n\n[")
        .find(|g| g.contains("[Decision \"correction\"]"))
        .unwrap_or_else(|| panic!("{kgn}"));
    assert!(
        exported.contains("[DecidedResult \"1/2-1/2\"]"),
        "{exported}"
    );
    assert!(
        exported.contains("[CorrectionReason \"both agreed a draw\"]"),
        "{exported}"
    );
    let reread =
        kiela::rules::parse_record(&format!("[{}", exported.trim_start_matches('['))).unwrap();
    assert!(
        kiela::rules::verify(&reread).is_ok(),
        "the exported record still verifies"
    );
    let trf = client
        .get(&format!("/events/{slug}/tournament.trf"))
        .await
        .body;
    assert!(
        trf.lines().any(|l| l.starts_with("### correction: round 1")
            && l.ends_with("corrected to 1/2-1/2: both agreed a draw")),
        "{trf}"
    );

    // Round 2 is paired on these results; correcting round 1 again names the boards of
    // round 2 that would now be paired otherwise, exactly those a fresh pairing changes.
    let mut round2 = pair_round(&client, &token, event).await;
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let meeting = |(_, a, b): &(i64, i64, Option<i64>)| {
        let mut pair = [Some(*a), *b];
        pair.sort();
        pair
    };
    let mut any_named = false;
    for target in ["1-0", "0-1"] {
        let flipped = client
            .send(
                Req::post(&correction)
                    .bearer(&token)
                    .json(json!({"result": target, "reason": "the scoresheet says so"})),
            )
            .await
            .expect(200)
            .json();
        // Paired again from the corrected results, round 2 changes on exactly the boards named.
        client
            .send(Req::delete(format!("/api/v1/events/{event}/rounds/2")).bearer(&token))
            .await
            .expect(204);
        organiser
            .send(Req::post(format!("/events/{slug}/rounds/2/repair")).form(&[]))
            .await
            .expect(303);
        let repaired = client
            .send(Req::get(format!("/api/v1/events/{event}/rounds/2")).bearer(&token))
            .await
            .expect(200)
            .json();
        let now: Vec<[Option<i64>; 2]> = boards(&repaired).iter().map(meeting).collect();
        let changed: Vec<i64> = boards(&round2)
            .iter()
            .enumerate()
            .filter(|(_, b)| !now.contains(&meeting(b)))
            .map(|(i, _)| i as i64 + 1)
            .collect();
        let named: Vec<i64> = flipped["later_rounds"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l["round"] == 2)
            .flat_map(|l| {
                l["boards"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b.as_i64().unwrap())
            })
            .collect();
        assert_eq!(named, changed, "{target}: {flipped}");
        any_named |= !named.is_empty();
        organiser
            .send(Req::post(format!("/events/{slug}/rounds/2/publish")).form(&[]))
            .await
            .expect(303);
        round2 = repaired;
    }
    assert!(any_named, "turning the winner round changes round 2");
    crate::season::archive_travels(app, &client, &token, event).await;
}

/// Rounds: the last round withdrawn while no result is final, re-paired, paired by hand with
/// the broken criteria as warnings, and published.
async fn rounds_withdrawn_and_paired_by_hand(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Hand", "rounds": 3}),
        &NAMES,
    )
    .await;
    let round1 = pair_round(&client, &token, event).await;
    let r1 = boards(&round1);
    // A pending record does not stop a withdrawal; it is set aside.
    let (g0, first0, _) = r1[0];
    let p = account_with_token(app, "p@example.ao", "P", "player");
    link_account(&client, &token, event, first0, "p@example.ao").await;
    submit(&client, &p, g0, &record(3)).await;
    let withdraw = format!("/api/v1/events/{event}/rounds/1");
    client
        .send(Req::delete(&withdraw).bearer(&p))
        .await
        .expect(403);
    client
        .send(Req::delete(&withdraw).bearer(&token))
        .await
        .expect(204);
    // The record set aside is history: the log keeps it whole.
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let audit = organiser
        .send(Req::get(format!("/events/{slug}/audit?lang=en")))
        .await
        .expect(200);
    let set_aside = kiela::web::i18n::Lang::En.t("audit-record_set_aside");
    assert!(audit.body.contains(&set_aside), "the record is in the log");
    let first_moves: String = record(3).lines().last().unwrap().chars().take(12).collect();
    assert!(audit.body.contains(&first_moves), "{first_moves} kept");
    // A draft round: the public does not see it.
    client
        .send(Req::get(format!("/api/v1/events/{event}/rounds/1")))
        .await
        .expect(404);
    // Withdrawn twice: it is no longer published, and the answer names the round (its message
    // ends in a colon that the round number follows).
    let twice = client
        .send(Req::delete(&withdraw).bearer(&token))
        .await
        .expect(409);
    let error: serde_json::Value = serde_json::from_str(&twice.body).unwrap();
    assert_eq!(error["error"]["code"], "round_not_published");
    assert_eq!(error["error"]["detail"], "1");

    // Paired by hand: a rematch-free pairing has no warnings.
    let ids: Vec<i64> = r1
        .iter()
        .flat_map(|(_, a, b)| [Some(*a), *b])
        .flatten()
        .collect();
    assert_eq!(ids.len(), 6);
    let pairings = format!("/api/v1/events/{event}/rounds/1/pairings");
    let by_hand = json!({"boards": [
        {"first": ids[0], "second": ids[1]},
        {"first": ids[2], "second": ids[3]},
        {"first": ids[4], "second": ids[5]},
    ]});
    let paired = client
        .send(Req::put(&pairings).bearer(&token).json(by_hand.clone()))
        .await
        .expect(200)
        .json();
    assert_eq!(paired["warnings"], json!([]));
    assert_eq!(paired["round"]["state"], "draft");
    // A player on two boards, an unknown player, no boards: refused, naming why.
    for (body, code) in [
        (
            json!({"boards": [{"first": ids[0], "second": ids[1]}, {"first": ids[1], "second": ids[2]}]}),
            "player_twice",
        ),
        (
            json!({"boards": [{"first": 999999, "second": ids[1]}]}),
            "player_unknown",
        ),
        (json!({"boards": []}), "boards_empty"),
    ] {
        let refused = client
            .send(Req::put(&pairings).bearer(&token).json(body))
            .await
            .expect(422)
            .json();
        assert_eq!(refused["error"]["code"], code);
    }
    // Leaving two players out breaks "paired once": stored, with the warning, and published.
    let partial = json!({"boards": [
        {"first": ids[0], "second": ids[1]},
        {"first": ids[2], "second": ids[3]},
    ]});
    let published = client
        .send(
            Req::put(format!("{pairings}?publish=true"))
                .bearer(&token)
                .json(partial),
        )
        .await
        .expect(200)
        .json();
    assert_eq!(published["round"]["state"], "published");
    let warned: Vec<&Value> = published["warnings"].as_array().unwrap().iter().collect();
    assert_eq!(warned.len(), 2, "{warned:?}");
    assert!(warned.iter().all(|w| w["criterion"] == "paired_times"));
    // A published round is not paired by hand.
    client
        .send(Req::put(&pairings).bearer(&token).json(by_hand.clone()))
        .await
        .expect(409);
    // Round 2 by hand with a rematch: the warning names both players.
    let games: Vec<i64> = client
        .send(Req::get(format!("/api/v1/events/{event}/rounds/1")))
        .await
        .expect(200)
        .json()["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["game_id"].as_i64().unwrap())
        .collect();
    for (n, g) in games.iter().enumerate() {
        submit(&client, &token, *g, &record(60 + n as u64)).await;
    }
    // With a final result the round can no longer be withdrawn.
    let refused = client
        .send(Req::delete(&withdraw).bearer(&token))
        .await
        .expect(409)
        .json();
    assert_eq!(refused["error"]["code"], "round_has_results");
    let round2 = pair_round(&client, &token, event).await;
    client
        .send(Req::delete(format!("/api/v1/events/{event}/rounds/2")).bearer(&token))
        .await
        .expect(204);
    let rematch = client
        .send(
            Req::put(format!("/api/v1/events/{event}/rounds/2/pairings"))
                .bearer(&token)
                .json(json!({"boards": [
                    {"first": ids[0], "second": ids[1]},
                    {"first": ids[2], "second": ids[4]},
                    {"first": ids[3], "second": ids[5]},
                ]})),
        )
        .await
        .expect(200)
        .json();
    let warnings = rematch["warnings"].as_array().unwrap();
    let again = warnings
        .iter()
        .find(|w| w["criterion"] == "rematch")
        .expect("a rematch is named");
    assert_eq!(again["players"], json!([ids[0], ids[1]]));
    assert_eq!(boards(&round2).len(), 3);
    crate::season::archive_travels(app, &client, &token, event).await;
}

/// Entries: edited (unknown fields named), removed while they have no game, duplicates warned.
async fn entries_edited_and_removed(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, _) =
        event_with_players(&client, &token, json!({"name": "Entries"}), &NAMES[..3]).await;
    let players: Vec<Value> = client
        .send(Req::get(format!("/api/v1/events/{event}/players")).bearer(&token))
        .await
        .expect(200)
        .json()["players"]
        .as_array()
        .unwrap()
        .clone();
    let pid = players[0]["id"].as_i64().unwrap();
    let path = format!("/api/v1/events/{event}/players/{pid}");
    let edited = client
        .send(
            Req::patch(&path)
                .bearer(&token)
                .json(json!({"name": "Ana  Kiala Neto", "rating": 1234, "club": "Petro"})),
        )
        .await
        .expect(200)
        .json();
    assert_eq!(edited["name"], "Ana  Kiala Neto".trim());
    assert_eq!(edited["rating"], 1234);
    assert_eq!(edited["club"], "Petro");
    let unknown = client
        .send(
            Req::patch(&path)
                .bearer(&token)
                .json(json!({"name": "X", "nickname": "y"})),
        )
        .await
        .expect(422)
        .json();
    assert_eq!(unknown["error"]["code"], "unknown_fields");
    assert!(
        unknown["error"]["message"]
            .as_str()
            .unwrap()
            .contains("nickname")
    );
    for (body, code) in [
        (json!({"rating": 5000}), "rating_invalid"),
        (json!({"name": ""}), "name_empty"),
        (json!({"email": "not an address"}), "email_invalid"),
    ] {
        let refused = client
            .send(Req::patch(&path).bearer(&token).json(body))
            .await
            .expect(422)
            .json();
        assert_eq!(refused["error"]["code"], code);
    }
    // The optional details: for the staff's eyes (sex, year of birth), the federation id for all.
    let details = client
        .send(
            Req::patch(&path)
                .bearer(&token)
                .json(json!({"sex": "f", "birth_year": 2009, "federation_id": "AO-1234"})),
        )
        .await
        .expect(200)
        .json();
    assert_eq!(details["sex"], "F");
    assert_eq!(details["birth_year"], 2009);
    for (body, code) in [
        (json!({"sex": "X"}), "sex_invalid"),
        (json!({"birth_year": 1850}), "birth_year_invalid"),
        (
            json!({"federation_id": "no spaces allowed"}),
            "federation_id_invalid",
        ),
    ] {
        let refused = client
            .send(Req::patch(&path).bearer(&token).json(body))
            .await
            .expect(422)
            .json();
        assert_eq!(refused["error"]["code"], code);
    }
    let public = client
        .send(Req::get(format!("/api/v1/events/{event}/players")))
        .await
        .expect(200)
        .json();
    let shown = public["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == pid)
        .unwrap()
        .clone();
    assert!(shown.get("sex").is_none() && shown.get("birth_year").is_none());
    assert_eq!(shown["federation_id"], "AO-1234");
    let cleared = client
        .send(
            Req::patch(&path)
                .bearer(&token)
                .json(json!({"sex": null, "birth_year": null})),
        )
        .await
        .expect(200)
        .json();
    assert!(cleared.get("sex").is_none() && cleared.get("birth_year").is_none());
    assert_eq!(cleared["federation_id"], "AO-1234");

    // Nothing of a refused edit was kept.
    let shown = client
        .send(Req::get(format!("/api/v1/events/{event}/players")).bearer(&token))
        .await
        .json();
    assert_eq!(shown["players"][0]["name"], "Ana  Kiala Neto");

    // A duplicate is warned about, and kept.
    let added = client
        .send(
            Req::post(format!("/api/v1/events/{event}/players"))
                .bearer(&token)
                .json(json!({"name": "ana kiala  neto", "club": "PETRO"})),
        )
        .await
        .expect(201)
        .json();
    assert_eq!(added["warnings"][0]["code"], "same_name_and_club");
    assert_eq!(added["warnings"][0]["player_id"], pid);
    let duplicate = added["id"].as_i64().unwrap();
    client
        .send(Req::delete(format!("/api/v1/events/{event}/players/{duplicate}")).bearer(&token))
        .await
        .expect(204);
    client
        .send(Req::delete(format!("/api/v1/events/{event}/players/{duplicate}")).bearer(&token))
        .await
        .expect(404);
    // Once paired, an entry is withdrawn, not removed.
    pair_round(&client, &token, event).await;
    let kept = client
        .send(Req::delete(&path).bearer(&token))
        .await
        .expect(409)
        .json();
    assert_eq!(kept["error"]["code"], "player_has_games");
}

/// "My games" for a signed-in player and through the personal link, with the next action.
async fn my_games_say_what_to_do(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Mine", "rounds": 2}),
        &NAMES[..4],
    )
    .await;
    let round = pair_round(&client, &token, event).await;
    let (game, first, second) = boards(&round)[0];
    let a = account_with_token(app, "a@example.ao", "A", "player");
    let b = account_with_token(app, "b@example.ao", "B", "player");
    link_account(&client, &token, event, first, "a@example.ao").await;
    link_account(&client, &token, event, second.unwrap(), "b@example.ao").await;
    client.send(Req::get("/api/v1/me/games")).await.expect(401);
    let mine = client
        .send(Req::get("/api/v1/me/games").bearer(&a))
        .await
        .expect(200)
        .json();
    let e = &mine["events"][0];
    assert_eq!(e["event_id"], event);
    assert_eq!(e["slug"], slug);
    assert_eq!(e["current_round"], 1);
    assert_eq!(e["next"]["game_id"], game);
    assert_eq!(e["next"]["action"], "submit");
    assert_eq!(e["next"]["moves_first"], true);
    assert!(
        e["next"]["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/events/{slug}/games/{game}"))
    );
    submit(&client, &a, game, &record(5)).await;
    let after = client
        .send(Req::get("/api/v1/me/games").bearer(&a))
        .await
        .json();
    assert_eq!(after["events"][0]["games"][0]["action"], "await_opponent");
    let theirs = client
        .send(Req::get("/api/v1/me/games").bearer(&b))
        .await
        .json();
    assert_eq!(theirs["events"][0]["next"]["action"], "confirm");
    assert_eq!(theirs["events"][0]["next"]["moves_first"], false);
    // The personal link's JSON: the same shape, links that stay on the personal link.
    let link = personal_path(&client, &token, event, second.unwrap()).await;
    let by_link = app
        .browser()
        .send(Req::get(format!("{link}/games.json")))
        .await
        .expect(200);
    assert_eq!(by_link.header("cache-control"), Some("private, no-store"));
    let by_link = by_link.json();
    assert_eq!(by_link["events"][0]["next"]["action"], "confirm");
    assert!(
        by_link["events"][0]["next"]["url"]
            .as_str()
            .unwrap()
            .contains(&format!("{link}/games/{game}"))
    );
    let wrong = app
        .browser()
        .send(Req::get(format!("{link}0/games.json")))
        .await;
    assert_eq!(wrong.status, 404);
    assert!(wrong.json()["error"]["code"].is_string());
    // The pages: the signed-in player's "my games" and the link's page show the next game.
    let browser = app.browser();
    browser.log_in("a@example.ao", "a-long-password").await;
    let page = browser.send(Req::get("/me")).await.expect(200);
    assert!(page.body.contains(&format!("/events/{slug}/games/{game}")));
    assert!(app.browser().send(Req::get("/me")).await.status == 303);

    // The arbiter orders the game replayed: the record waiting is set aside for good.
    let subs = client
        .send(Req::get(format!("/api/v1/games/{game}/submissions")).bearer(&token))
        .await
        .expect(200)
        .json();
    let sid = subs["submissions"][0]["id"].as_i64().unwrap();
    client
        .send(
            Req::post(format!("/api/v1/games/{game}/decision"))
                .bearer(&token)
                .json(json!({"result": "replay"})),
        )
        .await
        .expect(422);
    let replay = client
        .send(
            Req::post(format!("/api/v1/games/{game}/decision"))
                .bearer(&token)
                .json(json!({"result": "replay", "reason": "wrong board set up"})),
        )
        .await
        .expect(200)
        .json();
    assert_eq!(replay["status"], "scheduled");
    let closed = client
        .send(Req::post(format!("/api/v1/games/{game}/submissions/{sid}/accept")).bearer(&token))
        .await
        .expect(409)
        .json();
    assert_eq!(closed["error"]["code"], "submission_closed");
    let again = client
        .send(Req::get("/api/v1/me/games").bearer(&a))
        .await
        .json();
    assert_eq!(again["events"][0]["next"]["action"], "submit");
}

/// The venue's traps: a board entry without a termination is an unfinished record, kept for
/// the player; a second decision on the page is a form error; nobody checked in is said so;
/// an error page keeps the signed-in header; the scoresheet's QR page leads the players on.
async fn venue_traps(app: &TestApp) {
    let organiser = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    organiser.log_in("org@example.ao", "a-long-password").await;
    let (event, slug) = event_with_players(
        &organiser,
        &token,
        json!({"name": "Venue", "rounds": 2}),
        &NAMES[..4],
    )
    .await;
    let round = pair_round(&organiser, &token, event).await;
    let (game, first, _) = boards(&round)[0];
    let link = personal_path(&organiser, &token, event, first).await;

    // The board page: no termination chosen; moves alone are an unfinished record, refused
    // with the moves kept.
    let player = app.browser();
    let board = player
        .send(Req::get(format!("{link}/games/{game}/board")))
        .await
        .expect(200);
    assert!(crate::harness::has(
        &board.body,
        "option[value=\"\"][selected]"
    ));
    let open = player
        .send(
            Req::post(format!("{link}/games/{game}/board"))
                .form(&[("moves", "j2 a3"), ("claim", "")]),
        )
        .await
        .expect(422);
    assert!(open.body.contains("j2 a3"), "the moves are kept");
    assert!(
        open.body
            .contains(&kiela::web::i18n::Lang::Pt.t("error-record_unfinished"))
    );

    // The QR page: the holder who opened the personal link (its slip) on this device is
    // offered to go on as that player (a device may be shared), never sent on unawares.
    player.send(Req::get(&link)).await.expect(200);
    let qr = player
        .send(Req::get(format!("/events/{slug}/games/{game}/enter")))
        .await
        .expect(200);
    assert!(qr.body.contains(&format!("href=\"{link}/games/{game}\"")));
    assert_eq!(qr.header("cache-control"), Some("no-store"));
    let stranger = app
        .browser()
        .send(Req::get(format!(
            "/events/{slug}/games/{game}/enter?lang=en"
        )))
        .await
        .expect(200);
    assert!(stranger.body.contains("/login?next="));

    // A second decision on the page is a form error on the game's page.
    organiser
        .send(
            Req::post(format!("/events/{slug}/games/{game}/decide"))
                .form(&[("result", "+-"), ("reason", "absent")]),
        )
        .await
        .expect(303);
    let again = organiser
        .send(
            Req::post(format!("/events/{slug}/games/{game}/decide?lang=en"))
                .form(&[("result", "-+"), ("reason", "changed my mind")]),
        )
        .await
        .expect(409);
    assert!(crate::harness::has(&again.body, ".form-error"));
    assert!(
        again.body.contains("/correct"),
        "the correction form is offered"
    );

    // An error page keeps the signed-in header.
    let missing = organiser
        .send(Req::get("/events/no-such-event"))
        .await
        .expect(404);
    assert!(crate::harness::has(
        &missing.body,
        "form[action=\"/logout\"]"
    ));

    // Check-in on and nobody checked in: said so, not "all rounds played".
    let (checked, _) = event_with_players(
        &organiser,
        &token,
        json!({"name": "Checked", "rounds": 2, "check_in": true}),
        &NAMES[..4],
    )
    .await;
    let refused = organiser
        .send(Req::post(format!("/api/v1/events/{checked}/rounds")).bearer(&token))
        .await
        .expect(409)
        .json();
    assert_eq!(refused["error"]["code"], "nobody_checked_in");
}

/// In a knockout, a correction that would change who went through waits for the next round
/// to be withdrawn; then the bracket follows it.
async fn knockout_correction_waits_for_the_next_round(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, _) = event_with_players(
        &client,
        &token,
        json!({"name": "Taça", "format": "single_elimination"}),
        &NAMES[..4],
    )
    .await;
    let semis = pair_round(&client, &token, event).await;
    for (n, (g, _, _)) in boards(&semis).into_iter().enumerate() {
        submit(&client, &token, g, &record(80 + n as u64)).await;
    }
    pair_round(&client, &token, event).await;
    let (game, _, _) = boards(&semis)[0];
    let result = client
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .json()["result"]
        .as_str()
        .unwrap()
        .to_string();
    let other = if result == "1-0" { "0-1" } else { "1-0" };
    let correction = Req::post(format!("/api/v1/games/{game}/correction"))
        .bearer(&token)
        .json(json!({"result": other, "reason": "wrong winner noted"}));
    let refused = client.send(correction).await.expect(409).json();
    assert_eq!(refused["error"]["code"], "later_round_paired");
    client
        .send(Req::delete(format!("/api/v1/events/{event}/rounds/2")).bearer(&token))
        .await
        .expect(204);
    // The final is now a draft: the correction names its board, to be paired again.
    let corrected = client
        .send(
            Req::post(format!("/api/v1/games/{game}/correction"))
                .bearer(&token)
                .json(json!({"result": other, "reason": "wrong winner noted"})),
        )
        .await
        .expect(200)
        .json();
    assert_eq!(
        corrected["later_rounds"],
        json!([{"round": 2, "boards": [1]}])
    );
}

/// A prize fund over a finished knockout: place prizes by the final ranking, a women's prize
/// for the best woman without a better prize; hidden from the public until the end unless
/// published, provisional until then.
async fn prize_list_follows_the_final_ranking(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Prémio", "format": "single_elimination", "third_place": true}),
        &NAMES[..4],
    )
    .await;
    let players: Vec<i64> = client
        .send(Req::get(format!("/api/v1/events/{event}/players")))
        .await
        .json()["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    for &p in &players[2..] {
        client
            .send(
                Req::patch(format!("/api/v1/events/{event}/players/{p}"))
                    .bearer(&token)
                    .json(json!({"sex": "F"})),
            )
            .await
            .expect(200);
    }
    let fund = json!({
        "currency": "USD",
        "places": [1500, 750, "Troféu"],
        "categories": [{"name": "Women", "rule": {"sex": "F"}, "prizes": [200]}],
    });
    let prizes = format!("/api/v1/events/{event}/prizes");
    client.send(Req::get(&prizes)).await.expect(404);
    let bad = client
        .send(
            Req::put(&prizes)
                .bearer(&token)
                .json(json!({"currency": "usd"})),
        )
        .await
        .expect(422)
        .json();
    assert_eq!(bad["error"]["code"], "currency_invalid");
    client
        .send(Req::put(&prizes).bearer(&token).json(fund.clone()))
        .await
        .expect(200);
    // Not finished, not published: the organisers see it, provisional; the public does not.
    let early = client
        .send(Req::get(&prizes).bearer(&token))
        .await
        .expect(200)
        .json();
    assert_eq!(early["provisional"], true);
    client.send(Req::get(&prizes)).await.expect(404);
    client
        .send(Req::get(format!("/events/{slug}/prizes")))
        .await
        .expect(404);
    // Played to the end.
    for round in 1..=2 {
        let paired = pair_round(&client, &token, event).await;
        for (n, (g, _, second)) in boards(&paired).into_iter().enumerate() {
            if second.is_some() {
                submit(&client, &token, g, &record(90 + 10 * round + n as u64)).await;
            }
        }
    }
    let standings = client
        .send(Req::get(format!("/api/v1/events/{event}/standings")))
        .await
        .json();
    assert_eq!(standings["final"], true);
    let order: Vec<(i64, String)> = standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["player_id"].as_i64().unwrap(),
                r["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let list = client.send(Req::get(&prizes)).await.expect(200).json();
    assert_eq!(list["provisional"], false);
    assert_eq!(list["currency"], "USD");
    let awards = list["awards"].as_array().unwrap();
    let won = |prize: &str| {
        awards
            .iter()
            .find(|a| a["prize"] == prize)
            .map(|a| a["player_id"].as_i64().unwrap())
    };
    assert_eq!(won("1st"), Some(order[0].0));
    assert_eq!(won("2nd"), Some(order[1].0));
    let first = awards.iter().find(|a| a["prize"] == "1st").unwrap();
    assert_eq!(first["amount"], 1500.0);
    // The women's 200 is worth more than the trophy for 3rd (a thing counts as nothing when
    // choosing): the best-placed woman after the first two takes it, the trophy goes on.
    let women = [players[2], players[3]];
    let best_woman = order[2..]
        .iter()
        .map(|(id, _)| *id)
        .find(|id| women.contains(id));
    assert_eq!(won("Women 1st"), best_woman);
    let third = awards.iter().find(|a| a["prize"] == "3rd").unwrap();
    let trophy_to = order[2..]
        .iter()
        .map(|(id, _)| *id)
        .find(|id| Some(*id) != best_woman);
    assert_eq!(third["player_id"].as_i64(), trophy_to);
    assert_eq!(third["goods"], "Troféu");
    assert_eq!(third["amount"], 0.0);
    // The public page and the CSV.
    let page = client
        .send(Req::get(format!("/events/{slug}/prizes?lang=en")))
        .await
        .expect(200);
    assert!(page.body.contains(&order[0].1) && page.body.contains(">1500<"));
    let csv = client
        .send(Req::get(format!("/events/{slug}/prizes.csv?lang=en")))
        .await
        .expect(200);
    let lines: Vec<&str> = csv.body.lines().collect();
    // A page's download opens in a spreadsheet: a byte-order mark, the reader's words.
    assert_eq!(
        lines[0],
        "\u{feff}Prize,Name,Amount,Currency,Prize in kind,Shared by"
    );
    assert_eq!(lines.len(), awards.len() + 1);
    assert!(lines[1].starts_with(&format!("place 1,{},1500.00,USD", order[0].1)));
    // In the reader's language, the women's prize named by its category.
    let csv = client
        .send(Req::get(format!("/events/{slug}/prizes.csv?lang=pt")))
        .await
        .expect(200);
    assert!(
        csv.body.starts_with("\u{feff}Prémio;Nome;Valor;Moeda;"),
        "{}",
        csv.body
    );
    assert!(csv.body.contains("\nWomen: 1.º lugar;"), "{}", csv.body);
    assert!(csv.body.contains(";1500,00;USD;"), "{}", csv.body);
    // For scripts: fixed keys, a decimal point, the same in every language.
    let plain = client
        .send(Req::get(format!(
            "/events/{slug}/prizes.csv?lang=pt&format=plain"
        )))
        .await
        .expect(200);
    assert!(
        plain
            .body
            .starts_with("prize,name,amount,currency,goods,shared_by\n"),
        "{}",
        plain.body
    );
    assert!(plain.body.contains(",1500.00,USD,"), "{}", plain.body);
}

/// A player list imported with a header line carries the details categories need; a custom
/// category by tag, a junior one by birth year, and the organiser's tags kept from the public.
async fn categories_from_imported_details_and_tags(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let created = client
        .send(
            Req::post("/api/v1/events")
                .bearer(&token)
                .json(json!({"name": "Escolar", "format": "swiss", "rounds": 3})),
        )
        .await
        .expect(201)
        .json();
    let (event, slug) = (
        created["id"].as_i64().unwrap(),
        created["slug"].as_str().unwrap(),
    );
    let organiser = app.browser();
    organiser.log_in("org@example.ao", "a-long-password").await;
    let import = format!("/events/{slug}/players/import");
    // A header naming a column twice, or one unknown, is refused with nothing imported.
    for header in ["name,rating,name", "name,colour"] {
        let refused = organiser
            .post_form(&import, &[("csv", &format!("{header}\nAna,1500\n"))])
            .await;
        assert_eq!(refused.status, 422, "{header}");
    }
    let refused = organiser
        .post_form(
            &import,
            &[("csv", "name,tags\nAna,\"a,b,c,d,e,f,g,h,i,j,k\"\n")],
        )
        .await;
    assert_eq!(refused.status, 422, "eleven tags");
    let csv = "Name,Sex,Birth year,Rating,Tags\n\
        Ana Kiala,F,1990,1900,\n\
        Bento Lunda,M,2010,1800,\"Escola A, U16\"\n\
        Carla Muxima,F,2011,1700,escola a\n\
        Domingos Neto,M,1985,1600,\n";
    let imported = organiser.post_form(&import, &[("csv", csv)]).await;
    assert_eq!(imported.status, 303, "{}", imported.body);
    let listed = client
        .send(Req::get(format!("/api/v1/events/{event}/players")).bearer(&token))
        .await
        .expect(200)
        .json();
    let players = listed["players"].as_array().unwrap();
    let bento = players.iter().find(|p| p["name"] == "Bento Lunda").unwrap();
    assert_eq!(bento["tags"], json!(["Escola A", "U16"]));
    assert_eq!(bento["birth_year"], 2010);
    assert_eq!(bento["sex"], "M");
    let public = client
        .send(Req::get(format!("/api/v1/events/{event}/players")))
        .await
        .json();
    assert!(public["players"][1].get("tags").is_none(), "{public}");
    // Tags through the API: a whole new list, checked.
    let domingos = players
        .iter()
        .find(|p| p["name"] == "Domingos Neto")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let bad = client
        .send(
            Req::patch(format!("/api/v1/events/{event}/players/{domingos}"))
                .bearer(&token)
                .json(json!({"tags": ["x".repeat(31)]})),
        )
        .await
        .expect(422)
        .json();
    assert_eq!(bad["error"]["code"], "tags_invalid");
    let fund = json!({
        "sharing": "tiebreak",
        "places": [1000],
        "categories": [
            {"name": "Escola A", "rule": {"tag": "ESCOLA A"}, "prizes": [300, 200]},
            {"name": "Sub-16", "rule": {"born_from": 2010}, "prizes": [250]},
        ],
    });
    let prizes = format!("/api/v1/events/{event}/prizes");
    client
        .send(Req::put(&prizes).bearer(&token).json(fund))
        .await
        .expect(200);
    let list = client
        .send(Req::get(&prizes).bearer(&token))
        .await
        .expect(200)
        .json();
    let won: Vec<(String, String)> = list["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["prize"].as_str().unwrap().to_string(),
                a["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Before any round, the order is the ratings': Ana the 1,000; Bento (tagged, junior) the
    // school's 300 (worth more than the junior 250); Carla (tagged by another case, junior)
    // the junior 250 over the school's 200; nobody else carries the tag.
    let expected = [
        ("1st", "Ana Kiala"),
        ("Escola A 1st", "Bento Lunda"),
        ("Sub-16 1st", "Carla Muxima"),
    ];
    assert_eq!(
        won,
        expected
            .map(|(p, n)| (p.to_string(), n.to_string()))
            .to_vec()
    );
}

both_backends!(
    records_compared_accepted_and_corrected,
    rounds_withdrawn_and_paired_by_hand,
    entries_edited_and_removed,
    my_games_say_what_to_do,
    venue_traps,
    knockout_correction_waits_for_the_next_round,
    prize_list_follows_the_final_ranking,
    categories_from_imported_details_and_tags,
);

/// One prize per player holds at every moment: before round 1 every player is level, so the
/// places are shared by all, and the best woman's and the best junior's prizes go to players
/// who then share nothing else.
async fn one_prize_per_player_before_the_first_round(app: &TestApp) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let client = app.browser();
    let names = [
        "Ana Kiala",
        "Bento Lunda",
        "Carla Muxima",
        "Domingos Neto",
        "Eva Quissama",
        "Fausto Ribeiro",
        "Graça Soba",
        "Hélder Tchipa",
    ];
    let (event, _) = event_with_players(
        &client,
        &token,
        json!({"name": "Prémios", "rounds": 5}),
        &names,
    )
    .await;
    let players = client
        .send(Req::get(format!("/api/v1/events/{event}/players")).bearer(&token))
        .await
        .expect(200)
        .json();
    for p in players["players"].as_array().unwrap() {
        let name = p["name"].as_str().unwrap();
        let woman = ["Ana Kiala", "Carla Muxima", "Eva Quissama", "Graça Soba"].contains(&name);
        let junior = ["Carla Muxima", "Domingos Neto", "Hélder Tchipa"].contains(&name);
        client
            .send(
                Req::patch(format!("/api/v1/events/{event}/players/{}", p["id"]))
                    .bearer(&token)
                    .json(json!({
                        "sex": if woman { "F" } else { "M" },
                        "birth_year": if junior { 2011 } else { 1990 },
                    })),
            )
            .await
            .expect(200);
    }
    let prizes = format!("/api/v1/events/{event}/prizes");
    for (sharing, by_list_order) in [("equal", false), ("hort", false), ("equal", true)] {
        let fund = json!({
            "sharing": sharing,
            "by_list_order": by_list_order,
            "one_prize_per_player": true,
            "places": [50000, 30000, 20000, 10000, 5000],
            "categories": [
                {"name": "Mulheres", "rule": {"sex": "F"}, "prizes": [8000]},
                {"name": "Juniores", "rule": {"born_from": 2010}, "prizes": [6000]},
            ],
        });
        let list = client
            .send(Req::put(&prizes).bearer(&token).json(fund))
            .await
            .expect(200)
            .json();
        let mut won: Vec<&str> = list["awards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["name"].as_str().unwrap())
            .collect();
        let awards = won.len();
        won.sort_unstable();
        won.dedup();
        assert_eq!(won.len(), awards, "{sharing} {by_list_order}: {list}");
        assert_eq!(list["provisional"], true);
    }
}

both_backends!(one_prize_per_player_before_the_first_round);
