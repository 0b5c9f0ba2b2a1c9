//! Boards and positions, and their FEN-like text form (KIELA.md §9).

use std::fmt;
use std::str::FromStr;

use super::hole::{HOLES_PER_SIDE, Hole, Side};

/// The largest number of stones a position may hold. The variants use 28 or 56; a set-up
/// position may hold others, but bounding the total keeps every hole within a `u8` and every
/// move bounded.
pub const MAX_TOTAL_STONES: u32 = 240;

/// Stone counts of all 40 holes, stored per side in sowing-loop order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pub(crate) pits: [[u8; HOLES_PER_SIDE]; 2],
}

impl Board {
    /// An empty board.
    #[must_use]
    pub fn empty() -> Board {
        Board::default()
    }

    /// Stones in `hole`.
    #[must_use]
    pub fn get(&self, hole: Hole) -> u8 {
        self.pits[hole.side().index()][hole.slot()]
    }

    /// Puts `count` stones in `hole`.
    pub fn set(&mut self, hole: Hole, count: u8) {
        self.pits[hole.side().index()][hole.slot()] = count;
    }

    /// The 20 holes of one side in loop order.
    #[must_use]
    pub fn side(&self, side: Side) -> &[u8; HOLES_PER_SIDE] {
        &self.pits[side.index()]
    }

    /// Total stones owned by `side`.
    #[must_use]
    pub fn stones(&self, side: Side) -> u32 {
        self.pits[side.index()].iter().map(|&c| u32::from(c)).sum()
    }

    /// Total stones on the board.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.stones(Side::South) + self.stones(Side::North)
    }

    /// Counts of one rank (1 … 4), columns a … j.
    #[must_use]
    pub fn rank(&self, rank: u8) -> [u8; 10] {
        let mut out = [0u8; 10];
        for (column, slot) in out.iter_mut().enumerate() {
            if let Some(hole) = Hole::from_column_rank(column, rank) {
                *slot = self.get(hole);
            }
        }
        out
    }
}

/// A board and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The stones.
    pub board: Board,
    /// Whose turn it is.
    pub to_move: Side,
}

/// Why a position string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("expected four ranks separated by `/`, then a space and `S` or `N`")]
    Shape,
    #[error("rank {rank} must have ten comma-separated counts, found {found}")]
    RankLength { rank: u8, found: usize },
    #[error("`{text}` is not a stone count (rank {rank})")]
    Count { rank: u8, text: String },
    #[error("the side to move must be `S` or `N`, found `{0}`")]
    SideToMove(String),
    #[error("the position holds {0} stones; at most {MAX_TOTAL_STONES} are allowed")]
    TooManyStones(u64),
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads `r4/r3/r2/r1 S|N`, each rank ten comma-separated counts for columns a … j.
    /// Spaces around counts are tolerated; anything else is an error.
    fn from_str(text: &str) -> Result<Position, PositionError> {
        let text = text.trim();
        let (ranks_text, side_text) = text.rsplit_once(' ').ok_or(PositionError::Shape)?;
        let to_move = Side::from_letter(side_text.trim())
            .ok_or_else(|| PositionError::SideToMove(side_text.trim().to_string()))?;
        let ranks: Vec<&str> = ranks_text.trim().split('/').collect();
        if ranks.len() != 4 {
            return Err(PositionError::Shape);
        }
        let mut board = Board::empty();
        let mut total: u64 = 0;
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 4 - i as u8;
            let counts: Vec<&str> = rank_text.split(',').collect();
            if counts.len() != 10 {
                return Err(PositionError::RankLength {
                    rank,
                    found: counts.len(),
                });
            }
            for (column, count_text) in counts.iter().enumerate() {
                let count_text = count_text.trim();
                let count = parse_count(count_text).ok_or_else(|| PositionError::Count {
                    rank,
                    text: count_text.to_string(),
                })?;
                total = total.saturating_add(count);
                if total > u64::from(MAX_TOTAL_STONES) {
                    return Err(PositionError::TooManyStones(total));
                }
                if let Some(hole) = Hole::from_column_rank(column, rank) {
                    // The running total is at most MAX_TOTAL_STONES, so the count fits in a u8.
                    board.set(hole, count as u8);
                }
            }
        }
        Ok(Position { board, to_move })
    }
}

/// A non-negative decimal count; saturates instead of overflowing so a huge number is
/// reported as too many stones rather than as unreadable.
fn parse_count(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u64, |acc, b| {
        acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (1..=4).rev() {
            for (column, count) in self.board.rank(rank).iter().enumerate() {
                if column > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{count}")?;
            }
            if rank > 1 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.to_move.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ADVANCED_START: &str =
        "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 S";

    #[test]
    fn reads_and_prints_the_advanced_start() {
        let position: Position = ADVANCED_START.parse().unwrap();
        assert_eq!(position.to_string(), ADVANCED_START);
        assert_eq!(position.board.stones(Side::South), 28);
        assert_eq!(position.board.stones(Side::North), 28);
        assert_eq!(position.board.get("a3".parse().unwrap()), 2);
        assert_eq!(position.board.get("e3".parse().unwrap()), 0);
        assert_eq!(position.board.get("g2".parse().unwrap()), 2);
        assert_eq!(position.board.get("f2".parse().unwrap()), 0);
    }

    #[test]
    fn rejects_malformed_positions() {
        let bad = [
            "",
            "S",
            "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2 S",
            "2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 S",
            "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 X",
            "-2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 S",
            "99999999999999999999999,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 S",
            "241,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N",
        ];
        for text in bad {
            assert!(text.parse::<Position>().is_err(), "{text:?}");
        }
    }
}
