//! The verifier (KIELA.md §10): replays a record and gives it exactly one verdict.
//!
//! Checks per ply, in order: the game was already over (`move_after_game_end`), the token is not
//! a move (`bad_notation`), the move is illegal (`illegal_move`), the hole is the opponent's
//! (`wrong_player`, checked before the stone count), the sowing never ends (`endless_move`).
//! After the last ply: an unfinished game claimed as finished without a `Termination` tag
//! (`incomplete_record`), a board result other than the claim (`result_mismatch`), then the
//! `FinalPosition` and `Plies` claims.
//!
//! Whether every candidate of the player to move is endless needs them all played out, so it
//! is asked lazily: only when a ply fails and at the end of the record.

use std::fmt;

use serde::Serialize;

use super::game::{Game, MoveReport, PlayError};
use super::hole::Side;
use super::kgn::{ParseError, Record};
use super::moves::{BadNotation, Move, shorten};
use super::outcome::{GameResult, Termination};
use super::position::Position;

/// The four verdicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VerdictKind {
    /// The game ended on the board and every claim agrees.
    Valid,
    /// Legal moves, the game not over on the board, and a `Termination` tag with a result
    /// saying it ended off the board.
    ValidClaimed,
    /// Legal so far; no result, or `*`.
    ValidUnfinished,
    /// Rejected, with a reason.
    Invalid,
}

impl VerdictKind {
    /// The stable code.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            VerdictKind::Valid => "valid",
            VerdictKind::ValidClaimed => "valid_claimed",
            VerdictKind::ValidUnfinished => "valid_unfinished",
            VerdictKind::Invalid => "invalid",
        }
    }
}

/// Why a record is invalid: the stable codes of KIELA.md §10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    BadRecord,
    MoveAfterGameEnd,
    BadNotation,
    IllegalMove,
    WrongPlayer,
    EndlessMove,
    IncompleteRecord,
    ResultMismatch,
    FinalPositionMismatch,
    PliesMismatch,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 10] = [
        Reason::BadRecord,
        Reason::MoveAfterGameEnd,
        Reason::BadNotation,
        Reason::IllegalMove,
        Reason::WrongPlayer,
        Reason::EndlessMove,
        Reason::IncompleteRecord,
        Reason::ResultMismatch,
        Reason::FinalPositionMismatch,
        Reason::PliesMismatch,
    ];

    /// The stable code.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::BadRecord => "bad_record",
            Reason::MoveAfterGameEnd => "move_after_game_end",
            Reason::BadNotation => "bad_notation",
            Reason::IllegalMove => "illegal_move",
            Reason::WrongPlayer => "wrong_player",
            Reason::EndlessMove => "endless_move",
            Reason::IncompleteRecord => "incomplete_record",
            Reason::ResultMismatch => "result_mismatch",
            Reason::FinalPositionMismatch => "final_position_mismatch",
            Reason::PliesMismatch => "plies_mismatch",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A record that replays without error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// `Valid`, `ValidClaimed` or `ValidUnfinished`.
    pub kind: VerdictKind,
    /// The result: reached on the board, claimed, or `*`.
    pub result: GameResult,
    /// How the game ended, if it did.
    pub termination: Option<Termination>,
    /// Plies replayed.
    pub plies: u32,
    /// The position after the last ply.
    pub final_position: Position,
}

/// What went wrong while replaying, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The ply at fault (1-based); for the checks after the last move, see KIELA.md §10.
    pub ply: u32,
    /// The move text of that ply, when the fault is a ply.
    pub move_text: Option<String>,
    /// The position before that ply (after the last ply for the final checks).
    pub position_before: Position,
    /// The fault.
    pub kind: ReplayErrorKind,
}

/// The faults found by replaying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayErrorKind {
    /// The player to move had already lost before this ply.
    MoveAfterGameEnd {
        loser: Side,
        termination: Termination,
    },
    /// The token is not a move.
    BadNotation(BadNotation),
    /// The move cannot be played here (illegal, wrong player or endless).
    Play(PlayError),
    /// A finished result is claimed for a game that is not over, with no `Termination` tag.
    IncompleteRecord { claimed: GameResult },
    /// The game ended on the board with another result.
    ResultMismatch {
        claimed: GameResult,
        actual: GameResult,
        termination: Termination,
    },
    /// The `FinalPosition` tag disagrees with the replay.
    FinalPositionMismatch { claimed: Position },
    /// The `Plies` tag disagrees with the replay.
    PliesMismatch { claimed: u32, actual: u32 },
}

impl ReplayError {
    /// The reason code.
    #[must_use]
    pub fn reason(&self) -> Reason {
        match &self.kind {
            ReplayErrorKind::MoveAfterGameEnd { .. } => Reason::MoveAfterGameEnd,
            ReplayErrorKind::BadNotation(_) => Reason::BadNotation,
            ReplayErrorKind::Play(PlayError::WrongPlayer { .. }) => Reason::WrongPlayer,
            ReplayErrorKind::Play(PlayError::Endless { .. }) => Reason::EndlessMove,
            ReplayErrorKind::Play(PlayError::GameOver { .. }) => Reason::MoveAfterGameEnd,
            ReplayErrorKind::Play(_) => Reason::IllegalMove,
            ReplayErrorKind::IncompleteRecord { .. } => Reason::IncompleteRecord,
            ReplayErrorKind::ResultMismatch { .. } => Reason::ResultMismatch,
            ReplayErrorKind::FinalPositionMismatch { .. } => Reason::FinalPositionMismatch,
            ReplayErrorKind::PliesMismatch { .. } => Reason::PliesMismatch,
        }
    }
}

fn result_words(result: GameResult) -> &'static str {
    match result {
        GameResult::SouthWins => "1-0 (South won)",
        GameResult::NorthWins => "0-1 (North won)",
        GameResult::Draw => "1/2-1/2 (a draw)",
        GameResult::Unfinished => "* (unfinished)",
    }
}

fn termination_words(termination: Termination) -> &'static str {
    match termination {
        Termination::NoStones => "has no stones left",
        Termination::NoLegalMove => "has no hole with enough stones to start a move",
        Termination::OnlyEndlessMoves => "has only endless moves",
        Termination::Resignation => "resigned",
        Termination::TimeForfeit => "lost on time",
        Termination::Agreement => "agreed the result",
        Termination::Adjudication => "had the game adjudicated",
    }
}

impl fmt::Display for ReplayErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayErrorKind::MoveAfterGameEnd { loser, termination } => write!(
                f,
                "the game was already over: {loser} {} and lost, so no move may follow",
                termination_words(*termination)
            ),
            ReplayErrorKind::BadNotation(bad) => bad.fmt(f),
            ReplayErrorKind::Play(error) => error.fmt(f),
            ReplayErrorKind::IncompleteRecord { claimed } => write!(
                f,
                "the record claims {} but the game is not over on the board, and no \
                 Termination tag says how it ended",
                result_words(*claimed)
            ),
            ReplayErrorKind::ResultMismatch {
                claimed,
                actual,
                termination,
            } => {
                let loser = actual.winner().map_or(Side::South, Side::opponent);
                write!(
                    f,
                    "the record claims {} but the game ended on the board with {}: {loser} {}",
                    result_words(*claimed),
                    result_words(*actual),
                    termination_words(*termination)
                )
            }
            ReplayErrorKind::FinalPositionMismatch { claimed } => write!(
                f,
                "the FinalPosition tag says {claimed}, which is not the position reached"
            ),
            ReplayErrorKind::PliesMismatch { claimed, actual } => write!(
                f,
                "the Plies tag says {claimed} but the record has {actual} plies"
            ),
        }
    }
}

impl ReplayError {
    /// For an error found after the last move: the plies replayed. An incomplete record's
    /// `ply` is the first missing one; a result or a claim tag that disagrees has the last
    /// ply replayed as its `ply`.
    #[must_use]
    pub fn plies_replayed(&self) -> u32 {
        match self.kind {
            ReplayErrorKind::IncompleteRecord { .. } => self.ply.saturating_sub(1),
            _ => self.ply,
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.move_text {
            Some(text) => write!(f, "ply {} ({}): {}", self.ply, shorten(text), self.kind),
            None => write!(f, "after ply {}: {}", self.plies_replayed(), self.kind),
        }
    }
}

impl std::error::Error for ReplayError {}

/// One ply of a replay: the move, what it did, and the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyStep {
    pub mv: Move,
    pub report: MoveReport,
    pub after: Position,
}

/// A full replay, for showing a game move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub start: Position,
    pub steps: Vec<PlyStep>,
    pub verified: Verified,
}

/// Verifies a record.
pub fn verify(record: &Record) -> Result<Verified, ReplayError> {
    run(record, None)
}

/// Verifies a record and keeps every position, for replay.
pub fn replay(record: &Record) -> Result<Replay, ReplayError> {
    let mut steps = Vec::with_capacity(record.moves.len());
    let start = *record.start().position();
    let verified = run(record, Some(&mut steps))?;
    Ok(Replay {
        start,
        steps,
        verified,
    })
}

fn run(record: &Record, mut trace: Option<&mut Vec<PlyStep>>) -> Result<Verified, ReplayError> {
    let mut game = record.start();
    for (index, token) in record.moves.iter().enumerate() {
        let ply = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let fail = |game: &Game, kind: ReplayErrorKind| {
            // The lazy half of check 1: a player whose every candidate is endless had lost.
            let kind = match game.status() {
                Some(termination) => ReplayErrorKind::MoveAfterGameEnd {
                    loser: game.to_move(),
                    termination,
                },
                None => kind,
            };
            ReplayError {
                ply,
                move_text: Some(token.text()),
                position_before: *game.position(),
                kind,
            }
        };
        if let Some(termination) = game.quick_status() {
            return Err(fail(
                &game,
                ReplayErrorKind::MoveAfterGameEnd {
                    loser: game.to_move(),
                    termination,
                },
            ));
        }
        let mv = match &token.parsed {
            Ok(mv) => mv,
            Err(bad) => return Err(fail(&game, ReplayErrorKind::BadNotation(bad.clone()))),
        };
        match trace.as_deref_mut() {
            None => game
                .apply(mv, None)
                .map_err(|e| fail(&game, ReplayErrorKind::Play(e)))?,
            Some(steps) => {
                let mut report = MoveReport::default();
                game.apply(mv, Some(&mut report))
                    .map_err(|e| fail(&game, ReplayErrorKind::Play(e)))?;
                steps.push(PlyStep {
                    mv: mv.clone(),
                    report,
                    after: *game.position(),
                });
            }
        }
    }
    finish(record, &game)
}

/// The checks after the last ply.
fn finish(record: &Record, game: &Game) -> Result<Verified, ReplayError> {
    let plies = u32::try_from(record.moves.len()).unwrap_or(u32::MAX);
    let final_position = *game.position();
    let fail = |ply: u32, kind: ReplayErrorKind| ReplayError {
        ply,
        move_text: None,
        position_before: final_position,
        kind,
    };
    let claimed = record.claimed_result();
    let (kind, result, termination) = match game.result() {
        Some((actual, termination)) => {
            if let Some(claimed) = claimed
                && claimed != actual
            {
                return Err(fail(
                    plies,
                    ReplayErrorKind::ResultMismatch {
                        claimed,
                        actual,
                        termination,
                    },
                ));
            }
            (VerdictKind::Valid, actual, Some(termination))
        }
        None => match claimed {
            None | Some(GameResult::Unfinished) => {
                (VerdictKind::ValidUnfinished, GameResult::Unfinished, None)
            }
            Some(claimed) => match record.header.termination {
                Some(termination) => (VerdictKind::ValidClaimed, claimed, Some(termination)),
                None => {
                    return Err(fail(
                        plies.saturating_add(1),
                        ReplayErrorKind::IncompleteRecord { claimed },
                    ));
                }
            },
        },
    };
    if let Some(claimed) = record.header.final_position
        && claimed != final_position
    {
        return Err(fail(
            plies,
            ReplayErrorKind::FinalPositionMismatch { claimed },
        ));
    }
    if let Some(claimed) = record.header.plies
        && claimed != plies
    {
        return Err(fail(
            plies,
            ReplayErrorKind::PliesMismatch {
                claimed,
                actual: plies,
            },
        ));
    }
    Ok(Verified {
        kind,
        result,
        termination,
        plies,
        final_position,
    })
}

/// The verdict on one game, whether it could be read or not, in the shape of KIELA.md §11.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The record could not be read.
    BadRecord(ParseError),
    /// The record was read and replayed with an error.
    Rejected(ReplayError),
    /// The record is valid (finished, claimed or unfinished).
    Accepted(Verified),
}

impl Verdict {
    /// Reads nothing: verifies an already parsed record (or passes on its parse error).
    #[must_use]
    pub fn of(parsed: Result<&Record, &ParseError>) -> Verdict {
        match parsed {
            Err(e) => Verdict::BadRecord(e.clone()),
            Ok(record) => match verify(record) {
                Ok(verified) => Verdict::Accepted(verified),
                Err(e) => Verdict::Rejected(e),
            },
        }
    }

    /// The verdict code.
    #[must_use]
    pub fn kind(&self) -> VerdictKind {
        match self {
            Verdict::Accepted(v) => v.kind,
            Verdict::BadRecord(_) | Verdict::Rejected(_) => VerdictKind::Invalid,
        }
    }

    /// The reason, for an invalid record.
    #[must_use]
    pub fn reason(&self) -> Option<Reason> {
        match self {
            Verdict::BadRecord(_) => Some(Reason::BadRecord),
            Verdict::Rejected(e) => Some(e.reason()),
            Verdict::Accepted(_) => None,
        }
    }

    /// The verdict as the JSON object of the command-line contract (without `source` and
    /// `game`, which the caller knows).
    #[must_use]
    pub fn to_json(&self) -> VerdictJson {
        match self {
            Verdict::BadRecord(e) => VerdictJson::Invalid {
                verdict: VerdictKind::Invalid,
                reason: Reason::BadRecord,
                ply: None,
                r#move: None,
                message: e.to_string(),
                position_before: None,
                offset: Some(e.offset),
            },
            Verdict::Rejected(e) => VerdictJson::Invalid {
                verdict: VerdictKind::Invalid,
                reason: e.reason(),
                ply: Some(e.ply),
                r#move: e.move_text.clone(),
                message: e.to_string(),
                position_before: Some(e.position_before.to_string()),
                offset: None,
            },
            Verdict::Accepted(v) => VerdictJson::Valid {
                verdict: v.kind,
                result: v.result,
                termination: v.termination,
                plies: v.plies,
                final_position: v.final_position.to_string(),
                stones: Stones {
                    south: v.final_position.board.stones(Side::South),
                    north: v.final_position.board.stones(Side::North),
                },
            },
        }
    }
}

/// Stones each side owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Stones {
    #[serde(rename = "S")]
    pub south: u32,
    #[serde(rename = "N")]
    pub north: u32,
}

/// The JSON shape of a verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum VerdictJson {
    Invalid {
        verdict: VerdictKind,
        reason: Reason,
        ply: Option<u32>,
        #[serde(rename = "move")]
        r#move: Option<String>,
        message: String,
        position_before: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        offset: Option<usize>,
    },
    Valid {
        verdict: VerdictKind,
        result: GameResult,
        termination: Option<Termination>,
        plies: u32,
        final_position: String,
        stones: Stones,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kgn::parse_record;

    fn verdict(text: &str) -> Verdict {
        Verdict::of(parse_record(text).as_ref())
    }

    #[test]
    fn unfinished_and_claimed_games() {
        assert_eq!(verdict("1. j2 a3").kind(), VerdictKind::ValidUnfinished);
        assert_eq!(verdict("1. j2 a3 *").kind(), VerdictKind::ValidUnfinished);
        let claimed = verdict("[Termination \"resignation\"]\n1. j2 a3 1-0");
        assert_eq!(claimed.kind(), VerdictKind::ValidClaimed);
        let incomplete = verdict("1. j2 a3 1-0");
        assert_eq!(incomplete.reason(), Some(Reason::IncompleteRecord));
        match incomplete {
            Verdict::Rejected(e) => assert_eq!(e.ply, 3),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_notation_names_the_ply() {
        match verdict("1. j2 z9") {
            Verdict::Rejected(e) => {
                assert_eq!(e.reason(), Reason::BadNotation);
                assert_eq!(e.ply, 2);
                assert_eq!(e.move_text.as_deref(), Some("z9"));
                assert!(e.to_string().contains("z9"), "{e}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn rearrangement_outside_expert_is_illegal() {
        let v = verdict("R:3,3,3,3,3,3,3,3,0,0/0,0,0,0,0,0,0,0,2,2");
        assert_eq!(v.reason(), Some(Reason::IllegalMove));
    }
}
