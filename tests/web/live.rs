//! Games in play: moves entered one ply at a time by the players (accounts and personal links)
//! or staff, checked at once, and followed on every screen through the live streams.

use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::{
    Browser, Event, Req, TestApp, account_with_token, event_with_players, link_account, pair_round,
    personal_path,
};
use crate::{both_backends, both_backends_with};

const NAMES: [&str; 4] = ["Ana Kiala", "Bento Lunda", "Carla Muxima", "Domingos Neto"];

/// The moves of a finished random game of the advanced variant (South first) no longer than
/// `most` plies.
pub(crate) fn moves_of_a_game(most: usize) -> Vec<String> {
    (1..1000)
        .map(|seed| {
            let (text, _) = crate::harness::finished_record(
                kiela::rules::Variant::Advanced,
                kiela::rules::Side::South,
                seed,
            );
            let record = kiela::rules::parse_record(&text).unwrap();
            record
                .moves
                .iter()
                .map(kiela::rules::PlyToken::text)
                .collect::<Vec<_>>()
        })
        .find(|moves| moves.len() <= most && moves.len() >= 10)
        .unwrap()
}

/// An event of four with round 1 published; the organiser's token, the event, its slug and
/// the first board: its game and its two players' entries.
async fn round_in_play(
    client: &Browser<'_>,
    app: &TestApp,
    settings: Value,
) -> (String, i64, String, i64, i64, i64) {
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(client, &token, settings, &NAMES).await;
    let round = pair_round(client, &token, event).await;
    let board = &round["pairings"][0];
    (
        token,
        event,
        slug,
        board["game_id"].as_i64().unwrap(),
        board["first"]["id"].as_i64().unwrap(),
        board["second"]["id"].as_i64().unwrap(),
    )
}

async fn send_move(
    client: &Browser<'_>,
    token: &str,
    game: i64,
    ply: usize,
    mv: &str,
) -> (u16, Value) {
    let answer = client
        .send(
            Req::post(format!("/api/v1/games/{game}/moves"))
                .bearer(token)
                .json(json!({"ply": ply, "move": mv})),
        )
        .await;
    let status = answer.status;
    (status, answer.json())
}

/// Both players enter the game as it is played, each their own moves from their account: every
/// move is checked as it comes, a retry changes nothing, a second device cannot fork the game,
/// and the last move makes the result final with no further step.
async fn both_players_enter_the_game_and_it_is_final(app: &TestApp) {
    let client = app.browser();
    let (org, event, slug, game, first, second) =
        round_in_play(&client, app, json!({"name": "Directo", "rounds": 3})).await;
    let a = account_with_token(app, "a@example.ao", "A", "player");
    let b = account_with_token(app, "b@example.ao", "B", "player");
    link_account(&client, &org, event, first, "a@example.ao").await;
    link_account(&client, &org, event, second, "b@example.ao").await;
    let outsider = account_with_token(app, "c@example.ao", "C", "player");
    let moves = moves_of_a_game(110);

    // Before the first move: nobody else may play, and a move must be the first ply.
    let (status, _) = send_move(&client, &outsider, game, 1, &moves[0]).await;
    assert_eq!(status, 403);
    client
        .send(
            Req::post(format!("/api/v1/games/{game}/moves"))
                .json(json!({"ply": 1, "move": moves[0]})),
        )
        .await
        .expect(401);
    let (status, body) = send_move(&client, &a, game, 2, &moves[0]).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["error"]["code"], "ply_not_next");
    assert_eq!(body["error"]["ply"], 0);
    // North's hole on South's turn: refused with the reason and the legal moves.
    let (status, body) = send_move(&client, &a, game, 1, "a4").await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["error"]["code"], "illegal_move");
    assert_eq!(body["error"]["reason"], "wrong_player");
    assert!(
        body["error"]["legal"]
            .as_array()
            .unwrap()
            .contains(&json!(moves[0]))
    );
    let (status, body) = send_move(&client, &a, game, 1, "z9").await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["reason"], "bad_notation");
    // Malformed bodies are named, never taken for a move.
    let malformed = client
        .send(
            Req::post(format!("/api/v1/games/{game}/moves"))
                .bearer(&a)
                .json(json!({"ply": "one", "move": moves[0]})),
        )
        .await;
    assert_eq!(malformed.status, 422, "{}", malformed.body);
    assert_eq!(malformed.json()["error"]["code"], "malformed");
    assert_eq!(malformed.json()["error"]["detail"], "ply");
    let unknown = client
        .send(
            Req::post(format!("/api/v1/games/{game}/moves"))
                .bearer(&a)
                .json(json!({"ply": 1, "move": moves[0], "clock": 3})),
        )
        .await;
    assert_eq!(unknown.status, 422);

    for (i, mv) in moves.iter().enumerate() {
        let ply = i + 1;
        let mover = if i % 2 == 0 { &a } else { &b };
        let (status, body) = send_move(&client, mover, game, ply, mv).await;
        assert_eq!(status, 200, "ply {ply} {mv}: {body}");
        assert_eq!(body["ply"], ply);
        if ply == 3 {
            // The same move again (a retry): nothing changes.
            let (again, same) = send_move(&client, mover, game, ply, mv).await;
            assert_eq!(again, 200);
            assert_eq!(same["ply"], 3);
            assert_eq!(same["position"], body["position"]);
            // Another move for a ply already played: refused with the game as it stands.
            let other = body["legal"].as_array().unwrap()[0]
                .as_str()
                .unwrap()
                .to_string();
            let (taken, refusal) = send_move(&client, &b, game, 2, &other).await;
            assert_eq!(taken, 409, "{refusal}");
            assert_eq!(refusal["error"]["code"], "ply_taken");
            assert_eq!(refusal["error"]["ply"], 3);
            assert_eq!(refusal["error"]["game"]["moves"][1], moves[1]);
            // The game in play, as anyone reads it.
            let shown = client
                .send(Req::get(format!("/api/v1/games/{game}")))
                .await
                .expect(200)
                .json();
            assert_eq!(shown["status"], "in_play");
            assert_eq!(shown["moves"], json!(moves[..3]));
            // Its public page shows the board as it stands, its last move, the moves so far,
            // as a broadcast does; the round's live page says it is in play.
            let page = app
                .browser()
                .get(&format!("/events/{slug}/games/{game}?lang=en"))
                .await;
            assert_eq!(page.status, 200);
            let main = crate::harness::page_main(&page.body);
            assert!(crate::harness::has(&main, ".replay table.board"), "{main}");
            assert!(
                main.contains(&kiela::web::i18n::Lang::En.t("game-replay-live")),
                "{main}"
            );
            assert_eq!(crate::harness::count(&main, ".move-list li"), 3, "{main}");
            assert!(
                crate::harness::texts(&main, ".move-list li.current")
                    .iter()
                    .any(|t| t.contains(&moves[2])),
                "{main}"
            );
            let live = app
                .browser()
                .get(&format!("/events/{slug}/rounds/1/live?lang=en"))
                .await;
            let states = crate::harness::texts(
                &live.body,
                &format!("section[data-game='{game}'] .live-state"),
            );
            assert_eq!(
                states,
                [kiela::web::i18n::Lang::En.t("game-status-in_play")],
                "{}",
                live.body
            );
        }
        if ply < moves.len() {
            assert_eq!(body["status"], "in_play");
            assert_eq!(body["over"], Value::Null);
        } else {
            assert_eq!(body["status"], "final", "{body}");
            assert!(body["over"]["result"].is_string());
            assert_eq!(body["legal"], json!([]));
        }
    }
    let shown = client
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200)
        .json();
    assert_eq!(shown["status"], "final");
    assert_eq!(shown["plies"], moves.len());
    // The last move's result is in the standings with no other step, once its round is
    // complete (the standings count complete rounds): the other board decided, the table
    // counts round 1.
    let before = client
        .send(Req::get(format!("/api/v1/events/{event}/standings")))
        .await
        .expect(200)
        .json();
    assert_eq!(before["after_round"], 0, "{before}");
    let round = client
        .send(Req::get(format!("/api/v1/events/{event}/rounds/1")))
        .await
        .expect(200)
        .json();
    let other = json!({"pairings": round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["game_id"] != game)
        .cloned()
        .collect::<Vec<_>>()});
    crate::harness::decide_boards(&client, &org, &other, &["1-0"]).await;
    let standings = client
        .send(Req::get(format!("/api/v1/events/{event}/standings")))
        .await
        .expect(200)
        .json();
    let points = |player: i64| {
        standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player_id"] == player)
            .unwrap()["points"]
            .as_f64()
            .unwrap()
    };
    let first_points = match shown["result"].as_str().unwrap() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        _ => 0.5,
    };
    assert_eq!(standings["after_round"], 1, "{standings}");
    assert!((points(first) - first_points).abs() < 1e-9, "{standings}");
    assert!(
        (points(second) - (1.0 - first_points)).abs() < 1e-9,
        "{standings}"
    );
    // The game is over: no more moves.
    let (status, body) = send_move(&client, &a, game, moves.len() + 1, &moves[0]).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["error"]["code"], "game_not_in_play");
}

/// One phone enters the whole game through its player's personal link: the record waits for
/// the opponent, who confirms it as any record.
async fn one_device_enters_the_game_and_the_opponent_confirms(app: &TestApp) {
    let client = app.browser();
    let (org, event, _, game, first, second) =
        round_in_play(&client, app, json!({"name": "Um telemóvel", "rounds": 3})).await;
    let link = personal_path(&client, &org, event, first).await;
    let moves = moves_of_a_game(110);
    let phone = app.browser();
    for (i, mv) in moves.iter().enumerate() {
        let answer = phone
            .send(
                Req::post(format!("{link}/games/{game}/moves"))
                    .json(json!({"ply": i + 1, "move": mv})),
            )
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let state = phone
        .send(Req::get(format!("{link}/games/{game}/moves")))
        .await
        .expect(200)
        .json();
    assert_eq!(state["status"], "pending");
    // A cross-site page cannot send a move with the link.
    let forged = app
        .browser()
        .send(
            Req::post(format!("{link}/games/{game}/moves"))
                .header("origin", "https://elsewhere.example")
                .json(json!({"ply": 1, "move": moves[0]})),
        )
        .await;
    assert_eq!(forged.status, 403, "{}", forged.body);
    // The opponent confirms through theirs.
    let theirs = personal_path(&client, &org, event, second).await;
    let opponent = app.browser();
    let page = opponent.get(&format!("{theirs}/games/{game}")).await;
    assert_eq!(page.status, 200);
    let confirmed = opponent
        .post_form(&format!("{theirs}/games/{game}/confirm"), &[])
        .await;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    let shown = client
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200)
        .json();
    assert_eq!(shown["status"], "final");
}

/// The attack: one player enters the opponent's moves. Whatever share of the opponent's plies
/// someone else entered (all but one, one through a stolen personal link, or the staff), the
/// record is never final in the opponent's name: it waits for them, and they may dispute it
/// from their own game page. Only a player who entered every ply of their own side stands
/// behind the record as it ends.
async fn a_player_cannot_enter_the_opponents_moves_into_a_final_result(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let names = [
        "Ana Kiala",
        "Bento Lunda",
        "Carla Muxima",
        "Domingos Neto",
        "Elsa Pombo",
        "Filipe Quissama",
        "Gina Ramos",
        "Hugo Sapalo",
    ];
    let (event, _) = event_with_players(
        &client,
        &token,
        json!({"name": "Jogadas alheias", "rounds": 3}),
        &names,
    )
    .await;
    let round = pair_round(&client, &token, event).await;
    let moves = moves_of_a_game(110);
    // Who enters each ply (by its index): the first mover's link, the second's, or staff.
    #[derive(Clone, Copy, PartialEq)]
    enum By {
        First,
        Second,
        Staff,
    }
    /// A way of entering the game: its name, who enters each ply, and the status it ends in.
    type Plan = (&'static str, fn(usize) -> By, &'static str);
    let plans: [Plan; 4] = [
        // The second player entered a single ply; the first player entered all the rest.
        (
            "all but one",
            |i| if i == 1 { By::Second } else { By::First },
            "pending",
        ),
        // One of the second's plies through the second's (stolen) link, the rest as above.
        (
            "a stolen link's one ply",
            |i| if i == 3 { By::Second } else { By::First },
            "pending",
        ),
        // Each their own, except one of the second's plies entered by staff.
        (
            "staff entered one",
            |i| match (i % 2, i) {
                (_, 5) => By::Staff,
                (0, _) => By::First,
                _ => By::Second,
            },
            "pending",
        ),
        // Each their own: both stand behind it, final at once.
        (
            "each their own",
            |i| if i % 2 == 0 { By::First } else { By::Second },
            "final",
        ),
    ];
    for ((plan, who, expected), board) in plans.iter().zip(round["pairings"].as_array().unwrap()) {
        let game = board["game_id"].as_i64().unwrap();
        let first = personal_path(
            &client,
            &token,
            event,
            board["first"]["id"].as_i64().unwrap(),
        )
        .await;
        let second = personal_path(
            &client,
            &token,
            event,
            board["second"]["id"].as_i64().unwrap(),
        )
        .await;
        for (i, mv) in moves.iter().enumerate() {
            let sent = match who(i) {
                By::First => Req::post(format!("{first}/games/{game}/moves")),
                By::Second => Req::post(format!("{second}/games/{game}/moves")),
                By::Staff => Req::post(format!("/api/v1/games/{game}/moves")).bearer(&token),
            };
            let answer = client
                .send(sent.json(json!({"ply": i + 1, "move": mv})))
                .await;
            assert_eq!(answer.status, 200, "{plan}, ply {}: {}", i + 1, answer.body);
        }
        let shown = client
            .send(Req::get(format!("/api/v1/games/{game}")))
            .await
            .expect(200)
            .json();
        assert_eq!(shown["status"], *expected, "{plan}");
        if *expected == "final" {
            continue;
        }
        // The record waits for the second player, who was not the one to stand behind it:
        // their game page offers the dispute, and the dispute holds.
        let page = client.get(&format!("{second}/games/{game}?lang=pt")).await;
        assert_eq!(page.status, 200);
        assert!(
            crate::harness::has(&page.body, "form[action$='/dispute']"),
            "{plan}: the second player may dispute"
        );
        assert!(
            crate::harness::has(&page.body, "form[action$='/confirm']"),
            "{plan}: the second player may confirm"
        );
        let disputed = client
            .post_form(
                &format!("{second}/games/{game}/dispute"),
                &[("reason", "não foram estas as minhas jogadas")],
            )
            .await;
        assert_eq!(disputed.status, 303, "{plan}: {}", disputed.body);
        let shown = client
            .send(Req::get(format!("/api/v1/games/{game}")))
            .await
            .expect(200)
            .json();
        assert_eq!(shown["status"], "disputed", "{plan}");
    }
}

/// Without JavaScript: the board's holes are buttons of a form, each tap a post that comes
/// back to the board; a refused move is said on it.
async fn the_board_works_without_javascript(app: &TestApp) {
    let client = app.browser();
    let (org, event, _, game, first, _) =
        round_in_play(&client, app, json!({"name": "Sem script", "rounds": 3})).await;
    let link = personal_path(&client, &org, event, first).await;
    let phone = app.browser();
    let page = phone
        .get(&format!("{link}/games/{game}/play?lang=pt"))
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    let holes =
        crate::harness::attributes(&page.body, "form#live-board button[name=play]", "value");
    assert!(!holes.is_empty());
    let ply = crate::harness::attributes(&page.body, "form#live-board input[name=ply]", "value");
    assert_eq!(ply, ["1"]);
    let played = phone
        .post_form(
            &format!("{link}/games/{game}/moves"),
            &[("ply", "1"), ("play", holes[0].as_str())],
        )
        .await;
    assert_eq!(played.status, 303);
    let page = phone.follow(played).await;
    let ply = crate::harness::attributes(&page.body, "form#live-board input[name=ply]", "value");
    assert_eq!(ply, ["2"]);
    // Ply 1 again with another hole: the board says the ply was taken, in Portuguese.
    let refused = phone
        .post_form(
            &format!("{link}/games/{game}/moves?lang=pt"),
            &[("ply", "1"), ("play", "a4")],
        )
        .await;
    assert_eq!(refused.status, 303);
    let page = phone.follow(refused).await;
    assert!(
        crate::harness::texts(&page.body, "#flash")
            .iter()
            .any(|t| t.contains("Já foi feita outra jogada")),
        "{}",
        page.body
    );
    // Without the form's token a post is refused.
    let forged = app
        .browser()
        .post_raw(
            &format!("{link}/games/{game}/moves"),
            &[("ply", "2"), ("play", "a4")],
        )
        .await;
    assert_eq!(forged.status, 403);
}

/// Staff enter a game, take its last move back (logged), and finish it: their record is final.
async fn staff_take_back_and_finish(app: &TestApp) {
    let client = app.browser();
    let (org, _, slug, game, _, _) =
        round_in_play(&client, app, json!({"name": "Mesa", "rounds": 3})).await;
    let moves = moves_of_a_game(110);
    for (i, mv) in moves.iter().take(4).enumerate() {
        assert_eq!(send_move(&client, &org, game, i + 1, mv).await.0, 200);
    }
    let taken = client
        .send(Req::post(format!("/api/v1/games/{game}/takeback")).bearer(&org))
        .await
        .expect(200)
        .json();
    assert_eq!(taken["ply"], 3);
    // A player cannot take a move back.
    let a = account_with_token(app, "a@example.ao", "A", "player");
    client
        .send(Req::post(format!("/api/v1/games/{game}/takeback")).bearer(&a))
        .await
        .expect(403);
    for (i, mv) in moves.iter().enumerate().skip(3) {
        let (status, body) = send_move(&client, &org, game, i + 1, mv).await;
        assert_eq!(status, 200, "{body}");
    }
    let shown = client
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200)
        .json();
    assert_eq!(shown["status"], "final");
    let desk = app.browser();
    desk.log_in("org@example.ao", "a-long-password").await;
    let log = desk.get(&format!("/events/{slug}/audit?lang=en")).await;
    assert!(log.body.contains("move taken back"), "{}", log.body);
}

fn moves_of(events: &[Event], game: i64) -> Vec<(i64, String)> {
    events
        .iter()
        .filter(|e| e.name == "move" && e.data["game_id"] == game)
        .map(|e| {
            (
                e.data["ply"].as_i64().unwrap(),
                e.data["move"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// A round's stream opens with every board as it stands, then delivers every move of every
/// game in order, and the result.
async fn a_rounds_stream_delivers_every_move_in_order(app: &TestApp) {
    let client = app.browser();
    let token = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, _) = event_with_players(
        &client,
        &token,
        json!({"name": "Ao vivo", "rounds": 3}),
        &NAMES,
    )
    .await;
    let round = pair_round(&client, &token, event).await;
    let games: Vec<i64> = round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["game_id"].as_i64().unwrap())
        .collect();
    let spectator = app.browser();
    let mut stream = spectator
        .stream(
            &format!("/api/v1/events/{event}/rounds/1/live"),
            &[("origin", "https://scores.example")],
        )
        .await;
    assert_eq!(stream.status, 200);
    assert_eq!(
        stream
            .headers
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap(),
        "text/event-stream"
    );
    assert_eq!(
        stream.headers.get("access-control-allow-origin").unwrap(),
        "*",
        "a scoreboard on another site may follow it"
    );
    let opening: Vec<Event> = [
        stream.next(Duration::from_secs(10)).await.unwrap(),
        stream.next(Duration::from_secs(10)).await.unwrap(),
    ]
    .into();
    assert!(opening.iter().all(|e| e.name == "state"), "{opening:?}");
    assert_eq!(opening[0].data["ply"], 0);

    // Two games, their moves interleaved.
    let moves = moves_of_a_game(60);
    for (i, mv) in moves.iter().enumerate() {
        for game in &games {
            assert_eq!(send_move(&client, &token, *game, i + 1, mv).await.0, 200);
        }
    }
    let mut events = Vec::new();
    while moves_of(&events, games[1]).len() < moves.len()
        || !events
            .iter()
            .any(|e| e.name == "result" && e.data["game_id"] == games[1])
    {
        match stream.next(Duration::from_secs(20)).await {
            Some(event) => events.push(event),
            None => panic!("the stream stopped after {} events", events.len()),
        }
    }
    for game in &games {
        let seen = moves_of(&events, *game);
        let expected: Vec<(i64, String)> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| (i as i64 + 1, m.clone()))
            .collect();
        assert_eq!(seen, expected, "every move of game {game}, in order");
    }
    let result = events
        .iter()
        .find(|e| e.name == "result" && e.data["game_id"] == games[0])
        .unwrap();
    assert_eq!(result.data["status"], "final");
}

/// With a public delay, the public's streams and reads wait; the players' do not.
async fn the_public_waits_the_players_do_not(app: &TestApp) {
    let client = app.browser();
    let (org, event, slug, game, first, _) = round_in_play(
        &client,
        app,
        json!({"name": "Diferido", "rounds": 3, "live_delay_minutes": 15}),
    )
    .await;
    let a = account_with_token(app, "a@example.ao", "A", "player");
    link_account(&client, &org, event, first, "a@example.ao").await;
    let moves = moves_of_a_game(110);
    let player = app.browser();
    let mut players = player
        .stream(
            &format!("/api/v1/games/{game}/live"),
            &[("authorization", &format!("Bearer {a}"))],
        )
        .await;
    assert_eq!(
        players.next(Duration::from_secs(10)).await.unwrap().name,
        "state"
    );
    for (i, mv) in moves.iter().take(3).enumerate() {
        assert_eq!(send_move(&client, &a, game, i + 1, mv).await.0, 200);
    }
    let seen: Vec<Event> = {
        let mut seen = Vec::new();
        while seen.len() < 3 {
            seen.push(
                players
                    .next(Duration::from_secs(20))
                    .await
                    .expect("the player's stream"),
            );
        }
        seen
    };
    assert!(seen.iter().all(|e| e.name == "move"), "{seen:?}");

    // The public reads the game as it was 15 minutes ago: not started.
    let mut public = app
        .browser()
        .stream(&format!("/api/v1/games/{game}/live"), &[])
        .await;
    let state = public.next(Duration::from_secs(10)).await.unwrap();
    assert_eq!(state.name, "state");
    assert_eq!(state.data["ply"], 0);
    let mut round = app
        .browser()
        .stream(&format!("/events/{slug}/rounds/1/stream"), &[])
        .await;
    let board = round.next(Duration::from_secs(10)).await.unwrap();
    assert_eq!(board.data["ply"], 0);
    let shown = client
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200)
        .json();
    assert_eq!(shown["status"], "scheduled");
    assert_eq!(shown["moves"], json!([]));
    // The player sees every move.
    let own = client
        .send(Req::get(format!("/api/v1/games/{game}")).bearer(&a))
        .await
        .expect(200)
        .json();
    assert_eq!(own["status"], "in_play");
    assert_eq!(own["moves"], json!(moves[..3]));
}

/// A game that ends while the event's delay still hides its last moves tells the public
/// nothing of them: its result is held, the game is pending for its players (who see when it
/// becomes final) and still to play for the public everywhere (the game, the round, the
/// standings, the export, the practice board's engine, which answers its positions as it
/// answers any); the next round waits. When the public sees the last move, the held result is
/// final; a dispute meanwhile drops it.
async fn a_result_waits_for_the_public_to_see_its_moves(app: &TestApp) {
    let client = app.browser();
    let org = account_with_token(app, "org@example.ao", "Org", "organiser");
    let (event, slug) = event_with_players(
        &client,
        &org,
        json!({"name": "Diferido até ao fim", "rounds": 3, "live_delay_minutes": 15}),
        &NAMES,
    )
    .await;
    let round = pair_round(&client, &org, event).await;
    let moves = moves_of_a_game(110);
    let mut tokens = Vec::new();
    for (b, board) in round["pairings"].as_array().unwrap().iter().enumerate() {
        let mut pair = Vec::new();
        for (side, seat) in ["first", "second"].iter().enumerate() {
            let email = format!("p{b}{side}@example.ao");
            pair.push(account_with_token(app, &email, "P", "player"));
            link_account(
                &client,
                &org,
                event,
                board[seat]["id"].as_i64().unwrap(),
                &email,
            )
            .await;
        }
        let game = board["game_id"].as_i64().unwrap();
        for (i, mv) in moves.iter().enumerate() {
            let (status, body) = send_move(&client, &pair[i % 2], game, i + 1, mv).await;
            assert_eq!(status, 200, "{body}");
            if i + 1 == moves.len() {
                assert_eq!(body["status"], "pending", "held, not final: {body}");
            }
        }
        tokens.push((game, pair));
    }
    let (game, pair) = &tokens[0];
    // The players see the result agreed and when it becomes final.
    let own = client
        .send(Req::get(format!("/api/v1/games/{game}")).bearer(&pair[0]))
        .await
        .expect(200)
        .json();
    assert_eq!(own["status"], "pending", "{own}");
    assert!(own["final_at"].is_string(), "{own}");
    // The public: nothing happened yet, anywhere.
    let public = client
        .send(Req::get(format!("/api/v1/games/{game}")))
        .await
        .expect(200)
        .json();
    assert_eq!(public["status"], "scheduled", "{public}");
    assert!(
        public["result"].is_null() && public["record"].is_null(),
        "{public}"
    );
    assert!(public.get("final_at").is_none(), "{public}");
    let shown = client
        .send(Req::get(format!("/api/v1/events/{event}/rounds/1")))
        .await
        .expect(200)
        .json();
    for board in shown["pairings"].as_array().unwrap() {
        assert!(board["result"].is_null(), "{board}");
        assert_eq!(board["status"], "scheduled", "{board}");
    }
    let standings = client
        .send(Req::get(format!("/api/v1/events/{event}/standings")))
        .await
        .expect(200)
        .json();
    assert_eq!(standings["after_round"], 0, "{standings}");
    let kgn = client.get(&format!("/events/{slug}/games.kgn")).await;
    assert!(!kgn.body.contains(&moves[0]), "{}", kgn.body);
    let page = app
        .browser()
        .get(&format!("/events/{slug}/rounds/1?lang=en"))
        .await;
    assert!(
        !page.body.contains("1-0") && !page.body.contains("0-1"),
        "{}",
        page.body
    );
    // The practice board's engine answers a position of the hidden moves as it answers any:
    // its answer tells nothing of them.
    let practice = app.browser();
    for plies in [3, moves.len() - 1] {
        let asked = moves[..plies].join(" ");
        let side = if plies % 2 == 0 { "N" } else { "S" };
        let answered = practice
            .post_form(
                "/practice?lang=en",
                &[
                    ("variant", "advanced"),
                    ("level", "1"),
                    ("side", side),
                    ("moves", asked.as_str()),
                    ("play", ""),
                ],
            )
            .await;
        assert_eq!(answered.status, 303, "{plies}: {}", answered.body);
    }
    // The next round waits for the results.
    client
        .send(Req::post(format!("/api/v1/events/{event}/rounds")).bearer(&org))
        .await
        .expect(409);
    // On the second board a player disputes while the result is held: it is dropped.
    let (other, other_pair) = &tokens[1];
    client
        .send(
            Req::post(format!("/api/v1/games/{other}/dispute"))
                .bearer(&other_pair[1])
                .json(json!({"reason": "not the last move"})),
        )
        .await
        .expect(200);
    // Before its moment nothing becomes final; at it, the first game does.
    let service = app.app.clone();
    let soon = chrono::Utc::now().naive_utc() + chrono::TimeDelta::minutes(1);
    let made = actix_rt::task::spawn_blocking(move || {
        kiela::service::games::finalise_held(&service, soon)
    })
    .await
    .unwrap()
    .unwrap();
    assert_eq!(made, 0);
    let service = app.app.clone();
    let later = chrono::Utc::now().naive_utc() + chrono::TimeDelta::minutes(16);
    let made = actix_rt::task::spawn_blocking(move || {
        kiela::service::games::finalise_held(&service, later)
    })
    .await
    .unwrap()
    .unwrap();
    assert_eq!(made, 1, "the disputed game's held result was dropped");
    let own = client
        .send(Req::get(format!("/api/v1/games/{game}")).bearer(&pair[0]))
        .await
        .expect(200)
        .json();
    assert_eq!(own["status"], "final", "{own}");
    assert!(own.get("final_at").is_none(), "{own}");
    let disputed = client
        .send(Req::get(format!("/api/v1/games/{other}")).bearer(&other_pair[0]))
        .await
        .expect(200)
        .json();
    assert_eq!(disputed["status"], "disputed", "{disputed}");
}

/// The practice board's engine does not play a position of a game in play (a player would ask
/// it for their next move); once the game is over it does.
async fn the_engine_does_not_play_a_game_in_play(app: &TestApp) {
    let client = app.browser();
    let (org, _, _, game, _, _) =
        round_in_play(&client, app, json!({"name": "Sem motor", "rounds": 3})).await;
    let moves = moves_of_a_game(110);
    for (i, mv) in moves.iter().take(3).enumerate() {
        assert_eq!(send_move(&client, &org, game, i + 1, mv).await.0, 200);
    }
    let asked = moves[..3].join(" ");
    let practice = app.browser();
    let fields = [
        ("variant", "advanced"),
        ("level", "1"),
        ("side", "S"),
        ("moves", asked.as_str()),
        ("play", ""),
    ];
    let refused = practice.post_form("/practice?lang=en", &fields).await;
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert!(
        refused.body.contains("being played right now"),
        "{}",
        refused.body
    );
    for (i, mv) in moves.iter().enumerate().skip(3) {
        assert_eq!(send_move(&client, &org, game, i + 1, mv).await.0, 200);
    }
    let answered = practice.post_form("/practice", &fields).await;
    assert_eq!(answered.status, 303, "{}", answered.body);
}

/// A flood of moves from one sender to one game is cut off (429 with `Retry-After`) before it
/// costs more than a real game would.
async fn a_flood_of_moves_is_cut_off(app: &TestApp) {
    let client = app.browser();
    let (org, event, _, game, first, _) =
        round_in_play(&client, app, json!({"name": "Enxurrada", "rounds": 3})).await;
    let a = account_with_token(app, "a@example.ao", "A", "player");
    link_account(&client, &org, event, first, "a@example.ao").await;
    let mut statuses = Vec::new();
    for _ in 0..121 {
        statuses.push(send_move(&client, &a, game, 1, "a4").await.0);
    }
    assert!(statuses[..120].iter().all(|s| *s == 422), "{statuses:?}");
    let cut = client
        .send(
            Req::post(format!("/api/v1/games/{game}/moves"))
                .bearer(&a)
                .json(json!({"ply": 1, "move": "a4"})),
        )
        .await;
    assert_eq!(cut.status, 429, "{}", cut.body);
    assert!(cut.header("retry-after").is_some());
    // Another sender to the same game is not held up.
    let (status, _) = send_move(&client, &org, game, 1, "a4").await;
    assert_eq!(status, 422);
}

/// Streams are bounded per address: beyond it, 503 with `Retry-After`, never a queue (the
/// places given back: `web::live`'s unit test).
async fn streams_are_bounded(app: &TestApp) {
    let client = app.browser();
    let (_, event, _, _, _, _) =
        round_in_play(&client, app, json!({"name": "Cheio", "rounds": 3})).await;
    let path = format!("/api/v1/events/{event}/rounds/1/live");
    let mut open = Vec::new();
    for _ in 0..2 {
        let stream = app.browser().stream(&path, &[]).await;
        assert_eq!(stream.status, 200);
        open.push(stream);
    }
    let refused = app.browser().stream(&path, &[]).await;
    assert_eq!(refused.status, 503);
    assert!(refused.headers.get("retry-after").is_some());
    drop(open);
}

both_backends!(
    a_player_cannot_enter_the_opponents_moves_into_a_final_result,
    a_result_waits_for_the_public_to_see_its_moves,
    both_players_enter_the_game_and_it_is_final,
    one_device_enters_the_game_and_the_opponent_confirms,
    the_board_works_without_javascript,
    staff_take_back_and_finish,
    a_rounds_stream_delivers_every_move_in_order,
    the_public_waits_the_players_do_not,
    the_engine_does_not_play_a_game_in_play,
    a_flood_of_moves_is_cut_off,
);
both_backends_with!(streams_are_bounded, |config| {
    config.live_streams_per_address = 2;
});
