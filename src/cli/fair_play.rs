//! `kiela bench --fair-play-players N`: honest simulated players screened as real ones are, to
//! measure how many a screening flags (its false positives) and how long reviewing and
//! screening their games takes.

use std::time::Instant;

use crate::engine::review::review;
use crate::engine::screening::{self, Tally, judge};
use crate::engine::simulated::{Style, play};
use crate::engine::{Engine, Limits};
use crate::rules::{Game, Side, Variant};

/// One simulated game: the two players' indexes and their tallies.
type Screened = (usize, usize, Tally, Tally);

fn game(ratings: &[i32], a: usize, b: usize, seed: u64, nodes: u64) -> Screened {
    let start = Game::start(Variant::Advanced, Side::South);
    let moves = play(
        Variant::Advanced,
        Side::South,
        Style::person(ratings[a]),
        Style::person(ratings[b]),
        seed,
        600,
    );
    let mut engine = Engine::new(1 << 20, 1);
    let reviewed = review(&start, &moves, &mut engine, || Limits::nodes(nodes));
    let plies = screening::screen(&start, &moves, &reviewed);
    (
        a,
        b,
        Tally::of_side(&plies, Side::South),
        Tally::of_side(&plies, Side::North),
    )
}

/// `players` honest simulated players (ratings spread over 1000 … 2400), `rounds` games each
/// against players near their rating, reviewed at `nodes` on every core; prints the
/// baseline's time, the games' time, and how many players the screening flags.
pub fn run(players: usize, rounds: usize, nodes: u64) {
    let players = players.max(2) & !1;
    let mut rng = fastrand::Rng::with_seed(7);
    let ratings: Vec<i32> = (0..players).map(|_| rng.i32(1000..=2400)).collect();
    let started = Instant::now();
    let model = screening::baseline(nodes, || ());
    let baseline_secs = started.elapsed().as_secs_f64();
    // Each round pairs neighbours by rating after a shuffle within bands, as a Swiss would.
    let mut order: Vec<usize> = (0..players).collect();
    let mut pairs = Vec::new();
    for round in 0..rounds {
        let keys: Vec<(i32, u32)> = (0..players)
            .map(|i| (ratings[i] / 200, rng.u32(..)))
            .collect();
        order.sort_by_key(|&i| keys[i]);
        for (k, chunk) in order.chunks(2).enumerate() {
            pairs.push((chunk[0], chunk[1], (round * players + k) as u64));
        }
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let started = Instant::now();
    let games: Vec<Screened> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..cores)
            .map(|core| {
                let (pairs, ratings) = (&pairs, &ratings);
                scope.spawn(move || {
                    pairs
                        .iter()
                        .skip(core)
                        .step_by(cores)
                        .map(|&(a, b, seed)| game(ratings, a, b, seed, nodes))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let games_secs = started.elapsed().as_secs_f64();
    let mut tallies = vec![Tally::default(); players];
    for (a, b, ta, tb) in &games {
        tallies[*a].add(ta);
        tallies[*b].add(tb);
    }
    let mut scores: Vec<f64> = tallies
        .iter()
        .zip(&ratings)
        .filter_map(|(t, r)| judge(&model, *r, t).map(|j| j.score))
        .collect();
    scores.sort_by(f64::total_cmp);
    let flagged = scores
        .iter()
        .filter(|s| **s >= screening::THRESHOLD)
        .count();
    let at = |q: f64| {
        scores
            .get(((scores.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "fair play: {players} honest players, {} games at {nodes} nodes on {cores} cores",
        games.len()
    );
    println!("  baseline: {baseline_secs:.1} s ({} moves)", model.moves);
    println!(
        "  games reviewed and screened: {games_secs:.1} s ({:.1} ms a game)",
        games_secs * 1000.0 / games.len().max(1) as f64
    );
    println!(
        "  scored: {} (the others had fewer than {} counted moves)",
        scores.len(),
        screening::MIN_MOVES
    );
    println!(
        "  score median {:.2}, 95th {:.2}, 99th {:.2}, highest {:.2}",
        at(0.5),
        at(0.95),
        at(0.99),
        at(1.0)
    );
    println!(
        "  flagged at {}: {flagged} of {} scored",
        screening::THRESHOLD,
        scores.len()
    );
}
