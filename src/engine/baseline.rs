//! The simple players the engine's strength is measured against.

use crate::rules::{Game, Hole, Move};

/// A uniformly random legal sowing move (`pick(n)` returns a number below `n`).
pub fn random_move(game: &Game, mut pick: impl FnMut(usize) -> usize) -> Option<Move> {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let index = pick(moves.len()).min(moves.len() - 1);
    Some(Move::Sow(moves[index]))
}

/// The one-ply greedy player: the sowing move that leaves the best stone difference for the
/// mover, a random one among equals.
pub fn greedy_move(game: &Game, mut pick: impl FnMut(usize) -> usize) -> Option<Move> {
    let side = game.to_move();
    let mut best: Vec<Hole> = Vec::new();
    let mut best_difference = i64::MIN;
    for hole in game.candidates() {
        let mut after = *game;
        if after.apply(&Move::Sow(hole), None).is_err() {
            continue;
        }
        let board = &after.position().board;
        let difference = i64::from(board.stones(side)) - i64::from(board.stones(side.opponent()));
        if difference > best_difference {
            best_difference = difference;
            best.clear();
        }
        if difference == best_difference {
            best.push(hole);
        }
    }
    if best.is_empty() {
        return None;
    }
    let index = pick(best.len()).min(best.len() - 1);
    Some(Move::Sow(best[index]))
}
