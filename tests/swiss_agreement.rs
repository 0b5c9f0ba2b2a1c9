//! Re-pairs every round of every shared Swiss tournament from the rounds before it and
//! compares with the reference engine's pairing.

use std::collections::BTreeSet;
use std::path::Path;

use kiela::tournament::dutch::explain::{ByeWhy, Change, FirstMove, Standard, explain};
use kiela::tournament::dutch::{self, DutchInput};
use kiela::tournament::trf;
use kiela::tournament::trf_pairing::{
    histories_before, initial_colour, pair_round, players_to_pair, recorded_pairing,
};

#[test]
fn swiss_rounds_agree_with_the_reference_engine() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pairing/swiss");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    let only = std::env::var("SWISS_ONLY").ok();
    let (mut total, mut same) = (0, 0);
    let mut differences = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if let Some(only) = &only
            && !name.contains(only.as_str())
        {
            continue;
        }
        let t = trf::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        for round in 1..=t.total_rounds {
            total += 1;
            let (expected_pairs, expected_bye) = recorded_pairing(&t, round);
            match pair_round(&t, round) {
                Ok(p) => {
                    let histories = histories_before(&t, round);
                    let to_pair = players_to_pair(&t, round);
                    let input = DutchInput {
                        players: &histories,
                        to_pair: &to_pair,
                        played_rounds: round - 1,
                        total_rounds: t.total_rounds,
                        initial_colour: initial_colour(&t),
                        points: t.points,
                        forbidden: &[],
                        accelerations: None,
                    };
                    let problems = dutch::violations(&input, &p);
                    assert!(problems.is_empty(), "{name} round {round}: {problems:?}");
                    let got: BTreeSet<(usize, usize)> = p.pairs.iter().copied().collect();
                    if got == expected_pairs && p.bye == expected_bye {
                        same += 1;
                    } else {
                        differences.push(format!("{name} round {round}"));
                    }
                }
                Err(e) => differences.push(format!("{name} round {round}: {e}")),
            }
        }
    }
    println!(
        "Swiss agreement: {same} of {total} rounds identical ({:.2}%)",
        100.0 * f64::from(same) / f64::from(total.max(1))
    );
    for d in differences.iter().take(40) {
        println!("  differs: {d}");
    }
    assert!(total > 0);
    assert_eq!(same, total, "{} rounds differ", total - same);
}

#[test]
fn simulated_tournaments_never_break_an_absolute_criterion_and_are_explained() {
    let mut rng = fastrand::Rng::with_seed(11);
    let mut checked = 0;
    for case in 0..40 {
        let players = rng.usize(6..60);
        let rounds = rng.usize(3..=9).min(players - 1);
        let mut field = kiela::tournament::simulate::field(players);
        for round in 0..rounds {
            let to_pair: Vec<bool> = (0..players).map(|_| rng.u32(0..20) != 0).collect();
            let histories = field.clone();
            let input = DutchInput {
                players: &histories,
                to_pair: &to_pair,
                played_rounds: round,
                total_rounds: rounds,
                initial_colour: kiela::tournament::history::Colour::White,
                points: kiela::tournament::history::PointSystem::default(),
                forbidden: &[],
                accelerations: None,
            };
            let Ok(pairing) = dutch::pair(&input) else {
                // Small fields late in an event can run out of legal pairings.
                break;
            };
            let problems = dutch::violations(&input, &pairing);
            assert!(
                problems.is_empty(),
                "case {case} round {}: {problems:?}",
                round + 1
            );
            // The explanation of the engine's own pairing never calls a board hand-made and
            // names only the two players of a board.
            let why = explain(&input, &pairing);
            assert_eq!(why.boards.len(), pairing.pairs.len());
            for board in &why.boards {
                assert!(!board.by_hand, "case {case}: {board:?}");
                let named = match board.first_move {
                    FirstMove::ByHand => panic!("case {case}: {board:?}"),
                    FirstMove::OnlyOne { player }
                    | FirstMove::Stronger { player }
                    | FirstMove::History { player }
                    | FirstMove::Ranking { player } => Some(player),
                    _ => None,
                };
                assert!(named.is_none_or(|p| p == board.first || p == board.second));
                if let Standard::Changed { expected, why } = board.standard {
                    let higher = if board.scores[0] >= board.scores[1] {
                        board.first
                    } else {
                        board.second
                    };
                    let met = histories[board.first]
                        .rounds
                        .iter()
                        .chain(&histories[board.second].rounds)
                        .any(|m| m.played() && m.opponent == Some(expected));
                    if why == Change::Rematch {
                        assert!(met, "case {case}: {board:?} (higher {higher})");
                    }
                }
            }
            if let Some(bye) = &why.bye {
                assert_ne!(bye.why, ByeWhy::ByHand, "case {case}");
            }
            checked += 1;
            kiela::tournament::simulate::record(&mut field, &pairing, &to_pair, || rng.f64());
        }
    }
    assert!(checked > 100, "{checked} rounds explained");
}
