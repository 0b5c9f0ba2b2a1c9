//! Properties of the engine on random legal games, round trips, and hostile input.

#![expect(clippy::unwrap_used)]

use kiela::rules::{
    Arrangement, Board, Game, GameResult, Hole, Move, Position, Record, Side, Variant, Verdict,
    VerdictKind, parse_games, parse_record, playout::random_game, replay, verify,
};
use proptest::prelude::*;

fn variant_strategy() -> impl Strategy<Value = Variant> {
    prop_oneof![
        Just(Variant::Beginner),
        Just(Variant::Advanced),
        Just(Variant::Expert)
    ]
}

fn side_strategy() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::South), Just(Side::North)]
}

/// A random arrangement of `total` stones over 20 holes.
fn random_arrangement(total: u32, rng: &mut fastrand::Rng) -> Arrangement {
    let mut counts = [0u32; 20];
    for _ in 0..total {
        counts[rng.usize(..20)] += 1;
    }
    let mut outer = [0u32; 10];
    let mut inner = [0u32; 10];
    outer.copy_from_slice(&counts[..10]);
    inner.copy_from_slice(&counts[10..]);
    Arrangement::new(outer, inner)
}

/// A random legal game; in the expert variant each player's first ply is sometimes a
/// rearrangement.
fn random_legal_game(variant: Variant, first: Side, seed: u64) -> (Vec<Move>, Game) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut game = Game::start(variant, first);
    let mut moves = Vec::new();
    if variant == Variant::Expert {
        for _ in 0..2 {
            if rng.bool() {
                let total = game.position().board.stones(game.to_move());
                let mv = Move::Rearrange(random_arrangement(total, &mut rng));
                game.apply(&mv, None).unwrap();
                moves.push(mv);
            } else {
                break;
            }
        }
    }
    let playout = random_game(game, 3_000, |n| rng.usize(..n));
    moves.extend(playout.moves);
    (moves, playout.end)
}

fn record_of(
    variant: Variant,
    first: Side,
    moves: Vec<Move>,
    result: Option<GameResult>,
) -> Record {
    let mut tags = vec![
        ("Variant".to_string(), variant.as_str().to_string()),
        ("First".to_string(), first.letter().to_string()),
    ];
    if let Some(result) = result {
        tags.push(("Result".to_string(), result.as_str().to_string()));
    }
    Record::from_parts(tags, moves, result).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn random_games_conserve_stones_and_replay_deterministically(
        variant in variant_strategy(), first in side_strategy(), seed in any::<u64>()
    ) {
        let (moves, end) = random_legal_game(variant, first, seed);
        let total = if variant == Variant::Beginner { 28 } else { 56 };
        let record = record_of(variant, first, moves.clone(), None);
        let a = replay(&record).unwrap();
        let b = replay(&record).unwrap();
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.steps.len(), moves.len());
        for step in &a.steps {
            prop_assert_eq!(step.after.board.total(), total);
        }
        prop_assert_eq!(a.verified.final_position, *end.position());
    }

    #[test]
    fn a_random_games_printed_record_verifies_with_the_same_result(
        variant in variant_strategy(), first in side_strategy(), seed in any::<u64>()
    ) {
        let (moves, end) = random_legal_game(variant, first, seed);
        let expected = end.result();
        let record = record_of(variant, first, moves, expected.map(|(r, _)| r));
        let printed = record.to_string();
        let reparsed = parse_record(&printed).unwrap();
        prop_assert_eq!(reparsed.moves.len(), record.moves.len());
        prop_assert_eq!(&reparsed.tags, &record.tags);
        prop_assert_eq!(reparsed.claimed_result(), record.claimed_result());
        let verified = verify(&reparsed).unwrap();
        match expected {
            Some((result, termination)) => {
                prop_assert_eq!(verified.kind, VerdictKind::Valid);
                prop_assert_eq!(verified.result, result);
                prop_assert_eq!(verified.termination, Some(termination));
            }
            None => prop_assert_eq!(verified.kind, VerdictKind::ValidUnfinished),
        }
        // Printing the reparsed record gives the same text.
        prop_assert_eq!(reparsed.to_string(), printed);
    }

    #[test]
    fn positions_print_and_parse_back(
        counts in proptest::collection::vec(0u8..7, 40), north in any::<bool>()
    ) {
        let mut board = Board::empty();
        for (hole, count) in Hole::all().zip(counts) {
            board.set(hole, count);
        }
        let position = Position { board, to_move: if north { Side::North } else { Side::South } };
        let text = position.to_string();
        prop_assert_eq!(text.parse::<Position>().unwrap(), position);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2_000)) {
        for game in parse_games(&bytes) {
            let _ = Verdict::of(game.as_ref()).to_json();
        }
    }

    #[test]
    fn random_token_soup_never_panics(
        tokens in proptest::collection::vec(prop_oneof![
            Just("a1".to_string()), Just("j2".to_string()), Just("e3".to_string()),
            Just("j4".to_string()), Just("z9".to_string()), Just("1.".to_string()),
            Just("{x}".to_string()), Just("[Variant \"expert\"]".to_string()),
            Just("1-0".to_string()), Just("*".to_string()), Just("R:".to_string()),
            Just("R:2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,2,2,2,2".to_string()),
            "[a-j][1-4]", "[ -~]{0,6}",
        ], 0..300)
    ) {
        let text = tokens.join(" ");
        for game in parse_games(text.as_bytes()) {
            let _ = Verdict::of(game.as_ref()).to_json();
        }
    }
}

fn verdict_of(text: &str) -> Verdict {
    let games = parse_games(text.as_bytes());
    assert_eq!(games.len(), 1, "{text:?}");
    Verdict::of(games[0].as_ref())
}

#[test]
fn hostile_tokens_get_precise_reasons() {
    let reason = |text: &str| verdict_of(text).reason().map(kiela::rules::Reason::as_str);
    assert_eq!(reason("1. z9"), Some("bad_notation"));
    let nineteen = format!("R:{}/{}", ["2"; 10].join(","), ["1"; 9].join(","));
    let twenty_one = format!("R:{}/{}", ["2"; 10].join(","), ["1"; 11].join(","));
    let expert = "[Variant \"expert\"]\n";
    assert_eq!(reason(&format!("{expert}{nineteen}")), Some("bad_notation"));
    assert_eq!(
        reason(&format!("{expert}{twenty_one}")),
        Some("bad_notation")
    );
    let negative = format!("{expert}R:-2,2,2,2,2,2,2,2,2,2/{}", ["1"; 10].join(","));
    assert_eq!(reason(&negative), Some("bad_notation"));
    let huge = format!(
        "{expert}R:99999999999999999999,2,2,2,2,2,2,2,2,2/{}",
        ["1"; 10].join(",")
    );
    assert_eq!(reason(&huge), Some("illegal_move"));
    assert_eq!(reason("j2 a\u{0}3"), Some("bad_notation"));
    assert_eq!(reason("[Variant \"advanced\u{0}\"]"), Some("bad_record"));
    assert_eq!(
        reason(
            "[Position \"-1,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 S\"]"
        ),
        Some("bad_record")
    );
    let games = parse_games(b"1. j2 \xc3\x28 a3");
    assert_eq!(
        Verdict::of(games[0].as_ref())
            .reason()
            .map(kiela::rules::Reason::as_str),
        Some("bad_record")
    );
}

#[test]
fn a_hundred_thousand_moves_stop_at_the_end_of_the_game() {
    // Alternating legal-looking moves: the game ends long before, and replay stops there.
    let text = "j1 a4 ".repeat(50_000);
    assert!(text.len() < kiela::rules::MAX_RECORD_BYTES);
    let verdict = verdict_of(&text);
    assert_eq!(verdict.kind(), VerdictKind::Invalid);
    match verdict {
        Verdict::Rejected(e) => assert!(e.ply < 1_000, "stopped at ply {}", e.ply),
        other => panic!("{other:?}"),
    }
}

#[test]
fn ten_megabyte_files_are_refused_per_record() {
    let mut text = "a1 ".repeat(10 * 1024 * 1024 / 3);
    text.push_str("\n[Variant \"beginner\"]\n1. a1 *\n");
    let games = parse_games(text.as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!(
        Verdict::of(games[0].as_ref())
            .reason()
            .map(kiela::rules::Reason::as_str),
        Some("bad_record")
    );
    assert!(games[1].is_ok(), "the next game is still read");
    let random: Vec<u8> = {
        let mut rng = fastrand::Rng::with_seed(7);
        (0..10 * 1024 * 1024).map(|_| rng.u8(..)).collect()
    };
    for game in parse_games(&random) {
        let _ = Verdict::of(game.as_ref());
    }
}
