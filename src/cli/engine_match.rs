//! `kiela bench --engine-games N`: the engine's strength, in games against the simple players
//! and against itself at another budget.

use std::time::{Duration, Instant};

use crate::engine::baseline::{greedy_move, random_move};
use crate::engine::{DEFAULT_TABLE_BYTES, Engine, Limits, Score};
use crate::rules::{Game, Move, Side, Variant};

/// Random plies that open each pair of games, so that deterministic players meet in varied
/// positions; each opening is played twice, each player taking each side once.
const OPENING_PLIES: usize = 2;
/// A game still running after this many plies is counted as unfinished (neither side wins).
const MAX_PLIES: usize = 1_000;

/// A player in the bench.
#[derive(Clone, Copy, Debug)]
pub enum Contender {
    /// The engine with this much time per move.
    Movetime(Duration),
    /// The engine with this many nodes per move.
    Nodes(u64),
    Greedy,
    Random,
}

impl Contender {
    fn name(self) -> String {
        match self {
            Contender::Movetime(time) => format!("engine {} ms", time.as_millis()),
            Contender::Nodes(nodes) => format!("engine {nodes} nodes"),
            Contender::Greedy => "greedy".to_string(),
            Contender::Random => "random".to_string(),
        }
    }
}

/// Games won by each side of a match, and those cut off.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub first_wins: usize,
    pub second_wins: usize,
    pub unfinished: usize,
    pub plies: usize,
}

struct Seat {
    contender: Contender,
    engine: Engine,
    rng: fastrand::Rng,
}

impl Seat {
    fn new(contender: Contender, seed: u64) -> Seat {
        Seat {
            contender,
            engine: Engine::new(DEFAULT_TABLE_BYTES, seed),
            rng: fastrand::Rng::with_seed(seed),
        }
    }

    fn play(&mut self, game: &Game) -> Option<Move> {
        let rng = &mut self.rng;
        match self.contender {
            Contender::Movetime(time) => {
                let limits = Limits::until(Instant::now() + time);
                self.engine.search(game, limits, &mut |_| {}).best
            }
            Contender::Nodes(nodes) => {
                self.engine
                    .search(game, Limits::nodes(nodes), &mut |_| {})
                    .best
            }
            Contender::Greedy => greedy_move(game, |n| rng.usize(..n)),
            Contender::Random => random_move(game, |n| rng.usize(..n)),
        }
    }
}

/// Plays `pairs` openings twice each, `a` against `b`; counts from `a`'s point of view:
/// (a's wins, b's wins, unfinished, plies).
#[must_use]
pub fn play_match(variant: Variant, a: Contender, b: Contender, pairs: usize, seed: u64) -> Tally {
    let mut tally = Tally::default();
    let mut openings = fastrand::Rng::with_seed(seed);
    for pair in 0..pairs {
        let start = balanced_opening(variant, &mut openings);
        for a_is_south in [true, false] {
            let game_seed = seed ^ (pair as u64) << 1 ^ u64::from(a_is_south);
            let mut a_seat = Seat::new(a, game_seed);
            let mut b_seat = Seat::new(b, game_seed.wrapping_add(1));
            let (winner, plies) = play_game(start, &mut a_seat, &mut b_seat, a_is_south);
            tally.plies += plies;
            match winner {
                Some(true) => tally.first_wins += 1,
                Some(false) => tally.second_wins += 1,
                None => tally.unfinished += 1,
            }
        }
    }
    tally
}

/// A random opening that neither side has won already: a deep search gives it a score within
/// [`BALANCED_STONES`]. (Some two-ply openings are decided: the side to move is some 40 stones
/// ahead, and whoever takes the other side loses against any opponent; counting those games
/// would measure the opening, not the players.)
fn balanced_opening(variant: Variant, rng: &mut fastrand::Rng) -> Game {
    let mut judge = Engine::new(DEFAULT_TABLE_BYTES, 1);
    let mut last = Game::start(variant, Side::South);
    for _ in 0..100 {
        let mut start = Game::start(variant, Side::South);
        for _ in 0..OPENING_PLIES {
            let Some(mv) = random_move(&start, |n| rng.usize(..n)) else {
                break;
            };
            if let Ok((next, _)) = start.play(&mv) {
                start = next;
            }
        }
        judge.clear();
        let verdict = judge.search(&start, Limits::nodes(JUDGE_NODES), &mut |_| {});
        if let Score::Stones(stones) = verdict.score
            && stones.abs() <= BALANCED_STONES
        {
            return start;
        }
        last = start;
    }
    last
}

/// The search that judges an opening.
const JUDGE_NODES: u64 = 300_000;
/// The largest lead an opening may give.
const BALANCED_STONES: i32 = 8;

/// Plays one game; `Some(true)` when `a` won.
fn play_game(start: Game, a: &mut Seat, b: &mut Seat, a_is_south: bool) -> (Option<bool>, usize) {
    let mut game = start;
    for plies in 0..MAX_PLIES {
        let a_to_move = (game.to_move() == Side::South) == a_is_south;
        let seat = if a_to_move { &mut *a } else { &mut *b };
        let Some(mv) = seat.play(&game) else {
            return (Some(!a_to_move), plies);
        };
        match game.play(&mv) {
            Ok((next, _)) => game = next,
            // A player that offers an illegal move loses (the engine never does: tested).
            Err(_) => return (Some(!a_to_move), plies),
        }
    }
    (None, MAX_PLIES)
}

/// Runs the strength bench and prints its table.
pub fn run(pairs: usize, movetime: Duration) {
    let engine = Contender::Movetime(movetime);
    println!(
        "engine strength: {} games per line ({pairs} balanced two-ply random openings, each played \
         with both colours), {} ms a move",
        pairs * 2,
        movetime.as_millis()
    );
    let lines: Vec<(Variant, Contender, Contender)> = vec![
        (Variant::Advanced, engine, Contender::Greedy),
        (Variant::Advanced, engine, Contender::Random),
        (Variant::Beginner, engine, Contender::Greedy),
        (Variant::Beginner, engine, Contender::Random),
        (Variant::Expert, engine, Contender::Greedy),
        (
            Variant::Advanced,
            Contender::Nodes(100_000),
            Contender::Nodes(10_000),
        ),
        (
            Variant::Advanced,
            Contender::Nodes(10_000),
            Contender::Nodes(1_000),
        ),
        (Variant::Advanced, Contender::Greedy, Contender::Random),
    ];
    for (variant, a, b) in lines {
        let started = Instant::now();
        let tally = play_match(variant, a, b, pairs, 2026);
        let games = pairs * 2;
        println!(
            "{variant:<9} {:<18} vs {:<18} won {:>4} lost {:>4} unfinished {:>3}  ({:.1}% won, \
             {:.0} plies a game, {:.0} s)",
            a.name(),
            b.name(),
            tally.first_wins,
            tally.second_wins,
            tally.unfinished,
            100.0 * tally.first_wins as f64 / games.max(1) as f64,
            tally.plies as f64 / games.max(1) as f64,
            started.elapsed().as_secs_f64()
        );
    }
}
