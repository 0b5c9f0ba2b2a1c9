//! Adjudicating an unfinished game: the engine searches the position where the game stopped
//! from an empty table with a node budget (so the same position gives the same proposal on
//! every machine), and the event's margin turns its score into a proposed winner.

use serde::{Deserialize, Serialize};

use crate::rules::{Game, Move, Side};

use super::score::Score;
use super::search::{Engine, Limits};

/// The node budget of an adjudication: about one to three seconds on one core of a laptop.
pub const ADJUDICATION_NODES: u64 = 4_000_000;

/// What the engine found in the position where a game stopped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Assessment {
    /// The side to move in that position (`S` or `N` in JSON).
    pub to_move: Side,
    /// The score from the side to move.
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    /// The engine's move and the line it expects, in KGN.
    pub best: Option<String>,
    pub line: Vec<String>,
}

impl Assessment {
    /// The side that wins under a margin of `margin` stones (0: only a proven win), if any.
    #[must_use]
    pub fn winner(&self, margin: u32) -> Option<Side> {
        let mover = self.to_move;
        let mover_wins = match self.score {
            Score::Win(_) => Some(true),
            Score::Loss(_) => Some(false),
            Score::Stones(_) if margin == 0 => None,
            Score::Stones(s) if s.unsigned_abs() >= margin => Some(s > 0),
            Score::Stones(_) => None,
        };
        mover_wins.map(|wins| if wins { mover } else { mover.opponent() })
    }
}

#[cfg(test)]
impl Assessment {
    /// An assessment with only a score, for the rule's tests.
    pub(crate) fn scored(to_move: Side, score: Score) -> Assessment {
        Assessment {
            to_move,
            score,
            depth: 1,
            nodes: 1,
            best: None,
            line: Vec::new(),
        }
    }
}

/// Searches `game` (not over) with `nodes` nodes from an empty table.
#[must_use]
pub fn assess(game: &Game, nodes: u64) -> Assessment {
    // The protocol's default table and seed: `kiela engine` gives the same search.
    let mut engine = Engine::new(super::DEFAULT_TABLE_BYTES, 1);
    let found = engine.search(game, Limits::nodes(nodes.max(1)), &mut |_| {});
    Assessment {
        to_move: game.to_move(),
        score: found.score,
        depth: found.depth,
        nodes: found.nodes,
        best: found.best.as_ref().map(Move::to_string),
        line: found.pv.iter().map(Move::to_string).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assessed(to_move: Side, score: Score) -> Assessment {
        Assessment::scored(to_move, score)
    }

    #[test]
    fn a_proven_result_wins_whatever_the_margin() {
        for margin in [0, 10, 99] {
            assert_eq!(
                assessed(Side::North, Score::Win(3)).winner(margin),
                Some(Side::North)
            );
            assert_eq!(
                assessed(Side::North, Score::Loss(2)).winner(margin),
                Some(Side::South)
            );
        }
    }

    #[test]
    fn a_score_wins_from_the_margin_on() {
        assert_eq!(
            assessed(Side::South, Score::Stones(10)).winner(10),
            Some(Side::South)
        );
        assert_eq!(
            assessed(Side::South, Score::Stones(-12)).winner(10),
            Some(Side::North)
        );
        assert_eq!(assessed(Side::South, Score::Stones(9)).winner(10), None);
        assert_eq!(assessed(Side::North, Score::Stones(-9)).winner(10), None);
        // Margin 0: only a proven result.
        assert_eq!(assessed(Side::South, Score::Stones(40)).winner(0), None);
    }

    #[test]
    fn the_same_position_gets_the_same_assessment() {
        let game = Game::start(crate::rules::Variant::Advanced, Side::South);
        let first = assess(&game, 3_000);
        assert_eq!(first, assess(&game, 3_000));
        assert!(first.best.is_some());
        assert!(first.nodes >= 1);
    }
}
