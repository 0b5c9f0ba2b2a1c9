//! The three variants and their start positions (KIELA.md §3).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::hole::{Hole, Side};
use super::position::{Board, Position};

/// A rule variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// One stone per filled hole; any non-empty hole may start a move.
    Beginner,
    /// Two stones per filled hole; a move needs a hole with two or more.
    #[default]
    Advanced,
    /// As advanced, and each player may rearrange his stones at his first turn.
    Expert,
}

impl Variant {
    /// All variants.
    pub const ALL: [Variant; 3] = [Variant::Beginner, Variant::Advanced, Variant::Expert];

    /// The fewest stones a hole must hold to start a move.
    #[must_use]
    pub fn min_stones(self) -> u8 {
        match self {
            Variant::Beginner => 1,
            Variant::Advanced | Variant::Expert => 2,
        }
    }

    /// Stones in each filled hole at the start.
    #[must_use]
    pub fn stones_per_hole(self) -> u8 {
        match self {
            Variant::Beginner => 1,
            Variant::Advanced | Variant::Expert => 2,
        }
    }

    /// Whether a player may rearrange his stones at his first turn.
    #[must_use]
    pub fn allows_rearrangement(self) -> bool {
        self == Variant::Expert
    }

    /// The start position with `first` to move: every outer hole filled, and the four inner
    /// holes at South's right (g2 … j2) and North's right (a3 … d3).
    #[must_use]
    pub fn start_position(self, first: Side) -> Position {
        let per_hole = self.stones_per_hole();
        let mut board = Board::empty();
        for column in 0..10 {
            for rank in [1, 4] {
                if let Some(hole) = Hole::from_column_rank(column, rank) {
                    board.set(hole, per_hole);
                }
            }
        }
        for column in 6..10 {
            if let Some(hole) = Hole::from_column_rank(column, 2) {
                board.set(hole, per_hole);
            }
        }
        for column in 0..4 {
            if let Some(hole) = Hole::from_column_rank(column, 3) {
                board.set(hole, per_hole);
            }
        }
        Position {
            board,
            to_move: first,
        }
    }

    /// The name used in records and the API.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::Beginner => "beginner",
            Variant::Advanced => "advanced",
            Variant::Expert => "expert",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text names no variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant `{0}` (beginner, advanced or expert)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(text: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.as_str().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownVariant(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_match_the_rules() {
        assert_eq!(
            Variant::Advanced.start_position(Side::South).to_string(),
            "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 S"
        );
        let beginner = Variant::Beginner.start_position(Side::North);
        assert_eq!(beginner.board.stones(Side::South), 14);
        assert_eq!(beginner.board.stones(Side::North), 14);
        assert_eq!(beginner.to_move, Side::North);
    }

    #[test]
    fn variant_names_parse() {
        assert_eq!("Expert".parse::<Variant>(), Ok(Variant::Expert));
        assert!("classic".parse::<Variant>().is_err());
    }
}
