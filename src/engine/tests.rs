//! The engine against the rules: every move it chooses is legal, proven results are right, and
//! a node budget gives the same answer every time.

use proptest::prelude::*;

use super::*;
use crate::rules::playout::random_game;
use crate::rules::{Game, Move, Side, Variant};

fn position(variant: Variant, text: &str) -> Game {
    Game::new(variant, text.parse().unwrap())
}

fn best(game: &Game, limits: Limits) -> SearchResult {
    Engine::new(1 << 20, 1).search(game, limits, &mut |_| {})
}

/// A random game of `variant`, `plies` plies in (or less, if it ended sooner).
fn random_position(variant: Variant, first: Side, plies: usize, seed: u64) -> Game {
    let mut rng = fastrand::Rng::with_seed(seed);
    random_game(Game::start(variant, first), plies, |n| rng.usize(..n)).end
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn the_engine_only_plays_legal_moves(
        variant_index in 0usize..3,
        south_first in any::<bool>(),
        plies in 0usize..160,
        seed in any::<u64>(),
        nodes in 1u64..400,
    ) {
        let variant = Variant::ALL[variant_index];
        let first = if south_first { Side::South } else { Side::North };
        let game = random_position(variant, first, plies, seed);
        let result = best(&game, Limits::nodes(nodes));
        match &result.best {
            Some(mv) => {
                prop_assert!(game.play(mv).is_ok(), "{mv} in {}", game.position());
                let mut line = game;
                for step in &result.pv {
                    prop_assert!(line.play(step).is_ok(), "pv {step} in {}", line.position());
                    line = line.play(step).unwrap().0;
                }
            }
            None => {
                prop_assert!(game.legal_moves().is_empty());
                prop_assert!(!game.may_rearrange(game.to_move()));
                prop_assert_eq!(result.score, Score::Loss(0));
            }
        }
    }
}

#[test]
fn a_capture_that_wipes_out_the_opponent_is_a_win_in_one() {
    // North's only stones are two in c3; South's e2 ends in c2 (occupied) and takes them.
    // a1 is a quiet move that lets North play on.
    let game = position(
        Variant::Advanced,
        "0,0,0,0,0,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0/0,0,1,0,2,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0 S",
    );
    let result = best(&game, Limits::depth(4));
    assert_eq!(result.best, Some("e2".parse::<Move>().unwrap()));
    assert_eq!(result.score, Score::Win(1));
}

/// The exact value of `game` within `depth` plies by full minimax: `Some(n)` a win for the
/// side to move after `n` plies, `Some(-n)` a loss, `None` undecided within the horizon.
fn solve(game: &Game, depth: u32) -> Option<i32> {
    let moves = game.legal_moves();
    if moves.is_empty() && !game.may_rearrange(game.to_move()) {
        return Some(LOST_NOW);
    }
    if depth == 0 {
        return None;
    }
    let mut best: Option<i32> = None;
    let mut undecided = false;
    for hole in moves {
        let (child, _) = game.play(&Move::Sow(hole)).unwrap();
        match solve(&child, depth - 1) {
            None => undecided = true,
            Some(value) => {
                // The child's value is for the opponent: his loss in n is our win in n + 1.
                let ours = if value <= 0 { -value + 1 } else { -(value + 1) };
                let better = match best {
                    None => true,
                    Some(b) => rank(ours) > rank(b),
                };
                if better {
                    best = Some(ours);
                }
            }
        }
    }
    match best {
        Some(win) if win > 0 => Some(win),
        Some(loss) if !undecided => Some(loss),
        _ => None,
    }
}

/// The side to move cannot move: a loss after 0 plies.
const LOST_NOW: i32 = 0;

/// Wins beat losses; nearer wins and farther losses are better.
fn rank(value: i32) -> i32 {
    if value > 0 {
        1000 - value
    } else {
        -1000 - value
    }
}

#[test]
fn proven_results_agree_with_full_minimax_in_small_endgames() {
    let mut checked = 0;
    let mut rng = fastrand::Rng::with_seed(11);
    for _ in 0..4000 {
        // Few stones on each side, anywhere.
        let mut text = String::new();
        for rank in 0..4 {
            if rank > 0 {
                text.push('/');
            }
            let counts: Vec<String> = (0..10)
                .map(|_| {
                    if rng.u32(..10) < 2 {
                        rng.u32(1..4).to_string()
                    } else {
                        "0".to_string()
                    }
                })
                .collect();
            text.push_str(&counts.join(","));
        }
        text.push_str(if rng.bool() { " S" } else { " N" });
        let game = position(Variant::Advanced, &text);
        let Some(value) = solve(&game, 5) else {
            continue;
        };
        let result = best(&game, Limits::depth(7));
        let expected = if value > 0 {
            Score::Win(value as u32)
        } else {
            Score::Loss((-value) as u32)
        };
        assert_eq!(result.score, expected, "{text}");
        if let Some(mv) = &result.best
            && value > 0
        {
            let (child, _) = game.play(mv).unwrap();
            assert_eq!(
                solve(&child, 5),
                Some(-(value - 1)),
                "{text}: {mv} keeps the win"
            );
        }
        checked += 1;
    }
    assert!(checked > 200, "only {checked} decided positions");
}

#[test]
fn a_node_budget_gives_the_same_answer_every_time() {
    for variant in Variant::ALL {
        for plies in [0, 7, 30] {
            let game = random_position(variant, Side::South, plies, 5);
            let mut lines = Vec::new();
            let first = Engine::new(1 << 20, 9).search(&game, Limits::nodes(20_000), &mut |i| {
                lines.push(i.clone());
            });
            let mut again_lines = Vec::new();
            let again = Engine::new(1 << 20, 9).search(&game, Limits::nodes(20_000), &mut |i| {
                again_lines.push(i.clone());
            });
            assert_eq!(first, again, "{variant} after {plies}");
            assert_eq!(lines, again_lines);
            assert!(first.depth >= 2, "{variant}: depth {}", first.depth);
        }
    }
}

#[test]
fn the_expert_engine_weighs_rearrangements_at_the_first_turn() {
    let game = Game::start(Variant::Expert, Side::South);
    let result = best(&game, Limits::depth(2));
    let mv = result.best.unwrap();
    assert!(game.play(&mv).is_ok());
    // After both first turns the engine sows.
    let later = random_position(Variant::Expert, Side::South, 2, 3);
    let result = best(&later, Limits::depth(2));
    assert!(matches!(result.best, Some(Move::Sow(_))));
}

#[test]
fn a_finished_game_has_no_move() {
    let game = position(
        Variant::Advanced,
        "0,0,0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0,0,0/0,0,1,0,2,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0 N",
    );
    let result = best(&game, Limits::nodes(100));
    assert_eq!(result.best, None);
    assert_eq!(result.score, Score::Loss(0));
}
