//! Results and how games end.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::hole::Side;

/// A game result as written in records: `1-0` South won, `0-1` North won, `1/2-1/2` drawn (only
/// by agreement or decision), `*` not finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    SouthWins,
    #[serde(rename = "0-1")]
    NorthWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    #[serde(rename = "*")]
    Unfinished,
}

impl GameResult {
    /// The result in which `side` wins.
    #[must_use]
    pub fn win_for(side: Side) -> GameResult {
        match side {
            Side::South => GameResult::SouthWins,
            Side::North => GameResult::NorthWins,
        }
    }

    /// The notation.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::SouthWins => "1-0",
            GameResult::NorthWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// The winner, if there is one.
    #[must_use]
    pub fn winner(self) -> Option<Side> {
        match self {
            GameResult::SouthWins => Some(Side::South),
            GameResult::NorthWins => Some(Side::North),
            GameResult::Draw | GameResult::Unfinished => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = ();

    fn from_str(text: &str) -> Result<GameResult, ()> {
        match text {
            "1-0" => Ok(GameResult::SouthWins),
            "0-1" => Ok(GameResult::NorthWins),
            "1/2-1/2" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Unfinished),
            _ => Err(()),
        }
    }
}

/// How a game ended: on the board (the player to move could not move) or off it (a claim in the
/// record's `Termination` tag).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// The player to move has no stone left (also after a wipe-out).
    NoStones,
    /// The player to move has stones but no hole with enough to start a move.
    NoLegalMove,
    /// Every move the player to move could start is endless.
    OnlyEndlessMoves,
    /// A player resigned.
    Resignation,
    /// A player lost on time.
    TimeForfeit,
    /// The players agreed on the result.
    Agreement,
    /// An arbiter decided the result of an unfinished game.
    Adjudication,
}

impl Termination {
    /// Every termination, board endings first.
    pub const ALL: [Termination; 7] = [
        Termination::NoStones,
        Termination::NoLegalMove,
        Termination::OnlyEndlessMoves,
        Termination::Resignation,
        Termination::TimeForfeit,
        Termination::Agreement,
        Termination::Adjudication,
    ];

    /// The stable code used in records, JSON and messages.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::NoStones => "no_stones",
            Termination::NoLegalMove => "no_legal_move",
            Termination::OnlyEndlessMoves => "only_endless_moves",
            Termination::Resignation => "resignation",
            Termination::TimeForfeit => "time_forfeit",
            Termination::Agreement => "agreement",
            Termination::Adjudication => "adjudication",
        }
    }

    /// Whether this ending is reached by play on the board (as opposed to a claim).
    #[must_use]
    pub fn is_on_board(self) -> bool {
        matches!(
            self,
            Termination::NoStones | Termination::NoLegalMove | Termination::OnlyEndlessMoves
        )
    }

    /// The terminations a record's `Termination` tag may state (KIELA.md §8).
    #[must_use]
    pub fn from_tag(text: &str) -> Option<Termination> {
        Termination::ALL
            .into_iter()
            .find(|t| !t.is_on_board() && t.as_str() == text)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
