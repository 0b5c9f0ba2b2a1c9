//! Random games, for benchmarks and property tests. The caller supplies the randomness, so the
//! engine stays free of any random-number source.

use super::game::Game;
use super::hole::Hole;
use super::moves::Move;
use super::outcome::Termination;

/// A finished (or cut-off) random game.
#[derive(Clone, Debug)]
pub struct Playout {
    pub moves: Vec<Move>,
    pub end: Game,
    /// How it ended; `None` when `max_plies` was reached first.
    pub termination: Option<Termination>,
}

/// Plays uniformly chosen legal sowing moves from `start` until the game ends or `max_plies`
/// are played. `pick(n)` must return a number below `n`. Endless candidates are found by
/// trying them and are never played. Expert rearrangement rights are spent on a sowing move.
pub fn random_game(start: Game, max_plies: usize, mut pick: impl FnMut(usize) -> usize) -> Playout {
    let mut game = start;
    let mut moves = Vec::new();
    let mut candidates: Vec<Hole> = Vec::with_capacity(20);
    loop {
        if let Some(termination) = game.quick_status() {
            return Playout {
                moves,
                end: game,
                termination: Some(termination),
            };
        }
        if moves.len() >= max_plies {
            return Playout {
                moves,
                end: game,
                termination: None,
            };
        }
        candidates.clear();
        candidates.extend(game.candidates());
        let mut played = false;
        while !candidates.is_empty() {
            let index = pick(candidates.len()).min(candidates.len() - 1);
            let mv = Move::Sow(candidates.swap_remove(index));
            if game.apply(&mv, None).is_ok() {
                moves.push(mv);
                played = true;
                break;
            }
        }
        if !played {
            return Playout {
                moves,
                end: game,
                termination: Some(Termination::OnlyEndlessMoves),
            };
        }
    }
}
