//! The two kinds of ply and their notation: a hole name, or an expert rearrangement `R:…`.

use std::fmt;
use std::str::FromStr;

use super::hole::{Hole, Side};
use super::position::Board;

/// A ply as written in a record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Lift the stones of this hole and sow them.
    Sow(Hole),
    /// Expert first turn: put the mover's stones in these counts.
    Rearrange(Arrangement),
}

/// The mover's 20 counts in column order a … j, outer row first, then inner row
/// (KIELA.md §7). Counts are kept as written (saturated at `u32::MAX`) so that a wrong total can
/// be reported as an illegal move rather than as unreadable notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrangement {
    outer: [u32; 10],
    inner: [u32; 10],
}

impl Arrangement {
    /// An arrangement from explicit rows.
    #[must_use]
    pub fn new(outer: [u32; 10], inner: [u32; 10]) -> Arrangement {
        Arrangement { outer, inner }
    }

    /// The arrangement that `board` already shows for `side`.
    #[must_use]
    pub fn of(board: &Board, side: Side) -> Arrangement {
        let (outer_rank, inner_rank) = rows_of(side);
        let outer = board.rank(outer_rank).map(u32::from);
        let inner = board.rank(inner_rank).map(u32::from);
        Arrangement { outer, inner }
    }

    /// Total stones the arrangement places (saturating).
    #[must_use]
    pub fn total(&self) -> u64 {
        self.outer
            .iter()
            .chain(self.inner.iter())
            .map(|&c| u64::from(c))
            .sum()
    }

    /// Writes the arrangement onto `side`'s holes. The caller has checked the total, so every
    /// count fits the board.
    pub(crate) fn apply(&self, board: &mut Board, side: Side) {
        let (outer_rank, inner_rank) = rows_of(side);
        for column in 0..10 {
            if let Some(hole) = Hole::from_column_rank(column, outer_rank) {
                board.set(hole, u8::try_from(self.outer[column]).unwrap_or(u8::MAX));
            }
            if let Some(hole) = Hole::from_column_rank(column, inner_rank) {
                board.set(hole, u8::try_from(self.inner[column]).unwrap_or(u8::MAX));
            }
        }
    }
}

/// (outer rank, inner rank) of a side.
fn rows_of(side: Side) -> (u8, u8) {
    match side {
        Side::South => (1, 2),
        Side::North => (4, 3),
    }
}

impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("R:")?;
        for (i, c) in self.outer.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("/")?;
        for (i, c) in self.inner.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Sow(hole) => hole.fmt(f),
            Move::Rearrange(arrangement) => arrangement.fmt(f),
        }
    }
}

/// A token that is neither a hole name nor a well-formed `R:` arrangement.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{}` is not a move: expected a hole name (a1 … j4) or R:<10 counts>/<10 counts>",
    shorten(.token)
)]
pub struct BadNotation {
    /// The token as written.
    pub token: String,
}

impl FromStr for Move {
    type Err = BadNotation;

    fn from_str(token: &str) -> Result<Move, BadNotation> {
        let bad = || BadNotation {
            token: token.to_string(),
        };
        if let Some(rest) = token
            .strip_prefix("R:")
            .or_else(|| token.strip_prefix("r:"))
        {
            let (outer_text, inner_text) = rest.split_once('/').ok_or_else(bad)?;
            let outer = parse_row(outer_text).ok_or_else(bad)?;
            let inner = parse_row(inner_text).ok_or_else(bad)?;
            return Ok(Move::Rearrange(Arrangement { outer, inner }));
        }
        token.parse::<Hole>().map(Move::Sow).map_err(|_| bad())
    }
}

/// Ten comma-separated non-negative decimal counts.
fn parse_row(text: &str) -> Option<[u32; 10]> {
    let mut row = [0u32; 10];
    let mut parts = text.split(',');
    for slot in &mut row {
        let part = parts.next()?;
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *slot = part.bytes().fold(0u32, |acc, b| {
            acc.saturating_mul(10).saturating_add(u32::from(b - b'0'))
        });
    }
    parts.next().is_none().then_some(row)
}

/// Keeps error messages readable when a token is megabytes long.
pub(crate) fn shorten(text: &str) -> String {
    const MAX: usize = 60;
    if text.len() <= MAX {
        return text.to_string();
    }
    let mut end = MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_holes_and_arrangements() {
        assert_eq!("C2".parse::<Move>().unwrap().to_string(), "c2");
        let text = "R:3,3,3,3,3,3,3,3,0,0/0,0,0,0,0,0,1,0,2,2";
        let mv: Move = text.parse().unwrap();
        assert_eq!(mv.to_string(), text);
        match mv {
            Move::Rearrange(a) => assert_eq!(a.total(), 29),
            Move::Sow(_) => panic!("expected an arrangement"),
        }
    }

    #[test]
    fn rejects_malformed_arrangements() {
        for text in [
            "R:",
            "R:1,2,3",
            "R:1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1",
            "R:1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1",
            "R:1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1/1",
            "R:-1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1",
            "R:1,,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1",
            "R:1 ,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }

    #[test]
    fn huge_counts_are_well_formed_with_a_saturated_total() {
        let mv: Move = "R:99999999999999999999,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0"
            .parse()
            .unwrap();
        match mv {
            Move::Rearrange(a) => assert_eq!(a.total(), u64::from(u32::MAX)),
            Move::Sow(_) => panic!("expected an arrangement"),
        }
    }
}
