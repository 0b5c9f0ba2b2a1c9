//! Scores as the engine reports them: from the side to move, in stones, or a proven result.

use std::fmt;

/// Internal score of a proven win at the root; a win found `n` plies deep scores `MATE - n`.
pub(crate) const MATE: i32 = 30_000;
/// The deepest a search goes; scores within this many plies of `MATE` are proven results.
pub(crate) const MAX_PLY: i32 = 120;

/// A score from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Not proven: the stone difference (own stones minus the opponent's) the search expects.
    Stones(i32),
    /// A proven win: the opponent cannot move after this many plies.
    Win(u32),
    /// A proven loss: the side to move cannot move after this many plies.
    Loss(u32),
}

impl Score {
    pub(crate) fn from_internal(value: i32) -> Score {
        if value >= MATE - MAX_PLY {
            Score::Win((MATE - value) as u32)
        } else if value <= -(MATE - MAX_PLY) {
            Score::Loss((MATE + value) as u32)
        } else {
            Score::Stones(value)
        }
    }

    /// The score from the other side's point of view, one ply earlier: what the player who
    /// just moved sees.
    #[must_use]
    pub fn for_previous_mover(self) -> Score {
        match self {
            Score::Stones(s) => Score::Stones(-s),
            Score::Win(n) => Score::Loss(n + 1),
            Score::Loss(n) => Score::Win(n + 1),
        }
    }

    /// A number for graphs and comparisons: stones, with a proven result as ±100 stones
    /// (more than a board holds in any variant), nearer wins counting more.
    #[must_use]
    pub fn as_stones(self) -> f64 {
        match self {
            Score::Stones(s) => f64::from(s),
            Score::Win(n) => 100.0 + 1.0 / f64::from(n + 1),
            Score::Loss(n) => -100.0 - 1.0 / f64::from(n + 1),
        }
    }

    /// Whether the result is proven.
    #[must_use]
    pub fn is_proven(self) -> bool {
        !matches!(self, Score::Stones(_))
    }
}

impl fmt::Display for Score {
    /// The protocol's words: `stones 4`, `win 7`, `loss 6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Stones(s) => write!(f, "stones {s}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_values_map_to_reported_scores() {
        assert_eq!(Score::from_internal(5), Score::Stones(5));
        assert_eq!(Score::from_internal(MATE - 3), Score::Win(3));
        assert_eq!(Score::from_internal(-(MATE - 4)), Score::Loss(4));
        assert_eq!(Score::Win(3).for_previous_mover(), Score::Loss(4));
        assert_eq!(Score::Stones(-2).for_previous_mover(), Score::Stones(2));
        assert_eq!(Score::Win(1).to_string(), "win 1");
        assert!(Score::Win(9).as_stones() > Score::Stones(56).as_stones());
        assert!(Score::Win(2).as_stones() > Score::Win(9).as_stones());
    }
}
