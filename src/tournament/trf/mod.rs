//! FIDE Tournament Report Files (TRF-16 / TRF-2026, with the TRF(x) lines of JaVaFo and
//! bbpPairings): reading into a [`TrfTournament`] and writing one back.
//!
//! Columns follow the specification (1-based, inclusive): pairing number 5–8, sex 10, title
//! 11–13, name 15–47, rating 49–52, federation 54–56, FIDE id 58–68, birth date 70–79, points
//! 81–84, rank 86–89, and round k at 92+10(k−1) (opponent, colour, result). Lines may end in
//! LF, CR or CRLF; a file is UTF-8, or Latin-1/CP1252 as older programs write it. "White" is
//! the player who moves first.
//!
//! Reading is tolerant where real programs differ (a forfeit written without a colour, a
//! half-point bye written `=`, an unplayed round left blank whose points only the file's
//! totals tell) and strict where a pairing depends on it: every refusal names the line, the
//! column and what was expected ([`TrfError`]); whatever was read but cannot be kept is a
//! [`TrfWarning`], not an error.

mod problems;
mod read;
mod totals;
mod write;

use chrono::NaiveDate;

pub use problems::{TrfError, TrfErrorKind, TrfWarning};
pub use read::{Encoding, parse, read};
pub use write::{TrfExport, TrfExportPlayer, write};

use super::history::{Colour, PlayerHistory, PointSystem};

/// A tournament read from a TRF file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TrfTournament {
    pub name: String,
    pub city: String,
    /// The organising federation (`032`).
    pub federation: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    /// Planned number of rounds (`142` or `XXR`); 0 when the file does not say.
    pub total_rounds: usize,
    /// Colour of the top-ranked player in round 1 (`152` or `XXC`), when given.
    pub initial_colour: Option<Colour>,
    /// The type of tournament as written (`092`), e.g. `Individual: Swiss-System`.
    pub kind: String,
    /// The tie-break codes of `202` (or `212` without its `PTS`), as written.
    pub tiebreaks: Vec<String>,
    /// Players in pairing-number order (index = number − 1).
    pub players: Vec<TrfPlayer>,
    pub points: PointSystem,
    /// Pairings the file forbids (`260`).
    pub forbidden: Vec<ForbiddenPairs>,
    /// The knockout stage as this program writes it (`XKS`, `XKP`, `XKG` lines), so that a
    /// knockout comes back as the same bracket; other programs ignore these lines.
    pub knockout: Option<TrfKnockout>,
    /// How the bytes were read.
    pub encoding: Encoding,
    /// What was read but cannot be kept, and where the file disagrees with itself.
    pub warnings: Vec<TrfWarning>,
}

/// A player line.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TrfPlayer {
    pub history: PlayerHistory,
    /// Whether each round had an entry at all (a blank field means no entry).
    pub has_entry: Vec<bool>,
    /// Sex (column 10).
    pub sex: Option<TrfSex>,
    /// Title (columns 11–13), e.g. `GM`.
    pub title: String,
    /// FIDE federation (columns 54–56), e.g. `ANG`.
    pub federation: String,
    /// FIDE id (columns 58–68).
    pub fide_id: String,
    /// Year of birth (columns 70–79; the day and month are not kept).
    pub birth_year: Option<i32>,
    /// Points as written (tenths), for checking.
    pub points_written: Option<u32>,
    /// Rank as written.
    pub rank_written: Option<usize>,
    /// Rounds (0-based) written blank or without a result: unplayed, with points the file's
    /// totals tell.
    pub blank_rounds: Vec<usize>,
    /// The player's federation id, from our own `XKF` line (TRF has no column for it).
    pub federation_id: Option<String>,
}

/// Sex as TRF writes it (`m`, and `w` or `f`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrfSex {
    Male,
    Female,
}

/// A knockout stage: its settings, its seeds and the bracket match of every game.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TrfKnockout {
    /// Players in the bracket (0: everyone).
    pub size: usize,
    pub third_place: bool,
    pub grand_final_reset: bool,
    pub games_per_match: usize,
    /// Swiss rounds before the knockout (Swiss then knockout), 0 otherwise.
    pub swiss_rounds: usize,
    /// (player index, seed).
    pub seeds: Vec<(usize, usize)>,
    pub games: Vec<TrfKnockoutGame>,
}

/// One knockout game: where its result is (a round column) and which match it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfKnockoutGame {
    /// The round column (0-based) holding its result, if it has one.
    pub column: Option<usize>,
    /// The event round (1-based).
    pub round: usize,
    /// The bracket match's code.
    pub code: String,
    /// The game's number within the match (1-based).
    pub game_no: usize,
    /// Player indexes: the first mover and the second.
    pub first: usize,
    pub second: usize,
}

/// Players who may not meet in rounds `first_round..=last_round` (1-based), from a `260` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForbiddenPairs {
    pub first_round: usize,
    pub last_round: usize,
    /// Player indexes (pairing number − 1).
    pub players: Vec<usize>,
}

impl TrfTournament {
    /// The number of round columns the file holds (the longest line's).
    #[must_use]
    pub fn rounds_written(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.history.rounds.len())
            .max()
            .unwrap_or(0)
    }

    /// Pairs forbidden in `round` (1-based), as pairs of player indexes.
    #[must_use]
    pub fn forbidden_in(&self, round: usize) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for f in &self.forbidden {
            if !(f.first_round..=f.last_round).contains(&round) {
                continue;
            }
            for (i, &a) in f.players.iter().enumerate() {
                for &b in &f.players[i + 1..] {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }
}

/// Checks that every game is written the same way on both sides: the same opponent, the
/// same round, opposite colours where both give one (a forfeit may be written without).
pub fn check_consistency(tournament: &TrfTournament) -> Result<(), TrfError> {
    for (i, player) in tournament.players.iter().enumerate() {
        for (r, entry) in player.history.rounds.iter().enumerate() {
            let Some(opponent) = entry.opponent else {
                continue;
            };
            let other = tournament.players[opponent].history.round(r);
            let colours_agree = match (entry.colour, other.colour) {
                (Some(a), Some(b)) => a != b,
                (None, None) => !entry.played(),
                _ => !entry.played() && !other.played(),
            };
            if other.opponent != Some(i) || !colours_agree {
                return Err(TrfError::at(
                    0,
                    None,
                    TrfErrorKind::GamesDisagree {
                        round: r + 1,
                        player: i + 1,
                        opponent: opponent + 1,
                    },
                ));
            }
        }
    }
    Ok(())
}

/// Formats tenths as TRF points (`4.5`).
#[must_use]
pub fn format_points(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests;
