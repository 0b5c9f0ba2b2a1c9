//! Entering a game move by move on the board page: replays the moves so far and says which
//! holes can be played next. Nothing is stored until the finished record is submitted.

use crate::rules::{
    Game, GameResult, Hole, Move, MoveReport, Position, Record, Side, Termination, Variant,
};

/// The board after the moves entered so far.
#[derive(Clone, Debug)]
pub struct BoardState {
    pub position: Position,
    /// The moves that replayed (the first illegal one and those after it are dropped).
    pub moves: Vec<String>,
    /// Holes the player to move can sow from now.
    pub legal: Vec<Hole>,
    /// The player to move may still rearrange (expert, first ply).
    pub may_rearrange: bool,
    /// Why the next entered move was refused.
    pub error: Option<String>,
    /// The result, once the game is over on the board.
    pub over: Option<(GameResult, Termination)>,
    /// What the last move did.
    pub last_report: Option<MoveReport>,
}

/// Replays `moves` from the start of a game of `variant` where `first` moves first.
#[must_use]
pub(crate) fn explore(variant: Variant, first: Side, moves: &[String]) -> BoardState {
    let mut game = Game::start(variant, first);
    let mut played = Vec::new();
    let mut error = None;
    let mut last_report = None;
    for text in moves.iter().take(2000) {
        let mv: Move = match text.parse() {
            Ok(mv) => mv,
            Err(e) => {
                error = Some(format!("{e}"));
                break;
            }
        };
        match game.play(&mv) {
            Ok((next, report)) => {
                game = next;
                played.push(mv.to_string());
                last_report = Some(report);
            }
            Err(e) => {
                error = Some(format!("{mv}: {e}"));
                break;
            }
        }
    }
    let over = game.result();
    BoardState {
        position: *game.position(),
        moves: played,
        legal: if over.is_some() {
            Vec::new()
        } else {
            game.legal_moves()
        },
        may_rearrange: over.is_none() && game.may_rearrange(game.to_move()),
        error,
        over,
        last_report,
    }
}

/// How an unfinished game ended, when the players stopped before the end on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The player on this side resigned.
    Resigned(Side),
    /// The player on this side lost on time.
    LostOnTime(Side),
    /// Agreed draw.
    Draw,
    /// An arbiter adjudicated this result (from South's side).
    Adjudicated(GameResult),
}

/// The KGN record of an entered game, ready to submit. A game neither over on the board nor
/// claimed is recorded as unfinished (`*`): submitted, it is refused as such and the moves
/// are kept for the player to finish.
#[must_use]
pub(crate) fn record_of(
    variant: Variant,
    first: Side,
    moves: &[String],
    claim: Option<Claim>,
) -> Option<String> {
    let state = explore(variant, first, moves);
    let parsed: Vec<Move> = state.moves.iter().filter_map(|m| m.parse().ok()).collect();
    let (result, termination) = match (state.over, claim) {
        (Some((result, _)), _) => (result, None),
        (None, Some(Claim::Resigned(side))) => (
            GameResult::win_for(side.opponent()),
            Some(Termination::Resignation),
        ),
        (None, Some(Claim::LostOnTime(side))) => (
            GameResult::win_for(side.opponent()),
            Some(Termination::TimeForfeit),
        ),
        (None, Some(Claim::Draw)) => (GameResult::Draw, Some(Termination::Agreement)),
        (None, Some(Claim::Adjudicated(result))) => (result, Some(Termination::Adjudication)),
        (None, None) => {
            let tags = vec![
                ("Variant".to_string(), variant.as_str().to_string()),
                ("First".to_string(), first.letter().to_string()),
            ];
            return Record::from_parts(tags, parsed, None)
                .ok()
                .map(|r| r.to_string());
        }
    };
    let mut tags = vec![
        ("Variant".to_string(), variant.as_str().to_string()),
        ("First".to_string(), first.letter().to_string()),
        ("Result".to_string(), result.as_str().to_string()),
    ];
    if let Some(t) = termination {
        tags.push(("Termination".to_string(), t.as_str().to_string()));
    }
    Record::from_parts(tags, parsed, Some(result))
        .ok()
        .map(|r| r.to_string())
}

/// The moves of a record before ply `ply` (from 1), as the board page takes them: where a
/// refused record can be taken up again. `None` when the text is no record at all.
#[must_use]
pub(crate) fn moves_before(text: &str, ply: usize) -> Option<Vec<String>> {
    let record = crate::rules::parse_record(text).ok()?;
    Some(
        record
            .moves
            .iter()
            .take(ply.saturating_sub(1))
            .map(crate::rules::PlyToken::text)
            .collect(),
    )
}

/// A position's holes, rank 4 (North's outer row) first, for drawing.
#[must_use]
pub(crate) fn rows(position: &Position) -> Vec<Vec<(Hole, u8)>> {
    (1..=4u8)
        .rev()
        .map(|rank| {
            (0..10)
                .filter_map(|column| Hole::from_column_rank(column, rank))
                .map(|hole| (hole, position.board.get(hole)))
                .collect()
        })
        .collect()
}

/// Parses a stored record's replay positions back (for drawing a given ply).
#[must_use]
pub(crate) fn position_of(text: &str) -> Option<Position> {
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entered_moves_replay_and_stop_at_the_first_illegal_one() {
        let moves: Vec<String> = ["j2", "a3", "e2", "b1"]
            .iter()
            .map(std::string::ToString::to_string)
            .collect();
        let state = explore(Variant::Advanced, Side::South, &moves);
        assert_eq!(state.moves, vec!["j2", "a3"]);
        assert!(state.error.is_some());
        assert!(state.legal.iter().all(|h| h.side() == Side::South));
    }

    #[test]
    fn a_claimed_resignation_makes_a_valid_record() {
        let moves: Vec<String> = ["j2", "a3"]
            .iter()
            .map(std::string::ToString::to_string)
            .collect();
        // Without a claim the moves are recorded as an unfinished game.
        let open = record_of(Variant::Advanced, Side::South, &moves, None).unwrap();
        let verdict = crate::rules::Verdict::of(crate::rules::parse_record(&open).as_ref());
        assert_eq!(verdict.kind(), crate::rules::VerdictKind::ValidUnfinished);
        let text = record_of(
            Variant::Advanced,
            Side::South,
            &moves,
            Some(Claim::Resigned(Side::South)),
        )
        .unwrap();
        let verdict = crate::rules::Verdict::of(crate::rules::parse_record(&text).as_ref());
        assert_eq!(verdict.kind(), crate::rules::VerdictKind::ValidClaimed);
    }
}
