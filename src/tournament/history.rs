//! A tournament's history as the pairing systems see it: players in pairing-number order and,
//! per player, what happened in each round. Scores are kept in tenths of a point, as in TRF.

use serde::{Deserialize, Serialize};

/// The side of a game. "White" is the player who moves first, as in the FIDE rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    #[must_use]
    pub fn invert(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// Points awarded, in tenths (a win is 10 by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointSystem {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
    /// A zero-point bye or an absence.
    pub zero_bye: u32,
    pub forfeit_loss: u32,
    /// The pairing-allocated bye.
    pub pab: u32,
    /// A requested half-point bye.
    pub half_bye: u32,
    /// A full-point bye (given by the organiser).
    pub full_bye: u32,
}

impl Default for PointSystem {
    fn default() -> PointSystem {
        PointSystem {
            win: 10,
            draw: 5,
            loss: 0,
            zero_bye: 0,
            forfeit_loss: 0,
            pab: 10,
            half_bye: 5,
            full_bye: 10,
        }
    }
}

/// What a player's round was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// A game played over the board.
    Played(GameScore),
    /// Paired, but the opponent did not come (`+`).
    ForfeitWin,
    /// Paired, but this player did not come (`-`).
    ForfeitLoss,
    /// The pairing-allocated bye (`U`).
    Pab,
    /// A requested half-point bye (`H`).
    HalfBye,
    /// A full-point bye (`F`).
    FullBye,
    /// A zero-point bye or absence (`Z`, or a blank entry).
    ZeroBye,
}

/// The result of a played game for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameScore {
    Win,
    Draw,
    Loss,
}

/// One round of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundEntry {
    /// The opponent's index, for games and forfeits.
    pub opponent: Option<usize>,
    /// The colour, for games and forfeits (a forfeit keeps the colour it was paired with).
    pub colour: Option<Colour>,
    pub outcome: Outcome,
}

impl RoundEntry {
    /// A round without any entry.
    #[must_use]
    pub fn absent() -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: None,
            outcome: Outcome::ZeroBye,
        }
    }

    /// The game was played over the board.
    #[must_use]
    pub fn played(&self) -> bool {
        matches!(self.outcome, Outcome::Played(_))
    }

    /// The player took part in the pairing of the round (a game, a forfeit or the PAB).
    #[must_use]
    pub fn participated(&self) -> bool {
        self.opponent.is_some() || self.outcome == Outcome::Pab
    }

    /// Points scored, in tenths.
    #[must_use]
    pub fn points(&self, points: &PointSystem) -> u32 {
        match self.outcome {
            Outcome::Played(GameScore::Win) | Outcome::ForfeitWin => points.win,
            Outcome::Played(GameScore::Draw) => points.draw,
            Outcome::Played(GameScore::Loss) => points.loss,
            Outcome::ForfeitLoss => {
                if self.opponent.is_some() {
                    points.forfeit_loss
                } else {
                    points.zero_bye
                }
            }
            Outcome::Pab => points.pab,
            Outcome::HalfBye => points.half_bye,
            Outcome::FullBye => points.full_bye,
            Outcome::ZeroBye => points.zero_bye,
        }
    }

    /// Won, as the rules for the bye and the floats count it: a win, a forfeit win, a PAB
    /// or a full-point bye.
    #[must_use]
    pub fn scored_as_win(&self, points: &PointSystem) -> bool {
        self.points(points) >= points.win
    }
}

/// A player and the rounds so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerHistory {
    pub name: String,
    pub rating: u32,
    /// Round entries, round 1 first; missing trailing rounds are absences.
    pub rounds: Vec<RoundEntry>,
}

impl PlayerHistory {
    /// The entry of round `round` (0-based), an absence if there is none.
    #[must_use]
    pub fn round(&self, round: usize) -> RoundEntry {
        self.rounds
            .get(round)
            .copied()
            .unwrap_or_else(RoundEntry::absent)
    }

    /// Points after the first `rounds` rounds, in tenths.
    #[must_use]
    pub fn score_after(&self, rounds: usize, points: &PointSystem) -> u32 {
        (0..rounds).map(|r| self.round(r).points(points)).sum()
    }
}
