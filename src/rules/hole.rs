//! Sides and hole names.
//!
//! Holes are named like chess squares seen from South's chair (`a1` … `j4`). Internally a hole
//! is identified by its owner and its *slot*: its place in the owner's sowing loop, because the
//! sowing code only ever walks that loop.
//!
//! - South's loop: `a1 b1 … j1` (slots 0–9, outer row) then `j2 i2 … a2` (slots 10–19, inner).
//! - North's loop: `a3 b3 … j3` (slots 0–9, inner row) then `j4 i4 … a4` (slots 10–19, outer).
//!
//! With this numbering the holes facing a player's inner slot `s` are the opponent's inner slot
//! `19 - s` and outer slot `s`, for both players.

use std::fmt;
use std::str::FromStr;

/// Number of holes each player owns (and sows around).
pub const HOLES_PER_SIDE: usize = 20;
/// Number of columns (`a` … `j`).
pub const COLUMNS: usize = 10;

/// One of the two players, named by where they sit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Owns ranks 1 and 2.
    South,
    /// Owns ranks 3 and 4.
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[must_use]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into per-side arrays.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Side::South => 0,
            Side::North => 1,
        }
    }

    /// The letter used in positions and in the `First` tag.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// Reads `S` or `N` (either case).
    #[must_use]
    pub fn from_letter(text: &str) -> Option<Side> {
        match text {
            "S" | "s" => Some(Side::South),
            "N" | "n" => Some(Side::North),
            _ => None,
        }
    }

    /// English name, for messages.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

/// A side is written as its letter in JSON (`"S"`, `"N"`), as in positions and records.
impl serde::Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_char(self.letter())
    }
}

impl<'de> serde::Deserialize<'de> for Side {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Side, D::Error> {
        let text = String::deserialize(deserializer)?;
        Side::from_letter(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not a side: {text:?}")))
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A hole of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hole {
    side: Side,
    slot: u8,
}

impl Hole {
    /// The hole at `slot` of `side`'s sowing loop; `None` when `slot >= 20`.
    #[must_use]
    pub fn from_slot(side: Side, slot: usize) -> Option<Hole> {
        (slot < HOLES_PER_SIDE).then_some(Hole {
            side,
            slot: slot as u8,
        })
    }

    /// The hole at `column` (0 = a … 9 = j) and `rank` (1 … 4).
    #[must_use]
    pub fn from_column_rank(column: usize, rank: u8) -> Option<Hole> {
        if column >= COLUMNS {
            return None;
        }
        let (side, slot) = match rank {
            1 => (Side::South, column),
            2 => (Side::South, 19 - column),
            3 => (Side::North, column),
            4 => (Side::North, 19 - column),
            _ => return None,
        };
        Some(Hole {
            side,
            slot: slot as u8,
        })
    }

    /// The player who owns this hole.
    #[must_use]
    pub fn side(self) -> Side {
        self.side
    }

    /// Place in the owner's sowing loop (0 … 19).
    #[must_use]
    pub fn slot(self) -> usize {
        usize::from(self.slot)
    }

    /// Column index, 0 for `a` … 9 for `j`.
    #[must_use]
    pub fn column(self) -> usize {
        column_of_slot(self.slot())
    }

    /// Rank 1 … 4.
    #[must_use]
    pub fn rank(self) -> u8 {
        match (self.side, self.slot < 10) {
            (Side::South, true) => 1,
            (Side::South, false) => 2,
            (Side::North, true) => 3,
            (Side::North, false) => 4,
        }
    }

    /// Whether the hole is in its owner's inner row (ranks 2 and 3), where captures happen.
    #[must_use]
    pub fn is_inner(self) -> bool {
        is_inner_slot(self.side, self.slot())
    }

    /// All 40 holes, South's loop then North's loop.
    pub fn all() -> impl Iterator<Item = Hole> {
        Side::BOTH
            .into_iter()
            .flat_map(|side| (0..HOLES_PER_SIDE as u8).map(move |slot| Hole { side, slot }))
    }
}

/// Column (0 = a) of a loop slot; the same formula serves both sides.
#[inline]
#[must_use]
pub fn column_of_slot(slot: usize) -> usize {
    if slot < 10 { slot } else { 19 - slot }
}

/// Whether `slot` of `side`'s loop lies in that side's inner row.
#[inline]
#[must_use]
pub fn is_inner_slot(side: Side, slot: usize) -> bool {
    match side {
        Side::South => slot >= 10,
        Side::North => slot < 10,
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = char::from(b'a' + self.column() as u8);
        write!(f, "{column}{}", self.rank())
    }
}

impl serde::Serialize for Hole {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The text is not a hole name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a hole name (a1 … j4)")]
pub struct NotAHole(pub String);

impl FromStr for Hole {
    type Err = NotAHole;

    /// Reads a hole name, case-insensitively: `c2`, `C2`.
    fn from_str(text: &str) -> Result<Hole, NotAHole> {
        let bytes = text.as_bytes();
        let bad = || NotAHole(text.to_string());
        if bytes.len() != 2 {
            return Err(bad());
        }
        let column = match bytes[0].to_ascii_lowercase() {
            c @ b'a'..=b'j' => usize::from(c - b'a'),
            _ => return Err(bad()),
        };
        let rank = match bytes[1] {
            r @ b'1'..=b'4' => r - b'0',
            _ => return Err(bad()),
        };
        Hole::from_column_rank(column, rank).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_all_forty_holes() {
        let names: Vec<String> = Hole::all().map(|h| h.to_string()).collect();
        assert_eq!(names.len(), 40);
        for hole in Hole::all() {
            assert_eq!(hole.to_string().parse::<Hole>(), Ok(hole));
        }
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 40, "every hole has its own name");
    }

    #[test]
    fn loops_follow_the_rules() {
        let south: Vec<String> = (0..20)
            .map(|s| Hole::from_slot(Side::South, s).unwrap().to_string())
            .collect();
        assert_eq!(south[0], "a1");
        assert_eq!(south[9], "j1");
        assert_eq!(south[10], "j2");
        assert_eq!(south[19], "a2");
        let north: Vec<String> = (0..20)
            .map(|s| Hole::from_slot(Side::North, s).unwrap().to_string())
            .collect();
        assert_eq!(north[0], "a3");
        assert_eq!(north[9], "j3");
        assert_eq!(north[10], "j4");
        assert_eq!(north[19], "a4");
    }

    #[test]
    fn facing_holes_share_a_column() {
        for slot in 10..20 {
            let south_inner = Hole::from_slot(Side::South, slot).unwrap();
            let north_inner = Hole::from_slot(Side::North, 19 - slot).unwrap();
            let north_outer = Hole::from_slot(Side::North, slot).unwrap();
            assert_eq!(south_inner.column(), north_inner.column());
            assert_eq!(south_inner.column(), north_outer.column());
            assert!(north_inner.is_inner() && !north_outer.is_inner());
        }
    }

    #[test]
    fn rejects_non_holes() {
        for text in ["", "a", "a0", "a5", "k1", "z9", "a11", "1a", "é1", "a\u{0}"] {
            assert!(text.parse::<Hole>().is_err(), "{text:?}");
        }
        assert_eq!("C2".parse::<Hole>().unwrap().to_string(), "c2");
    }
}
