//! A game reviewed by the engine: for every ply, what the engine thought before it, what it
//! thought after it, the move it would have played, and what the move played cost.

use serde::{Deserialize, Serialize};

use crate::rules::{Game, Move, Side};

use super::score::Score;
use super::search::{Engine, Limits};

/// Nodes searched in each position of a reviewed game by default (the setting
/// `review_nodes`): about 20 ms on one core, so a 60-ply game takes about a second and the same
/// review comes out on every machine.
pub const REVIEW_NODES: u64 = 50_000;

/// One ply of a reviewed game. Scores are from the mover's point of view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyReview {
    /// 1 for the first ply.
    pub ply: usize,
    /// The mover (`S` or `N` in JSON).
    pub side: Side,
    /// The move played, in KGN.
    pub played: String,
    /// The engine's move in the position before, in KGN.
    pub best: Option<String>,
    /// The score before the move.
    pub before: Score,
    /// The score after the move played.
    pub after: Score,
    /// Stones the move played lost against the engine's move (0 when they are the same move;
    /// never negative). A move that throws away a proven win costs 100 stones or more.
    pub cost: f64,
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub plies: Vec<PlyReview>,
    /// The score of the final position for the side to move then.
    pub last: Score,
    /// Nodes searched in all.
    pub nodes: u64,
}

impl Default for Review {
    /// No plies reviewed (a record that did not verify).
    fn default() -> Review {
        Review {
            plies: Vec::new(),
            last: Score::Stones(0),
            nodes: 0,
        }
    }
}

impl Review {
    /// The score after each ply from South's point of view, starting with the start position.
    #[must_use]
    pub fn south_scores(&self) -> Vec<f64> {
        let mut out = Vec::with_capacity(self.plies.len() + 1);
        for ply in &self.plies {
            if out.is_empty() {
                out.push(south(ply.side, ply.before));
            }
            out.push(south(ply.side, ply.after));
        }
        out
    }
}

fn south(side: Side, score: Score) -> f64 {
    if side == Side::South {
        score.as_stones()
    } else {
        -score.as_stones()
    }
}

/// Reviews the game from `start` through `moves`, searching each position within `limits`
/// (the table is cleared first, so a node budget gives the same review every time). Stops at
/// the first move the rules refuse; the caller verifies the record first.
pub fn review(
    start: &Game,
    moves: &[Move],
    engine: &mut Engine,
    limits: impl Fn() -> Limits,
) -> Review {
    review_gated(start, moves, engine, limits, || Some(())).unwrap_or_default()
}

/// [`review`], taking `gate()` before each position's search and holding what it gives for
/// the search (a share of the machine, say); `None` from the gate abandons the review.
pub fn review_gated<G>(
    start: &Game,
    moves: &[Move],
    engine: &mut Engine,
    limits: impl Fn() -> Limits,
    mut gate: impl FnMut() -> Option<G>,
) -> Option<Review> {
    engine.clear();
    let mut search = |engine: &mut Engine, game: &Game| {
        let _held = gate()?;
        Some(engine.search(game, limits(), &mut |_| {}))
    };
    let mut game = *start;
    let mut nodes = 0;
    let mut searched = search(engine, &game)?;
    nodes += searched.nodes;
    let mut plies = Vec::with_capacity(moves.len());
    for (index, mv) in moves.iter().enumerate() {
        let Ok((next, _)) = game.play(mv) else {
            break;
        };
        let after_search = search(engine, &next)?;
        nodes += after_search.nodes;
        let before = searched.score;
        let after = after_search.score.for_previous_mover();
        let best_is_played = searched.best.as_ref() == Some(mv);
        let cost = if best_is_played {
            0.0
        } else {
            (before.as_stones() - after.as_stones()).max(0.0)
        };
        plies.push(PlyReview {
            ply: index + 1,
            side: game.to_move(),
            played: mv.to_string(),
            best: searched.best.as_ref().map(Move::to_string),
            before,
            after,
            cost,
        });
        game = next;
        searched = after_search;
    }
    Some(Review {
        plies,
        last: searched.score,
        nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn each_ply_links_to_the_next_and_the_engine_move_costs_nothing() {
        let start = Game::start(Variant::Advanced, Side::South);
        let mut moves = Vec::new();
        let mut game = start;
        let mut engine = Engine::new(1 << 20, 1);
        for _ in 0..6 {
            let mv = engine
                .search(&game, Limits::nodes(2_000), &mut |_| {})
                .best
                .unwrap();
            game = game.play(&mv).unwrap().0;
            moves.push(mv);
        }
        let review = review(&start, &moves, &mut engine, || Limits::nodes(2_000));
        assert_eq!(review.plies.len(), 6);
        for pair in review.plies.windows(2) {
            if let Score::Stones(s) = pair[1].before {
                assert_eq!(pair[0].after, Score::Stones(-s));
            }
            assert_ne!(pair[0].side, pair[1].side);
        }
        assert_eq!(review.south_scores().len(), 7);
        assert!(review.plies.iter().all(|p| p.cost >= 0.0));
        let again = super::review(&start, &moves, &mut engine, || Limits::nodes(2_000));
        assert_eq!(review, again, "the same budget gives the same review");
    }
}
