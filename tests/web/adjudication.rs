//! Adjudication: an arbiter gives the moves of a game that stopped before its end, the engine
//! proposes a result under the event's rule, and the arbiter confirms it or decides another;
//! the proposal and the decision are in the log, the game final with the moves played.

use serde_json::{Value, json};

use crate::both_backends_with;
use crate::harness::{
    Browser, Req, TestApp, account_with_token, event_with_players, finished_record, link_account,
    pair_round,
};
use kiela::engine::adjudication::assess;
use kiela::rules::{Record, Side, Variant, parse_record};

const NODES: u64 = 3_000;

/// A random game cut `cut` plies before its end: its record (unfinished) and the position
/// where it stops.
fn stopped(seed: u64, cut: usize) -> (String, kiela::rules::Game, usize) {
    let (full, _) = finished_record(Variant::Advanced, Side::South, seed);
    let record = parse_record(&full).unwrap();
    let moves: Vec<_> = record
        .moves
        .iter()
        .map(|t| t.parsed.clone().unwrap())
        .collect();
    let kept = &moves[..moves.len() - cut];
    let mut game = record.start();
    for mv in kept {
        game = game.play(mv).unwrap().0;
    }
    let tags = vec![
        ("Variant".to_string(), "advanced".to_string()),
        ("First".to_string(), "S".to_string()),
    ];
    let text = Record::from_parts(tags, kept.to_vec(), None)
        .unwrap()
        .to_string();
    (text, game, kept.len())
}

/// The first seed whose game, cut `cut` plies before the end, the engine judges won under
/// `margin` (or not, as `decided` asks).
fn seed_where(margin: u32, cut: usize, decided: bool) -> (String, kiela::rules::Game, usize) {
    (1..200)
        .map(|seed| stopped(seed, cut))
        .find(|(_, game, _)| assess(game, NODES).winner(margin).is_some() == decided)
        .expect("a seed")
}

async fn propose(
    client: &Browser<'_>,
    token: &str,
    game: i64,
    record: &str,
) -> crate::harness::Resp {
    client
        .send(
            Req::post(format!("/api/v1/games/{game}/adjudication"))
                .bearer(token)
                .text(record),
        )
        .await
}

async fn decide(
    client: &Browser<'_>,
    token: &str,
    game: i64,
    proposal: i64,
    body: Value,
) -> crate::harness::Resp {
    client
        .send(
            Req::post(format!(
                "/api/v1/games/{game}/adjudication/{proposal}/decision"
            ))
            .bearer(token)
            .json(body),
        )
        .await
}

async fn the_engine_proposes_and_the_arbiter_decides(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "arb@example.ao", "Arb", "organiser");
    let player = account_with_token(app, "p@example.ao", "P", "player");
    let (id, slug) = event_with_players(
        &client,
        &token,
        json!({"name": "Adjudicated", "format": "swiss", "rounds": 2,
               "adjudication_margin": 10}),
        &["A", "B", "C", "D"],
    )
    .await;
    let event = client
        .send(Req::get(format!("/api/v1/events/{id}")))
        .await
        .expect(200)
        .json();
    assert_eq!(
        event["adjudication"],
        json!({"margin": 10, "otherwise": "arbiter"})
    );
    let round = pair_round(&client, &token, id).await;
    let first_game = round["pairings"][0]["game_id"].as_i64().unwrap();
    let second_game = round["pairings"][1]["game_id"].as_i64().unwrap();

    // A won position: the engine proposes the winner.
    let (record, position, plies) = seed_where(10, 2, true);
    let expected = assess(&position, NODES);
    let winner = expected.winner(10).unwrap();

    // Only the event's staff may ask; nobody's body is read before that.
    assert_eq!(
        client
            .send(Req::post(format!("/api/v1/games/{first_game}/adjudication")).text(&record))
            .await
            .status,
        401
    );
    assert_eq!(
        propose(&client, &player, first_game, &record).await.status,
        403
    );
    // A record of a game over on the board is not adjudicated, an illegal one is refused.
    let (finished, _) = finished_record(Variant::Advanced, Side::South, 3);
    let over = propose(&client, &token, first_game, &finished).await;
    assert_eq!(over.status, 422, "{}", over.body);
    assert_eq!(over.json()["error"]["code"], "game_over_on_board");
    let illegal = propose(&client, &token, first_game, "1. j2 j2").await;
    assert_eq!(illegal.status, 422);
    assert_eq!(illegal.json()["error"]["code"], "invalid_record");

    let answer = propose(&client, &token, first_game, &record).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let proposal = answer.json();
    assert_eq!(proposal["plies"], plies);
    assert_eq!(
        proposal["score"],
        serde_json::to_value(expected.score).unwrap()
    );
    assert_eq!(proposal["nodes"], expected.nodes);
    assert_eq!(proposal["depth"], expected.depth);
    assert_eq!(proposal["best"], json!(expected.best));
    let result = if winner == Side::South { "1-0" } else { "0-1" };
    assert_eq!(proposal["proposed"], result);
    assert_eq!(proposal["current"], true);

    // The arbiter sees it on the desk, in words, with the forms to settle it.
    let desk = app.browser();
    desk.log_in("arb@example.ao", "a-long-password").await;
    let page = desk
        .get(&format!("/events/{slug}/games/{first_game}"))
        .await;
    assert!(
        page.body.contains("Resultado proposto"),
        "the proposal is shown"
    );
    assert!(
        page.body
            .contains(&format!("/adjudication/{}", proposal["id"]))
    );

    // Overriding the proposal needs a reason.
    let pid = proposal["id"].as_i64().unwrap();
    let other = if result == "1-0" { "0-1" } else { "1-0" };
    let no_reason = decide(&client, &token, first_game, pid, json!({"result": other})).await;
    assert_eq!(no_reason.status, 422);
    assert_eq!(no_reason.json()["error"]["code"], "reason_required");
    // Confirmed: final with the moves played, terminated by adjudication.
    let decided = decide(&client, &token, first_game, pid, json!({})).await;
    assert_eq!(decided.status, 200, "{}", decided.body);
    assert_eq!(decided.json()["result"], result);
    let game = client
        .send(Req::get(format!("/api/v1/games/{first_game}")))
        .await
        .expect(200)
        .json();
    assert_eq!(game["status"], "final");
    assert_eq!(game["result"], result);
    assert_eq!(game["termination"], "adjudication");
    assert_eq!(game["plies"], plies);
    let stored = game["record"].as_str().unwrap();
    assert!(
        stored.contains("[Termination \"adjudication\"]"),
        "{stored}"
    );
    let verdict = kiela::rules::Verdict::of(parse_record(stored).as_ref());
    assert!(
        matches!(verdict, kiela::rules::Verdict::Accepted(_)),
        "the record verifies"
    );
    // Once final, a proposal decides nothing more.
    assert_eq!(
        decide(&client, &token, first_game, pid, json!({}))
            .await
            .status,
        409
    );
    // The log names the proposal with its figures and the decision.
    let log = desk
        .get(&format!("/events/{slug}/games/{first_game}"))
        .await
        .body;
    assert!(log.contains("proposta de adjudicação do motor"));
    assert!(log.contains(&format!("{} posições", expected.nodes)));

    // A position the engine does not judge won: nothing is proposed, the arbiter decides.
    let (open_record, _, _) = seed_where(10, 30, false);
    let form = format!("/events/{slug}/games/{second_game}/adjudicate");
    let refused = desk.post_form(&form, &[("record", "1. j2 j2")]).await;
    assert_eq!(refused.status, 422);
    assert!(
        refused.body.contains(">1. j2 j2</textarea>"),
        "the moves stay in their box"
    );
    let asked = desk.post_form(&form, &[("record", &open_record)]).await;
    assert_eq!(asked.status, 303);
    let shown = desk.follow(asked).await;
    assert!(shown.body.contains("O motor propôs um resultado"), "flash");
    assert!(
        shown.body.contains("decida o resultado"),
        "no proposal: the arbiter decides"
    );
    let open = propose(&client, &token, second_game, &open_record)
        .await
        .json();
    assert_eq!(open["proposed"], Value::Null);
    let oid = open["id"].as_i64().unwrap();
    let undecided = decide(&client, &token, second_game, oid, json!({})).await;
    assert_eq!(undecided.status, 409);
    assert_eq!(undecided.json()["error"]["code"], "adjudication_undecided");
    let bad = decide(
        &client,
        &token,
        second_game,
        oid,
        json!({"result": "+-", "reason": "x"}),
    )
    .await;
    assert_eq!(bad.status, 422, "a forfeit is not an adjudication");

    // The game changed meanwhile (a player sent its record): the proposal is history.
    let first = round["pairings"][1]["first"]["id"].as_i64().unwrap();
    link_account(&client, &token, id, first, "p@example.ao").await;
    let (finished, _) = finished_record(Variant::Advanced, Side::South, 11);
    let sent = client
        .api_text(
            &format!("/api/v1/games/{second_game}/record"),
            &player,
            &finished,
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let stale = decide(
        &client,
        &token,
        second_game,
        oid,
        json!({"result": "1/2-1/2", "reason": "time is up"}),
    )
    .await;
    assert_eq!(stale.status, 409);
    assert_eq!(stale.json()["error"]["code"], "adjudication_stale");
    let again = propose(&client, &token, second_game, &open_record)
        .await
        .json();
    assert_eq!(
        again["proposed"],
        Value::Null,
        "the same position, the same proposal"
    );
    let decided = decide(
        &client,
        &token,
        second_game,
        again["id"].as_i64().unwrap(),
        json!({"result": "1/2-1/2"}),
    )
    .await;
    assert_eq!(decided.status, 200, "{}", decided.body);
    let game = client
        .send(Req::get(format!("/api/v1/games/{second_game}")))
        .await
        .expect(200)
        .json();
    assert_eq!(game["result"], "1/2-1/2");
    assert_eq!(game["termination"], "adjudication");
}

both_backends_with!(the_engine_proposes_and_the_arbiter_decides, |config| {
    config.adjudication_nodes = super::NODES;
});
