//! The practice board: a game against the engine without an account and without JavaScript,
//! each move a form post; the record downloadable; the engine's work limited per address.

use crate::both_backends;
use crate::harness::{Browser, TestApp};
use kiela::rules::{Game, Move, Side, Variant, Verdict, parse_record};

/// The moves of a practice address.
fn moves_of(location: &str) -> Vec<String> {
    let query = location.split_once('?').map_or("", |(_, q)| q);
    let query = query.split('#').next().unwrap_or_default();
    let fields: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap();
    fields
        .into_iter()
        .find(|(k, _)| k == "moves")
        .map(|(_, v)| v.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

fn replay(variant: Variant, moves: &[String]) -> Game {
    let mut game = Game::start(variant, Side::South);
    for m in moves {
        let mv: Move = m.parse().unwrap();
        game = game.play(&mv).expect("every move legal").0;
    }
    game
}

/// The hole buttons of a page, in order.
fn buttons(html: &str) -> Vec<String> {
    html.split("name=\"play\" value=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().to_string())
        .filter(|v| !v.is_empty())
        .collect()
}

async fn post_move(
    client: &Browser<'_>,
    level: &str,
    side: &str,
    moves: &[String],
    play: &str,
) -> crate::harness::Resp {
    let moves = moves.join(" ");
    client
        .post_form(
            "/practice",
            &[
                ("variant", "advanced"),
                ("level", level),
                ("side", side),
                ("moves", &moves),
                ("play", play),
            ],
        )
        .await
}

async fn a_visitor_plays_the_engine_to_the_end(app: &TestApp) {
    let client = app.browser();
    let start = client.get("/practice").await;
    assert_eq!(start.status, 200);
    assert!(start.body.contains("Treinar contra o motor"));

    // Playing North: the engine moves first, the same move every time.
    let first = post_move(&client, "1", "N", &[], "").await;
    assert_eq!(first.status, 303);
    let opened = moves_of(first.location().unwrap());
    assert_eq!(opened.len(), 1, "the engine has moved");
    let again = post_move(&client, "1", "N", &[], "").await;
    assert_eq!(moves_of(again.location().unwrap()), opened, "deterministic");

    // The page offers the visitor's legal holes as buttons of a form, nothing else.
    let page = client.get(first.location().unwrap()).await;
    assert_eq!(page.status, 200);
    let game = replay(Variant::Advanced, &opened);
    let mut legal: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
    let mut offered = buttons(&page.body);
    legal.sort();
    offered.sort();
    assert_eq!(offered, legal);
    assert!(page.body.contains(&format!("O motor jogou {}.", opened[0])));
    // Not the visitor's turn, an illegal move, a level that does not exist: refused.
    assert_eq!(
        post_move(&client, "1", "S", &opened, &legal[0])
            .await
            .status,
        409
    );
    let illegal = post_move(&client, "1", "N", &opened, "a1").await;
    assert_eq!(illegal.status, 422);
    assert!(illegal.body.contains("Essa jogada não se pode fazer"));
    assert_eq!(
        post_move(&client, "7", "N", &opened, &legal[0])
            .await
            .status,
        422
    );

    // As South, first legal hole every time, to the end of the game.
    let mut moves: Vec<String> = Vec::new();
    let mut over = false;
    for _ in 0..60 {
        let game = replay(Variant::Advanced, &moves);
        let Some(hole) = game.legal_moves().first().map(ToString::to_string) else {
            over = true;
            break;
        };
        let answer = post_move(&client, "1", "S", &moves, &hole).await;
        assert_eq!(answer.status, 303, "{}", answer.body);
        let next = moves_of(answer.location().unwrap());
        assert_eq!(next[..moves.len()], moves[..]);
        assert_eq!(next[moves.len()], hole);
        assert!(next.len() <= moves.len() + 2, "one answer at most");
        let answered = replay(Variant::Advanced, &next);
        moves = next;
        if answered.result().is_some() {
            over = true;
            break;
        }
    }
    assert!(over, "the game ends");
    let end = format!(
        "/practice?variant=advanced&level=1&side=S&moves={}",
        moves.join("+")
    );
    let page = client.get(&end).await;
    assert!(buttons(&page.body).is_empty(), "nothing to play once over");
    assert!(
        crate::harness::has(&page.body, ".notice"),
        "the result is said"
    );

    // The record: a download that verifies as the game played.
    let record = client
        .get(&end.replacen("/practice?", "/practice/record.kgn?", 1))
        .await;
    assert_eq!(record.status, 200);
    assert!(
        record
            .header("content-disposition")
            .unwrap()
            .starts_with("attachment")
    );
    let parsed = parse_record(&record.body).unwrap();
    assert_eq!(parsed.moves.len(), moves.len());
    assert_eq!(parsed.tag("South"), Some("Você"));
    assert!(matches!(Verdict::of(Ok(&parsed)), Verdict::Accepted(_)));
    assert!(record.body.contains("[Result \""));

    // One address asks the engine for so many moves a minute, then is told to wait.
    let mut limited = None;
    for _ in 0..130 {
        let answer = post_move(&client, "1", "N", &[], "").await;
        if answer.status != 303 {
            limited = Some(answer);
            break;
        }
    }
    let limited = limited.expect("the engine's moves are limited");
    assert_eq!(limited.status, 429);
    assert!(limited.header("retry-after").is_some());
}

both_backends!(a_visitor_plays_the_engine_to_the_end);
